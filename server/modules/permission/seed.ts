import type { Db } from '../../db/client';
import { defaultButtons, setRoleScopes, upsertControls, type ModuleControls } from '../../db/seed/controls';
import { upsertMenus, type MenuSeed } from '../../db/seed/menus';
import type { SeedStep } from '../../lib/module';

/** The role screen, under 组织权限 (the org module's menu group); administrators only. */
export const permissionMenus: MenuSeed[] = [
  { enCode: 'permission.role', parent: 'permission', fullName: '角色管理', icon: 'shield-check', type: 2, urlAddress: 'permission/role', sortCode: 75, roles: [] },
];

const cols = (list: [string, string][]) => list.map(([enCode, fullName]) => ({ enCode, fullName, roles: [] }));

export const permissionControls: ModuleControls[] = [
  {
    module: 'permission.role',
    buttons: defaultButtons([{ enCode: 'btn_authorize', fullName: '授权' }]),
    columns: cols([['fullName', '名称'], ['enCode', '编码'], ['dataScope', '数据范围'], ['userCount', '用户数'], ['enabledMark', '状态'], ['creatorTime', '创建时间']]),
  },
];

/** This module's part of the directory migration (issue 5): the role screen and the demo roles' data scopes. */
export const permissionSeeds: SeedStep[] = [
  {
    id: '2026-11-21-directory',
    async run(db: Db) {
      await upsertMenus(db, permissionMenus);
      await upsertControls(db, permissionControls);
      await setRoleScopes(db, { storeManager: 'departmentAndBelow', staff: 'self' });
    },
  },
];
