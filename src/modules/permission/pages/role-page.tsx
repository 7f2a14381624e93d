import { useState } from 'react';
import { Badge, HStack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { KeyRound, Pencil } from 'lucide-react';
import type { RoleRow } from '@/contracts/org';
import { ListFrame, useListEmpty } from '@/components/list/list-frame';
import { ListTable, type ListColumn } from '@/components/list/list-table';
import { actionsColumn, addAction, deleteAction, type RowAction } from '@/components/list/row-actions';
import { StateSwitch } from '@/components/list-status';
import { PageCard } from '@/components/page-card';
import { queued } from '@/components/queued-feedback';
import { LIST_SORT_FIELDS } from '@/contracts/list-sort';
import { formatDateTime } from '@/lib/format';
import { defineListSearch, listParams, useListSearch } from '@/lib/list-search';
import { usePagePermission } from '@/modules/auth/public';
import { AuthorizeDialog } from '../components/authorize-dialog';
import { RoleFormDialog } from '../components/role-form-dialog';
import { DATA_SCOPE_LABELS } from '../labels';
import { useRoleList } from '../list-hooks';
import { BUILT_IN_ROLE, deleteRole, setRoleState, usePendingGrants } from '../store';

type FormTarget = { row: RoleRow | null; pending: boolean };

const roleSearch = defineListSearch({}, {}, { sortable: LIST_SORT_FIELDS.roles });

/** The role table's columns (by the codes the page's list permission names, spec 6) and 编辑 / 授权 / 删除. */
function useRoleColumns(pending: ReadonlySet<string>, onEdit: (row: RoleRow) => void, onAuthorize: (row: RoleRow) => void): ListColumn<RoleRow>[] {
  const { t, i18n } = useLingui();
  const perm = usePagePermission();
  const pendingGrants = usePendingGrants();
  const canEdit = perm.button('btn_edit');
  const actions: RowAction<RoleRow>[] = [
    { key: 'edit', label: <Trans>编辑</Trans>, icon: <Pencil />, code: 'btn_edit', run: onEdit, testId: 'role-edit' },
    {
      key: 'authorize',
      label: <Trans>授权</Trans>,
      icon: <KeyRound />,
      code: 'btn_authorize',
      // A role made here and not yet on the server has no grants to load yet.
      disabled: (row) => pending.has(row.id) && row.version === 0 && t`角色同步到服务器后才能授权`,
      run: onAuthorize,
      testId: 'role-authorize',
    },
    deleteAction((row) => row.fullName, (row) => void queued('delete', () => deleteRole(row)), 'role-delete', {
      disabled: (row) => (row.enCode === BUILT_IN_ROLE ? t`不能删除系统内置角色` : row.userCount > 0 && t`该角色下有用户，不能删除`),
    }),
  ];
  return [
    {
      key: 'fullName',
      header: t`角色名称`,
      show: perm.column('fullName'),
      minWidth: '8rem',
      cell: (row) => (
        <HStack gap="2" wrap="wrap">
          <Text as="span">{row.fullName}</Text>
          {pendingGrants.has(row.id) && (
            <Badge colorPalette="orange" variant="outline" size="sm">
              <Trans>授权待同步</Trans>
            </Badge>
          )}
        </HStack>
      ),
    },
    { key: 'enCode', nowrap: true, header: t`角色编码`, show: perm.column('enCode'), cell: (row) => row.enCode },
    { key: 'dataScope', header: t`数据范围`, show: perm.column('dataScope'), cell: (row) => (DATA_SCOPE_LABELS[row.dataScope] ? i18n._(DATA_SCOPE_LABELS[row.dataScope]) : row.dataScope) },
    { key: 'userCount', nowrap: true, header: t`用户数`, show: perm.column('userCount'), align: 'end', cell: (row) => row.userCount },
    {
      key: 'enabledMark',
      header: t`状态`,
      show: perm.column('enabledMark'),
      nowrap: true,
      cell: (row) => {
        const name = row.fullName;
        return (
          <StateSwitch
            enabled={row.enabledMark === 1}
            canEdit={canEdit}
            disabled={row.enCode === BUILT_IN_ROLE}
            showLabel
            label={row.enabledMark === 1 ? t`停用角色「${name}」` : t`启用角色「${name}」`}
            onChange={(on) => void queued('state', () => setRoleState(row, on ? 1 : 0))}
            testId="role-state"
          />
        );
      },
    },
    { key: 'creatorTime', header: t`创建时间`, show: perm.column('creatorTime'), nowrap: true, cell: (row) => formatDateTime(row.creatorTime) },
    actionsColumn(actions, perm.button),
  ];
}

/** Menu page `permission/role`: roles, their state, and what each is granted (spec 6); page and keyword in the URL. */
export function RolePage() {
  const { t } = useLingui();
  const perm = usePagePermission();
  const query = useListSearch(roleSearch);
  const view = useRoleList(listParams(query.values));
  const [form, setForm] = useState<FormTarget | null>(null);
  const [authorizing, setAuthorizing] = useState<RoleRow | null>(null);
  const columns = useRoleColumns(view.pending, (row) => setForm({ row, pending: view.pending.has(row.id) }), setAuthorizing);
  const empty = useListEmpty(view, query, { none: t`暂无角色`, noMatch: t`没有找到匹配的角色`, noCopy: t`当前离线，本机还没有角色数据，请联网后再试。` });

  return (
    <PageCard
      title={<Trans>角色管理</Trans>}
      dialog={
        <>
          {form && <RoleFormDialog row={form.row} pending={form.pending} onClose={() => setForm(null)} />}
          {authorizing && <AuthorizeDialog role={authorizing} onClose={() => setAuthorizing(null)} />}
        </>
      }
    >
      <ListFrame
        view={view}
        query={query}
        tableKey="permission.role"
        placeholder={t`请输入角色名称或编码`}
        can={perm.button}
        actions={[addAction(<Trans>新建角色</Trans>, () => setForm({ row: null, pending: false }), 'role-add')]}
        offlineNote={<Trans>新建、修改和删除先记在本机，联网后自动同步。</Trans>}
      >
        <ListTable testId="role-table" rowTestId="role-row" columns={columns} view={view} empty={empty} />
      </ListFrame>
    </PageCard>
  );
}
