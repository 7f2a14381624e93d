import { t } from '@lingui/core/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import { ulid } from 'ulid';
import { fillPath } from '@/contracts/api-path';
import { BILL_BLOCK_MAX, billDatePart, billPeriodKey, formatBillNumber, type BillDateFormat, type BillNumberBlock, type BillResetPeriod } from '@/contracts/base';
import { basePaths } from '@/contracts/base-paths';
import { NetworkError } from '@/lib/errors';
import { request } from '@/lib/http';
import { network } from '@/lib/network';
import { storage } from '@/lib/storage';
import { currentUserDb, syncStatus } from '@/lib/sync/engine';
import type { UserDb } from '@/lib/sync/user-db';
import { billRuleOptions } from './data';

/**
 * Bill numbers that also work offline. Online a number comes from the server (POST BillNumber).
 * While online this device also reserves small blocks of numbers per enabled rule (POST …/Reserve,
 * recorded on the server for this user and device, so nobody else gets them); offline a number is
 * the next unused one of such a block, marked used in the same Dexie transaction that reads it, so
 * no number is handed out twice (not by two tabs either: IndexedDB serializes the transactions).
 */

/** Where this device's reserved blocks live in the user's database (`kv`). */
export const BILL_BLOCKS_KEY = 'base.billBlocks';
/** Numbers reserved at a time per rule. */
export const BILL_BLOCK_SIZE = 20;
/** A rule with fewer unused numbers than this (in the current period) gets a new block. */
export const BILL_LOW_WATER = 5;
/** Local storage key (spec 9 prefix) of this device's stable id: `yunmian_device_id`. */
export const DEVICE_ID_STORAGE_KEY = 'device_id';

const billNumberUrl = (enCode: string) => fillPath(basePaths.billNumber, { enCode });
const reserveUrl = (enCode: string) => `${billNumberUrl(enCode)}/Actions/Reserve`;

/** A reserved block as stored here: `next` is the first number not used yet. */
export interface StoredBillBlock extends BillNumberBlock {
  next: number;
  reservedAt: number;
}

/** No reserved number is left for the rule (and the server cannot be reached). */
export class NoOfflineBillNumberError extends Error {
  constructor() {
    super(t`没有可用的离线单号，请联网后重试`);
    this.name = 'NoOfflineBillNumberError';
  }
}

// ---- pure rules --------------------------------------------------------------------------------

/** The reset period a block's period key was made for ('' never, YYYY year, YYYYMM month, YYYYMMDD day). */
export function resetOfPeriodKey(periodKey: string): BillResetPeriod {
  switch (periodKey.length) {
    case 4:
      return 'year';
    case 6:
      return 'month';
    case 8:
      return 'day';
    default:
      return 'never';
  }
}

/**
 * Whether a block still belongs to the current period. Numbers of a past period are not used: the
 * server starts that rule's sequence again in the new period, and without a date part (or with a
 * coarser one) the same text could be handed out again.
 */
export function isCurrentBlock(block: Pick<BillNumberBlock, 'periodKey'>, now: Date): boolean {
  return billPeriodKey(resetOfPeriodKey(block.periodKey), now) === block.periodKey;
}

export function blockRemaining(block: StoredBillBlock): number {
  return Math.max(0, block.last - block.next + 1);
}

/** Unused numbers per rule code that can be used now. */
export function offlineCounts(blocks: readonly StoredBillBlock[], now: Date): Record<string, number> {
  const out: Record<string, number> = {};
  for (const b of blocks) if (isCurrentBlock(b, now)) out[b.enCode] = (out[b.enCode] ?? 0) + blockRemaining(b);
  return out;
}

/**
 * Takes the next number of a rule from the blocks (oldest block first): the number and the blocks
 * after the take (an exhausted block is dropped). null when none is left for the current period.
 */
export function takeFromBlocks(blocks: readonly StoredBillBlock[], enCode: string, now: Date): { number: string; blocks: StoredBillBlock[] } | null {
  const at = blocks.findIndex((b) => b.enCode === enCode && blockRemaining(b) > 0 && isCurrentBlock(b, now));
  if (at < 0) return null;
  const block = blocks[at]!;
  const number = formatBillNumber(block.prefix, block.datePart, block.next, block.digit);
  const used = { ...block, next: block.next + 1 };
  const next = blocks.slice();
  if (blockRemaining(used) > 0) next[at] = used;
  else next.splice(at, 1);
  return { number, blocks: next };
}

/** What a rule's numbers look like today (the form's live preview). */
export function previewBillNumber(rule: { prefix?: string; dateFormat?: BillDateFormat; digit?: number; startNumber?: number }, now: Date): string {
  const digit = Number.isInteger(rule.digit) && rule.digit! > 0 ? Math.min(rule.digit!, 12) : 1;
  const start = Number.isInteger(rule.startNumber) && rule.startNumber! >= 0 ? rule.startNumber! : 1;
  return formatBillNumber(rule.prefix ?? '', billDatePart(rule.dateFormat ?? '', now), start, digit);
}

// ---- device id and storage ---------------------------------------------------------------------

let memoryDeviceId: string | null = null;

/** This device's stable id (sent when reserving, so the server records whose block it is). */
export function deviceId(): string {
  const stored = storage.get(DEVICE_ID_STORAGE_KEY);
  if (stored && /^[A-Za-z0-9_-]{1,64}$/.test(stored)) return stored;
  memoryDeviceId ??= ulid();
  storage.set(DEVICE_ID_STORAGE_KEY, memoryDeviceId);
  return memoryDeviceId;
}

export async function readBillBlocks(db: UserDb): Promise<StoredBillBlock[]> {
  const value = (await db.kv.get(BILL_BLOCKS_KEY))?.value as { blocks?: StoredBillBlock[] } | undefined;
  return Array.isArray(value?.blocks) ? value.blocks : [];
}

async function writeBillBlocks(db: UserDb, blocks: StoredBillBlock[]) {
  await db.kv.put({ key: BILL_BLOCKS_KEY, value: { blocks }, updatedAt: Date.now() });
}

/** Read, change and write the blocks in one transaction (concurrent takes wait for each other). */
function changeBlocks<R>(db: UserDb, change: (blocks: StoredBillBlock[]) => { blocks: StoredBillBlock[] | null; result: R }): Promise<R> {
  return db.transaction('rw', db.kv, async () => {
    const { blocks, result } = change(await readBillBlocks(db));
    if (blocks) await writeBillBlocks(db, blocks);
    return result;
  });
}

// ---- taking numbers ----------------------------------------------------------------------------

/** The next number from this device's reserved blocks; NoOfflineBillNumberError when none is left. */
export async function takeOfflineBillNumber(enCode: string, db: UserDb | null = currentUserDb(), now = new Date()): Promise<string> {
  if (!db) throw new NoOfflineBillNumberError();
  const number = await changeBlocks(db, (blocks) => {
    const taken = takeFromBlocks(blocks, enCode, now);
    return { blocks: taken?.blocks ?? null, result: taken?.number ?? null };
  });
  if (number === null) throw new NoOfflineBillNumberError();
  return number;
}

/**
 * The next bill number of a rule: from the server when it can be reached, else from this device's
 * reserved block. A refusal by the server (rule disabled, unknown) is thrown as it is (ApiError).
 */
export async function takeBillNumber(enCode: string, db: UserDb | null = currentUserDb()): Promise<string> {
  return (await takeBillNumberFrom(enCode, db)).number;
}

/** takeBillNumber, also saying where the number came from ('server', or this device's 'block'). */
export async function takeBillNumberFrom(enCode: string, db: UserDb | null = currentUserDb()): Promise<{ number: string; source: 'server' | 'block' }> {
  if (network.online) {
    try {
      return { number: await request<string>('POST', billNumberUrl(enCode), undefined, { silent: true }), source: 'server' };
    } catch (e) {
      if (!(e instanceof NetworkError)) throw e;
    }
  }
  return { number: await takeOfflineBillNumber(enCode, db), source: 'block' };
}

/** Drops this device's blocks of a rule (its numbering changed: prefix, date format, width or reset). */
export function forgetBillBlocks(db: UserDb, enCode: string): Promise<void> {
  return changeBlocks(db, (blocks) => ({ blocks: blocks.filter((b) => b.enCode !== enCode), result: undefined }));
}

// ---- keeping blocks topped up ------------------------------------------------------------------

let topping: Promise<number> | null = null;

/**
 * While online: for each enabled rule with fewer than BILL_LOW_WATER unused numbers of the current
 * period, reserves a block of `size` (≤ BILL_BLOCK_MAX). Blocks of past periods, used up, or of
 * rules no longer enabled are dropped. Resolves to the number of blocks reserved; never throws.
 * Concurrent calls share one run.
 */
export function topUpBillBlocks(opts: { db?: UserDb | null; size?: number } = {}): Promise<number> {
  if (topping) return topping;
  topping = topUp(opts.db ?? currentUserDb(), Math.max(1, Math.min(opts.size ?? BILL_BLOCK_SIZE, BILL_BLOCK_MAX)))
    .catch((e: unknown) => {
      console.warn('bill number blocks', e);
      return 0;
    })
    .finally(() => {
      topping = null;
    });
  return topping;
}

async function topUp(db: UserDb | null, size: number): Promise<number> {
  if (!db || !network.online) return 0;
  try {
    await billRuleOptions.refresh({ db });
  } catch {
    return 0;
  }
  const rules = await billRuleOptions.read(db);
  if (!rules) return 0;
  const enabled = new Set(rules.map((r) => r.enCode));
  const now = new Date();
  const blocks = await changeBlocks(db, (all) => {
    const kept = all.filter((b) => enabled.has(b.enCode) && blockRemaining(b) > 0 && isCurrentBlock(b, now));
    return { blocks: kept.length === all.length ? null : kept, result: kept };
  });
  const counts = offlineCounts(blocks, now);
  let reserved = 0;
  for (const rule of rules) {
    if ((counts[rule.enCode] ?? 0) >= BILL_LOW_WATER) continue;
    let block: BillNumberBlock;
    try {
      block = await request<BillNumberBlock>('POST', reserveUrl(rule.enCode), { count: size, deviceId: deviceId() }, { silent: true });
    } catch (e) {
      if (e instanceof NetworkError) break;
      continue; // refused (disabled meanwhile): the next rule
    }
    if (!block || typeof block.first !== 'number' || typeof block.last !== 'number' || block.last < block.first) continue;
    const stored: StoredBillBlock = { ...block, next: block.first, reservedAt: Date.now() };
    await changeBlocks(db, (all) => ({ blocks: [...all, stored], result: undefined }));
    reserved++;
  }
  return reserved;
}

// ---- UI ------------------------------------------------------------------------------------------

/** Unused offline numbers this device holds per rule code (live). */
export function useOfflineBillCounts(): Record<string, number> | undefined {
  const active = useSnapshot(syncStatus).active;
  return useLiveQuery(async () => {
    const db = currentUserDb();
    if (!active || !db) return {};
    return offlineCounts(await readBillBlocks(db), new Date());
  }, [active]);
}
