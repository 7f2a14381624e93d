import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { areas } from '../../db/schema';
import { atVersion, chainUp, keywordFilter, stateValue, updateVersioned, type StateChange } from '../../lib/records';

export type AreaRecord = typeof areas.$inferSelect;

/** Most areas a keyword search answers. */
export const AREA_SEARCH_LIMIT = 200;

/** Managed areas: a tree by parentId ('-1' at the top), `type` being the level. */
export function areaRepo(db: Db) {
  /** Whether an area has children (only enabled ones with `enabledOnly`); the outer query reads `areas` unaliased. */
  const areaHasChildren = (enabledOnly: boolean) =>
    sql<boolean>`exists (select 1 from areas c where c.parent_id = areas.id${enabledOnly ? sql` and c.enabled` : sql``})`;
  const areaWithChildren = { ...getTableColumns(areas), hasChildren: areaHasChildren(false) };

  return {
    /** Runs `fn` in one transaction (a savepoint inside a request-wide one); repos join it. */
    transaction<T>(fn: () => Promise<T>): Promise<T> {
      return db.transaction(() => fn());
    },
    async areaChildren(parentId: string) {
      return db
        .select(areaWithChildren)
        .from(areas)
        .where(eq(areas.parentId, parentId))
        .orderBy(asc(areas.sortCode), asc(areas.createdAt), asc(areas.id));
    },
    async searchAreas(keyword: string) {
      return db
        .select(areaWithChildren)
        .from(areas)
        .where(keywordFilter(keyword, [areas.fullName, areas.enCode]))
        .orderBy(asc(areas.type), asc(areas.sortCode), asc(areas.enCode))
        .limit(AREA_SEARCH_LIMIT);
    },
    /** Enabled children of a parent, for lazy selectors: hasChildren counts enabled children only. */
    async enabledAreaChildren(parentId: string) {
      return db
        .select({ ...getTableColumns(areas), hasChildren: areaHasChildren(true) })
        .from(areas)
        .where(and(eq(areas.parentId, parentId), eq(areas.enabled, true)))
        .orderBy(asc(areas.sortCode), asc(areas.createdAt), asc(areas.id));
    },
    async area(id: string) {
      const rows = await db.select(areaWithChildren).from(areas).where(eq(areas.id, id)).limit(1);
      return rows[0] ?? null;
    },
    /** The new row, or null when the id is taken. A duplicate code throws (unique violation). */
    async insertArea(row: typeof areas.$inferInsert) {
      const rows = await db.insert(areas).values(row).onConflictDoNothing({ target: areas.id }).returning();
      return rows[0] ?? null;
    },
    updateArea(id: string, patch: Record<string, unknown>, baseVersion: number | undefined, current: () => Promise<unknown>) {
      return updateVersioned(db, areas, id, patch, baseVersion, current);
    },
    setAreaState(id: string, state: StateChange, baseVersion: number | undefined, current: () => Promise<unknown>) {
      return updateVersioned(db, areas, id, { enabled: stateValue(areas.enabled, state) }, baseVersion, current);
    },
    /** `id`, its parent, its parent's parent … up to the top level. */
    areaChain(id: string) {
      return chainUp(
        id,
        async (x) => (await db.select({ p: areas.parentId }).from(areas).where(eq(areas.id, x)).limit(1))[0]?.p ?? null,
        '-1',
      );
    },
    /** How many levels lie under `id` (0: none), counted down to `cap` at most, one level per statement. */
    async areaLevelsBelow(id: string, cap: number) {
      let parents = [id];
      let levels = 0;
      while (levels < cap) {
        const rows = await db.select({ id: areas.id }).from(areas).where(inArray(areas.parentId, parents));
        if (!rows.length) break;
        levels++;
        parents = rows.map((r) => r.id);
      }
      return levels;
    },
    /** Moves the levels (`type`) of everything under `id` by `delta`, one tree level per statement. */
    async shiftAreaLevels(id: string, delta: number) {
      let parents = [id];
      const seen = new Set(parents);
      while (parents.length) {
        const rows = await db
          .update(areas)
          .set({ type: sql`${areas.type} + ${delta}`, updatedAt: new Date() })
          .where(inArray(areas.parentId, parents))
          .returning({ id: areas.id });
        parents = rows.map((r) => r.id).filter((x) => !seen.has(x));
        for (const p of parents) seen.add(p);
      }
    },
    /** Deletes an area without children (at `baseVersion` when given), checked in the statement. */
    async deleteArea(id: string, baseVersion?: number) {
      const rows = await db
        .delete(areas)
        .where(and(eq(areas.id, id), atVersion(areas.version, baseVersion), sql`not exists (select 1 from areas c where c.parent_id = ${id})`))
        .returning({ id: areas.id });
      return rows.length > 0;
    },
  };
}
export type AreaRepo = ReturnType<typeof areaRepo>;
