import { and, asc, desc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { areas, billNumberBlocks, billRules, dictionaryData, dictionaryTypes, regions } from '../../db/schema';
import { keywordFilter, pageWindow, updateVersioned } from '../../lib/records';
import type { ListQuery } from '../../../src/contracts/common';

export type AreaRecord = typeof areas.$inferSelect;
export type DictionaryTypeRecord = typeof dictionaryTypes.$inferSelect;
export type DictionaryDataRecord = typeof dictionaryData.$inferSelect;
export type BillRuleRecord = typeof billRules.$inferSelect;

/** Deepest parent chain walked when checking a move (real trees are a handful of levels deep). */
const MAX_DEPTH = 64;
/** Most areas a keyword search answers. */
export const AREA_SEARCH_LIMIT = 200;

/** PUT …/Actions/State: 0/1 sets, absent toggles. */
export type StateChange = 0 | 1 | undefined;
/** `enabled` after a state action: the given state, or the opposite of the stored one (read in the statement). */
const stateValue = (column: PgColumn, state: StateChange) => (state === undefined ? sql`not ${column}` : state === 1);

/** The row is still at the version the client based its write on (no condition without one). */
const atVersion = (column: PgColumn, baseVersion: number | undefined) => (baseVersion === undefined ? undefined : eq(column, baseVersion));

/** Period keys of one moment for every reset period; the statement picks the rule's own. */
export interface PeriodKeys {
  day: string;
  month: string;
  year: string;
}

/** Sortable columns of the bill-rule list (`sidx`); anything else sorts by sortCode. */
const billRuleSort: Record<string, PgColumn> = {
  fullName: billRules.fullName,
  enCode: billRules.enCode,
  sortCode: billRules.sortCode,
  creatorTime: billRules.createdAt,
  enabledMark: billRules.enabled,
};

export function baseRepo(db: Db) {
  /** Whether an area has children (only enabled ones with `enabledOnly`); the outer query reads `areas` unaliased. */
  const areaHasChildren = (enabledOnly: boolean) =>
    sql<boolean>`exists (select 1 from areas c where c.parent_id = areas.id${enabledOnly ? sql` and c.enabled` : sql``})`;
  const areaWithChildren = { ...getTableColumns(areas), hasChildren: areaHasChildren(false) };

  /** Ids from `startId` up to the root through `parentOf` (cycle- and depth-safe). */
  async function chainUp(startId: string, parentOf: (id: string) => Promise<string | null>, root: string) {
    const chain: string[] = [];
    let id: string | null = startId;
    while (id && id !== root && !chain.includes(id) && chain.length < MAX_DEPTH) {
      chain.push(id);
      id = await parentOf(id);
    }
    return chain;
  }

  /** The rule's own period key among `keys`, in SQL. */
  const periodKeyOf = (keys: PeriodKeys) =>
    sql`(case ${billRules.resetPeriod} when 'day' then ${keys.day}::text when 'month' then ${keys.month}::text when 'year' then ${keys.year}::text else ''::text end)`;
  /** Highest number ever handed out by the rule in period `key` (0: none). */
  const lastInPeriod = (key: SQL | string) =>
    sql`coalesce((select max(b."last") from bill_number_blocks b where b.rule_id = bill_rules.id and b.period_key = ${key}), 0)`;

  return {
    /** Runs `fn` in one transaction (a savepoint inside a request-wide one); repos join it. */
    transaction<T>(fn: () => Promise<T>): Promise<T> {
      return db.transaction(() => fn());
    },

    // ---- areas --------------------------------------------------------------------------------
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

    // ---- dictionary types ---------------------------------------------------------------------
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

    // ---- dictionary data ----------------------------------------------------------------------
    /** Data of one type (or of every type), in display order. */
    async dictionaryData(typeId?: string, keyword = '') {
      return db
        .select()
        .from(dictionaryData)
        .where(and(typeId ? eq(dictionaryData.dictionaryTypeId, typeId) : undefined, keywordFilter(keyword, [dictionaryData.fullName, dictionaryData.enCode])))
        .orderBy(asc(dictionaryData.sortCode), asc(dictionaryData.createdAt), asc(dictionaryData.id));
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

    // ---- bill rules ---------------------------------------------------------------------------
    async billRules(q: ListQuery) {
      const where = keywordFilter(q.keyword, [billRules.fullName, billRules.enCode]);
      const column = (q.sidx && billRuleSort[q.sidx]) || billRules.sortCode;
      const dir = q.sort === 'desc' ? desc : asc;
      const { limit, offset } = pageWindow(q);
      const [rows, total] = await Promise.all([
        db.select().from(billRules).where(where).orderBy(dir(column), asc(billRules.createdAt), asc(billRules.id)).limit(limit).offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(billRules).where(where),
      ]);
      return { rows, total: total[0]?.n ?? 0 };
    },
    async enabledBillRules() {
      return db
        .select({ id: billRules.id, enCode: billRules.enCode, fullName: billRules.fullName })
        .from(billRules)
        .where(eq(billRules.enabled, true))
        .orderBy(asc(billRules.sortCode), asc(billRules.createdAt), asc(billRules.id));
    },
    async billRule(id: string) {
      const rows = await db.select().from(billRules).where(eq(billRules.id, id)).limit(1);
      return rows[0] ?? null;
    },
    async billRuleByCode(enCode: string) {
      const rows = await db.select().from(billRules).where(eq(billRules.enCode, enCode)).limit(1);
      return rows[0] ?? null;
    },
    async insertBillRule(row: typeof billRules.$inferInsert) {
      const rows = await db.insert(billRules).values(row).onConflictDoNothing({ target: billRules.id }).returning();
      return rows[0] ?? null;
    },
    /**
     * Saves a rule. The sequence stays; when the reset period changes, the stored period becomes
     * the new period's key of `keys` (set in the same statement as the period itself), and the
     * sequence never goes below what was handed out in that period before.
     */
    updateBillRule(
      id: string,
      patch: Record<string, unknown> & { resetPeriod: string },
      keys: PeriodKeys,
      baseVersion: number | undefined,
      current: () => Promise<unknown>,
    ) {
      const next = sql`(case ${patch.resetPeriod}::text when 'day' then ${keys.day}::text when 'month' then ${keys.month}::text when 'year' then ${keys.year}::text else ''::text end)`;
      const same = sql`${billRules.resetPeriod} = ${patch.resetPeriod}::text`;
      return updateVersioned(
        db,
        billRules,
        id,
        {
          ...patch,
          periodKey: sql`case when ${same} then ${billRules.periodKey} else ${next} end`,
          seq: sql`case when ${same} then ${billRules.seq} else greatest(${billRules.seq}, ${lastInPeriod(next)}) end`,
        },
        baseVersion,
        current,
      );
    },
    setBillRuleState(id: string, state: StateChange, baseVersion: number | undefined, current: () => Promise<unknown>) {
      return updateVersioned(db, billRules, id, { enabled: stateValue(billRules.enabled, state) }, baseVersion, current);
    },
    /** Deletes a rule that never handed out a number (none recorded; at `baseVersion` when given). */
    async deleteUnusedBillRule(id: string, baseVersion?: number) {
      const rows = await db
        .delete(billRules)
        .where(and(eq(billRules.id, id), atVersion(billRules.version, baseVersion), sql`not exists (select 1 from bill_number_blocks b where b.rule_id = ${id})`))
        .returning({ id: billRules.id });
      return rows.length > 0;
    },
    /**
     * Takes the next `count` numbers of an enabled rule in ONE statement: the row lock makes
     * concurrent takers queue, each sees the sequence its predecessor left. In the rule's current
     * period the sequence continues (never below startNumber - 1); in a newer period it starts
     * again at startNumber (above anything already handed out in that period). A taker whose clock
     * is behind the stored period changes nothing (null: ask again with a fresh clock), so the
     * sequence never goes back to an older period. Null also for an unknown or disabled rule.
     */
    async takeBillNumbers(enCode: string, count: number, keys: PeriodKeys) {
      const key = periodKeyOf(keys);
      const rows = await db
        .update(billRules)
        .set({
          seq: sql`case when ${billRules.periodKey} = ${key}
            then greatest(${billRules.seq}, ${billRules.startNumber} - 1) + ${count}::bigint
            else greatest(${billRules.startNumber} - 1, ${lastInPeriod(key)}) + ${count}::bigint end`,
          periodKey: key,
        })
        .where(and(eq(billRules.enCode, enCode), eq(billRules.enabled, true), sql`${billRules.periodKey} collate "C" <= ${key} collate "C"`))
        .returning({
          id: billRules.id,
          enCode: billRules.enCode,
          seq: billRules.seq,
          periodKey: billRules.periodKey,
          prefix: billRules.prefix,
          dateFormat: billRules.dateFormat,
          digit: billRules.digit,
        });
      return rows[0] ?? null;
    },
    /** Whether a rule has handed out numbers (any recorded). */
    async billRuleUsed(id: string) {
      const rows = await db.select({ id: billNumberBlocks.ruleId }).from(billNumberBlocks).where(eq(billNumberBlocks.ruleId, id)).limit(1);
      return rows.length > 0;
    },
    /** Records numbers handed out; the primary key (rule, period, first) refuses a repeat. */
    async recordBillBlock(row: typeof billNumberBlocks.$inferInsert) {
      await db.insert(billNumberBlocks).values(row);
    },

    // ---- regions ------------------------------------------------------------------------------
    async regions(parentId: string, grade: number) {
      return db
        .select({ id: regions.id, name: regions.name, leaf: regions.leaf, grade: regions.grade, parentId: regions.parentId })
        .from(regions)
        .where(and(eq(regions.parentId, parentId), eq(regions.grade, grade)))
        .orderBy(asc(regions.sortCode), asc(regions.id));
    },
  };
}
export type BaseRepo = ReturnType<typeof baseRepo>;
