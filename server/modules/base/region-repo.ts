import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { regions } from '../../db/schema';

/** Administrative divisions (read-only, seeded from a division package). */
export function regionRepo(db: Db) {
  return {
    async regions(parentId: string, grade: number) {
      return db
        .select({ id: regions.id, name: regions.name, leaf: regions.leaf, grade: regions.grade, parentId: regions.parentId })
        .from(regions)
        .where(and(eq(regions.parentId, parentId), eq(regions.grade, grade)))
        .orderBy(asc(regions.sortCode), asc(regions.id));
    },
    /** The names of some regions by id (unknown ids are left out). */
    async names(ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: regions.id, name: regions.name }).from(regions).where(inArray(regions.id, [...new Set(ids)]));
      return new Map(rows.map((r) => [r.id, r.name]));
    },
  };
}
export type RegionRepo = ReturnType<typeof regionRepo>;
