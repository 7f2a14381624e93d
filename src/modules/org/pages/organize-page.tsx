import { Trans, useLingui } from '@lingui/react/macro';
import { PageCard } from '@/components/page-card';
import { defineListSearch, useListSearch } from '@/lib/list-search';
import { useRemoteList } from '@/lib/sync/use-remote-list';
import { UnitList } from '../components/unit-list';
import { companyList } from '../store';

const companySearch = defineListSearch();

/** Menu page `permission/organize`: the companies as a tree table, with 新建 / 编辑 / 删除; page and keyword in the URL. */
export function OrganizePage() {
  const { t } = useLingui();
  const query = useListSearch(companySearch);
  const view = useRemoteList(companyList, { keyword: query.values.q });
  return (
    <PageCard title={<Trans>组织管理</Trans>}>
      <UnitList category="company" view={view} query={query} texts={{ none: t`还没有公司`, noMatch: t`没有找到匹配的公司` }} />
    </PageCard>
  );
}
