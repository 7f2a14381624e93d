import { useState } from 'react';
import { Button, Card, Flex, Heading, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { UserPlus } from 'lucide-react';
import { ListPagination } from '@/components/list-pagination';
import { ListToolbar } from '@/components/list-toolbar';
import { DEFAULT_PAGE_SIZE } from '@/contracts/limits';
import type { UserRow } from '@/contracts/org';
import { useRemoteList } from '@/lib/sync/remote-list';
import { IfButton } from '@/modules/auth/page-permission';
import { CacheNote } from '../components/list-parts';
import { OrgFilterPanel } from '../components/org-filter-panel';
import { ResetPasswordDialog } from '../components/reset-password-dialog';
import { UserFormDialog } from '../components/user-form';
import { UserTable } from '../components/user-table';
import { useOrgTree } from '../data';
import { placementOf } from '../model';
import { useOfflineSearch, userList } from '../store';

type Dialog = { kind: 'edit'; row: UserRow | null } | { kind: 'reset'; row: UserRow } | null;

/**
 * Menu page `permission/user`: companies and departments on the left to filter; keyword search,
 * 新建用户 and the paged users on the right.
 */
export function UserPage() {
  const { t } = useLingui();
  const { data: tree } = useOrgTree();
  const index = useOfflineSearch();
  const [organizeId, setOrganizeId] = useState<string | null>(null);
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [dialog, setDialog] = useState<Dialog>(null);
  const view = useRemoteList(userList, { currentPage: paging.page, pageSize: paging.pageSize, keyword, organizeId: organizeId ?? undefined });
  const filtered = !!keyword || !!organizeId;

  return (
    <Card.Root>
      <Card.Header>
        <Heading size="md">
          <Trans>用户管理</Trans>
        </Heading>
      </Card.Header>
      <Card.Body>
        <Flex gap="5" direction={{ base: 'column', lg: 'row' }} align="stretch">
          <OrgFilterPanel
            title={t`组织机构`}
            nodes={tree === undefined ? undefined : (tree ?? [])}
            value={organizeId}
            onChange={(id) => {
              setOrganizeId(id);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            allowAll
          />
          <Stack gap="3" flex="1" minW="0">
            <CacheNote view={view} />
            <ListToolbar
              keyword={keyword}
              onSearch={(k) => {
                setKeyword(k);
                setPaging((p) => ({ ...p, page: 1 }));
              }}
              placeholder={t`请输入姓名、账户、拼音首字母或手机号查询`}
            >
              <IfButton code="btn_add">
                <Button size="sm" colorPalette="brand" onClick={() => setDialog({ kind: 'edit', row: null })} data-testid="org-user-add">
                  <UserPlus />
                  <Trans>新建用户</Trans>
                </Button>
              </IfButton>
            </ListToolbar>
            <UserTable
              view={view}
              emptyText={filtered ? t`没有找到匹配的用户` : t`还没有用户`}
              onEdit={(row) => setDialog({ kind: 'edit', row })}
              onResetPassword={(row) => setDialog({ kind: 'reset', row })}
            />
            <ListPagination total={view.total} page={paging.page} pageSize={paging.pageSize} onChange={(page, pageSize) => setPaging({ page, pageSize })} />
          </Stack>
        </Flex>
      </Card.Body>
      {dialog?.kind === 'edit' ? (
        <UserFormDialog row={dialog.row} start={placementOf(index, organizeId)} onClose={() => setDialog(null)} />
      ) : dialog?.kind === 'reset' ? (
        <ResetPasswordDialog row={dialog.row} onClose={() => setDialog(null)} />
      ) : null}
    </Card.Root>
  );
}
