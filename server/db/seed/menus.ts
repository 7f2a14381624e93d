import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { modules, roleAuthorize, roles } from '../schema';
import { newId } from '../../lib/ids';
import { DATA_VIEW_PATH } from '../../../src/contracts/limits';

export interface MenuSeed {
  enCode: string;
  parent?: string;
  fullName: string;
  icon: string;
  type: number;
  urlAddress?: string;
  linkTarget?: '_self' | '_blank';
  propertyJson?: Record<string, unknown>;
  sortCode: number;
  /** Role codes granted this entry besides the administrator role. */
  roles: string[];
}

/**
 * Inserts menu entries that are missing (by enCode) and grants them to the administrator role and
 * the listed roles. Used by each module's data migration, so new and existing databases get them.
 */
export async function upsertMenus(db: Db, seeds: MenuSeed[]) {
  const codes = seeds.map((s) => s.enCode);
  const existing = await db.select({ id: modules.id, enCode: modules.enCode }).from(modules).where(inArray(modules.enCode, codes));
  const idByCode = new Map(existing.map((e) => [e.enCode, e.id]));
  for (const s of seeds) {
    if (idByCode.has(s.enCode)) continue;
    const parentId = s.parent ? (idByCode.get(s.parent) ?? (await findId(db, s.parent))) : null;
    const id = newId();
    await db.insert(modules).values({
      id,
      parentId,
      enCode: s.enCode,
      fullName: s.fullName,
      icon: s.icon,
      type: s.type,
      urlAddress: s.urlAddress ?? '',
      linkTarget: s.linkTarget ?? null,
      propertyJson: { ...s.propertyJson },
      sortCode: s.sortCode,
    });
    idByCode.set(s.enCode, id);
  }
  const roleRows = await db.select({ id: roles.id, enCode: roles.enCode }).from(roles);
  const roleId = new Map(roleRows.map((r) => [r.enCode, r.id]));
  const grants = seeds.flatMap((s) =>
    ['admin', ...s.roles]
      .map((code) => roleId.get(code))
      .filter((r): r is string => !!r)
      .map((r) => ({ roleId: r, itemType: 'module', itemId: idByCode.get(s.enCode)! })),
  );
  if (grants.length) await db.insert(roleAuthorize).values(grants).onConflictDoNothing();
}

async function findId(db: Db, enCode: string) {
  const rows = await db.select({ id: modules.id }).from(modules).where(eq(modules.enCode, enCode)).limit(1);
  return rows[0]?.id ?? null;
}

const everyone = ['storeManager', 'staff'];

/** Menu of the foundation: screens that exist now (types 1, 2, 6 and 7 _self/_blank). */
export const foundationMenus: MenuSeed[] = [
  { enCode: 'workbench', fullName: '工作台', icon: 'layout-dashboard', type: 1, sortCode: 10, roles: everyone },
  {
    enCode: 'system.log',
    parent: 'workbench',
    fullName: '登录日志',
    icon: 'history',
    type: 2,
    urlAddress: 'system/log',
    sortCode: 11,
    roles: everyone,
  },
  {
    enCode: 'dataV.orgOverview',
    parent: 'workbench',
    fullName: '组织概览',
    icon: 'chart-column',
    type: 6,
    urlAddress: DATA_VIEW_PATH,
    propertyJson: { board: 'org-overview' },
    sortCode: 12,
    roles: ['storeManager'],
  },
  { enCode: 'help', fullName: '帮助', icon: 'life-buoy', type: 1, sortCode: 90, roles: everyone },
  {
    enCode: 'help.handbook',
    parent: 'help',
    fullName: '员工手册',
    icon: 'book-open',
    type: 7,
    urlAddress: '/help/handbook.html',
    linkTarget: '_self',
    sortCode: 91,
    roles: everyone,
  },
  {
    enCode: 'help.guide',
    parent: 'help',
    fullName: '使用帮助',
    icon: 'circle-help',
    type: 7,
    urlAddress: '/help/index.html',
    linkTarget: '_blank',
    sortCode: 92,
    roles: everyone,
  },
];
