import { lazy } from 'react';
import { defineModule } from '@/lib/module';
import { listSyncKinds } from '@/lib/sync/remote-list';
import { departmentTreeData, orgTreeData, positionsData, positionTreeData, rolesData, usersData, userTreeData } from './data';
import { companyList, departmentList, positionList, userList } from './store';
import { orgWarm } from './warm';

/** The organisation directory (spec 7.5): companies, departments, positions and users, and the pickers bound to them. */
export const orgModule = defineModule({
  name: 'org',
  pages: {
    'permission/organize': lazy(() => import('./pages/organize-page').then((m) => ({ default: m.OrganizePage }))),
    'permission/department': lazy(() => import('./pages/department-page').then((m) => ({ default: m.DepartmentPage }))),
    'permission/position': lazy(() => import('./pages/position-page').then((m) => ({ default: m.PositionPage }))),
    'permission/user': lazy(() => import('./pages/user-page').then((m) => ({ default: m.UserPage }))),
  },
  syncKinds: listSyncKinds(companyList, departmentList, positionList, userList),
  datasets: [orgTreeData, departmentTreeData, positionsData, positionTreeData, usersData, userTreeData, rolesData],
  warm: orgWarm,
});
