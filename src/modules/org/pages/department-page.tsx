import { useMemo } from 'react';
import { Box } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyState } from '@/components/empty-state';
import { PageCard } from '@/components/page-card';
import { useListSearch } from '@/lib/list-search';
import { useRemoteList } from '@/lib/sync/use-remote-list';
import { OrgFilterPanel, unitListSearch } from '../components/org-filter-panel';
import { UnitList } from '../components/unit-list';
import { useOrgTree } from '../data';
import { nodesOfType } from '../model';
import { departmentList, useOfflineSearch } from '../store';

/** The departments of one company as a tree table, with 新建 / 新建下级 / 编辑 / 删除. */
function CompanyDepartments({ companyId, companyName }: { companyId: string; companyName: string }) {
  const { t } = useLingui();
  const query = useListSearch(unitListSearch);
  const view = useRemoteList(departmentList, { organizeId: companyId, keyword: query.values.q });
  return <UnitList category="department" view={view} query={query} companyId={companyId} texts={{ none: t`「${companyName}」还没有部门`, noMatch: t`没有找到匹配的部门` }} />;
}

/** Menu page `permission/department`: a company chosen on the left (`org` in the URL), its departments on the right. */
export function DepartmentPage() {
  const { t } = useLingui();
  const { data } = useOrgTree();
  useOfflineSearch();
  const query = useListSearch(unitListSearch);
  const companies = useMemo(() => (data === undefined ? undefined : nodesOfType(data, 'company')), [data]);
  const company = companies?.find((c) => c.id === query.values.org) ?? companies?.[0] ?? null;

  return (
    <PageCard
      title={<Trans>部门管理</Trans>}
      filter={<OrgFilterPanel title={t`公司`} nodes={companies} value={company?.id ?? null} onChange={(org) => query.filter({ org: org ?? '', q: '' })} collapseKey="org.department" />}
    >
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
