import { t } from '@lingui/core/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import { ulid } from 'ulid';
import { fillPath } from '@/contracts/api-path';
import type { BillDateFormat, BillNumberBlock, BillReleaseBlock, BillReleaseResult, BillResetPeriod } from '@/contracts/base';
import { BILL_BLOCK_MAX, BILL_RELEASE_MAX, billDatePart, billPeriodKey, formatBillNumber } from '@/contracts/base-values';
import { basePaths } from '@/contracts/base-paths';
import { Code } from '@/contracts/codes';
import { ApiError, NetworkError, SessionEndedError } from '@/lib/errors';
import { request } from '@/lib/http';
import { network } from '@/lib/network';
import { storage } from '@/lib/storage';
import { currentUserDb, syncStatus } from '@/lib/sync/engine';
import type { UserDb } from '@/lib/sync/user-db';
import { session } from '@/modules/auth/public';
import { askToWorkOffline, mayReserveBillNumbers, readDeviceUse, reservesOnDevice } from './bill-device';
import { billRuleOptions } from './data';

/**
 * Bill numbers that also work offline. Online a number comes from the server (POST BillNumber).
 * While online a device that keeps numbers for the user (bill-device.ts: granted, and signed in
 * before or asked to work offline) also reserves small blocks per enabled rule (POST …/Reserve,
 * recorded on the server for this user and device, so nobody else gets them); offline a number is
 * the next unused one of such a block, marked used in the same Dexie transaction that reads it, so
 * no number is handed out twice (not by two tabs either: IndexedDB serializes the transactions).
 * At sign-out the unused numbers are handed back (POST …/Actions/Release) when online.
 */

/** Where this device's reserved blocks live in the user's database (`kv`). */
export const BILL_BLOCKS_KEY = 'base.billBlocks';
/** Numbers handed back and not yet confirmed by the server (`kv`): never used here again. */
export const BILL_RELEASES_KEY = 'base.billReleases';
/** Longest a sign-out's hand-back waits (for another tab's top-up, then for the server). */
export const HAND_BACK_MS = 900;
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

// ---- handing numbers back ----------------------------------------------------------------------

/**
 * One lock for every change of this user's blocks that talks to the server (top-up, hand-back), in
 * all tabs: a hand-back is confirmed before the next reservation, so a late hand-back can never
 * name a block reserved after it. `waitMs`: give up waiting for it (rejects).
 */
function withBlocksLock<T>(fn: () => Promise<T>, waitMs?: number): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return fn();
  // The lock is held until fn's promise settles; request() resolves to what fn resolves to.
  return locks.request('yunmian_bill_blocks', waitMs === undefined ? {} : { signal: AbortSignal.timeout(waitMs) }, fn) as unknown as Promise<T>;
}

async function readReleases(db: UserDb): Promise<BillReleaseBlock[]> {
  const value = (await db.kv.get(BILL_RELEASES_KEY))?.value as { blocks?: BillReleaseBlock[] } | undefined;
  return Array.isArray(value?.blocks) ? value.blocks : [];
}

async function writeReleases(db: UserDb, blocks: BillReleaseBlock[]) {
  await db.kv.put({ key: BILL_RELEASES_KEY, value: { blocks }, updatedAt: Date.now() });
}

/** The unused numbers of a block as the server takes them back: the block as reserved, and from where. */
export function releaseOf(block: StoredBillBlock): BillReleaseBlock {
  return { enCode: block.enCode, periodKey: block.periodKey, first: block.first, from: block.next, last: block.last };
}

const sameRelease = (a: BillReleaseBlock, b: BillReleaseBlock) => a.enCode === b.enCode && a.periodKey === b.periodKey && a.first === b.first && a.from === b.from && a.last === b.last;

/**
 * Sends the numbers waiting to be handed back. `settled` when none waits any more: confirmed by the
 * server, or refused (a 4xx other than 408/429 would come again; they stay gaps). Not settled when
 * no answer came (network, timeout, 408/429/5xx, an ended session): they wait for the next try, at
 * the next top-up.
 */
async function sendReleases(db: UserDb, timeout?: number): Promise<{ settled: boolean; result: BillReleaseResult }> {
  const result: BillReleaseResult = { returned: 0, kept: 0 };
  for (;;) {
    const batch = (await readReleases(db)).slice(0, BILL_RELEASE_MAX);
    if (!batch.length) return { settled: true, result };
    try {
      const answer = await request<BillReleaseResult>('POST', basePaths.billNumberRelease, { deviceId: deviceId(), blocks: batch }, { silent: true, endSessionOnExpiry: false, timeout });
      result.returned += answer?.returned ?? 0;
      result.kept += answer?.kept ?? 0;
    } catch (e) {
      const refused = e instanceof ApiError && !(e instanceof SessionEndedError) && e.code >= 400 && e.code < 500 && e.code !== 408 && e.code !== 429;
      if (!refused) return { settled: false, result };
    }
    await db.transaction('rw', db.kv, async () => writeReleases(db, (await readReleases(db)).filter((r) => !batch.some((b) => sameRelease(r, b)))));
  }
}

/**
 * At sign-out, online: hands back the unused numbers of this device's blocks of the current period
 * (blocks of a past period are only dropped: nobody gets those numbers again anyway). In one
 * Dexie transaction the blocks leave this device and the numbers wait as handed back, so they are
 * never used here again whatever the answer; then they are sent (waiting at most `waitMs`). Offline
 * nothing happens: the numbers stay reserved for this device. Resolves to the server's answer (or
 * zeros: nothing to hand back), or null (offline, no answer in time: then the next top-up sends
 * it); never throws.
 */
export async function handBackBillNumbers(opts: { db?: UserDb | null; waitMs?: number } = {}): Promise<BillReleaseResult | null> {
  const db = opts.db ?? currentUserDb();
  if (!db || !network.online) return null;
  const waitMs = opts.waitMs ?? HAND_BACK_MS;
  const deadline = Date.now() + waitMs;
  try {
    return await withBlocksLock(async () => {
      await db.transaction('rw', db.kv, async () => {
        const blocks = await readBillBlocks(db);
        if (!blocks.length) return;
        const now = new Date();
        const unused = blocks.filter((b) => blockRemaining(b) > 0 && isCurrentBlock(b, now)).map(releaseOf);
        await writeBillBlocks(db, []);
        if (unused.length) await writeReleases(db, [...(await readReleases(db)), ...unused]);
      });
      const sent = await sendReleases(db, Math.max(100, deadline - Date.now()));
      return sent.settled ? sent.result : null;
    }, waitMs);
  } catch (e) {
    console.warn('bill numbers hand-back', e);
    return null;
  }
}

// ---- keeping blocks topped up ------------------------------------------------------------------

let topping: Promise<number> | null = null;

/**
 * While online, on a device that keeps numbers for the user (bill-device.ts; `asked`: the user
 * asks for it now, which is remembered): for each enabled rule with fewer than BILL_LOW_WATER
 * unused numbers of the current period, reserves a block of `size` (≤ BILL_BLOCK_MAX). Numbers
 * waiting to be handed back are sent first, and nothing is reserved until the server confirmed
 * them. Blocks of past periods, used up, or of rules no longer enabled are dropped. Resolves to the
 * number of blocks reserved; never throws. Concurrent calls share one run.
 */
export function topUpBillBlocks(opts: { db?: UserDb | null; size?: number; asked?: boolean } = {}): Promise<number> {
  if (topping) return opts.asked ? topping.then(() => topUpBillBlocks(opts)) : topping;
  const db = opts.db ?? currentUserDb();
  const size = Math.max(1, Math.min(opts.size ?? BILL_BLOCK_SIZE, BILL_BLOCK_MAX));
  topping = (async () => {
    if (!db) return 0;
    if (opts.asked) await askToWorkOffline(db);
    if (!network.online) return 0;
    return withBlocksLock(async () => ((await sendReleases(db)).settled ? topUp(db, size) : 0));
  })()
    .catch((e: unknown) => {
      console.warn('bill number blocks', e);
      return 0;
    })
    .finally(() => {
      topping = null;
    });
  return topping;
}

async function topUp(db: UserDb, size: number): Promise<number> {
  // Only for a user granted the screen that takes numbers, on a device that keeps them.
  if (!mayReserveBillNumbers(session.menuList) || !reservesOnDevice(await readDeviceUse(db))) return 0;
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
      if (e instanceof ApiError && e.code === Code.FORBIDDEN) break; // the grant went meanwhile
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
