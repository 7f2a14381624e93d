import { PageCard } from '@/components/page-card';
import { useState } from 'react';
import { Button } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import type { OrganizeRow } from '@/contracts/org';
import { useRemoteList } from '@/lib/sync/remote-list';
import { IfButton } from '@/modules/auth/page-permission';
import { ListSection, useListQuery } from '../components/list-frame';
import { UnitFormDialog } from '../components/unit-form';
import { UnitTable } from '../components/unit-table';
import { pageOf } from '../model';
import { companyList, deleteCompany, notifyDeleted, notifyFailed } from '../store';

type Editing = { row: OrganizeRow | null; parentId?: string | null } | null;

/** Menu page `permission/organize`: the companies as a tree table, with 新建 / 编辑 / 删除. */
export function OrganizePage() {
  const { t } = useLingui();
  const query = useListQuery();
  const [editing, setEditing] = useState<Editing>(null);
  const view = useRemoteList(companyList, { keyword: query.keyword });
  const all = view.rows;
  const rows = all && pageOf(all, query.page, query.pageSize);

  return (
    <PageCard
      title={<Trans>组织管理</Trans>}
      dialog={editing ? <UnitFormDialog category="company" row={editing.row} parentId={editing.parentId} onClose={() => setEditing(null)} /> : null}
    >
      <ListSection
        view={view}
        query={query}
        total={all?.length ?? 0}
        placeholder={t`请输入名称或编码查询`}
        actions={
          <IfButton code="btn_add">
            <Button size="sm" colorPalette="brand" onClick={() => setEditing({ row: null })} data-testid="org-company-add">
              <Plus />
              <Trans>新建公司</Trans>
            </Button>
          </IfButton>
        }
      >
        <UnitTable
          rows={rows}
          loading={view.loading}
          pending={view.pending}
          emptyText={query.keyword ? t`没有找到匹配的公司` : t`还没有公司`}
          onEdit={(row) => setEditing({ row })}
          onDelete={(row) => void deleteCompany(row).then(notifyDeleted, notifyFailed)}
          onAddChild={(row) => setEditing({ row: null, parentId: row.id })}
          testId="org-company-table"
        />
      </ListSection>
    </PageCard>
  );
}
