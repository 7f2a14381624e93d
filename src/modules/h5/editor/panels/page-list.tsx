import { useState } from 'react';
import { Badge, Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { ChevronDown, ChevronUp, Copy, Pencil, Plus, Trash2 } from 'lucide-react';
import { IconTip } from '@/components/icon-tip';
import { confirm } from '@/components/confirm';
import { translateContractMessage } from '@/lib/contract-messages';
import { notify } from '@/lib/notify';
import { addPageAfterCurrent, canAddPage, copyCurrentPage, deletePage, movePageTo } from '../../core/actions';
import { LastPageError } from '../../core/ops';
import { editorState, setEditingPage } from '../../core/store';
import { PageFormDialog, usePageTypeNames } from './page-form-dialog';

/** Deletes a page after asking; the last page is refused with the spec's message (spec 5.4). */
export async function removePage(uuid: string, ask: (title: string, message: string) => Promise<boolean>, texts: { title: string; message: string }) {
  if ((editorState.work?.pages.length ?? 0) > 1 && !(await ask(texts.title, texts.message))) return;
  try {
    deletePage(uuid);
  } catch (e) {
    if (!(e instanceof LastPageError)) throw e;
    notify({ kind: 'error', title: translateContractMessage(e.message) ?? e.message });
  }
}

function Action({ label, onClick, children, testId, disabled }: { label: string; onClick(): void; children: React.ReactNode; testId: string; disabled?: boolean }) {
  return (
    <IconTip label={label}>
      <IconButton
        aria-label={label}
        size="2xs"
        variant="ghost"
        disabled={disabled}
        onClick={(e) => {
          e.stopPropagation();
          onClick();
        }}
        data-testid={testId}
      >
        {children}
      </IconButton>
    </IconTip>
  );
}

/** The pages tab: the work's pages in order, the editing one marked; add, copy, edit, delete, reorder. */
export function PageList() {
  const { t } = useLingui();
  const snap = useSnapshot(editorState);
  const names = usePageTypeNames();
  const [editing, setEditing] = useState<{ uuid: string; title: string; type: string } | null>(null);
  const pages = snap.work?.pages ?? [];
  const texts = { title: t`删除页面`, message: t`确定删除这个页面及其中的全部元素吗？` };
  return (
    <Stack gap="3" data-testid="page-list">
      <HStack gap="2">
        <Button size="xs" colorPalette="brand" onClick={addPageAfterCurrent} disabled={!canAddPage()} data-testid="page-add">
          <Plus size={14} />
          {t`添加页面`}
        </Button>
        <Button size="xs" variant="outline" onClick={copyCurrentPage} disabled={!canAddPage()} data-testid="page-copy">
          <Copy size={14} />
          {t`复制页面`}
        </Button>
      </HStack>
      <Stack gap="1.5" as="ol" role="list" aria-label={t`页面列表`}>
        {pages.map((p, i) => {
          const current = p.uuid === snap.editingPageUuid;
          return (
            <Box
              as="li"
              key={p.uuid}
              borderWidth="1px"
              borderColor={current ? 'brand.solid' : 'border'}
              bg={current ? 'brand.subtle' : 'bg'}
              rounded="md"
              px="2"
              py="1.5"
              cursor="pointer"
              onClick={() => setEditingPage(p.uuid)}
              data-testid="page-item"
              data-current={current ? '' : undefined}
            >
              <HStack gap="2">
                <Text as="button" flex="1" minW="0" textAlign="left" fontSize="sm" truncate aria-current={current ? 'page' : undefined} onClick={() => setEditingPage(p.uuid)}>
                  {i + 1}. {p.title || t`第${i + 1}页`}
                </Text>
                <Badge size="xs" variant="subtle">
                  {names[p.type] ?? p.type}
                </Badge>
              </HStack>
              <HStack gap="0" mt="1" justify="flex-end">
                <Action label={t`编辑页面`} testId="page-edit" onClick={() => setEditing({ uuid: p.uuid, title: p.title, type: p.type })}>
                  <Pencil />
                </Action>
                <Action label={t`上移`} testId="page-up" disabled={i === 0} onClick={() => movePageTo(p.uuid, i - 1)}>
                  <ChevronUp />
                </Action>
                <Action label={t`下移`} testId="page-down" disabled={i === pages.length - 1} onClick={() => movePageTo(p.uuid, i + 1)}>
                  <ChevronDown />
                </Action>
                <Action label={t`删除页面`} testId="page-delete" onClick={() => void removePage(p.uuid, confirm, texts)}>
                  <Trash2 />
                </Action>
              </HStack>
            </Box>
          );
        })}
      </Stack>
      {editing && <PageFormDialog page={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
