import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizes, positions, users } from '../../db/schema';
import { insertOnce, keywordFilter, pageWindow, sortBy, updateVersioned } from '../../lib/records';
import type { ListQuery } from '../../../src/contracts/common';
import type { SortField } from '../../../src/contracts/list-sort';

type PositionInsert = typeof positions.$inferInsert;

/** The position list's sort fields (`sidx`, src/contracts/list-sort.ts) and their columns. */
const positionSort: Record<SortField<'positions'>, SQL> = {
  fullName: sql`${positions.fullName}`,
  enCode: sql`${positions.enCode}`,
  type: sql`${positions.type}`,
  enabledMark: sql`${positions.enabled}`,
  sortCode: sql`${positions.sortCode}`,
  creatorTime: sql`${positions.createdAt}`,
};

/** Positions, each with the name of the company or department it belongs to. */
export function positionRepo(db: Db) {
  const withOrganize = () =>
    db.select({ position: positions, organizeName: organizes.fullName }).from(positions).leftJoin(organizes, eq(organizes.id, positions.organizeId));
  return {
    async positionPage(q: ListQuery, organizeIds: string[] | undefined) {
      const where = and(
        keywordFilter(q.keyword, [positions.fullName, positions.enCode]),
        organizeIds ? inArray(positions.organizeId, organizeIds) : undefined,
      );
      const { limit, offset } = pageWindow(q);
      const [rows, total] = await Promise.all([
        withOrganize().where(where).orderBy(...sortBy(positionSort, q), asc(positions.sortCode), asc(positions.enCode)).limit(limit).offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(positions).where(where),
      ]);
      return { rows, total: total[0]?.n ?? 0 };
    },
    async positions(enabledOnly: boolean) {
      return withOrganize()
        .where(enabledOnly ? eq(positions.enabled, true) : undefined)
        .orderBy(asc(positions.sortCode), asc(positions.enCode));
    },
    async position(id: string) {
      const rows = await withOrganize().where(eq(positions.id, id)).limit(1);
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
  };
}
export type PositionRepo = ReturnType<typeof positionRepo>;
