import { useState, type ReactNode } from 'react';
import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { CacheNote, type CachedListState } from '@/components/list-status';
import { ListPagination } from '@/components/list-pagination';
import { ListToolbar } from '@/components/list-toolbar';
import { DEFAULT_PAGE_SIZE } from '@/contracts/limits';
import { useOrgTree } from '../data';
import { OrgFilterPanel } from './org-filter-panel';

/** The frame every page of the module shares. */

export interface ListQuery {
  keyword: string;
  /** The company or department chosen in the filter panel (null: all). */
  organizeId: string | null;
  /** 1-based. */
  page: number;
  pageSize: number;
  /** A new keyword (back to page 1). */
  search(keyword: string): void;
  /** A new unit in the filter panel (back to page 1). */
  filter(organizeId: string | null): void;
  paginate(page: number, pageSize: number): void;
}

/** Keyword, unit filter and paging of a list page. */
export function useListQuery(): ListQuery {
  const [keyword, setKeyword] = useState('');
  const [organizeId, setOrganizeId] = useState<string | null>(null);
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const firstPage = () => setPaging((p) => ({ ...p, page: 1 }));
  return {
    keyword,
    organizeId,
    page: paging.page,
    pageSize: paging.pageSize,
    search: (k) => {
      setKeyword(k);
      firstPage();
    },
    filter: (id) => {
      setOrganizeId(id);
      firstPage();
    },
    paginate: (page, pageSize) => setPaging({ page, pageSize }),
  };
}

/** The organisation tree on the left of a list: 全部, or the company or department whose rows are shown. */
export function UnitFilter({ query }: { query: ListQuery }) {
  const { t } = useLingui();
  const { data: tree } = useOrgTree();
  return <OrgFilterPanel title={t`组织机构`} nodes={tree === undefined ? undefined : (tree ?? [])} value={query.organizeId} onChange={query.filter} allowAll />;
}

/** A list with what goes around it: the cache note, the toolbar (keyword and the page's buttons), the table, the pager. */
export function ListSection({
  view,
  query,
  total,
  placeholder,
  actions,
  children,
}: {
  view: CachedListState;
  query: ListQuery;
  total: number;
  placeholder: string;
  /** The toolbar's buttons (新建…). */
  actions?: ReactNode;
  /** The table. */
  children: ReactNode;
}) {
  return (
    <Stack gap="3" flex="1" minW="0">
      <CacheNote view={view} testId="org-cache-note" />
      <ListToolbar keyword={query.keyword} onSearch={query.search} placeholder={placeholder}>
        {actions}
      </ListToolbar>
      {children}
      <ListPagination total={total} page={query.page} pageSize={query.pageSize} onChange={query.paginate} />
    </Stack>
  );
}
