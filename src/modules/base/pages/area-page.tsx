import { useCallback, useState } from 'react';
import { Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { ListFrame, useListEmpty } from '@/components/list/list-frame';
import { ListNoteRow, ListRows, ListTable, type ListRowsSpec } from '@/components/list/list-table';
import { actionsColumn, addAction, type RowAction } from '@/components/list/row-actions';
import { useToggleSet } from '@/components/list/use-toggle-set';
import { StateSwitch } from '@/components/list-status';
import { PageCard } from '@/components/page-card';
import { queued } from '@/components/queued-feedback';
import { ROOT_PARENT, areaTakesChildren, type AreaRow } from '@/contracts/base';
import { defineListSearch, useListSearch } from '@/lib/list-search';
import { notify } from '@/lib/notify';
import { usePagePermission } from '@/modules/auth/public';
import { AreaFormDialog, type AreaDialog } from '../components/area-form';
import { useAreaList } from '../list-hooks';
import { deleteArea, setAreaState } from '../store';

const areaSearch = defineListSearch();

/** Columns and row actions of the area table, shared by every level of the tree. */
function useAreaColumns(onDialog: (d: AreaDialog) => void): ListRowsSpec<AreaRow>['columns'] {
  const { t } = useLingui();
  const perm = usePagePermission();
  const canEdit = perm.button('btn_edit');
  const remove = (row: AreaRow) => {
    if (row.hasChildren) notify({ kind: 'error', title: t`该区域下有下级区域，不能删除` });
    else void queued('delete', () => deleteArea(row));
  };
  const actions: RowAction<AreaRow>[] = [
    // Spec 9: three levels at most, so a third-level area takes no children.
    { key: 'add', label: <Trans>新增下级</Trans>, icon: <Plus />, code: 'btn_add', when: (row) => areaTakesChildren(row.type), run: (row) => onDialog({ mode: 'create', parent: row }), testId: 'area-add-child' },
    { key: 'edit', label: <Trans>编辑</Trans>, icon: <Pencil />, code: 'btn_edit', run: (row) => onDialog({ mode: 'edit', row }), testId: 'area-edit' },
    { key: 'remove', label: <Trans>删除</Trans>, icon: <Trash2 />, code: 'btn_remove', danger: true, confirmDelete: true, run: remove, testId: 'area-remove' },
  ];
  return [
    { key: 'fullName', header: <Trans>名称</Trans>, show: perm.column('fullName'), cell: (row) => <Text truncate>{row.fullName}</Text> },
    { key: 'enCode', header: <Trans>编码</Trans>, show: perm.column('enCode'), cell: (row) => row.enCode },
    {
      key: 'enabledMark',
      header: <Trans>状态</Trans>,
      show: perm.column('enabledMark'),
      width: '24',
      cell: (row) => (
        <StateSwitch testId="state-switch" enabled={row.enabledMark === 1} canEdit={canEdit} label={t`启用「${row.fullName}」`} onChange={(on) => void queued('state', () => setAreaState(row, on))} />
      ),
    },
    { key: 'sortCode', header: <Trans>排序</Trans>, show: perm.column('sortCode'), width: '20', cell: (row) => row.sortCode },
    actionsColumn(actions, perm.button),
  ];
}

/** The children of an expanded area: one cached level (loaded when opened, shown offline from the cache). */
function AreaLevel({ parentId, depth, spec }: { parentId: string; depth: number; spec: ListRowsSpec<AreaRow> }) {
  const view = useAreaList({ parentId, keyword: '' });
  if (view.rows === undefined)
    return (
      <ListNoteRow spec={spec} depth={depth}>
        <Trans>加载中…</Trans>
      </ListNoteRow>
    );
  if (!view.rows.length)
    return (
      <ListNoteRow spec={spec} depth={depth}>
        {view.fromCache && !view.fetchedAt ? <Trans>离线：本机还没有这一级的数据</Trans> : <Trans>暂无下级区域</Trans>}
      </ListNoteRow>
    );
  return <ListRows spec={{ ...spec, pending: view.pending }} rows={view.rows} depth={depth} />;
}

/** Menu page `system/area` (spec 7.5 Area): the area tree, loaded level by level, usable offline; the keyword in the URL. */
export function AreaPage() {
  const { t } = useLingui();
  const perm = usePagePermission();
  const query = useListSearch(areaSearch);
  const keyword = query.values.q;
  const [expanded, toggle, setExpanded] = useToggleSet();
  const [dialog, setDialog] = useState<AreaDialog | null>(null);
  const columns = useAreaColumns(setDialog);
  // The top level (tree mode) or the matching areas of every level (search): one query each.
  const view = useAreaList({ parentId: ROOT_PARENT, keyword });
  const empty = useListEmpty(view, query, { none: t`暂无区域`, noMatch: t`没有找到匹配的区域`, noCopy: t`离线：本机还没有区域数据，联网后显示` });
  const onSaved = useCallback((row: { parentId: string }) => {
    // A child added under an area: open it so the new row shows.
    if (row.parentId !== ROOT_PARENT) setExpanded((prev) => (prev.has(row.parentId) ? prev : new Set([...prev, row.parentId])));
  }, [setExpanded]);
  // Search shows the matches of every level, flat; otherwise levels open under their rows.
  const spec: ListRowsSpec<AreaRow> = {
    columns,
    rowTestId: 'area-row',
    rowData: (row) => ({ 'data-id': row.id }),
    tree: keyword ? undefined : { expanded: (row) => (row.hasChildren || expanded.has(row.id) ? expanded.has(row.id) : null), toggle: (row) => toggle(row.id), toggleTestId: 'area-toggle' },
    below: (row, depth) => (!keyword && expanded.has(row.id) ? <AreaLevel parentId={row.id} depth={depth + 1} spec={spec} /> : null),
  };

  return (
    <PageCard testId="area-page" title={<Trans>行政区划</Trans>} dialog={<AreaFormDialog dialog={dialog} onClose={() => setDialog(null)} onSaved={onSaved} />}>
      <ListFrame
        view={view} query={query}
        paged={false}
        placeholder={t`请输入名称或编码查询`}
        can={perm.button}
        actions={[addAction(<Trans>新建</Trans>, () => setDialog({ mode: 'create', parent: null }), 'area-add')]}
        notes={
          keyword && view.rows?.length ? (
            <Text fontSize="sm" color="fg.muted">
              {t`找到 ${view.rows.length} 个区域`}
            </Text>
          ) : null
        }
      >
        <ListTable {...spec} view={view} testId="area-table" empty={empty} />
      </ListFrame>
    </PageCard>
  );
}
