import { PageCard } from '@/components/page-card';
import { useMemo, useState } from 'react';
import { Box, Button } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import type { OrganizeRow } from '@/contracts/org';
import { useRemoteList } from '@/lib/sync/remote-list';
import { IfButton } from '@/modules/auth/page-permission';
import { ListSection, useListQuery } from '../components/list-frame';
import { OrgFilterPanel } from '../components/org-filter-panel';
import { UnitFormDialog } from '../components/unit-form';
import { UnitTable } from '../components/unit-table';
import { useOrgTree } from '../data';
import { nodesOfType, pageOf } from '../model';
import { deleteDepartment, departmentList, notifyDeleted, notifyFailed, useOfflineSearch } from '../store';

type Editing = { row: OrganizeRow | null; parentId?: string | null } | null;

/** The departments of one company as a tree table, with 新建 / 新建下级 / 编辑 / 删除. */
function CompanyDepartments({ companyId, companyName }: { companyId: string; companyName: string }) {
  const { t } = useLingui();
  const query = useListQuery();
  const [editing, setEditing] = useState<Editing>(null);
  const view = useRemoteList(departmentList, { organizeId: companyId, keyword: query.keyword });
  const all = view.rows;
  const rows = all && pageOf(all, query.page, query.pageSize);

  return (
    <ListSection
      view={view}
      query={query}
      total={all?.length ?? 0}
      placeholder={t`请输入名称或编码查询`}
      actions={
        <IfButton code="btn_add">
          <Button size="sm" colorPalette="brand" onClick={() => setEditing({ row: null, parentId: companyId })} data-testid="org-department-add">
            <Plus />
            <Trans>新建部门</Trans>
          </Button>
        </IfButton>
      }
    >
      <UnitTable
        rows={rows}
        loading={view.loading}
        pending={view.pending}
        emptyText={query.keyword ? t`没有找到匹配的部门` : t`「${companyName}」还没有部门`}
        onEdit={(row) => setEditing({ row })}
        onDelete={(row) => void deleteDepartment(row).then(notifyDeleted, notifyFailed)}
        onAddChild={(row) => setEditing({ row: null, parentId: row.id })}
        testId="org-department-table"
      />
      {editing ? <UnitFormDialog category="department" row={editing.row} companyId={companyId} parentId={editing.parentId} onClose={() => setEditing(null)} /> : null}
    </ListSection>
  );
}

/** Menu page `permission/department`: a company chosen on the left, its departments on the right. */
export function DepartmentPage() {
  const { t } = useLingui();
  const { data } = useOrgTree();
  useOfflineSearch();
  const companies = useMemo(() => (data === undefined ? undefined : nodesOfType(data, 'company')), [data]);
  const [chosen, setChosen] = useState<string | null>(null);
  const company = companies?.find((c) => c.id === chosen) ?? companies?.[0] ?? null;

  return (
    <PageCard title={<Trans>部门管理</Trans>} filter={<OrgFilterPanel title={t`公司`} nodes={companies} value={company?.id ?? null} onChange={setChosen} />}>
      {company ? (
        <CompanyDepartments key={company.id} companyId={company.id} companyName={company.fullName} />
      ) : (
        <Box flex="1">
          <EmptyState text={companies === undefined ? t`正在读取组织架构…` : t`没有可选的公司：请先在组织管理中新建公司，或联网后刷新。`} />
        </Box>
      )}
    </PageCard>
  );
}
