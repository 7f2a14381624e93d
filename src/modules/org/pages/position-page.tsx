import { useState } from 'react';
import { Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pencil } from 'lucide-react';
import { ListFrame, useListEmpty } from '@/components/list/list-frame';
import { ListTable, type ListColumn } from '@/components/list/list-table';
import { actionsColumn, addAction, deleteAction, type RowAction } from '@/components/list/row-actions';
import { StateBadge } from '@/components/list-status';
import { PageCard } from '@/components/page-card';
import { queued } from '@/components/queued-feedback';
import type { PositionRow } from '@/contracts/org';
import { formatDateTime } from '@/lib/format';
import { listParams, useListSearch } from '@/lib/list-search';
import { useRemoteList } from '@/lib/sync/use-remote-list';
import { usePagePermission } from '@/modules/auth/public';
import { positionListSearch, UnitFilter } from '../components/org-filter-panel';
import { PositionFormDialog } from '../components/position-form';
import { deletePosition, positionList, useOfflineSearch } from '../store';

/** The granted columns of a position and its 编辑 / 删除. */
function usePositionColumns(onEdit: (row: PositionRow) => void): ListColumn<PositionRow>[] {
  const perm = usePagePermission();
  const actions: RowAction<PositionRow>[] = [
    { key: 'edit', label: <Trans>编辑</Trans>, icon: <Pencil />, code: 'btn_edit', run: onEdit, testId: 'org-position-edit' },
    deleteAction((row) => row.fullName, (row) => void queued('delete', () => deletePosition(row)), 'org-position-delete'),
  ];
  return [
    { key: 'fullName', header: <Trans>名称</Trans>, show: perm.column('fullName'), cell: (row) => <Text as="span">{row.fullName}</Text> },
    { key: 'enCode', nowrap: true, header: <Trans>编码</Trans>, show: perm.column('enCode'), cell: (row) => row.enCode },
    { key: 'department', header: <Trans>所属部门</Trans>, show: perm.column('department'), cell: (row) => row.department },
    { key: 'type', header: <Trans>类型</Trans>, show: perm.column('type'), cell: (row) => row.type },
    { key: 'enabledMark', nowrap: true, header: <Trans>状态</Trans>, show: perm.column('enabledMark'), cell: (row) => <StateBadge enabled={row.enabledMark === 1} /> },
    { key: 'sortCode', nowrap: true, header: <Trans>排序</Trans>, show: perm.column('sortCode'), cell: (row) => row.sortCode },
    { key: 'creatorTime', header: <Trans>创建时间</Trans>, show: perm.column('creatorTime'), nowrap: true, cell: (row) => formatDateTime(row.creatorTime) },
    actionsColumn(actions, perm.button),
  ];
}

/** Menu page `permission/position`: departments on the left to filter, the paged positions on the right. */
export function PositionPage() {
  const { t } = useLingui();
  const perm = usePagePermission();
  useOfflineSearch();
  const query = useListSearch(positionListSearch);
  const { q, org } = query.values;
  const [editing, setEditing] = useState<{ row: PositionRow | null } | null>(null);
  const view = useRemoteList(positionList, { ...listParams(query.values), organizeId: org || undefined });
  const empty = useListEmpty(view, query, { none: t`还没有岗位`, noMatch: t`没有找到匹配的岗位` }, { filtered: !!q || !!org });
  const columns = usePositionColumns((row) => setEditing({ row }));

  return (
    <PageCard
      title={<Trans>岗位管理</Trans>}
      filter={<UnitFilter query={query} collapseKey="org.position" />}
      dialog={editing ? <PositionFormDialog row={editing.row} organizeId={org || null} onClose={() => setEditing(null)} /> : null}
    >
      <ListFrame
        view={view}
        query={query}
        tableKey="org.position"
        placeholder={t`请输入名称或编码查询`}
        can={perm.button}
        actions={[addAction(<Trans>新建岗位</Trans>, () => setEditing({ row: null }), 'org-position-add')]}
      >
        <ListTable testId="org-position-table" rowTestId="org-position-row" columns={columns} view={view} empty={empty} />
      </ListFrame>
    </PageCard>
  );
}
