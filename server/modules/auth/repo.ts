import { and, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  loginLogs,
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

export function authRepo(db: Db) {
  return {
    async findUserByAccount(account: string) {
      const rows = await db.select().from(users).where(eq(users.account, account)).limit(1);
      return rows[0] ?? null;
    },
    async findUserByMobileAndAccount(mobile: string, account: string) {
      const rows = await db
        .select()
        .from(users)
        .where(and(eq(users.account, account), eq(users.mobilePhone, mobile)))
        .limit(1);
      return rows[0] ?? null;
    },
    async findUser(id: string) {
      const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0] ?? null;
    },
    /**
     * Failures in the window. For an account, counting restarts at its last success; for an
     * address it does not (one valid account must not reset the guessing budget for others).
     */
    async countRecentFailures(by: 'account' | 'ip', value: string, since: Date) {
      const col = by === 'account' ? loginLogs.account : loginLogs.ipAddress;
      let from = since;
      if (by === 'account') {
        const lastSuccess = await db
          .select({ at: loginLogs.createdAt })
          .from(loginLogs)
          .where(and(eq(col, value), eq(loginLogs.success, true)))
          .orderBy(desc(loginLogs.createdAt))
          .limit(1);
        if (lastSuccess[0] && lastSuccess[0].at > since) from = lastSuccess[0].at;
      }
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(loginLogs)
        .where(and(eq(col, value), eq(loginLogs.success, false), gt(loginLogs.createdAt, from)));
      return rows[0]?.n ?? 0;
    },
    async insertLoginLog(row: typeof loginLogs.$inferInsert) {
      await db.insert(loginLogs).values(row);
    },
    async insertSession(row: typeof sessions.$inferInsert) {
      await db.insert(sessions).values(row);
    },
    async revokeSession(sessionId: string) {
      await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
    },
    async revokeOtherSessions(userId: string, keepSessionId: string) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), sql`${sessions.revokedAt} is null`));
    },
    /** The successful sign-in before the given one (spec 3 prevLogin*). */
    async previousLogin(userId: string, currentLogId: string | null) {
      let before = new Date(Date.now() + 1000);
      if (currentLogId) {
        const cur = await db.select({ at: loginLogs.createdAt }).from(loginLogs).where(eq(loginLogs.id, currentLogId)).limit(1);
        if (cur[0]) before = cur[0].at;
      }
      const rows = await db
        .select()
        .from(loginLogs)
        .where(
          and(
            eq(loginLogs.userId, userId),
            eq(loginLogs.success, true),
            ne(loginLogs.platform, 'unlock'),
            lt(loginLogs.createdAt, before),
            currentLogId ? ne(loginLogs.id, currentLogId) : undefined,
          ),
        )
        .orderBy(desc(loginLogs.createdAt))
        .limit(1);
      return rows[0] ?? null;
    },
    async orgNames(user: { organizeId: string | null; departmentId: string | null; positionId: string | null }) {
      const ids = [user.organizeId, user.departmentId].filter((x): x is string => !!x);
      const orgs = ids.length ? await db.select().from(organizes).where(inArray(organizes.id, ids)) : [];
      const pos = user.positionId
        ? await db.select().from(positions).where(eq(positions.id, user.positionId)).limit(1)
        : [];
      return {
        organizeName: orgs.find((o) => o.id === user.organizeId)?.fullName ?? '',
        departmentName: orgs.find((o) => o.id === user.departmentId)?.fullName ?? '',
        positionName: pos[0]?.fullName ?? '',
      };
    },
    async rolesOf(userId: string) {
      return db
        .select({ id: roles.id, fullName: roles.fullName, enCode: roles.enCode })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(and(eq(userRoles.userId, userId), eq(roles.enabled, true)));
    },
    /** Enabled modules, buttons and columns the given roles grant (all of them for administrators). */
    async grants(roleIds: string[], all: boolean) {
      const allModules = await db.select().from(modules).where(eq(modules.enabled, true));
      const allButtons = await db.select().from(moduleButtons);
      const allColumns = await db.select().from(moduleColumns);
      if (all) return { modules: allModules, buttons: allButtons, columns: allColumns };
      const granted = roleIds.length
        ? await db.select().from(roleAuthorize).where(inArray(roleAuthorize.roleId, roleIds))
        : [];
      const has = (type: string) => new Set(granted.filter((g) => g.itemType === type).map((g) => g.itemId));
      const m = has('module');
      const b = has('button');
      const c = has('column');
      return {
        modules: allModules.filter((x) => m.has(x.id)),
        buttons: allButtons.filter((x) => b.has(x.id) && m.has(x.moduleId)),
        columns: allColumns.filter((x) => c.has(x.id) && m.has(x.moduleId)),
      };
    },
  };
}

export type AuthRepo = ReturnType<typeof authRepo>;
