import { BUSINESS_TIME_ZONE } from './limits';

/**
 * The values of base data (spec 7.5) that the client's stores need when the shell starts: roots of
 * the trees, the bill-number rules and their formatting. Apart from the schemas in base.ts (which
 * re-exports these) so the shell's first load does not carry zod.
 */

/** Root of the lazy trees (areas, regions): parentId of the top level (spec 7.5 "-1 for the root"). */
export const ROOT_PARENT = '-1';
/** Parent of top-level dictionary data. */
export const DICTIONARY_ROOT = '0';

// ---- Bill numbers ------------------------------------------------------------------------------

export const BILL_DATE_FORMATS = ['', 'YYYY', 'YYYYMM', 'YYYYMMDD', 'YYMMDD'] as const;
export type BillDateFormat = (typeof BILL_DATE_FORMATS)[number];
export const BILL_RESET_PERIODS = ['never', 'year', 'month', 'day'] as const;
export type BillResetPeriod = (typeof BILL_RESET_PERIODS)[number];
/** Largest block a device may reserve at once for offline use. */
export const BILL_BLOCK_MAX = 100;
/** Most blocks one hand-back may name (a device holds a few per rule). */
export const BILL_RELEASE_MAX = 200;
/**
 * The menu module (enCode) whose grant lets a user reserve numbers for offline use: today the
 * 单据规则 screen is the only one that takes numbers (取号), so its grant is what "may use the
 * rules" means (docs/offline-sync.md, bill numbers).
 */
export const BILL_RULE_MODULE = 'system.billRule';

/** Year, month and day of a moment in the business time zone (bill numbers follow the stores' calendar). */
function businessDate(date: Date): { y: string; m: string; d: string } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(date);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return { y: get('year'), m: get('month'), d: get('day') };
}

/** The period a date falls in, for a reset period ('' for never). */
export function billPeriodKey(reset: BillResetPeriod, date: Date): string {
  const { y, m, d } = businessDate(date);
  switch (reset) {
    case 'year':
      return y;
    case 'month':
      return y + m;
    case 'day':
      return y + m + d;
    default:
      return '';
  }
}

/** The date part of a bill number. */
export function billDatePart(format: BillDateFormat, date: Date): string {
  const { y, m, d } = businessDate(date);
  switch (format) {
    case 'YYYY':
      return y;
    case 'YYYYMM':
      return y + m;
    case 'YYYYMMDD':
      return y + m + d;
    case 'YYMMDD':
      return y.slice(2) + m + d;
    default:
      return '';
  }
}

/** prefix + date part + sequence zero-padded to `digit` (wider when the sequence outgrows it). */
export function formatBillNumber(prefix: string, datePart: string, seq: number, digit: number): string {
  return `${prefix}${datePart}${String(seq).padStart(digit, '0')}`;
}
