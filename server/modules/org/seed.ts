import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { defaultButtons, upsertControls, type ModuleControls } from '../../db/seed/controls';
import { upsertMenus, type MenuSeed } from '../../db/seed/menus';
import type { SeedStep } from '../../lib/module';
import { quickQuery } from '../../../src/contracts/quick-query';

/** Menu entries of the organisation directory (issue 5); the role screen under 组织权限 is the permission module's. */
export const orgMenus: MenuSeed[] = [
  { enCode: 'permission', fullName: '组织权限', icon: 'users', type: 1, sortCode: 70, roles: ['storeManager'] },
  { enCode: 'permission.organize', parent: 'permission', fullName: '组织管理', icon: 'building-2', type: 2, urlAddress: 'permission/organize', sortCode: 71, roles: [] },
  { enCode: 'permission.department', parent: 'permission', fullName: '部门管理', icon: 'network', type: 2, urlAddress: 'permission/department', sortCode: 72, roles: [] },
  { enCode: 'permission.position', parent: 'permission', fullName: '岗位管理', icon: 'briefcase', type: 2, urlAddress: 'permission/position', sortCode: 73, roles: [] },
  { enCode: 'permission.user', parent: 'permission', fullName: '用户管理', icon: 'user-cog', type: 2, urlAddress: 'permission/user', sortCode: 74, roles: ['storeManager'] },
];

const cols = (list: [string, string][], roles: string[] = []) => list.map(([enCode, fullName]) => ({ enCode, fullName, roles }));

/** Buttons and columns of those screens; the store manager sees users (no phone or e-mail) and changes nothing. */
export const orgControls: ModuleControls[] = [
  {
    module: 'permission.organize',
    buttons: defaultButtons(),
    columns: cols([['fullName', '名称'], ['enCode', '编码'], ['manager', '负责人'], ['enabledMark', '状态'], ['sortCode', '排序'], ['creatorTime', '创建时间']]),
  },
  {
    module: 'permission.department',
    buttons: defaultButtons(),
    columns: cols([['fullName', '名称'], ['enCode', '编码'], ['manager', '负责人'], ['enabledMark', '状态'], ['sortCode', '排序'], ['creatorTime', '创建时间']]),
  },
  {
    module: 'permission.position',
    buttons: defaultButtons(),
    columns: cols([['fullName', '名称'], ['enCode', '编码'], ['department', '所属部门'], ['type', '类型'], ['enabledMark', '状态'], ['sortCode', '排序'], ['creatorTime', '创建时间']]),
  },
  {
    module: 'permission.user',
    buttons: defaultButtons([{ enCode: 'btn_resetPassword', fullName: '重置密码' }]),
    columns: [
      ...cols([['account', '账户'], ['realName', '姓名'], ['gender', '性别'], ['department', '部门'], ['position', '岗位'], ['enabledMark', '状态']], ['storeManager']),
      ...cols([['mobilePhone', '手机'], ['email', '邮箱'], ['roles', '角色'], ['entryDate', '入职日期'], ['creatorTime', '创建时间']]),
    ],
  },
];

/** Users from before the quick-query column get theirs (the pinyin initials of the name). */
async function backfillQuickQuery(db: Db) {
  const rows = await db.select({ id: users.id, realName: users.realName }).from(users).where(eq(users.quickQuery, ''));
  for (const r of rows) await db.update(users).set({ quickQuery: quickQuery(r.realName) }).where(eq(users.id, r.id));
}

/** This module's part of the directory migration (issue 5): its screens and the users' quick queries. */
export const orgSeeds: SeedStep[] = [
  {
    id: '2026-11-21-directory',
    async run(db) {
      await upsertMenus(db, orgMenus);
      await upsertControls(db, orgControls);
      await backfillQuickQuery(db);
    },
  },
];
