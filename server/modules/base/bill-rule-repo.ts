import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { billNumberBlocks, billRules } from '../../db/schema';
import { atVersion, keywordFilter, pageWindow, stateValue, updateVersioned, type StateChange } from '../../lib/records';
import type { ListQuery } from '../../../src/contracts/common';

export type BillRuleRecord = typeof billRules.$inferSelect;

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

/** The rule's own period key among `keys`, in SQL. */
const periodKeyOf = (keys: PeriodKeys) =>
  sql`(case ${billRules.resetPeriod} when 'day' then ${keys.day}::text when 'month' then ${keys.month}::text when 'year' then ${keys.year}::text else ''::text end)`;
/** Highest number ever handed out by the rule in period `key` (0: none). */
const lastInPeriod = (key: SQL | string) =>
  sql`coalesce((select max(b."last") from bill_number_blocks b where b.rule_id = bill_rules.id and b.period_key = ${key}), 0)`;

/** Bill rules and the numbers they handed out (bill_number_blocks). */
export function billRuleRepo(db: Db) {
  return {
    /** Runs `fn` in one transaction (a savepoint inside a request-wide one); repos join it. */
    transaction<T>(fn: () => Promise<T>): Promise<T> {
      return db.transaction(() => fn());
    },
    async billRules(q: ListQuery) {
      const where = keywordFilter(q.keyword, [billRules.fullName, billRules.enCode]);
      // Own keys only: `sidx=constructor` must not pick up Object.prototype.
      const column = (q.sidx && Object.hasOwn(billRuleSort, q.sidx) ? billRuleSort[q.sidx] : undefined) ?? billRules.sortCode;
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
    /**
     * Locks the rules `enCodes` until the transaction ends (takers of their numbers wait), always in
     * the order of their codes, so two transactions locking several rules cannot deadlock.
     */
    async lockBillRules(enCodes: readonly string[]) {
      if (!enCodes.length) return;
      await db.select({ id: billRules.id }).from(billRules).where(inArray(billRules.enCode, [...enCodes])).orderBy(asc(billRules.enCode)).for('update');
    },
    /** The block of `owner` recorded as rule/period/first..last exactly (null: none such). */
    async ownBillBlock(owner: { ruleId: string; periodKey: string; first: number; last: number; userId: string; deviceId: string }) {
      const rows = await db
        .select()
        .from(billNumberBlocks)
        .where(
          and(
            eq(billNumberBlocks.ruleId, owner.ruleId),
            eq(billNumberBlocks.periodKey, owner.periodKey),
            eq(billNumberBlocks.first, owner.first),
            eq(billNumberBlocks.last, owner.last),
            eq(billNumberBlocks.userId, owner.userId),
            eq(billNumberBlocks.deviceId, owner.deviceId),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },
    /**
     * Takes numbers from..last of a recorded block back (the block keeps first..from-1, or goes when
     * nothing of it is left) and sets the rule's sequence to from-1. Only for the rule's last numbers
     * (the caller checked, the rule row locked).
     */
    async takeBackTail(block: { ruleId: string; periodKey: string; first: number }, from: number) {
      const key = and(eq(billNumberBlocks.ruleId, block.ruleId), eq(billNumberBlocks.periodKey, block.periodKey), eq(billNumberBlocks.first, block.first));
      if (from === block.first) await db.delete(billNumberBlocks).where(key);
      else await db.update(billNumberBlocks).set({ last: from - 1 }).where(key);
      await db.update(billRules).set({ seq: from - 1 }).where(eq(billRules.id, block.ruleId));
    },
    /** Records numbers handed out; the primary key (rule, period, first) refuses a repeat. */
    async recordBillBlock(row: typeof billNumberBlocks.$inferInsert) {
      await db.insert(billNumberBlocks).values(row);
    },
  };
}
export type BillRuleRepo = ReturnType<typeof billRuleRepo>;
