import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Badge, Box, Button, Flex, Heading, HStack, IconButton, Input, InputGroup, Stack, Table, Text } from '@chakra-ui/react';
import { PageCard } from '@/components/page-card';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown, ChevronRight, FolderTree, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { ROOT_PARENT, type DictionaryDataRow, type DictionaryTypeRow } from '@/contracts/base';
import { DeleteConfirm } from '@/components/delete-confirm';
import { EmptyState } from '@/components/empty-state';
import { CacheNote, ListLoading, PendingBadge, StateSwitch } from '@/components/list-status';
import { ListToolbar } from '@/components/list-toolbar';
import { notify } from '@/lib/notify';
import { usePagePermission } from '@/modules/auth/page-permission';
import { DictionaryDataFormDialog, DictionaryTypeFormDialog, type DictionaryDataDialog, type DictionaryTypeDialog } from '../components/dictionary-forms';
import { queued } from '@/components/queued-feedback';
import { deleteDictionaryData, deleteDictionaryType, setDictionaryDataState, useDictionaryDataList, useDictionaryTypeList } from '../store';
import { branchIds, filterNested, flattenTree, nestRows, visibleTreeRows, type TableTreeRow } from '../tree-rows';

const INDENT_PX = 18;

interface Buttons {
  add: boolean;
  edit: boolean;
  remove: boolean;
}

// ---- left: the type tree -----------------------------------------------------------------------

function TypeTree({
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
  buttons: Buttons;
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
                  <DeleteConfirm onConfirm={() => onRemove(row)}>
                    <IconButton size="2xs" variant="ghost" colorPalette="red" aria-label={t`删除「${row.fullName}」`} data-testid="dictionary-type-remove">
                      <Trash2 />
                    </IconButton>
                  </DeleteConfirm>
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

// ---- right: the selected type's data ------------------------------------------------------------

interface DataColumns {
  fullName: boolean;
  enCode: boolean;
  enabledMark: boolean;
  sortCode: boolean;
}

function DictionaryDataPanel({ type, buttons, columns }: { type: DictionaryTypeRow; buttons: Buttons; columns: DataColumns }) {
  const { t } = useLingui();
  const [keyword, setKeyword] = useState('');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<DictionaryDataDialog | null>(null);
  const view = useDictionaryDataList({ typeId: type.id, keyword });
  const isTree = type.isTree === 1;
  const shown: TableTreeRow<DictionaryDataRow>[] = useMemo(() => {
    const flat = flattenTree(view.rows ?? []);
    if (!isTree || keyword) return flat.map((row) => ({ row, depth: 0, hasChildren: false, expanded: false }));
    const nested = nestRows(flat);
    const open = new Set(branchIds(nested).filter((id) => !collapsed.has(id)));
    return visibleTreeRows(nested, open);
  }, [view.rows, isTree, keyword, collapsed]);
  const toggle = (id: string) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const remove = (row: DictionaryDataRow) => {
    if (row.hasChildren || row.children?.length) {
      notify({ kind: 'error', title: t`该数据下有子数据，不能删除` });
      return;
    }
    void queued('delete', () => deleteDictionaryData(row));
  };
  const hasActions = buttons.add || buttons.edit || buttons.remove;

  let body: ReactNode;
  if (view.rows === undefined) body = <ListLoading testId="list-loading" />;
  else if (!shown.length)
    body = (
      <EmptyState
        text={keyword ? t`没有找到匹配的字典数据` : view.fromCache ? t`离线：本机还没有这个分类的数据，联网后显示` : t`这个分类还没有数据`}
        action={
          !keyword && buttons.add ? (
            <Button size="sm" colorPalette="brand" variant="outline" onClick={() => setDialog({ mode: 'create' })}>
              <Plus />
              <Trans>新建</Trans>
            </Button>
          ) : undefined
        }
      />
    );
  else
    body = (
      <Box overflowX="auto">
        <Table.Root size="sm" interactive data-testid="dictionary-data-table">
          <Table.Header>
            <Table.Row>
              {columns.fullName ? <Table.ColumnHeader>{t`名称`}</Table.ColumnHeader> : null}
              {columns.enCode ? <Table.ColumnHeader>{t`编码`}</Table.ColumnHeader> : null}
              {columns.enabledMark ? <Table.ColumnHeader w="24">{t`状态`}</Table.ColumnHeader> : null}
              {columns.sortCode ? <Table.ColumnHeader w="20">{t`排序`}</Table.ColumnHeader> : null}
              {hasActions ? <Table.ColumnHeader textAlign="end">{t`操作`}</Table.ColumnHeader> : null}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {shown.map(({ row, depth, hasChildren, expanded }) => {
              const pending = view.pending.has(row.id);
              const lead = (
                <HStack gap="1" ps={`${depth * INDENT_PX}px`}>
                  {isTree && !keyword ? (
                    <Box w="6" flexShrink={0}>
                      {hasChildren ? (
                        <IconButton size="2xs" variant="ghost" aria-label={expanded ? t`收起` : t`展开`} aria-expanded={expanded} onClick={() => toggle(row.id)}>
                          {expanded ? <ChevronDown /> : <ChevronRight />}
                        </IconButton>
                      ) : null}
                    </Box>
                  ) : null}
                  <Text>{columns.fullName ? row.fullName : row.enCode}</Text>
                  {pending ? <PendingBadge testId="row-pending" /> : null}
                </HStack>
              );
              return (
                <Table.Row key={row.id} data-testid="dictionary-data-row" data-id={row.id} data-pending={pending || undefined}>
                  {columns.fullName ? <Table.Cell>{lead}</Table.Cell> : null}
                  {columns.enCode ? <Table.Cell>{columns.fullName ? row.enCode : lead}</Table.Cell> : null}
                  {columns.enabledMark ? (
                    <Table.Cell>
                      <StateSwitch testId="state-switch" enabled={row.enabledMark === 1} canEdit={buttons.edit} label={t`启用「${row.fullName}」`} onChange={(on) => void queued('state', () => setDictionaryDataState(row, on))} />
                    </Table.Cell>
                  ) : null}
                  {columns.sortCode ? <Table.Cell>{row.sortCode}</Table.Cell> : null}
                  {hasActions ? (
                    <Table.Cell textAlign="end">
                      <HStack gap="1" justify="flex-end">
                        {buttons.add && isTree ? (
                          <Button size="xs" variant="ghost" colorPalette="brand" onClick={() => setDialog({ mode: 'create', parentId: row.id })} data-testid="data-add-child">
                            <Plus />
                            <Trans>新增下级</Trans>
                          </Button>
                        ) : null}
                        {buttons.edit ? (
                          <Button size="xs" variant="ghost" colorPalette="brand" onClick={() => setDialog({ mode: 'edit', row })} data-testid="data-edit">
                            <Pencil />
                            <Trans>编辑</Trans>
                          </Button>
                        ) : null}
                        {buttons.remove ? (
                          <DeleteConfirm onConfirm={() => remove(row)}>
                            <Button size="xs" variant="ghost" colorPalette="red" data-testid="data-remove">
                              <Trash2 />
                              <Trans>删除</Trans>
                            </Button>
                          </DeleteConfirm>
                        ) : null}
                      </HStack>
                    </Table.Cell>
                  ) : null}
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Box>
    );

  return (
    <Stack gap="3" flex="1" minW="0" data-testid="dictionary-data-panel">
      <HStack gap="2">
        <Heading size="sm">{type.fullName}</Heading>
        <Badge variant="subtle">{type.enCode}</Badge>
        {isTree ? (
          <Badge variant="subtle" colorPalette="purple">
            <Trans>树形</Trans>
          </Badge>
        ) : null}
      </HStack>
      <ListToolbar keyword={keyword} onSearch={setKeyword} placeholder={t`请输入名称或编码查询`}>
        {buttons.add ? (
          <Button size="sm" colorPalette="brand" onClick={() => setDialog({ mode: 'create' })} data-testid="data-add">
            <Plus />
            <Trans>新建</Trans>
          </Button>
        ) : null}
      </ListToolbar>
      <CacheNote view={view} testId="cache-note" />
      {body}
      {/* Mounted while open: it reads the type's whole tree for the parent choice. */}
      {dialog ? (
        <DictionaryDataFormDialog
          dialog={dialog}
          type={type}
          onClose={() => setDialog(null)}
          onSaved={(row) =>
            // A child added under a collapsed item: open it.
            setCollapsed((prev) => {
              if (!prev.has(row.parentId)) return prev;
              const next = new Set(prev);
              next.delete(row.parentId);
              return next;
            })
          }
        />
      ) : null}
    </Stack>
  );
}

// ---- the page ----------------------------------------------------------------------------------

/** Menu page `systemData/dictionary` (spec 7.5 DictionaryType, DictionaryData): types on the left, the chosen type's data on the right. */
export function DictionaryPage() {
  const { t } = useLingui();
  const perm = usePagePermission();
  const buttons: Buttons = { add: perm.button('btn_add'), edit: perm.button('btn_edit'), remove: perm.button('btn_remove') };
  const columns: DataColumns = { fullName: perm.column('fullName'), enCode: perm.column('enCode'), enabledMark: perm.column('enabledMark'), sortCode: perm.column('sortCode') };
  const types = useDictionaryTypeList();
  const [filter, setFilter] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<DictionaryTypeDialog | null>(null);

  const flat = useMemo(() => flattenTree(types.rows ?? []), [types.rows]);
  const tree = useMemo(() => nestRows(flat), [flat]);
  const shownTree = useMemo(() => filterNested(tree, filter), [tree, filter]);
  const selected = flat.find((r) => r.id === selectedId) ?? null;

  // Start on the first type that holds data (a leaf of the type tree).
  useEffect(() => {
    if (selected || !flat.length) return;
    const firstLeaf = flattenTree(tree).find((r) => !r.children?.length);
    if (firstLeaf) setSelectedId(firstLeaf.id);
  }, [selected, flat.length, tree]);

  const removeType = (row: DictionaryTypeRow) => {
    if (row.children?.length || flat.some((r) => r.parentId === row.id)) {
      notify({ kind: 'error', title: t`该字典分类下有数据，不能删除` });
      return;
    }
    void queued('delete', () => deleteDictionaryType(row)).then((ok) => ok && row.id === selectedId && setSelectedId(null));
  };
  const toggle = (id: string) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  let typesBody: ReactNode;
  if (types.rows === undefined) typesBody = <ListLoading testId="list-loading" />;
  else if (!shownTree.length) typesBody = <EmptyState compact text={filter ? t`没有找到匹配的分类` : types.fromCache ? t`离线：本机还没有字典分类` : t`暂无字典分类`} />;
  else
    typesBody = (
      <Box role="tree" aria-label={t`字典分类`} data-testid="dictionary-type-tree">
        <TypeTree
          rows={shownTree}
          depth={0}
          selectedId={selectedId}
          collapsed={filter ? new Set() : collapsed}
          pending={types.pending}
          buttons={buttons}
          onSelect={(row) => setSelectedId(row.id)}
          onToggle={toggle}
          onEdit={(row) => setDialog({ mode: 'edit', row })}
          onRemove={removeType}
        />
      </Box>
    );

  return (
    <PageCard testId="dictionary-page" title={<Trans>数据字典</Trans>} dialog={<DictionaryTypeFormDialog dialog={dialog} tree={tree} onClose={() => setDialog(null)} onSaved={(id) => dialog?.mode === 'create' && setSelectedId(id)} />}>
        <Stack gap="3">
          <CacheNote view={types} testId="cache-note" />
          <Flex gap="5" direction={{ base: 'column', md: 'row' }} align="stretch">
            <Stack gap="2" w={{ base: 'full', md: '72' }} flexShrink={0} borderEndWidth={{ md: '1px' }} pe={{ md: '4' }}>
              <HStack justify="space-between">
                <Text fontWeight="semibold" fontSize="sm">
                  <Trans>字典分类</Trans>
                </Text>
                {buttons.add ? (
                  <Button size="xs" variant="ghost" colorPalette="brand" onClick={() => setDialog({ mode: 'create', parentId: ROOT_PARENT })} data-testid="dictionary-type-add">
                    <Plus />
                    <Trans>新建</Trans>
                  </Button>
                ) : null}
              </HStack>
              <InputGroup startElement={<Search size={14} />}>
                <Input size="sm" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder={t`筛选分类`} aria-label={t`筛选分类`} data-testid="dictionary-type-filter" />
              </InputGroup>
              <Box maxH={{ md: '70vh' }} overflowY="auto">
                {typesBody}
              </Box>
            </Stack>
            {selected ? (
              <DictionaryDataPanel key={selected.id} type={selected} buttons={buttons} columns={columns} />
            ) : (
              <Box flex="1">
                <EmptyState text={t`请选择左侧的字典分类`} />
              </Box>
            )}
          </Flex>
        </Stack>
    </PageCard>
  );
}
