import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { loginLogs, organizes, positions, roles, userRoles, users } from '../../db/schema';

export function profileRepo(db: Db) {
  return {
    /**
     * A user with the names BaseInfo shows (organisation, department, position, manager, enabled
     * roles), in one query: it runs on every profile read and after every profile write.
     */
    async userWithNames(id: string) {
      const org = alias(organizes, 'org');
      const dept = alias(organizes, 'dept');
      const manager = alias(users, 'manager');
      const rows = await db
        .select({
          user: users,
          organizeName: org.fullName,
          departmentName: dept.fullName,
          positionName: positions.fullName,
          managerName: manager.realName,
          roleName: sql<string | null>`(select string_agg(${roles.fullName}, ',' order by ${roles.createdAt}, ${roles.fullName}) from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${users.id} and ${roles.enabled})`,
        })
        .from(users)
        .leftJoin(org, eq(org.id, users.organizeId))
        .leftJoin(dept, eq(dept.id, users.departmentId))
        .leftJoin(positions, eq(positions.id, users.positionId))
        .leftJoin(manager, eq(manager.id, users.managerId))
        .where(eq(users.id, id))
        .limit(1);
      return rows[0] ?? null;
    },
    async user(id: string) {
      const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0] ?? null;
    },
    /** Settings outside BaseInfo (theme, language, password): last writer wins, version unchanged. */
    async update(id: string, patch: Partial<typeof users.$inferInsert>) {
      await db.update(users).set({ ...patch, updatedAt: new Date() }).where(eq(users.id, id));
    },
    /**
     * A change to what BaseInfo shows: version + 1. With `baseVersion`, only when the row is still
     * at that version (checked and changed in one statement). The new version, or null when the
     * row has moved on (or is gone).
     */
    async updateVersioned(id: string, patch: Partial<typeof users.$inferInsert>, baseVersion?: number) {
      const rows = await db
        .update(users)
        .set({ ...patch, updatedAt: new Date(), version: sql`${users.version} + 1` })
        .where(and(eq(users.id, id), baseVersion === undefined ? undefined : eq(users.version, baseVersion)))
        .returning({ version: users.version });
      return rows[0]?.version ?? null;
    },
    async loginLogs(userId: string, page: number, pageSize: number) {
      const where = and(eq(loginLogs.userId, userId), ne(loginLogs.platform, 'unlock'));
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(loginLogs)
          .where(where)
          .orderBy(desc(loginLogs.createdAt))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: sql<number>`count(*)::int` }).from(loginLogs).where(where),
      ]);
      return { rows, total: total[0]?.n ?? 0 };
    },
    async subordinates(managerId: string) {
      return db.select().from(users).where(and(eq(users.managerId, managerId), eq(users.enabled, true))).orderBy(users.account);
    },
    async orgNames(ids: string[]) {
      const unique = [...new Set(ids.filter(Boolean))];
      if (!unique.length) return new Map<string, string>();
      const [o, p] = await Promise.all([
        db.select({ id: organizes.id, name: organizes.fullName }).from(organizes).where(inArray(organizes.id, unique)),
        db.select({ id: positions.id, name: positions.fullName }).from(positions).where(inArray(positions.id, unique)),
      ]);
      return new Map([...o, ...p].map((r) => [r.id, r.name]));
    },
  };
}
export type ProfileRepo = ReturnType<typeof profileRepo>;
