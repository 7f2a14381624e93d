import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { moduleButtons, moduleColumns, modules, roleAuthorize, roles, userRoles } from '../../db/schema';
import { insertOnce, keywordFilter, pageWindow, sortBy, updateVersioned } from '../../lib/records';
import type { ListQuery } from '../../../src/contracts/common';
import type { SortField } from '../../../src/contracts/list-sort';

type RoleInsert = typeof roles.$inferInsert;

/** What a grant names: a module (menu entry), one of its buttons or one of its columns. */
export type GrantType = 'module' | 'button' | 'column';

const roleUserCount = sql<number>`(select count(*)::int from ${userRoles} where ${userRoles.roleId} = ${roles.id})`;

/** The role list's sort fields (`sidx`, src/contracts/list-sort.ts) and their columns. */
const roleSort: Record<SortField<'roles'>, SQL> = {
  fullName: sql`${roles.fullName}`,
  enCode: sql`${roles.enCode}`,
  dataScope: sql`${roles.dataScope}`,
  userCount: roleUserCount,
  enabledMark: sql`${roles.enabled}`,
  sortCode: sql`${roles.sortCode}`,
  creatorTime: sql`${roles.createdAt}`,
};

/** Roles (spec 6) and what each is granted. */
export function roleRepo(db: Db) {
  return {
    async rolePage(q: ListQuery) {
      const where = keywordFilter(q.keyword, [roles.fullName, roles.enCode]);
      const { limit, offset } = pageWindow(q);
      const [rows, total] = await Promise.all([
        db
          .select({ role: roles, userCount: roleUserCount })
          .from(roles)
          .where(where)
          .orderBy(...sortBy(roleSort, q), asc(roles.sortCode), asc(roles.createdAt), asc(roles.enCode))
          .limit(limit)
          .offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(roles).where(where),
      ]);
      return { rows, total: total[0]?.n ?? 0 };
    },
    async role(id: string) {
      const rows = await db.select({ role: roles, userCount: roleUserCount }).from(roles).where(eq(roles.id, id)).limit(1);
      return rows[0] ?? null;
    },
    async enabledRoles() {
      return db
        .select({ id: roles.id, fullName: roles.fullName, enCode: roles.enCode })
        .from(roles)
        .where(eq(roles.enabled, true))
        .orderBy(asc(roles.sortCode), asc(roles.createdAt), asc(roles.enCode));
    },
    async insertRole(values: RoleInsert) {
      await insertOnce(() => db.insert(roles).values(values));
    },
    updateRole(id: string, patch: Partial<RoleInsert>, baseVersion: number | undefined, current: () => Promise<unknown>) {
      return updateVersioned(db, roles, id, patch, baseVersion, current);
    },
    async deleteRole(id: string) {
      await db.transaction(async () => {
        await db.delete(roleAuthorize).where(eq(roleAuthorize.roleId, id));
        await db.delete(roles).where(eq(roles.id, id));
      });
    },

    // ---- grants --------------------------------------------------------------------------------
    /** Everything a role can be granted: enabled modules, and the buttons and columns of those. */
    async grantable() {
      const [mods, buttons, columns] = await Promise.all([
        db.select().from(modules).where(eq(modules.enabled, true)).orderBy(asc(modules.sortCode), asc(modules.enCode)),
        db
          .select({ id: moduleButtons.id, moduleId: moduleButtons.moduleId, fullName: moduleButtons.fullName, enCode: moduleButtons.enCode })
          .from(moduleButtons)
          .innerJoin(modules, and(eq(modules.id, moduleButtons.moduleId), eq(modules.enabled, true)))
          .orderBy(asc(modules.sortCode), asc(moduleButtons.sortCode), asc(moduleButtons.enCode)),
        db
          .select({ id: moduleColumns.id, moduleId: moduleColumns.moduleId, fullName: moduleColumns.fullName, enCode: moduleColumns.enCode })
          .from(moduleColumns)
          .innerJoin(modules, and(eq(modules.id, moduleColumns.moduleId), eq(modules.enabled, true)))
          .orderBy(asc(modules.sortCode), asc(moduleColumns.sortCode), asc(moduleColumns.enCode)),
      ]);
      return { modules: mods, buttons, columns };
    },
    async grantsOf(roleId: string) {
      return db.select({ itemType: roleAuthorize.itemType, itemId: roleAuthorize.itemId }).from(roleAuthorize).where(eq(roleAuthorize.roleId, roleId));
    },
    async replaceGrants(roleId: string, grants: { itemType: GrantType; itemId: string }[]) {
      await db.transaction(async () => {
        await db.delete(roleAuthorize).where(eq(roleAuthorize.roleId, roleId));
        for (let i = 0; i < grants.length; i += 1000) {
          await db
            .insert(roleAuthorize)
            .values(grants.slice(i, i + 1000).map((g) => ({ roleId, ...g })))
            .onConflictDoNothing();
        }
      });
    },
  };
}
export type RoleRepo = ReturnType<typeof roleRepo>;
