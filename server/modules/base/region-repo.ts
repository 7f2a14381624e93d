import { and, asc, eq } from 'drizzle-orm';
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
  };
}
export type RegionRepo = ReturnType<typeof regionRepo>;
