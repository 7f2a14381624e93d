import { asc, eq, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { organizes, positions, users } from '../../db/schema';
import { insertOnce, updateVersioned } from '../../lib/records';

type OrganizeInsert = typeof organizes.$inferInsert;

/** Companies and departments (one table, told apart by `category`). */
export function organizeRepo(db: Db) {
  const manager = alias(users, 'manager');
  return {
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
  };
}
export type OrganizeRepo = ReturnType<typeof organizeRepo>;
