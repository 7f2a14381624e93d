import { and, asc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { organizes, positions, roles, sessions, userRoles, users } from '../../db/schema';
import { insertOnce, likePattern, pageWindow, sortBy, updateVersioned } from '../../lib/records';
import type { ListQuery } from '../../../src/contracts/common';
import type { SortField } from '../../../src/contracts/list-sort';

type UserInsert = typeof users.$inferInsert;

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

/** The user list's sort fields (`sidx`, src/contracts/list-sort.ts) and their columns. */
const userSort: Record<SortField<'users'>, SQL> = {
  account: sql`${users.account}`,
  realName: sql`${users.realName}`,
  mobilePhone: sql`${users.mobilePhone}`,
  email: sql`${users.email}`,
  entryDate: sql`${users.entryDate}`,
  enabledMark: sql`${users.enabled}`,
  sortCode: sql`${users.sortCode}`,
  creatorTime: sql`${users.createdAt}`,
};

/** Staff accounts with their placement (company, department, position) and roles. */
export function userRepo(db: Db) {
  const org = alias(organizes, 'org');
  const dept = alias(organizes, 'dept');

  /** Roles of the user in the row, as [{ id, name }] (one correlated subquery per row shown). */
  const userRolesJson = sql<{ id: string; name: string }[] | string>`(select coalesce(json_agg(json_build_object('id', ${roles.id}, 'name', ${roles.fullName}) order by ${roles.sortCode}, ${roles.createdAt}), '[]'::json) from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${users.id})`;

  const userColumns = {
    user: users,
    organizeName: org.fullName,
    departmentName: dept.fullName,
    positionName: positions.fullName,
    roles: userRolesJson,
  };

  const userWhere = (f: UserFilter) =>
    and(
      scopeWhere(f.scope),
      // account, realName, quickQuery or mobilePhone contains the keyword, case-insensitively
      f.keyword ? sql`${users.searchText} like lower(${likePattern(f.keyword)})` : undefined,
      f.organizeIds ? or(inArray(users.departmentId, f.organizeIds), inArray(users.organizeId, f.organizeIds)) : undefined,
      f.enabled === undefined ? undefined : eq(users.enabled, f.enabled),
    );

  return {
    /**
     * One page of users and the total. The page is picked from the users table alone (its index on
     * sort order stops after the page), then names and roles are joined to those rows only; the
     * total is a separate count (a window count over every match made PostgreSQL sort them all).
     */
    async userPage(f: UserFilter, q: Pick<ListQuery, 'currentPage' | 'pageSize' | 'sidx' | 'sort'>) {
      const where = userWhere(f);
      const { limit, offset } = pageWindow(q);
      // A chosen sort field first (`sidx`), then the default order; the outer query repeats it on the page's copy.
      const key = Object.hasOwn(userSort, q.sidx ?? '') ? userSort[q.sidx as SortField<'users'>] : sql`null`;
      const page = db
        .select({ pageId: users.id, pageKey: sql`${key}`.as('page_key'), pageSort: users.sortCode, pageAccount: users.account })
        .from(users)
        .where(where)
        .orderBy(...sortBy(userSort, q), asc(users.sortCode), asc(users.account))
        .limit(limit)
        .offset(offset)
        .as('page');
      const [rows, count] = await Promise.all([
        db
          .select(userColumns)
          .from(page)
          .innerJoin(users, eq(users.id, page.pageId))
          .leftJoin(org, eq(org.id, users.organizeId))
          .leftJoin(dept, eq(dept.id, users.departmentId))
          .leftJoin(positions, eq(positions.id, users.positionId))
          .orderBy(...sortBy({ [q.sidx ?? '']: sql`${page.pageKey}` }, q), asc(page.pageSort), asc(page.pageAccount)),
        db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
      ]);
      return { rows, total: count[0]?.n ?? 0 };
    },
    async userRow(id: string) {
      const rows = await db
        .select(userColumns)
        .from(users)
        .leftJoin(org, eq(org.id, users.organizeId))
        .leftJoin(dept, eq(dept.id, users.departmentId))
        .leftJoin(positions, eq(positions.id, users.positionId))
        .where(eq(users.id, id))
        .limit(1);
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
    /** Which of `ids` exist in the table (the references a form names). */
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
  };
}
export type UserRepo = ReturnType<typeof userRepo>;
