import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dictionaryData, dictionaryTypes } from '../../db/schema';
import { atVersion, chainUp, keywordFilter, sortBy, stateValue, updateVersioned, type StateChange } from '../../lib/records';
import type { SortField } from '../../../src/contracts/list-sort';

export type DictionaryTypeRecord = typeof dictionaryTypes.$inferSelect;
export type DictionaryDataRecord = typeof dictionaryData.$inferSelect;

/** The dictionary data list's sort fields (`sidx`, src/contracts/list-sort.ts) and their columns. */
const dictionaryDataSort: Record<SortField<'dictionaryData'>, SQL> = {
  fullName: sql`${dictionaryData.fullName}`,
  enCode: sql`${dictionaryData.enCode}`,
  enabledMark: sql`${dictionaryData.enabled}`,
  sortCode: sql`${dictionaryData.sortCode}`,
  creatorTime: sql`${dictionaryData.createdAt}`,
};

/** Dictionary types (a tree of categories and types) and their data (items, a tree per tree type). */
export function dictionaryRepo(db: Db) {
  return {
    // ---- types ---------------------------------------------------------------------------------
    async dictionaryTypes(keyword = '') {
      return db
        .select()
        .from(dictionaryTypes)
        .where(keywordFilter(keyword, [dictionaryTypes.fullName, dictionaryTypes.enCode]))
        .orderBy(asc(dictionaryTypes.sortCode), asc(dictionaryTypes.createdAt), asc(dictionaryTypes.id));
    },
    async dictionaryType(id: string) {
      const rows = await db.select().from(dictionaryTypes).where(eq(dictionaryTypes.id, id)).limit(1);
      return rows[0] ?? null;
    },
    /** A type by id, or else by code (form controls name types by code, e.g. `sex`). */
    async dictionaryTypeByIdOrCode(value: string) {
      const rows = await db
        .select()
        .from(dictionaryTypes)
        .where(or(eq(dictionaryTypes.id, value), eq(dictionaryTypes.enCode, value)))
        .limit(2);
      return rows.find((r) => r.id === value) ?? rows[0] ?? null;
    },
    async insertDictionaryType(row: typeof dictionaryTypes.$inferInsert) {
      const rows = await db.insert(dictionaryTypes).values(row).onConflictDoNothing({ target: dictionaryTypes.id }).returning();
      return rows[0] ?? null;
    },
    updateDictionaryType(id: string, patch: Record<string, unknown>, baseVersion: number | undefined, current: () => Promise<unknown>) {
      return updateVersioned(db, dictionaryTypes, id, patch, baseVersion, current);
    },
    dictionaryTypeChain(id: string) {
      return chainUp(
        id,
        async (x) => (await db.select({ p: dictionaryTypes.parentId }).from(dictionaryTypes).where(eq(dictionaryTypes.id, x)).limit(1))[0]?.p ?? null,
        '-1',
      );
    },
    async dictionaryTypeHasChildren(id: string) {
      const rows = await db.select({ id: dictionaryTypes.id }).from(dictionaryTypes).where(eq(dictionaryTypes.parentId, id)).limit(1);
      return rows.length > 0;
    },
    /** Whether a type has data or child types. */
    async dictionaryTypeInUse(id: string) {
      const [data, child] = await Promise.all([
        db.select({ id: dictionaryData.id }).from(dictionaryData).where(eq(dictionaryData.dictionaryTypeId, id)).limit(1),
        db.select({ id: dictionaryTypes.id }).from(dictionaryTypes).where(eq(dictionaryTypes.parentId, id)).limit(1),
      ]);
      return data.length > 0 || child.length > 0;
    },
    /** Deletes a type without data or child types (at `baseVersion` when given), checked in the statement. */
    async deleteDictionaryType(id: string, baseVersion?: number) {
      const rows = await db
        .delete(dictionaryTypes)
        .where(
          and(
            eq(dictionaryTypes.id, id),
            atVersion(dictionaryTypes.version, baseVersion),
            sql`not exists (select 1 from dictionary_data d where d.dictionary_type_id = ${id})`,
            sql`not exists (select 1 from dictionary_types t where t.parent_id = ${id})`,
          ),
        )
        .returning({ id: dictionaryTypes.id });
      return rows.length > 0;
    },

    // ---- data ----------------------------------------------------------------------------------
    /** Data of one type (or of every type), in display order. */
    async dictionaryData(typeId?: string, keyword = '', order: { sidx?: string; sort?: 'asc' | 'desc' } = {}) {
      return db
        .select()
        .from(dictionaryData)
        .where(and(typeId ? eq(dictionaryData.dictionaryTypeId, typeId) : undefined, keywordFilter(keyword, [dictionaryData.fullName, dictionaryData.enCode])))
        .orderBy(...sortBy(dictionaryDataSort, order), asc(dictionaryData.sortCode), asc(dictionaryData.createdAt), asc(dictionaryData.id));
    },
    async dictionaryItem(id: string) {
      const rows = await db.select().from(dictionaryData).where(eq(dictionaryData.id, id)).limit(1);
      return rows[0] ?? null;
    },
    /** Whether the item has child items. */
    async dictionaryItemHasChildren(id: string) {
      const rows = await db.select({ id: dictionaryData.id }).from(dictionaryData).where(eq(dictionaryData.parentId, id)).limit(1);
      return rows.length > 0;
    },
    async insertDictionaryItem(row: typeof dictionaryData.$inferInsert) {
      const rows = await db.insert(dictionaryData).values(row).onConflictDoNothing({ target: dictionaryData.id }).returning();
      return rows[0] ?? null;
    },
    updateDictionaryItem(id: string, patch: Record<string, unknown>, baseVersion: number | undefined, current: () => Promise<unknown>) {
      return updateVersioned(db, dictionaryData, id, patch, baseVersion, current);
    },
    setDictionaryItemState(id: string, state: StateChange, baseVersion: number | undefined, current: () => Promise<unknown>) {
      return updateVersioned(db, dictionaryData, id, { enabled: stateValue(dictionaryData.enabled, state) }, baseVersion, current);
    },
    dictionaryItemChain(id: string) {
      return chainUp(
        id,
        async (x) => (await db.select({ p: dictionaryData.parentId }).from(dictionaryData).where(eq(dictionaryData.id, x)).limit(1))[0]?.p ?? null,
        '0',
      );
    },
    /** Deletes an item without children (at `baseVersion` when given), checked in the statement. */
    async deleteDictionaryItem(id: string, baseVersion?: number) {
      const rows = await db
        .delete(dictionaryData)
        .where(and(eq(dictionaryData.id, id), atVersion(dictionaryData.version, baseVersion), sql`not exists (select 1 from dictionary_data c where c.parent_id = ${id})`))
        .returning({ id: dictionaryData.id });
      return rows.length > 0;
    },
  };
}
export type DictionaryRepo = ReturnType<typeof dictionaryRepo>;
