import { PageCard } from '@/components/page-card';
import { useState } from 'react';
import { Button, HStack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { DeleteConfirm } from '@/components/delete-confirm';
import { PendingBadge, StateBadge } from '@/components/list-status';
import type { PositionRow } from '@/contracts/org';
import { formatDateTime } from '@/lib/format';
import { useRemoteList, type RemoteListView } from '@/lib/sync/remote-list';
import { IfButton, usePagePermission } from '@/modules/auth/page-permission';
import { ListSection, UnitFilter, useListQuery } from '../components/list-frame';
import { ListTable, type ListColumn } from '../components/list-table';
import { PositionFormDialog } from '../components/position-form';
import { deletePosition, notifyDeleted, notifyFailed, positionList, useOfflineSearch } from '../store';

function PositionTable({ view, emptyText, onEdit }: { view: RemoteListView<PositionRow>; emptyText: string; onEdit(row: PositionRow): void }) {
  const perm = usePagePermission();
  const can = { edit: perm.button('btn_edit'), remove: perm.button('btn_remove') };
  const columns: ListColumn<PositionRow>[] = [
    {
      key: 'fullName',
      header: <Trans>名称</Trans>,
      show: perm.column('fullName'),
      cell: (row) => (
        <HStack gap="1.5">
          <Text as="span">{row.fullName}</Text>
          {view.pending.has(row.id) ? <PendingBadge testId="org-pending" /> : null}
        </HStack>
      ),
    },
    { key: 'enCode', header: <Trans>编码</Trans>, show: perm.column('enCode'), cell: (row) => row.enCode },
    { key: 'department', header: <Trans>所属部门</Trans>, show: perm.column('department'), cell: (row) => row.department },
    { key: 'type', header: <Trans>类型</Trans>, show: perm.column('type'), cell: (row) => row.type },
    { key: 'enabledMark', header: <Trans>状态</Trans>, show: perm.column('enabledMark'), cell: (row) => <StateBadge enabled={row.enabledMark === 1} /> },
    { key: 'sortCode', header: <Trans>排序</Trans>, show: perm.column('sortCode'), cell: (row) => row.sortCode },
    { key: 'creatorTime', header: <Trans>创建时间</Trans>, show: perm.column('creatorTime'), nowrap: true, cell: (row) => formatDateTime(row.creatorTime) },
    {
      key: 'actions',
      header: <Trans>操作</Trans>,
      show: can.edit || can.remove,
      nowrap: true,
      cell: (row) => (
        <HStack gap="1">
          {can.edit ? (
            <Button size="xs" variant="ghost" colorPalette="brand" onClick={() => onEdit(row)} data-testid="org-position-edit">
              <Trans>编辑</Trans>
            </Button>
          ) : null}
          {can.remove ? (
            <DeleteConfirm onConfirm={() => void deletePosition(row).then(notifyDeleted, notifyFailed)}>
              <Button size="xs" variant="ghost" colorPalette="red" data-testid="org-position-delete">
                <Trans>删除</Trans>
              </Button>
            </DeleteConfirm>
          ) : null}
        </HStack>
      ),
    },
  ];
  return (
    <ListTable
      testId="org-position-table"
      rowTestId="org-position-row"
      columns={columns}
      items={view.rows ?? []}
      itemKey={(row) => row.id}
      isPending={(row) => view.pending.has(row.id)}
      loading={view.loading || view.rows === undefined}
      emptyText={emptyText}
    />
  );
}

/** Menu page `permission/position`: departments on the left to filter, the paged positions on the right. */
export function PositionPage() {
  const { t } = useLingui();
  useOfflineSearch();
  const query = useListQuery();
  const [editing, setEditing] = useState<{ row: PositionRow | null } | null>(null);
  const view = useRemoteList(positionList, { currentPage: query.page, pageSize: query.pageSize, keyword: query.keyword, organizeId: query.organizeId ?? undefined });
  const filtered = !!query.keyword || !!query.organizeId;

  return (
    <PageCard
      title={<Trans>岗位管理</Trans>}
      filter={<UnitFilter query={query} />}
      dialog={editing ? <PositionFormDialog row={editing.row} organizeId={query.organizeId} onClose={() => setEditing(null)} /> : null}
    >
      <ListSection
        view={view}
        query={query}
        total={view.total}
        placeholder={t`请输入名称或编码查询`}
        actions={
          <IfButton code="btn_add">
            <Button size="sm" colorPalette="brand" onClick={() => setEditing({ row: null })} data-testid="org-position-add">
              <Plus />
              <Trans>新建岗位</Trans>
            </Button>
          </IfButton>
        }
      >
        <PositionTable view={view} emptyText={filtered ? t`没有找到匹配的岗位` : t`还没有岗位`} onEdit={(row) => setEditing({ row })} />
      </ListSection>
    </PageCard>
  );
}
