import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginLogs, modules, organizes, users } from '../../db/schema';

/** The figures of the org-overview board: counted live, the directory is small. */
export function datavRepo(db: Db) {
  return {
    /** Enabled staff per department, in the departments' order. */
    async staffByDepartment() {
      return db
        .select({ name: organizes.fullName, count: sql<number>`count(${users.id})::int` })
        .from(organizes)
        .leftJoin(users, and(eq(users.departmentId, organizes.id), eq(users.enabled, true)))
        .where(eq(organizes.category, 'department'))
        .groupBy(organizes.id, organizes.fullName, organizes.sortCode)
        .orderBy(organizes.sortCode);
    },
    /** Successful sign-ins (unlocks left out) per day since `since`. */
    async signInsPerDay(since: Date) {
      return db
        .select({ day: sql<string>`to_char(${loginLogs.createdAt}, 'YYYY-MM-DD')`, count: sql<number>`count(*)::int` })
        .from(loginLogs)
        .where(and(eq(loginLogs.success, true), gt(loginLogs.createdAt, since), sql`${loginLogs.platform} <> 'unlock'`))
        .groupBy(sql`1`)
        .orderBy(sql`1`);
    },
    async enabledStaff() {
      const totals = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.enabled, true));
      return totals[0]?.n ?? 0;
    },
    async moduleName(id: string) {
      const mod = await db.select({ fullName: modules.fullName }).from(modules).where(eq(modules.id, id));
      return mod[0]?.fullName ?? '';
    },
  };
}
export type DatavRepo = ReturnType<typeof datavRepo>;
