import { PageCard } from '@/components/page-card';
import { useState } from 'react';
import { Button } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { UserPlus } from 'lucide-react';
import type { UserRow } from '@/contracts/org';
import { useRemoteList } from '@/lib/sync/remote-list';
import { IfButton } from '@/modules/auth/page-permission';
import { ListSection, UnitFilter, useListQuery } from '../components/list-frame';
import { ResetPasswordDialog } from '../components/reset-password-dialog';
import { UserFormDialog } from '../components/user-form';
import { UserTable } from '../components/user-table';
import { placementOf } from '../model';
import { useOfflineSearch, userList } from '../store';

type Dialog = { kind: 'edit'; row: UserRow | null } | { kind: 'reset'; row: UserRow } | null;

/**
 * Menu page `permission/user`: companies and departments on the left to filter; keyword search,
 * 新建用户 and the paged users on the right.
 */
export function UserPage() {
  const { t } = useLingui();
  const index = useOfflineSearch();
  const query = useListQuery();
  const [dialog, setDialog] = useState<Dialog>(null);
  const view = useRemoteList(userList, { currentPage: query.page, pageSize: query.pageSize, keyword: query.keyword, organizeId: query.organizeId ?? undefined });
  const filtered = !!query.keyword || !!query.organizeId;

  return (
    <PageCard
      title={<Trans>用户管理</Trans>}
      filter={<UnitFilter query={query} />}
      dialog={
        dialog?.kind === 'edit' ? (
          <UserFormDialog row={dialog.row} start={placementOf(index, query.organizeId)} onClose={() => setDialog(null)} />
        ) : dialog?.kind === 'reset' ? (
          <ResetPasswordDialog row={dialog.row} onClose={() => setDialog(null)} />
        ) : null
      }
    >
      <ListSection
        view={view}
        query={query}
        total={view.total}
        placeholder={t`请输入姓名、账户、拼音首字母或手机号查询`}
        actions={
          <IfButton code="btn_add">
            <Button size="sm" colorPalette="brand" onClick={() => setDialog({ kind: 'edit', row: null })} data-testid="org-user-add">
              <UserPlus />
              <Trans>新建用户</Trans>
            </Button>
          </IfButton>
        }
      >
        <UserTable
          view={view}
          emptyText={filtered ? t`没有找到匹配的用户` : t`还没有用户`}
          onEdit={(row) => setDialog({ kind: 'edit', row })}
          onResetPassword={(row) => setDialog({ kind: 'reset', row })}
        />
      </ListSection>
    </PageCard>
  );
}
