import { lazy } from 'react';
import { defineModule } from '@/lib/module';
import { listSyncKinds } from '@/lib/sync/remote-list';
import { FIRST_PAGE, warmListPage } from '@/lib/sync/warm';
import { grantSyncKinds, roleList, roleSelector } from './store';

/** Roles and their grants (spec 6, 7.5 Role / Authority). */
export const permissionModule = defineModule({
  name: 'permission',
  pages: {
    'permission/role': lazy(() => import('./pages/role-page').then((m) => ({ default: m.RolePage }))),
  },
  syncKinds: { ...listSyncKinds(roleList, roleSelector), ...grantSyncKinds },
  // The cache warm-up: the role list's first page, for those granted the role page.
  warm: () => [{ pages: ['permission/role'], targets: [warmListPage(roleList, FIRST_PAGE)] }],
});
