import { useState } from 'react';
import { Alert, Badge, Box, Button, Card, Center, HStack, SegmentGroup, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CopyPlus } from 'lucide-react';
import { DEFAULT_WORK_TITLE } from '@/contracts/h5';
import type { TemplateSummary } from '@/contracts/h5-publish';
import { EmptyState } from '@/components/empty-state';
import { ListPagination } from '@/components/list-pagination';
import { ListToolbar } from '@/components/list-toolbar';
import { notify } from '@/lib/notify';
import { TEMPLATE_PAGE_SIZE, unsetTemplate, useTemplates, workFromTemplate } from './templates-data';
import { WorksPreview } from './works-preview';

function TemplateCard({ row, busy, onUse, onUnset }: { row: TemplateSummary; busy: boolean; onUse(): void; onUnset(): void }) {
  const title = row.title.trim() || DEFAULT_WORK_TITLE;
  return (
    <Card.Root size="sm" overflow="hidden" data-testid="template-card" data-id={row.id} data-title={title}>
      <Box position="relative" h="15rem" bg="bg.muted" borderBottomWidth="1px">
        <Box position="absolute" top="0" bottom="0" left="50%" transform="translateX(-50%)" w="min(100%, 9.5rem)" boxShadow="sm">
          <WorksPreview page={row.firstPage} width={row.width} height={row.height} />
        </Box>
        {row.mine && (
          <Badge position="absolute" top="2" left="2" size="sm" colorPalette="brand">
            <Trans>我的</Trans>
          </Badge>
        )}
      </Box>
      <Card.Body gap="1" p="3">
        <Text fontWeight="medium" truncate title={title}>
          {title}
        </Text>
        <Text fontSize="xs" color="fg.muted" truncate>
          <Trans>
            {row.creatorName} · {row.pageCount} 页
          </Trans>
        </Text>
      </Card.Body>
      <Card.Footer p="2" pt="0" gap="1" justifyContent="flex-end">
        {row.mine && (
          <Button size="xs" variant="ghost" onClick={onUnset} disabled={busy} data-testid="template-unset">
            <Trans>取消模板</Trans>
          </Button>
        )}
        <Button size="xs" colorPalette="brand" onClick={onUse} loading={busy} data-testid="template-use">
          <CopyPlus size={14} />
          <Trans>使用模板</Trans>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}

/**
 * 模板中心 (spec 2.6, 7.9): the templates of the company (mine marked), searched, one page at a
 * time; 使用模板 makes a new work of mine from one and opens it. Online only: the templates are on
 * the server.
 */
export function TemplateCenter({ onOpenWork, compact = false }: { onOpenWork(workId: string): void; compact?: boolean }) {
  const { t } = useLingui();
  const [keyword, setKeyword] = useState('');
  const [mine, setMine] = useState(false);
  const [page, setPage] = useState(1);
  const view = useTemplates(keyword, mine, page);
  const [busy, setBusy] = useState<string | null>(null);

  const use = async (row: TemplateSummary) => {
    setBusy(row.id);
    try {
      const id = await workFromTemplate(row.id);
      notify({ kind: 'success', title: t`已用模板新建作品` });
      onOpenWork(id);
    } catch (e) {
      notify({ kind: 'error', title: t`操作失败：${e instanceof Error ? e.message : String(e)}` });
    } finally {
      setBusy(null);
    }
  };
  const unset = async (row: TemplateSummary) => {
    setBusy(row.id);
    try {
      await unsetTemplate(row.id);
      notify({ kind: 'success', title: t`已取消模板` });
      view.reload();
    } catch (e) {
      notify({ kind: 'error', title: t`操作失败：${e instanceof Error ? e.message : String(e)}` });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="4" flex="1" minW="0" data-testid="template-center">
      <ListToolbar
        keyword={keyword}
        onSearch={(q) => {
          setKeyword(q);
          setPage(1);
        }}
        placeholder={t`请输入模板标题查询`}
        filters={
          <SegmentGroup.Root
            size="sm"
            value={mine ? 'mine' : 'all'}
            onValueChange={(e) => {
              setMine(e.value === 'mine');
              setPage(1);
            }}
          >
            <SegmentGroup.Indicator />
            <SegmentGroup.Items items={[{ value: 'all', label: t`全部模板` }, { value: 'mine', label: t`我的模板` }]} />
          </SegmentGroup.Root>
        }
      />
      {!view.online ? (
        <Alert.Root status="warning" size="sm" data-testid="templates-offline">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">{t`模板中心需要联网：模板保存在服务器上。联网后即可浏览和使用。`}</Alert.Title>
        </Alert.Root>
      ) : view.error ? (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">{t`加载失败：${view.error}`}</Alert.Title>
          <Button size="xs" variant="outline" ms="auto" onClick={view.reload}>
            {t`重试`}
          </Button>
        </Alert.Root>
      ) : view.loading && view.rows.length === 0 ? (
        <Center py="16">
          <Spinner />
        </Center>
      ) : view.rows.length === 0 ? (
        <EmptyState text={keyword ? t`没有找到标题包含“${keyword}”的模板` : mine ? t`你还没有模板：在编辑器中点击“设为模板”即可` : t`还没有模板`} />
      ) : (
        <SimpleGrid columns={compact ? 1 : { base: 1, sm: 2, lg: 3, '2xl': 4 }} gap="4" data-testid="templates-grid">
          {view.rows.map((row) => (
            <TemplateCard key={row.id} row={row} busy={busy === row.id} onUse={() => void use(row)} onUnset={() => void unset(row)} />
          ))}
        </SimpleGrid>
      )}
      {view.online && view.total > TEMPLATE_PAGE_SIZE && (
        <HStack justify="center">
          <ListPagination total={view.total} page={page} pageSize={TEMPLATE_PAGE_SIZE} onChange={setPage} />
        </HStack>
      )}
    </Stack>
  );
}
