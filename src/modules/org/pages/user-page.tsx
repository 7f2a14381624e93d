import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { UserPlus } from 'lucide-react';
import { ListFrame, useListEmpty } from '@/components/list/list-frame';
import { addAction } from '@/components/list/row-actions';
import { PageCard } from '@/components/page-card';
import type { UserRow } from '@/contracts/org';
import { listParams, useListSearch } from '@/lib/list-search';
import { useRemoteList } from '@/lib/sync/use-remote-list';
import { usePagePermission } from '@/modules/auth/public';
import { UnitFilter, userListSearch } from '../components/org-filter-panel';
import { ResetPasswordDialog } from '../components/reset-password-dialog';
import { UserFormDialog } from '../components/user-form';
import { UserTable } from '../components/user-table';
import { placementOf } from '../model';
import { useOfflineSearch, userList } from '../store';

type Dialog = { kind: 'edit'; row: UserRow | null } | { kind: 'reset'; row: UserRow } | null;

/**
 * Menu page `permission/user`: companies and departments on the left to filter (a button above the
 * list on a narrow screen); keyword search, 新建用户 and the paged users on the right. Page,
 * keyword, sort and unit are kept in the URL.
 */
export function UserPage() {
  const { t } = useLingui();
  const perm = usePagePermission();
  const index = useOfflineSearch();
  const query = useListSearch(userListSearch);
  const { q, org } = query.values;
  const [dialog, setDialog] = useState<Dialog>(null);
  const view = useRemoteList(userList, { ...listParams(query.values), organizeId: org || undefined });
  const empty = useListEmpty(view, query, { none: t`还没有用户`, noMatch: t`没有找到匹配的用户` }, { filtered: !!q || !!org });

  return (
    <PageCard
      title={<Trans>用户管理</Trans>}
      filter={<UnitFilter query={query} collapseKey="org.user" />}
      dialog={
        dialog?.kind === 'edit' ? (
          <UserFormDialog row={dialog.row} start={placementOf(index, org || null)} onClose={() => setDialog(null)} />
        ) : dialog?.kind === 'reset' ? (
          <ResetPasswordDialog row={dialog.row} onClose={() => setDialog(null)} />
        ) : null
      }
    >
      <ListFrame
        view={view}
        query={query}
        tableKey="org.user"
        placeholder={t`请输入姓名、账户、拼音首字母或手机号查询`}
        can={perm.button}
        actions={[addAction(<Trans>新建用户</Trans>, () => setDialog({ kind: 'edit', row: null }), 'org-user-add', <UserPlus />)]}
      >
        <UserTable view={view} empty={empty} onEdit={(row) => setDialog({ kind: 'edit', row })} onResetPassword={(row) => setDialog({ kind: 'reset', row })} />
      </ListFrame>
    </PageCard>
  );
}
