import { Box, Button, HStack, IconButton, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ChevronDown, ChevronRight, FolderTree, Pencil, Trash2 } from 'lucide-react';
import { deleteQuestion, RecordDeleteConfirm } from '@/components/record-delete-confirm';
import { PendingBadge } from '@/components/list-status';
import type { DictionaryTypeRow } from '@/contracts/base';

const INDENT_PX = 18;

/** The page buttons granted on the dictionary page (spec 6). */
export interface DictionaryButtons {
  add: boolean;
  edit: boolean;
  remove: boolean;
}

/** The granted buttons as the list kit asks for them (by page button code). */
export const canUse =
  (buttons: DictionaryButtons) =>
  (code: string): boolean =>
    (code === 'btn_add' && buttons.add) || (code === 'btn_edit' && buttons.edit) || (code === 'btn_remove' && buttons.remove);

/** The dictionary types as a tree beside the data: select, open and close, 编辑 / 删除 on each. */
export function TypeTree({
  rows,
  depth,
  selectedId,
  collapsed,
  pending,
  buttons,
  onSelect,
  onToggle,
  onEdit,
  onRemove,
}: {
  rows: readonly DictionaryTypeRow[];
  depth: number;
  selectedId: string | null;
  collapsed: ReadonlySet<string>;
  pending: ReadonlySet<string>;
  buttons: DictionaryButtons;
  onSelect(row: DictionaryTypeRow): void;
  onToggle(id: string): void;
  onEdit(row: DictionaryTypeRow): void;
  onRemove(row: DictionaryTypeRow): void;
}) {
  const { t } = useLingui();
  return (
    <>
      {rows.map((row) => {
        const kids = row.children ?? [];
        const open = kids.length > 0 && !collapsed.has(row.id);
        const selected = row.id === selectedId;
        return (
          <Box key={row.id} role="treeitem" aria-selected={selected} aria-expanded={kids.length ? open : undefined}>
            <HStack
              gap="1"
              ps={`${depth * INDENT_PX}px`}
              pe="1"
              py="0.5"
              rounded="md"
              bg={selected ? 'brand.subtle' : undefined}
              _hover={{ bg: selected ? 'brand.subtle' : 'bg.muted' }}
              className="group"
              data-testid="dictionary-type"
              data-id={row.id}
            >
              <Box w="6" flexShrink={0}>
                {kids.length ? (
                  <IconButton size="2xs" variant="ghost" aria-label={open ? t`收起` : t`展开`} onClick={() => onToggle(row.id)}>
                    {open ? <ChevronDown /> : <ChevronRight />}
                  </IconButton>
                ) : null}
              </Box>
              <Button variant="plain" size="sm" flex="1" minW="0" justifyContent="flex-start" px="1" fontWeight={selected ? 'semibold' : 'normal'} onClick={() => onSelect(row)}>
                <Text truncate>{row.fullName}</Text>
                {row.isTree ? <FolderTree size={12} aria-label={t`树形`} /> : null}
              </Button>
              {pending.has(row.id) ? <PendingBadge testId="row-pending" /> : null}
              <HStack gap="0" opacity={{ base: 1, md: selected ? 1 : 0 }} _groupHover={{ opacity: 1 }} _focusWithin={{ opacity: 1 }}>
                {buttons.edit ? (
                  <IconButton size="2xs" variant="ghost" aria-label={t`编辑「${row.fullName}」`} onClick={() => onEdit(row)} data-testid="dictionary-type-edit">
                    <Pencil />
                  </IconButton>
                ) : null}
                {buttons.remove ? (
                  <RecordDeleteConfirm question={deleteQuestion(row.fullName)} onConfirm={() => onRemove(row)}>
                    <IconButton size="2xs" variant="ghost" colorPalette="red" aria-label={t`删除「${row.fullName}」`} data-testid="dictionary-type-remove">
                      <Trash2 />
                    </IconButton>
                  </RecordDeleteConfirm>
                ) : null}
              </HStack>
            </HStack>
            {open ? (
              <Box role="group">
                <TypeTree
                  rows={kids}
                  depth={depth + 1}
                  selectedId={selectedId}
                  collapsed={collapsed}
                  pending={pending}
                  buttons={buttons}
                  onSelect={onSelect}
                  onToggle={onToggle}
                  onEdit={onEdit}
                  onRemove={onRemove}
                />
              </Box>
            ) : null}
          </Box>
        );
      })}
    </>
  );
}

