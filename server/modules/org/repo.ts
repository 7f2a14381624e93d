import { and, asc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  moduleButtons,
  moduleColumns,
  modules,
  organizes,
  positions,
  roleAuthorize,
  roles,
  sessions,
  userRoles,
  users,
} from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { isUniqueViolation, keywordFilter, likePattern, pageWindow, updateVersioned } from '../../lib/records';
import type { ListQuery } from '../../../src/contracts/common';

type OrganizeInsert = typeof organizes.$inferInsert;
type PositionInsert = typeof positions.$inferInsert;
type UserInsert = typeof users.$inferInsert;
type RoleInsert = typeof roles.$inferInsert;

/**
 * Which users a caller may see (spec 6 data permission, resolved by the service):
 * everyone, one company, some departments, or only the caller.
 */
export type UserScope = { kind: 'all' } | { kind: 'company'; organizeId: string } | { kind: 'departments'; ids: string[] } | { kind: 'self'; userId: string };

export interface UserFilter {
  keyword: string;
  /** Users of these companies or departments (a picked node and everything under it). */
  organizeIds?: string[];
  enabled?: boolean;
  scope: UserScope;
}

/**
 * Runs an insert; a unique violation becomes a 400: the primary key (a client-made id sent twice
 * at once) → 记录已存在, any other unique index → `msg`.
 */
export async function insertOnce<T>(run: () => Promise<T>, msg = '编码已存在'): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    const err = e as { constraint?: string; cause?: { constraint?: string } };
    const constraint = err.constraint ?? err.cause?.constraint ?? '';
    throw badRequest(constraint.endsWith('_pkey') ? '记录已存在' : msg);
  }
}

function scopeWhere(scope: UserScope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'company':
      return eq(users.organizeId, scope.organizeId);
    case 'departments':
      return scope.ids.length ? inArray(users.departmentId, scope.ids) : sql`false`;
    case 'self':
      return eq(users.id, scope.userId);
  }
}

export function orgRepo(db: Db) {
  const manager = alias(users, 'manager');
  const org = alias(organizes, 'org');
  const dept = alias(organizes, 'dept');

  /** Roles of the user in the row, as [{ id, name }] (one correlated subquery per row shown). */
  const userRolesJson = sql<{ id: string; name: string }[] | string>`(select coalesce(json_agg(json_build_object('id', ${roles.id}, 'name', ${roles.fullName}) order by ${roles.sortCode}, ${roles.createdAt}), '[]'::json) from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${users.id})`;

  const userSelect = () =>
    db
      .select({
        user: users,
        organizeName: org.fullName,
        departmentName: dept.fullName,
        positionName: positions.fullName,
        roles: userRolesJson,
      })
      .from(users)
      .leftJoin(org, eq(org.id, users.organizeId))
      .leftJoin(dept, eq(dept.id, users.departmentId))
      .leftJoin(positions, eq(positions.id, users.positionId));

  const userWhere = (f: UserFilter) =>
    and(
      scopeWhere(f.scope),
      // account, realName, quickQuery or mobilePhone contains the keyword, case-insensitively
      f.keyword ? sql`${users.searchText} like lower(${likePattern(f.keyword)})` : undefined,
      f.organizeIds ? or(inArray(users.departmentId, f.organizeIds), inArray(users.organizeId, f.organizeIds)) : undefined,
      f.enabled === undefined ? undefined : eq(users.enabled, f.enabled),
    );

  return {
    // ---- organizes (companies and departments) -------------------------------------------------
    /** Every company and department with its manager's name; the directory is small, trees are built in memory. */
    async organizes() {
      return db
        .select({ org: organizes, managerName: manager.realName })
        .from(organizes)
        .leftJoin(manager, eq(manager.id, organizes.managerId))
        .orderBy(asc(organizes.sortCode), asc(organizes.createdAt), asc(organizes.enCode));
    },
    async organize(id: string) {
      const rows = await db
        .select({ org: organizes, managerName: manager.realName })
        .from(organizes)
        .leftJoin(manager, eq(manager.id, organizes.managerId))
        .where(eq(organizes.id, id))
        .limit(1);
      return rows[0] ?? null;
    },
    /** (id, parentId, category) of every organize, for ancestry checks. */
    async organizeLinks() {
      return db.select({ id: organizes.id, parentId: organizes.parentId, category: organizes.category }).from(organizes);
    },
    async insertOrganize(values: OrganizeInsert) {
      await insertOnce(() => db.insert(organizes).values(values));
    },
    updateOrganize(id: string, patch: Partial<OrganizeInsert>, baseVersion: number | undefined, current: () => Promise<unknown>) {
      return updateVersioned(db, organizes, id, patch, baseVersion, current);
    },
    /** Whether anything hangs on the organize: child organizes, positions or users. */
    async organizeInUse(id: string) {
      const [child, position, user] = await Promise.all([
        db.select({ id: organizes.id }).from(organizes).where(eq(organizes.parentId, id)).limit(1),
        db.select({ id: positions.id }).from(positions).where(eq(positions.organizeId, id)).limit(1),
        db
          .select({ id: users.id })
          .from(users)
          .where(or(eq(users.organizeId, id), eq(users.departmentId, id)))
          .limit(1),
      ]);
      return child.length + position.length + user.length > 0;
    },
    async deleteOrganize(id: string) {
      await db.delete(organizes).where(eq(organizes.id, id));
    },

    // ---- positions -----------------------------------------------------------------------------
    async positionPage(q: ListQuery, organizeIds: string[] | undefined) {
      const where = and(
        keywordFilter(q.keyword, [positions.fullName, positions.enCode]),
        organizeIds ? inArray(positions.organizeId, organizeIds) : undefined,
      );
      const { limit, offset } = pageWindow(q);
      const [rows, total] = await Promise.all([
        db
          .select({ position: positions, organizeName: organizes.fullName })
          .from(positions)
          .leftJoin(organizes, eq(organizes.id, positions.organizeId))
          .where(where)
          .orderBy(asc(positions.sortCode), asc(positions.enCode))
          .limit(limit)
          .offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(positions).where(where),
      ]);
      return { rows, total: total[0]?.n ?? 0 };
    },
    async positions(enabledOnly: boolean) {
      return db
        .select({ position: positions, organizeName: organizes.fullName })
        .from(positions)
        .leftJoin(organizes, eq(organizes.id, positions.organizeId))
        .where(enabledOnly ? eq(positions.enabled, true) : undefined)
        .orderBy(asc(positions.sortCode), asc(positions.enCode));
    },
    async position(id: string) {
      const rows = await db
        .select({ position: positions, organizeName: organizes.fullName })
        .from(positions)
        .leftJoin(organizes, eq(organizes.id, positions.organizeId))
        .where(eq(positions.id, id))
        .limit(1);
      return rows[0] ?? null;
    },
    async insertPosition(values: PositionInsert) {
      await insertOnce(() => db.insert(positions).values(values));
    },
    updatePosition(id: string, patch: Partial<PositionInsert>, baseVersion: number | undefined, current: () => Promise<unknown>) {
      return updateVersioned(db, positions, id, patch, baseVersion, current);
    },
    async positionInUse(id: string) {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.positionId, id)).limit(1);
      return rows.length > 0;
    },
    async deletePosition(id: string) {
      await db.delete(positions).where(eq(positions.id, id));
    },

    // ---- users ---------------------------------------------------------------------------------
    /**
     * One page of the admin list in one scan: the page is picked from the users table alone (a
     * LIMITed derived table the planner cannot flatten) together with the number of matches
     * (`count(*) over ()`), and names and roles are joined to those rows only. Without fresh
     * statistics (PGlite has no autovacuum) the planner would otherwise join every match before
     * sorting (10,000 matches: ~80 ms instead of ~1). Only an empty page after the first needs a
     * separate count.
     */
    /**
     * One page of users and the total. The page is picked from the users table alone (its index on
     * sort order stops after the page), then names and roles are joined to those rows only; the
     * total is a separate count (a window count over every match made PostgreSQL sort them all).
     */
    async userPage(f: UserFilter, q: Pick<ListQuery, 'currentPage' | 'pageSize'>) {
      const where = userWhere(f);
      const { limit, offset } = pageWindow(q);
      const page = db
        .select({ pageId: users.id, pageSort: users.sortCode, pageAccount: users.account })
        .from(users)
        .where(where)
        .orderBy(asc(users.sortCode), asc(users.account))
        .limit(limit)
        .offset(offset)
        .as('page');
      const [rows, count] = await Promise.all([
        db
          .select({
            user: users,
            organizeName: org.fullName,
            departmentName: dept.fullName,
            positionName: positions.fullName,
            roles: userRolesJson,
          })
          .from(page)
          .innerJoin(users, eq(users.id, page.pageId))
          .leftJoin(org, eq(org.id, users.organizeId))
          .leftJoin(dept, eq(dept.id, users.departmentId))
          .leftJoin(positions, eq(positions.id, users.positionId))
          .orderBy(asc(page.pageSort), asc(page.pageAccount)),
        db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
      ]);
      return { rows, total: count[0]?.n ?? 0 };
    },
    async userRow(id: string) {
      const rows = await userSelect().where(eq(users.id, id)).limit(1);
      return rows[0] ?? null;
    },
    async user(id: string) {
      const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0] ?? null;
    },
    /** Enabled users with their department's name (pickers, chat list). */
    async enabledUsers() {
      return db
        .select({
          id: users.id,
          realName: users.realName,
          account: users.account,
          headIcon: users.headIcon,
          quickQuery: users.quickQuery,
          organizeId: users.organizeId,
          departmentId: users.departmentId,
          departmentName: dept.fullName,
        })
        .from(users)
        .leftJoin(dept, eq(dept.id, users.departmentId))
        .where(eq(users.enabled, true))
        .orderBy(asc(users.sortCode), asc(users.account));
    },
    /** Whether another user (not `exceptId`) has the account. */
    async accountTaken(account: string, exceptId?: string) {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.account, account), exceptId ? ne(users.id, exceptId) : undefined))
        .limit(1);
      return rows.length > 0;
    },
    async existingIds(table: 'users' | 'positions' | 'roles', ids: string[]) {
      const unique = [...new Set(ids)];
      if (!unique.length) return new Set<string>();
      const t = { users, positions, roles }[table];
      const rows = await db.select({ id: t.id }).from(t).where(inArray(t.id, unique));
      return new Set(rows.map((r) => r.id));
    },
    /** The user and its roles, in one transaction (a savepoint inside an idempotent request's). */
    async insertUser(values: UserInsert, roleIds: string[]) {
      await db.transaction(async () => {
        await insertOnce(() => db.insert(users).values(values), '账户已存在');
        if (roleIds.length) await db.insert(userRoles).values([...new Set(roleIds)].map((roleId) => ({ userId: values.id, roleId })));
      });
    },
    /** Saves the fields (version + 1) and, when given, replaces the user's roles. */
    async updateUser(id: string, patch: Partial<UserInsert>, roleIds: string[] | undefined, baseVersion: number | undefined, current: () => Promise<unknown>) {
      await db.transaction(async () => {
        await updateVersioned(db, users, id, patch, baseVersion, current);
        if (roleIds) {
          await db.delete(userRoles).where(eq(userRoles.userId, id));
          if (roleIds.length) await db.insert(userRoles).values([...new Set(roleIds)].map((roleId) => ({ userId: id, roleId })));
        }
      });
    },
    /** A change outside the row as shown (password): version unchanged. */
    async setUserFields(id: string, patch: Partial<UserInsert>) {
      await db.update(users).set({ ...patch, updatedAt: new Date() }).where(eq(users.id, id));
    },
    /** Deletes the user, its roles and its manager links, and signs it out everywhere. */
    async deleteUser(id: string) {
      await db.transaction(async () => {
        await db.delete(userRoles).where(eq(userRoles.userId, id));
        await db.update(users).set({ managerId: null }).where(eq(users.managerId, id));
        await db.update(organizes).set({ managerId: null }).where(eq(organizes.managerId, id));
        await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)));
        await db.delete(users).where(eq(users.id, id));
      });
    },
    /** Signs the user out everywhere (but the given session, when any). */
    async revokeSessions(userId: string, keepSessionId?: string) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keepSessionId ? ne(sessions.id, keepSessionId) : undefined));
    },

    // ---- roles ---------------------------------------------------------------------------------
    async rolePage(q: ListQuery) {
      const where = keywordFilter(q.keyword, [roles.fullName, roles.enCode]);
      const { limit, offset } = pageWindow(q);
      const [rows, total] = await Promise.all([
        db
          .select({ role: roles, userCount: roleUserCount })
          .from(roles)
          .where(where)
          .orderBy(asc(roles.sortCode), asc(roles.createdAt), asc(roles.enCode))
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
    async replaceGrants(roleId: string, grants: { itemType: 'module' | 'button' | 'column'; itemId: string }[]) {
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
export type OrgRepo = ReturnType<typeof orgRepo>;

const roleUserCount = sql<number>`(select count(*)::int from ${userRoles} where ${userRoles.roleId} = ${roles.id})`;
