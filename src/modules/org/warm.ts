import { FIRST_PAGE, warmDataset, warmListPage, type WarmEntry } from '@/lib/sync/warm';
import type { UserDb } from '@/lib/sync/user-db';
import { departmentTreeData, orgTreeData, positionsData, positionTreeData, rolesData, usersData, userTreeData } from './data';
import { nodesOfType, type FlatNode } from './model';
import { companyList, departmentList, positionList, userList } from './store';

/** The first company of the cached tree: the department page shows its departments first. */
async function firstCompany(db: UserDb) {
  const company = nodesOfType(await orgTreeData.readRows<FlatNode>('', db), 'company')[0];
  return company ? { organizeId: company.id, keyword: '' } : null;
}

/**
 * What the cache warm-up fetches for the directory pages a user is granted (see src/lib/sync/warm.ts):
 * the organisation tree the filters and pickers read, the pickers of each page's forms, and the
 * first page of its list, as the page first asks it.
 */
export function orgWarm(): WarmEntry[] {
  const tree = warmDataset(orgTreeData);
  return [
    {
      pages: ['permission/user'],
      targets: [tree, warmDataset(usersData), warmListPage(userList, FIRST_PAGE), warmDataset(departmentTreeData), warmDataset(positionTreeData), warmDataset(positionsData), warmDataset(rolesData)],
    },
    { pages: ['permission/position'], targets: [tree, warmDataset(usersData), warmListPage(positionList, FIRST_PAGE), warmDataset(departmentTreeData)] },
    { pages: ['permission/organize'], targets: [tree, warmListPage(companyList, { keyword: '' }), warmDataset(departmentTreeData), warmDataset(userTreeData)] },
    { pages: ['permission/department'], targets: [tree, warmListPage(departmentList, firstCompany, { key: 'rl:org.unit.department:first' }), warmDataset(departmentTreeData), warmDataset(userTreeData)] },
  ];
}
