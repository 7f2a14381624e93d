import type { z } from 'zod';
import {
  billDatePart,
  billPeriodKey,
  formatBillNumber,
  type BillDateFormat,
  type BillNumberBlock,
  type BillReleaseBlock,
  type BillReleaseResult,
  type BillResetPeriod,
  type BillRuleOption,
  type BillRuleRow,
  type billRuleBodySchema,
} from '../../../src/contracts/base';
import { Code } from '../../../src/contracts/codes';
import type { ListQuery, Paged } from '../../../src/contracts/common';
import { ApiError, badRequest, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { enabledMark, paged, removeRow, uniqueOr, type StateChange } from '../../lib/records';
import type { BillRuleRecord, BillRuleRepo, PeriodKeys } from './bill-rule-repo';

type BillRuleInput = z.output<typeof billRuleBodySchema>;

/** Attempts at taking numbers while this server's clock is behind the rule's stored period. */
const CLOCK_RETRIES = 10;
const CLOCK_RETRY_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function billKeys(now: Date): PeriodKeys {
  return { day: billPeriodKey('day', now), month: billPeriodKey('month', now), year: billPeriodKey('year', now) };
}

function billRuleRow(r: BillRuleRecord, now: Date): BillRuleRow {
  const reset = r.resetPeriod as BillResetPeriod;
  const format = r.dateFormat as BillDateFormat;
  const inPeriod = r.periodKey === billPeriodKey(reset, now);
  const next = (inPeriod ? Math.max(r.seq, r.startNumber - 1) : r.startNumber - 1) + 1;
  return {
    id: r.id,
    fullName: r.fullName,
    enCode: r.enCode,
    prefix: r.prefix,
    dateFormat: format,
    digit: r.digit,
    startNumber: r.startNumber,
    resetPeriod: reset,
    outputNumber: inPeriod ? r.seq : 0,
    example: formatBillNumber(r.prefix, billDatePart(format, now), next, r.digit),
    description: r.description,
    sortCode: r.sortCode,
    enabledMark: enabledMark(r.enabled),
    creatorTime: r.createdAt.toISOString(),
    version: r.version,
  };
}

const billRuleFields = (b: BillRuleInput) => ({
  fullName: b.fullName,
  enCode: b.enCode,
  prefix: b.prefix,
  dateFormat: b.dateFormat,
  digit: b.digit,
  startNumber: b.startNumber,
  resetPeriod: b.resetPeriod,
  description: b.description ?? null,
  sortCode: b.sortCode,
  enabled: b.enabledMark === 1,
});

/** Bill rules (spec 7.5 BillRule) and the numbers they generate, one at a time or in offline blocks. */
export function billRuleService(repo: BillRuleRepo) {
  async function billRuleInfo(id: string): Promise<BillRuleRow> {
    const row = await repo.billRule(id);
    if (!row) throw notFound();
    return billRuleRow(row, new Date());
  }

  /**
   * Takes `count` numbers of the rule `enCode` for `userId` and records them. The take and the
   * record share a transaction, so what bill_number_blocks holds is exactly what was handed out.
   */
  async function take(enCode: string, count: number, userId: string, deviceId: string): Promise<BillNumberBlock> {
    for (let attempt = 0; attempt < CLOCK_RETRIES; attempt++) {
      const now = new Date();
      const block = await repo.transaction(async () => {
        const taken = await repo.takeBillNumbers(enCode, count, billKeys(now));
        if (!taken) return null;
        const first = taken.seq - count + 1;
        await repo.recordBillBlock({ ruleId: taken.id, periodKey: taken.periodKey, first, last: taken.seq, userId, deviceId });
        return {
          enCode: taken.enCode,
          prefix: taken.prefix,
          datePart: billDatePart(taken.dateFormat as BillDateFormat, now),
          digit: taken.digit,
          periodKey: taken.periodKey,
          first,
          last: taken.seq,
        };
      });
      if (block) return block;
      const rule = await repo.billRuleByCode(enCode);
      if (!rule || !rule.enabled) throw badRequest('单据规则不存在或已停用');
      // Enabled but nothing taken: the rule is already in a later period than this clock says
      // (a concurrent taker crossed midnight first). Ask again with a fresh clock.
      await sleep(CLOCK_RETRY_MS);
    }
    throw new ApiError(Code.SERVER_ERROR, 500, '服务器错误，请稍后重试');
  }

  return {
    async billRuleList(q: ListQuery): Promise<Paged<BillRuleRow>> {
      const { rows, total } = await repo.billRules(q);
      const now = new Date();
      return paged(
        rows.map((r) => billRuleRow(r, now)),
        q,
        total,
      );
    },
    async billRuleSelector(): Promise<BillRuleOption[]> {
      return repo.enabledBillRules();
    },
    billRuleInfo,
    async createBillRule(body: BillRuleInput): Promise<BillRuleRow> {
      const row = await uniqueOr(() => repo.insertBillRule({ id: body.id ?? newId(), ...billRuleFields(body) }));
      if (!row) throw badRequest('记录已存在');
      return billRuleRow(row, new Date());
    },
    /** Saves a rule; the sequence carries on (prefix, date format or width changes keep it). */
    async updateBillRule(id: string, body: BillRuleInput, baseVersion?: number): Promise<BillRuleRow> {
      await repo.updateBillRule(id, billRuleFields(body), billKeys(new Date()), baseVersion, () => billRuleInfo(id));
      return billRuleInfo(id);
    },
    async setBillRuleState(id: string, state: StateChange, baseVersion?: number): Promise<BillRuleRow> {
      await repo.setBillRuleState(id, state, baseVersion, () => billRuleInfo(id));
      return billRuleInfo(id);
    },
    /** Deleting a rule that handed out numbers would let a new rule of the same code repeat them. */
    async deleteBillRule(id: string, baseVersion?: number) {
      await removeRow(
        () => repo.billRule(id),
        () => repo.billRuleUsed(id),
        '该单据规则已被使用，不能删除',
        () => repo.deleteUnusedBillRule(id, baseVersion),
        (r) => billRuleRow(r, new Date()),
      );
    },
    /** The next number of an enabled rule. */
    async billNumber(enCode: string, userId: string): Promise<string> {
      const b = await take(enCode, 1, userId, '');
      return formatBillNumber(b.prefix, b.datePart, b.first, b.digit);
    },
    /** A block of numbers for one device to use offline. */
    reserveBillNumbers(enCode: string, count: number, userId: string, deviceId: string): Promise<BillNumberBlock> {
      return take(enCode, count, userId, deviceId);
    },
    /**
     * A device hands back the unused numbers (from..last) of blocks it reserved. The device says
     * which numbers it did not use; the server trusts nothing else: only blocks recorded exactly so
     * for this user and device count, and numbers go back to the rule only when they are the last
     * ones the rule handed out in its current period (then the sequence steps back and hands them
     * out again). Any other numbers stay recorded as the device's and are never handed out again
     * (gaps): reusing them would need to know that nobody else's numbers lie above them. Newest
     * blocks first, so a device's consecutive blocks at the end all go back. One transaction.
     */
    releaseBillNumbers(blocks: readonly BillReleaseBlock[], userId: string, deviceId: string): Promise<BillReleaseResult> {
      const ordered = [...blocks].sort((a, b) => b.from - a.from);
      return repo.transaction(async () => {
        await repo.lockBillRules([...new Set(blocks.map((b) => b.enCode))]);
        const result: BillReleaseResult = { returned: 0, kept: 0 };
        for (const b of ordered) {
          const rule = await repo.billRuleByCode(b.enCode);
          if (!rule) continue;
          const own = await repo.ownBillBlock({ ruleId: rule.id, periodKey: b.periodKey, first: b.first, last: b.last, userId, deviceId });
          if (!own) continue;
          const count = b.last - b.from + 1;
          if (rule.periodKey === b.periodKey && rule.seq === b.last) {
            await repo.takeBackTail(own, b.from);
            result.returned += count;
          } else {
            result.kept += count;
          }
        }
        return result;
      });
    },
  };
}
export type BillRuleService = ReturnType<typeof billRuleService>;
