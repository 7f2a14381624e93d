import { Button, HStack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { DeleteConfirm } from '@/components/delete-confirm';
import { PendingBadge, StateSwitch } from '@/components/list-status';
import type { UserRow } from '@/contracts/org';
import { formatDateTime } from '@/lib/format';
import type { RemoteListView } from '@/lib/sync/remote-list';
import { usePagePermission } from '@/modules/auth/page-permission';
import { deleteUser, notifyDeleted, notifyFailed, setUserState } from '../store';
import { ListTable, type ListColumn } from './list-table';

function useGenderName() {
  const { t } = useLingui();
  return (g: string | null | undefined) => (g === '1' ? t`男` : g === '2' ? t`女` : g === '3' ? t`保密` : '');
}

/**
 * The paged users: the granted columns (spec 6), the state as a switch (with 编辑 permission), and
 * 编辑 / 重置密码 / 删除 as the page's buttons allow. A row with a waiting write says 待同步.
 */
export function UserTable({ view, emptyText, onEdit, onResetPassword }: { view: RemoteListView<UserRow>; emptyText: string; onEdit(row: UserRow): void; onResetPassword(row: UserRow): void }) {
  const { t } = useLingui();
  const perm = usePagePermission();
  const genderName = useGenderName();
  const can = { edit: perm.button('btn_edit'), reset: perm.button('btn_resetPassword'), remove: perm.button('btn_remove') };
  const showAccount = perm.column('account');
  const pendingBadge = (row: UserRow) => (view.pending.has(row.id) ? <PendingBadge testId="org-pending" /> : null);
  const columns: ListColumn<UserRow>[] = [
    {
      key: 'account',
      header: <Trans>账户</Trans>,
      show: showAccount,
      cell: (row) => (
        <HStack gap="1.5">
          <Text as="span">{row.account}</Text>
          {pendingBadge(row)}
        </HStack>
      ),
    },
    {
      key: 'realName',
      nowrap: true,
      header: <Trans>姓名</Trans>,
      show: perm.column('realName'),
      cell: (row) => (
        <HStack gap="1.5">
          <Text as="span">{row.realName}</Text>
          {showAccount ? null : pendingBadge(row)}
        </HStack>
      ),
    },
    { key: 'gender', header: <Trans>性别</Trans>, show: perm.column('gender'), cell: (row) => genderName(row.gender) },
    { key: 'department', nowrap: true, header: <Trans>部门</Trans>, show: perm.column('department'), cell: (row) => row.department || row.organize },
    { key: 'position', nowrap: true, header: <Trans>岗位</Trans>, show: perm.column('position'), cell: (row) => row.position },
    { key: 'mobilePhone', header: <Trans>手机</Trans>, show: perm.column('mobilePhone'), cell: (row) => row.mobilePhone },
    { key: 'email', header: <Trans>邮箱</Trans>, show: perm.column('email'), cell: (row) => row.email },
    { key: 'roles', header: <Trans>角色</Trans>, show: perm.column('roles'), cell: (row) => row.roles?.split(',').join('、') },
    { key: 'entryDate', header: <Trans>入职日期</Trans>, show: perm.column('entryDate'), nowrap: true, cell: (row) => formatDateTime(row.entryDate, 'YYYY-MM-DD') },
    {
      key: 'enabledMark',
      header: <Trans>状态</Trans>,
      show: perm.column('enabledMark'),
      cell: (row) => {
        const name = row.realName || row.account;
        return (
          <StateSwitch
            enabled={row.enabledMark === 1}
            canEdit={can.edit}
            label={row.enabledMark === 1 ? t`禁用「${name}」` : t`启用「${name}」`}
            onChange={(on) => void setUserState(row, on).catch(notifyFailed)}
            testId="org-user-state"
          />
        );
      },
    },
    {
      key: 'actions',
      header: <Trans>操作</Trans>,
      show: can.edit || can.reset || can.remove,
      nowrap: true,
      cell: (row) => (
        <HStack gap="1">
          {can.edit ? (
            <Button size="xs" variant="ghost" colorPalette="brand" onClick={() => onEdit(row)} data-testid="org-user-edit">
              <Trans>编辑</Trans>
            </Button>
          ) : null}
          {can.reset ? (
            <Button
              size="xs"
              variant="ghost"
              colorPalette="brand"
              disabled={row.version === 0}
              title={row.version === 0 ? t`该用户尚未同步到服务器，同步后才能重置密码` : undefined}
              onClick={() => onResetPassword(row)}
              data-testid="org-user-reset"
            >
              <Trans>重置密码</Trans>
            </Button>
          ) : null}
          {can.remove ? (
            <DeleteConfirm onConfirm={() => void deleteUser(row).then(notifyDeleted, notifyFailed)}>
              <Button size="xs" variant="ghost" colorPalette="red" data-testid="org-user-delete">
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
      testId="org-user-table"
      rowTestId="org-user-row"
      columns={columns}
      items={view.rows ?? []}
      itemKey={(row) => row.id}
      isPending={(row) => view.pending.has(row.id)}
      loading={view.loading || view.rows === undefined}
      emptyText={emptyText}
    />
  );
}
