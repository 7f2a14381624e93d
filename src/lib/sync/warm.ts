import { proxy } from 'valtio';
import { DEFAULT_PAGE_SIZE } from '@/contracts/limits';
import { NetworkError } from '@/lib/errors';
import type { RequestOptions } from '@/lib/http';
import { network } from '@/lib/network';
import { datasetStale, type CachedDataset } from './dataset';
import { currentUserDb } from './engine';
import { answerKey, stableKey, type CachedAnswer, type ListParams, type ListRow, type RemoteList } from './remote-list';
import type { UserDb } from './user-db';

/**
 * The cache warm-up: after sign-in (and after each reconnect) the data of the pages the user is
 * granted is fetched into this device's database in the background, so a page never opened online
 * still shows its rows offline. Each module declares what to warm (`warm` in its module.ts); the
 * session service runs the plan. Low priority on purpose: it starts once the first page has loaded
 * and the browser is idle, asks one thing at a time (fetch priority low), and skips everything
 * offline or when the browser asks to save data. Only what is missing or stale is asked.
 */

/** Something the warm-up fills on this device: a dataset, or the first page of a remote list. */
export interface WarmTarget {
  /** Unique name: a target several pages declare is warmed once. */
  key: string;
  /** Whether this device's copy is missing or older than the target's freshness. */
  stale(db: UserDb): Promise<boolean>;
  /** Asks the server (at low priority) and stores the answer. */
  fill(db: UserDb): Promise<unknown>;
}

/**
 * What a module asks to warm. With `pages` (menu urlAddresses, as the module's `pages` are keyed)
 * only for a user whose menu grants one of them; without, for every signed-in user. Targets are
 * warmed in the order given (a target may read what an earlier one stored).
 */
export interface WarmEntry {
  pages?: readonly string[];
  targets: readonly WarmTarget[];
}

/** The query of a paged list's first page as its page asks it by default (no keyword, default size and order). */
export const FIRST_PAGE = { currentPage: 1, pageSize: DEFAULT_PAGE_SIZE, keyword: '' } as const;

/** A remote list's answer younger than this is not asked again by the warm-up (the page asks when shown). */
export const WARM_LIST_FRESH_MS = 10 * 60_000;
/** After the first page has loaded, the warm-up waits this long, then for the browser to be idle. */
export const WARM_DELAY_MS = 1500;
const IDLE_TIMEOUT_MS = 2000;

/** Low fetch priority; a failure does not turn the app offline (the page's own requests decide that). */
const LOW: RequestOptions = { priority: 'low', background: true };

/** A dataset, when missing or older than its own freshness. */
export function warmDataset(ds: CachedDataset): WarmTarget {
  return {
    key: `ds:${ds.def.key}`,
    stale: (db) => datasetStale(db, ds),
    fill: (db) => ds.refresh({ db, request: LOW }),
  };
}

/**
 * One query of a remote list (its first page), cached exactly as the page asks it, so the page finds
 * the answer offline. The query may depend on what an earlier target stored (e.g. the first
 * dictionary type): a function of the database, null when there is nothing to ask.
 */
export function warmListPage<Row extends ListRow, Q extends ListParams>(
  list: RemoteList<Row, Q>,
  query: Q | ((db: UserDb) => Promise<Q | null>),
  opts: { key?: string; freshForMs?: number } = {},
): WarmTarget {
  const queryOf = async (db: UserDb) => (typeof query === 'function' ? query(db) : query);
  const freshFor = opts.freshForMs ?? WARM_LIST_FRESH_MS;
  return {
    key: opts.key ?? `rl:${list.def.key}:${typeof query === 'function' ? 'first' : stableKey(query)}`,
    async stale(db) {
      const q = await queryOf(db);
      if (!q) return false;
      const at = ((await db.kv.get(answerKey(list.def.key, q)))?.value as CachedAnswer<Row> | undefined)?.fetchedAt;
      return !at || Date.now() - at >= freshFor;
    },
    async fill(db) {
      const q = await queryOf(db);
      if (q) await list.fetch(q, db, LOW);
    },
  };
}

/** Menu urlAddresses as the modules name their pages (no leading slash). */
export function grantedPages(urlAddresses: Iterable<string>): Set<string> {
  return new Set([...urlAddresses].map((u) => u.replace(/^\/+/, '')).filter(Boolean));
}

export interface WarmConditions {
  online: boolean;
  /** The browser asks to save data (navigator.connection.saveData). */
  saveData: boolean;
}

/**
 * The warm-up plan: the targets of the entries the user is granted, each once, in the modules'
 * order. Nothing offline or when data is to be saved.
 */
export function planWarmUp(entries: readonly WarmEntry[], granted: ReadonlySet<string>, when: WarmConditions): WarmTarget[] {
  if (!when.online || when.saveData) return [];
  const seen = new Set<string>();
  const out: WarmTarget[] = [];
  for (const entry of entries) {
    if (entry.pages && !entry.pages.some((p) => granted.has(p.replace(/^\/+/, '')))) continue;
    for (const target of entry.targets) {
      if (seen.has(target.key)) continue;
      seen.add(target.key);
      out.push(target);
    }
  }
  return out;
}

export interface WarmResult {
  filled: string[];
  fresh: string[];
  failed: string[];
  /** Stopped before the end (offline, signed out). */
  stopped: boolean;
}

/**
 * Runs a plan one target at a time: a fresh target costs a local read; a stale one waits for `pause`
 * (the browser idle), then one request. A refused or malformed answer does not stop the others; a
 * network failure stops the run (the next start or reconnect runs it again), as does `go` saying stop.
 */
export async function runWarmUp(targets: readonly WarmTarget[], db: UserDb, opts: { go(): boolean; pause(): Promise<void> }): Promise<WarmResult> {
  const result: WarmResult = { filled: [], fresh: [], failed: [], stopped: false };
  for (const target of targets) {
    if (!opts.go()) return { ...result, stopped: true };
    if (!(await target.stale(db).catch(() => true))) {
      result.fresh.push(target.key);
      continue;
    }
    await opts.pause();
    if (!opts.go()) return { ...result, stopped: true };
    try {
      await target.fill(db);
      result.filled.push(target.key);
    } catch (e) {
      result.failed.push(target.key);
      if (e instanceof NetworkError) return { ...result, stopped: true };
    }
  }
  return result;
}

// ---- the background run --------------------------------------------------------------------------

export type WarmState = 'idle' | 'waiting' | 'running' | 'done' | 'skipped' | 'stopped';

/** The warm-up's progress (the layout shows `state` as `data-warm`). */
export const warmStatus = proxy({ state: 'idle' as WarmState, total: 0, filled: 0, failed: 0 });

const saveData = () => (globalThis.navigator as { connection?: { saveData?: boolean } } | undefined)?.connection?.saveData === true;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
function idle(): Promise<void> {
  if (typeof requestIdleCallback === 'function') return new Promise((r) => requestIdleCallback(() => r(), { timeout: IDLE_TIMEOUT_MS }));
  return sleep(50);
}

/** Once the page has loaded (its first screen and chunks), a little later, when the browser is idle. */
async function afterFirstPage() {
  if (typeof document !== 'undefined' && document.readyState !== 'complete') {
    await new Promise<void>((r) => window.addEventListener('load', () => r(), { once: true }));
  }
  await sleep(WARM_DELAY_MS);
  await idle();
}

/** One tab at a time per user: another tab waits, then finds the copies fresh. */
async function oneTab(db: UserDb, run: () => Promise<void>) {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks) return run();
  await locks.request(`${db.name}:warm`, run);
}

let running: Promise<void> | null = null;
let again = false;

async function warmOnce(entries: readonly WarmEntry[], granted: () => Iterable<string>) {
  const db = currentUserDb();
  if (!db) {
    warmStatus.state = 'idle';
    return;
  }
  const when = { online: network.online, saveData: saveData() };
  if (!when.online || when.saveData) {
    warmStatus.state = 'skipped';
    return;
  }
  await oneTab(db, async () => {
    const targets = planWarmUp(entries, grantedPages(granted()), when);
    Object.assign(warmStatus, { state: 'running', total: targets.length, filled: 0, failed: 0 });
    const go = () => network.online && !saveData() && currentUserDb() === db;
    const result = await runWarmUp(targets, db, { go, pause: idle });
    Object.assign(warmStatus, { state: result.stopped ? 'stopped' : 'done', filled: result.filled.length, failed: result.failed.length });
  });
}

/**
 * Warms the cache in the background (never awaited by the caller): after the first page has
 * loaded, the targets of the granted entries that are missing or stale. A call while a run is
 * going runs the plan once more after it (a reconnect during the first run).
 */
export function warmCache(entries: readonly WarmEntry[], granted: () => Iterable<string>): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  warmStatus.state = 'waiting';
  running = (async () => {
    do {
      again = false;
      await afterFirstPage();
      await warmOnce(entries, granted).catch((e: unknown) => {
        console.warn('cache warm-up', e);
        warmStatus.state = 'stopped';
      });
    } while (again);
  })().finally(() => (running = null));
  return running;
}
