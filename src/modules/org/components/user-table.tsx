import { Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { KeyRound, Pencil } from 'lucide-react';
import { StateSwitch } from '@/components/list-status';
import { ListTable, type ListColumn, type ListEmpty } from '@/components/list/list-table';
import { actionsColumn, deleteAction, type RowAction } from '@/components/list/row-actions';
import { queued } from '@/components/queued-feedback';
import type { UserRow } from '@/contracts/org';
import { formatDateTime } from '@/lib/format';
import type { RemoteListView } from '@/lib/sync/remote-list';
import { usePagePermission } from '@/modules/auth/public';
import { deleteUser, setUserState } from '../store';

function useGenderName() {
  const { t } = useLingui();
  return (g: string | null | undefined) => (g === '1' ? t`男` : g === '2' ? t`女` : g === '3' ? t`保密` : '');
}

/** An e-mail address that breaks after the @ when its column is narrow. */
function EmailText({ value }: { value: string | null | undefined }) {
  if (!value) return null;
  const at = value.indexOf('@');
  return (
    <Text as="span" overflowWrap="anywhere">
      {at > 0 ? (
        <>
          {value.slice(0, at + 1)}
          <wbr />
          {value.slice(at + 1)}
        </>
      ) : (
        value
      )}
    </Text>
  );
}

/**
 * The paged users: the granted columns (spec 6), the state as a switch (with 编辑 permission), and
 * 编辑 / 重置密码 / 删除 as the page's buttons allow. A row with a waiting write says 待同步.
 */
export function UserTable({ view, empty, onEdit, onResetPassword }: { view: RemoteListView<UserRow>; empty: ListEmpty; onEdit(row: UserRow): void; onResetPassword(row: UserRow): void }) {
  const { t } = useLingui();
  const perm = usePagePermission();
  const genderName = useGenderName();
  const canEdit = perm.button('btn_edit');
  const actions: RowAction<UserRow>[] = [
    { key: 'edit', label: <Trans>编辑</Trans>, icon: <Pencil />, code: 'btn_edit', run: onEdit, testId: 'org-user-edit' },
    {
      key: 'reset',
      label: <Trans>重置密码</Trans>,
      icon: <KeyRound />,
      code: 'btn_resetPassword',
      disabled: (row) => row.version === 0 && t`该用户尚未同步到服务器，同步后才能重置密码`,
      run: onResetPassword,
      testId: 'org-user-reset',
    },
    deleteAction((row) => row.realName || row.account, (row) => void queued('delete', () => deleteUser(row)), 'org-user-delete'),
  ];
  const columns: ListColumn<UserRow>[] = [
    { key: 'account', nowrap: true, header: <Trans>账户</Trans>, show: perm.column('account'), cell: (row) => <Text as="span">{row.account}</Text> },
    { key: 'realName', nowrap: true, header: <Trans>姓名</Trans>, show: perm.column('realName'), cell: (row) => <Text as="span">{row.realName}</Text> },
    { key: 'gender', nowrap: true, header: <Trans>性别</Trans>, show: perm.column('gender'), cell: (row) => genderName(row.gender) },
    { key: 'department', header: <Trans>部门</Trans>, show: perm.column('department'), cell: (row) => row.department || row.organize },
    { key: 'position', header: <Trans>岗位</Trans>, show: perm.column('position'), cell: (row) => row.position },
    { key: 'mobilePhone', nowrap: true, header: <Trans>手机</Trans>, show: perm.column('mobilePhone'), cell: (row) => row.mobilePhone },
    { key: 'email', header: <Trans>邮箱</Trans>, show: perm.column('email'), minWidth: '7rem', cell: (row) => <EmailText value={row.email} /> },
    { key: 'roles', header: <Trans>角色</Trans>, show: perm.column('roles'), minWidth: '4.5rem', cell: (row) => row.roles?.split(',').join('、') },
    { key: 'entryDate', header: <Trans>入职日期</Trans>, show: perm.column('entryDate'), nowrap: true, cell: (row) => formatDateTime(row.entryDate, 'YYYY-MM-DD') },
    {
      key: 'enabledMark',
      header: <Trans>状态</Trans>,
      show: perm.column('enabledMark'),
      nowrap: true,
      cell: (row) => {
        const name = row.realName || row.account;
        return (
          <StateSwitch
            enabled={row.enabledMark === 1}
            canEdit={canEdit}
            label={row.enabledMark === 1 ? t`禁用「${name}」` : t`启用「${name}」`}
            onChange={(on) => void queued('state', () => setUserState(row, on))}
            testId="org-user-state"
          />
        );
      },
    },
    // Icons (their names in tooltips): the table keeps its eleven columns in view at 1366 px.
    actionsColumn(actions, perm.button, { iconOnly: true }),
  ];

  return (
    <ListTable
      testId="org-user-table"
      rowTestId="org-user-row"
      columns={columns}
      view={view}
      empty={empty}
    />
  );
}
