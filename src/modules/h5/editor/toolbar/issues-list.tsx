import { Badge, Box, chakra, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { CircleAlert, CircleCheck, TriangleAlert } from 'lucide-react';
import type { Work } from '@/contracts/h5';
import { select, setEditingPage } from '../../core/store';
import { elementDef } from '../../elements/index';
import type { Issue } from '../../issues/check';

/** Where an issue is: 第N页（title）, or 数据源 for a datasource. */
function useWhere() {
  const { t, i18n } = useLingui();
  return (issue: Issue, work: Pick<Work, 'pages'>) => {
    if (issue.pageUuid === null) return t`数据源`;
    const n = issue.pageIndex + 1;
    const title = work.pages[issue.pageIndex]?.title.trim();
    const page = title ? t`第${n}页（${title}）` : t`第${n}页`;
    const el = issue.elementUuid ? work.pages[issue.pageIndex]?.elements.find((e) => e.uuid === issue.elementUuid) : undefined;
    const def = el ? elementDef(el.name) : undefined;
    return def ? `${page} · ${i18n._(def.label)}` : page;
  };
}

/** Selects an issue's element, on its page (the page is switched to first). */
export function goToIssue(issue: Issue): void {
  if (!issue.pageUuid) return;
  setEditingPage(issue.pageUuid);
  if (issue.elementUuid) select([issue.elementUuid]);
}

/**
 * The list of a work's issues (问题检查): each with where it is, what it is about and what is
 * wrong; clicking one selects its element. `checking`: images are still being loaded.
 */
export function IssuesList({ issues, work, checking, onPick }: { issues: Issue[]; work: Pick<Work, 'pages'>; checking: boolean; onPick(issue: Issue): void }) {
  const { t, i18n } = useLingui();
  const where = useWhere();
  return (
    <Stack gap="1" data-testid="issues-list">
      {checking && (
        <HStack fontSize="xs" color="fg.muted" gap="1.5" px="1" data-testid="issues-checking">
          <Spinner size="xs" />
          <Text>{t`正在检查图片能否加载…`}</Text>
        </HStack>
      )}
      {issues.length === 0 && !checking ? (
        <HStack color="fg.success" gap="2" p="2" data-testid="issues-none">
          <CircleCheck size={16} />
          <Text fontSize="sm">{t`没有发现问题`}</Text>
        </HStack>
      ) : (
        issues.map((issue) => {
          const clickable = issue.pageUuid !== null;
          return (
            <chakra.button
              key={issue.id}
              type="button"
              display="flex"
              gap="2"
              alignItems="flex-start"
              textAlign="start"
              p="2"
              rounded="md"
              cursor={clickable ? 'pointer' : 'default'}
              _hover={clickable ? { bg: 'bg.muted' } : undefined}
              onClick={() => clickable && onPick(issue)}
              aria-disabled={!clickable || undefined}
              data-testid="issue-item"
              data-rule={issue.rule}
              data-element={issue.elementUuid ?? undefined}
            >
              <Box color={issue.level === 'error' ? 'fg.error' : 'fg.warning'} pt="0.5" flexShrink={0}>
                {issue.level === 'error' ? <CircleAlert size={14} /> : <TriangleAlert size={14} />}
              </Box>
              <Stack gap="0" minW="0">
                <Text fontSize="sm">{i18n._(issue.message)}</Text>
                <Text fontSize="xs" color="fg.muted" truncate>
                  {where(issue, work)}
                  {issue.subject ? ` 「${issue.subject}」` : ''}
                </Text>
              </Stack>
              <Badge size="xs" ms="auto" flexShrink={0} colorPalette={issue.level === 'error' ? 'red' : 'orange'} variant="subtle">
                {issue.level === 'error' ? t`错误` : t`提醒`}
              </Badge>
            </chakra.button>
          );
        })
      )}
    </Stack>
  );
}
