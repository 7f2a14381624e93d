import { Fragment, useCallback, useState, type ReactNode } from 'react';
import { Box, Button, HStack, IconButton, Stack, Table, Text } from '@chakra-ui/react';
import { PageCard } from '@/components/page-card';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown, ChevronRight, Pencil, Plus, Trash2 } from 'lucide-react';
import { ROOT_PARENT, type AreaRow } from '@/contracts/base';
import { DeleteConfirm } from '@/components/delete-confirm';
import { EmptyState } from '@/components/empty-state';
import { CacheNote, ListLoading, PendingBadge, StateSwitch } from '@/components/list-status';
import { ListToolbar } from '@/components/list-toolbar';
import { notify } from '@/lib/notify';
import { usePagePermission } from '@/modules/auth/page-permission';
import { AreaFormDialog, type AreaDialog } from '../components/area-form';
import { queued } from '@/components/queued-feedback';
import { deleteArea, setAreaState, useAreaList } from '../store';

const INDENT_PX = 20;

interface Columns {
  fullName: boolean;
  enCode: boolean;
  enabledMark: boolean;
  sortCode: boolean;
  actions: boolean;
  count: number;
}

interface RowProps {
  columns: Columns;
  canAdd: boolean;
  canEdit: boolean;
  canRemove: boolean;
  onDialog(d: AreaDialog): void;
}

/** One area row: chevron (tree mode), name, code, state, sort and the row's actions. */
function AreaTableRow({ row, depth, pending, expandable, expanded, onToggle, columns, canAdd, canEdit, canRemove, onDialog }: RowProps & { row: AreaRow; depth: number; pending: boolean; expandable: boolean; expanded: boolean; onToggle?(): void }) {
  const { t } = useLingui();
  const remove = () => {
    if (row.hasChildren) {
      notify({ kind: 'error', title: t`该区域下有下级区域，不能删除` });
      return;
    }
    void queued('delete', () => deleteArea(row));
  };
  const chevron = onToggle ? (
    <Box w="6" flexShrink={0}>
      {expandable ? (
        <IconButton size="2xs" variant="ghost" aria-label={expanded ? t`收起` : t`展开`} aria-expanded={expanded} onClick={onToggle} data-testid="area-toggle">
          {expanded ? <ChevronDown /> : <ChevronRight />}
        </IconButton>
      ) : null}
    </Box>
  ) : null;
  const name = (
    <HStack gap="1" ps={`${depth * INDENT_PX}px`} minW="0">
      {chevron}
      <Text truncate>{row.fullName}</Text>
      {pending ? <PendingBadge testId="row-pending" /> : null}
    </HStack>
  );
  return (
    <Table.Row data-testid="area-row" data-id={row.id} data-pending={pending || undefined}>
      {columns.fullName ? <Table.Cell>{name}</Table.Cell> : null}
      {columns.enCode ? <Table.Cell>{columns.fullName ? row.enCode : <HStack gap="1">{chevron}{row.enCode}{pending ? <PendingBadge testId="row-pending" /> : null}</HStack>}</Table.Cell> : null}
      {columns.enabledMark ? (
        <Table.Cell>
          <StateSwitch testId="state-switch" enabled={row.enabledMark === 1} canEdit={canEdit} label={t`启用「${row.fullName}」`} onChange={(on) => void queued('state', () => setAreaState(row, on))} />
        </Table.Cell>
      ) : null}
      {columns.sortCode ? <Table.Cell>{row.sortCode}</Table.Cell> : null}
      {columns.actions ? (
        <Table.Cell textAlign="end">
          <HStack gap="1" justify="flex-end">
            {canAdd ? (
              <Button size="xs" variant="ghost" colorPalette="brand" onClick={() => onDialog({ mode: 'create', parent: row })} data-testid="area-add-child">
                <Plus />
                <Trans>新增下级</Trans>
              </Button>
            ) : null}
            {canEdit ? (
              <Button size="xs" variant="ghost" colorPalette="brand" onClick={() => onDialog({ mode: 'edit', row })} data-testid="area-edit">
                <Pencil />
                <Trans>编辑</Trans>
              </Button>
            ) : null}
            {canRemove ? (
              <DeleteConfirm onConfirm={remove}>
                <Button size="xs" variant="ghost" colorPalette="red" data-testid="area-remove">
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
}

/** A message row across the table (loading a level, a level not cached offline). */
function NoteRow({ columns, depth, children }: { columns: Columns; depth: number; children: ReactNode }) {
  return (
    <Table.Row>
      <Table.Cell colSpan={columns.count} ps={`${depth * INDENT_PX + 40}px`} color="fg.muted" fontSize="sm">
        {children}
      </Table.Cell>
    </Table.Row>
  );
}

/** The children of an expanded area: one cached level (loaded when opened, shown offline from the cache). */
function AreaLevel({ parentId, depth, expanded, onToggle, ...rest }: RowProps & { parentId: string; depth: number; expanded: ReadonlySet<string>; onToggle(id: string): void }) {
  const view = useAreaList({ parentId, keyword: '' });
  if (view.rows === undefined)
    return (
      <NoteRow columns={rest.columns} depth={depth}>
        <Trans>加载中…</Trans>
      </NoteRow>
    );
  if (!view.rows.length)
    return (
      <NoteRow columns={rest.columns} depth={depth}>
        {view.fromCache && !view.fetchedAt ? <Trans>离线：本机还没有这一级的数据</Trans> : <Trans>暂无下级区域</Trans>}
      </NoteRow>
    );
  return (
    <>
      {view.rows.map((row) => {
        const open = expanded.has(row.id);
        return (
          <Fragment key={row.id}>
            <AreaTableRow {...rest} row={row} depth={depth} pending={view.pending.has(row.id)} expandable={row.hasChildren || open} expanded={open} onToggle={() => onToggle(row.id)} />
            {open ? <AreaLevel {...rest} parentId={row.id} depth={depth + 1} expanded={expanded} onToggle={onToggle} /> : null}
          </Fragment>
        );
      })}
    </>
  );
}

/** Menu page `system/area` (spec 7.5 Area): the area tree, loaded level by level, usable offline. */
export function AreaPage() {
  const { t } = useLingui();
  const perm = usePagePermission();
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<AreaDialog | null>(null);
  const canAdd = perm.button('btn_add');
  const canEdit = perm.button('btn_edit');
  const canRemove = perm.button('btn_remove');
  const cols = { fullName: perm.column('fullName'), enCode: perm.column('enCode'), enabledMark: perm.column('enabledMark'), sortCode: perm.column('sortCode'), actions: canAdd || canEdit || canRemove };
  const columns: Columns = { ...cols, count: Math.max(1, Object.values(cols).filter(Boolean).length) };
  // The top level (tree mode) or the matching areas of every level (search): one query each.
  const view = useAreaList(keyword ? { parentId: ROOT_PARENT, keyword } : { parentId: ROOT_PARENT, keyword: '' });
  const toggle = useCallback((id: string) => {
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const onSaved = useCallback((row: { parentId: string }) => {
    // A child added under an area: open it so the new row shows.
    if (row.parentId !== ROOT_PARENT) setExpanded((prev) => (prev.has(row.parentId) ? prev : new Set([...prev, row.parentId])));
  }, []);
  const rowProps: RowProps = { columns, canAdd, canEdit, canRemove, onDialog: setDialog };
  const tree = !keyword;

  let body: ReactNode;
  if (view.rows === undefined) body = <ListLoading testId="list-loading" />;
  else if (!view.rows.length)
    body = (
      <EmptyState
        text={keyword ? t`没有找到匹配的区域` : view.fromCache ? t`离线：本机还没有区域数据，联网后显示` : t`暂无区域`}
        action={
          keyword ? (
            <Button size="sm" variant="outline" onClick={() => setKeyword('')}>
              <Trans>清除搜索</Trans>
            </Button>
          ) : undefined
        }
      />
    );
  else
    body = (
      <Box overflowX="auto">
        <Table.Root size="sm" interactive data-testid="area-table">
          <Table.Header>
            <Table.Row>
              {columns.fullName ? (
                <Table.ColumnHeader>
                  <Trans>名称</Trans>
                </Table.ColumnHeader>
              ) : null}
              {columns.enCode ? (
                <Table.ColumnHeader>
                  <Trans>编码</Trans>
                </Table.ColumnHeader>
              ) : null}
              {columns.enabledMark ? (
                <Table.ColumnHeader w="24">
                  <Trans>状态</Trans>
                </Table.ColumnHeader>
              ) : null}
              {columns.sortCode ? (
                <Table.ColumnHeader w="20">
                  <Trans>排序</Trans>
                </Table.ColumnHeader>
              ) : null}
              {columns.actions ? (
                <Table.ColumnHeader textAlign="end">
                  <Trans>操作</Trans>
                </Table.ColumnHeader>
              ) : null}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {view.rows.map((row) => {
              const open = tree && expanded.has(row.id);
              return (
                <Fragment key={row.id}>
                  <AreaTableRow
                    {...rowProps}
                    row={row}
                    depth={0}
                    pending={view.pending.has(row.id)}
                    expandable={tree && (row.hasChildren || open)}
                    expanded={open}
                    onToggle={tree ? () => toggle(row.id) : undefined}
                  />
                  {open ? <AreaLevel {...rowProps} parentId={row.id} depth={1} expanded={expanded} onToggle={toggle} /> : null}
                </Fragment>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Box>
    );

  return (
    <PageCard testId="area-page" title={<Trans>行政区划</Trans>} dialog={<AreaFormDialog dialog={dialog} onClose={() => setDialog(null)} onSaved={onSaved} />}>
        <Stack gap="3">
          <ListToolbar keyword={keyword} onSearch={setKeyword} placeholder={t`请输入名称或编码查询`}>
            {canAdd ? (
              <Button size="sm" colorPalette="brand" onClick={() => setDialog({ mode: 'create', parent: null })} data-testid="area-add">
                <Plus />
                <Trans>新建</Trans>
              </Button>
            ) : null}
          </ListToolbar>
          <CacheNote view={view} testId="cache-note" />
          {keyword && view.rows?.length ? (
            <Text fontSize="sm" color="fg.muted">
              {t`找到 ${view.rows.length} 个区域`}
            </Text>
          ) : null}
          {body}
        </Stack>
    </PageCard>
  );
}
