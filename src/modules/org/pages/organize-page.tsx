import { useState } from 'react';
import { Button, Card, Heading, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { ListPagination } from '@/components/list-pagination';
import { ListToolbar } from '@/components/list-toolbar';
import { DEFAULT_PAGE_SIZE } from '@/contracts/limits';
import type { OrganizeRow } from '@/contracts/org';
import { useRemoteList } from '@/lib/sync/remote-list';
import { IfButton } from '@/modules/auth/page-permission';
import { CacheNote } from '../components/list-parts';
import { UnitFormDialog } from '../components/unit-form';
import { UnitTable } from '../components/unit-table';
import { pageOf } from '../model';
import { companyList, deleteCompany, notifyDeleted, notifyFailed } from '../store';

type Editing = { row: OrganizeRow | null; parentId?: string | null } | null;

/** Menu page `permission/organize`: the companies as a tree table, with 新建 / 编辑 / 删除. */
export function OrganizePage() {
  const { t } = useLingui();
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [editing, setEditing] = useState<Editing>(null);
  const view = useRemoteList(companyList, { keyword });
  const all = view.rows;
  const rows = all && pageOf(all, paging.page, paging.pageSize);

  return (
    <Card.Root>
      <Card.Header>
        <Heading size="md">
          <Trans>组织管理</Trans>
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <CacheNote view={view} />
          <ListToolbar
            keyword={keyword}
            onSearch={(k) => {
              setKeyword(k);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            placeholder={t`请输入名称或编码查询`}
          >
            <IfButton code="btn_add">
              <Button size="sm" colorPalette="brand" onClick={() => setEditing({ row: null })} data-testid="org-company-add">
                <Plus />
                <Trans>新建公司</Trans>
              </Button>
            </IfButton>
          </ListToolbar>
          <UnitTable
            rows={rows}
            loading={view.loading}
            pending={view.pending}
            emptyText={keyword ? t`没有找到匹配的公司` : t`还没有公司`}
            onEdit={(row) => setEditing({ row })}
            onDelete={(row) => void deleteCompany(row).then(notifyDeleted, notifyFailed)}
            onAddChild={(row) => setEditing({ row: null, parentId: row.id })}
            testId="org-company-table"
          />
          <ListPagination total={all?.length ?? 0} page={paging.page} pageSize={paging.pageSize} onChange={(page, pageSize) => setPaging({ page, pageSize })} />
        </Stack>
      </Card.Body>
      {editing ? <UnitFormDialog category="company" row={editing.row} parentId={editing.parentId} onClose={() => setEditing(null)} /> : null}
    </Card.Root>
  );
}
