import { request, type RequestOptions } from '@/lib/http';
import { sortRows } from '@/lib/list-sort';
import { currentUserDb, queueWrite } from './engine';
import { rowVersions, type SyncKind } from './kinds';
import type { OutboxEntry, UserDb } from './user-db';
import { flattenRows, type Overlay } from './overlay';

export { applyOverlay, flattenRows, type Overlay } from './overlay';

/**
 * A server list a screen pages through (admin lists: users, positions, dictionary data …), kept
 * usable offline:
 * - every answer is cached per query in the user's database; offline (or when the server fails)
 *   the cached answer of that query is shown, or else the rows seen in any cached answer, filtered
 *   and paged here;
 * - writes go through the sync queue (`queueRowWrite`) and show at once as an overlay on whatever
 *   is shown (a new row, an edited row, a deleted row gone), until the server has them;
 * - when the server accepts a write, the cached answers get the saved row and the list is asked again.
 */
export interface RemoteListDef<Row extends ListRow, Q extends ListParams> {
  /** Unique name; also the entity prefix of its queued writes (`<key>:<id>`). */
  key: string;
  /** The documented GET endpoint for a query, and its query parameters. */
  url: (q: Q) => string;
  params?: (q: Q) => Record<string, unknown>;
  /** Answers of the endpoint: `{ list, pagination }` (paged) or `{ list }` (whole list or tree). */
  paged: boolean;
  /** Rows carry `children` (a tree): overlay rows go under their `parentId`. */
  tree?: boolean;
  /** Offline search over rows seen before, when this exact query was never answered. */
  matches?: (row: Row, q: Q) => boolean;
  /** What a queued write of this list is called in the sync panel, e.g. 用户「王晓明」新建. */
  label: (op: RowOp, entry: OutboxEntry) => string;
  /** After the server accepted a write (e.g. revalidate the trees and selectors it changes). */
  afterWrite?: (db: UserDb) => Promise<unknown>;
  /**
   * A write the server refused for good stays on screen, marked failed with the server's reason
   * (`failed` of the view), until the user fixes and sends it again or discards it; otherwise the
   * row goes back to what the server has.
   */
  keepRefused?: boolean;
}

export interface ListRow {
  id: string;
  version?: number;
  parentId?: string | null;
  children?: ListRow[];
}
export type ListParams = { currentPage?: number; pageSize?: number; keyword?: string; sidx?: string; sort?: 'asc' | 'desc' } & Record<string, unknown>;
export type RowOp = 'create' | 'update' | 'delete' | 'state' | 'action';

export interface CachedAnswer<Row> {
  list: Row[];
  total: number;
  fetchedAt: number;
}

export interface RemoteList<Row extends ListRow, Q extends ListParams> {
  readonly def: RemoteListDef<Row, Q>;
  /** Asks the server and caches the answer. */
  fetch(q: Q, db?: UserDb | null, opts?: RequestOptions): Promise<CachedAnswer<Row>>;
  /** Records an optimistic change (inside queueWrite's local change). */
  overlay(db: UserDb, id: string, change: { row?: Row; deleted?: boolean }): Promise<void>;
  /** The server accepted a write of row `id`: `saved` is its answer (null: deleted). */
  settle(db: UserDb, id: string, saved: Row | null, entryId?: string): Promise<void>;
  /** The server refused a write of row `id` for good: the screen shows the row as the server has it. */
  rollback(db: UserDb, id: string, entryId: string): Promise<void>;
  /** The row as the screen last showed it (overlay first, then cached answers), for editing offline. */
  find(id: string, db?: UserDb | null): Promise<Row | null>;
  /** The kinds of this list's queued writes (`<key>.create`, …), for its module's `syncKinds`. */
  readonly syncKinds: Record<string, SyncKind>;
}

/** Where this device keeps the server's answer to one query of a list. */
export const answerKey = (key: string, q: unknown) => `rl:${key}:${stableKey(q)}`;
export const overlayKey = (key: string) => `ov:${key}`;
const versionKey = (key: string) => `rlv:${key}`;

/** JSON with sorted keys, without the empty ones: equal queries give equal keys. */
export function stableKey(q: unknown): string {
  if (!q || typeof q !== 'object') return JSON.stringify(q ?? null);
  const entries = Object.entries(q as Record<string, unknown>)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify(Object.fromEntries(entries));
}

function replaceRow<Row extends ListRow>(list: Row[], id: string, saved: Row | null): { list: Row[]; hit: boolean } {
  let hit = false;
  const walk = (rows: Row[]): Row[] => {
    const out: Row[] = [];
    for (const r of rows) {
      if (r.id === id) {
        hit = true;
        if (saved) out.push({ ...r, ...saved, children: r.children } as Row);
        continue;
      }
      out.push(r.children?.length ? ({ ...r, children: walk(r.children as Row[]) } as Row) : r);
    }
    return out;
  };
  return { list: walk(list), hit };
}

/**
 * Rows with a write still waiting (`live`); with `keepRefused`, refused writes count as live too and
 * are named in `failed` with the server's reason.
 */
async function liveIds(db: UserDb, key: string, keepRefused = false): Promise<{ live: Set<string>; failed: Map<string, string> }> {
  const prefix = `${key}:`;
  const entries = await db.outbox.where('entity').startsWith(prefix).toArray();
  const live = new Set<string>();
  const failed = new Map<string, string>();
  for (const e of entries) {
    const id = e.entity.slice(prefix.length);
    if (e.state !== 'dead') live.add(id);
    else if (keepRefused) {
      live.add(id);
      failed.set(id, e.lastError?.message ?? '');
    }
  }
  return { live, failed };
}

/** The list's revision moves: screens showing it read it again. */
async function bumpVersion(db: UserDb, key: string) {
  const v = Number((await db.kv.get(versionKey(key)))?.value ?? 0);
  await db.kv.put({ key: versionKey(key), value: v + 1, updatedAt: Date.now() });
}

export async function cachedAnswers<Row>(db: UserDb, key: string): Promise<CachedAnswer<Row>[]> {
  const prefix = `rl:${key}:`;
  const recs = await db.kv.where('key').between(prefix, `${prefix}\uffff`).toArray();
  return recs.map((r) => r.value as CachedAnswer<Row>);
}

export function defineRemoteList<Row extends ListRow, Q extends ListParams>(def: RemoteListDef<Row, Q>): RemoteList<Row, Q> {
  const dbOf = (db?: UserDb | null) => db ?? currentUserDb();
  /**
   * A write of row `id` is over (accepted: `saved`; refused: null): its overlay goes, unless another
   * write of the row still waits (later writes then build on the saved version). The list's version
   * moves, so the screens read again.
   */
  const releaseOverlay = async (db: UserDb, id: string, entryId: string | undefined, saved: Row | null) => {
    const others = await db.outbox
      .where('entity')
      .equals(`${def.key}:${id}`)
      .filter((e) => e.id !== entryId && e.state !== 'dead')
      .count();
    const rec = await db.kv.get(overlayKey(def.key));
    const ov = { ...((rec?.value as Overlay<Row> | undefined) ?? {}) };
    if (others === 0 && ov[id]) {
      delete ov[id];
      await db.kv.put({ key: overlayKey(def.key), value: ov, updatedAt: Date.now() });
    } else if (others > 0 && saved && ov[id]?.row) {
      ov[id] = { ...ov[id]!, row: { ...ov[id]!.row!, version: saved.version } };
      await db.kv.put({ key: overlayKey(def.key), value: ov, updatedAt: Date.now() });
    }
    await bumpVersion(db, def.key);
  };
  const list: RemoteList<Row, Q> = {
    def,
    get syncKinds() {
      return rowKinds(list);
    },
    async fetch(q, db, opts) {
      const raw = await request<{ list?: Row[]; pagination?: { total?: number } }>('GET', def.url(q), def.params?.(q) ?? stripPaging(q, def.paged), { silent: true, ...opts });
      const rows = Array.isArray(raw?.list) ? raw.list : [];
      const answer: CachedAnswer<Row> = { list: rows, total: def.paged ? Number(raw?.pagination?.total ?? rows.length) : rows.length, fetchedAt: Date.now() };
      const udb = dbOf(db);
      if (udb) await udb.kv.put({ key: answerKey(def.key, q), value: answer, updatedAt: answer.fetchedAt });
      return answer;
    },
    async overlay(db, id, change) {
      const rec = await db.kv.get(overlayKey(def.key));
      const ov = { ...((rec?.value as Overlay<Row> | undefined) ?? {}) };
      const prev = ov[id];
      ov[id] = change.deleted ? { deleted: true, at: prev?.at ?? Date.now() } : { row: { ...prev?.row, ...change.row } as Row, at: prev?.at ?? Date.now() };
      await db.kv.put({ key: overlayKey(def.key), value: ov, updatedAt: Date.now() });
    },
    async settle(db, id, saved, entryId) {
      await db.transaction('rw', [db.kv, db.outbox], async () => {
        const prefix = `rl:${def.key}:`;
        const recs = await db.kv.where('key').between(prefix, `${prefix}\uffff`).toArray();
        for (const rec of recs) {
          const ans = rec.value as CachedAnswer<Row>;
          const { list: next, hit } = replaceRow(ans.list, id, saved);
          if (hit) await db.kv.put({ ...rec, value: { ...ans, list: next, total: saved ? ans.total : Math.max(0, ans.total - 1) } });
        }
        await releaseOverlay(db, id, entryId, saved);
      });
    },
    async rollback(db, id, entryId) {
      await db.transaction('rw', [db.kv, db.outbox], () => releaseOverlay(db, id, entryId, null));
    },
    async find(id, db) {
      const udb = dbOf(db);
      if (!udb) return null;
      const ov = ((await udb.kv.get(overlayKey(def.key)))?.value as Overlay<Row> | undefined)?.[id];
      if (ov?.deleted) return null;
      for (const ans of await cachedAnswers<Row>(udb, def.key)) {
        const hit = flattenRows(ans.list).find((r) => r.id === id);
        if (hit) return ov?.row ? ({ ...hit, ...ov.row } as Row) : hit;
      }
      return ov?.row ?? null;
    },
  };
  return list;
}

function stripPaging(q: ListParams, paged: boolean): Record<string, unknown> {
  if (paged) return q;
  const { currentPage: _c, pageSize: _p, ...rest } = q;
  return rest;
}

const OPS: RowOp[] = ['create', 'update', 'delete', 'state', 'action'];

/** The queue's handling of this list's writes: versions from the answer, cache updated on success. */
function rowKinds<Row extends ListRow, Q extends ListParams>(list: RemoteList<Row, Q>): Record<string, SyncKind> {
  const { def } = list;
  const idOf = (e: OutboxEntry) => e.entity.slice(def.key.length + 1);
  const savedRow = (data: unknown): Row | null => (data && typeof data === 'object' && 'id' in data ? (data as Row) : null);
  const kinds: Record<string, SyncKind> = {};
  for (const op of OPS) {
    kinds[`${def.key}.${op}`] = {
      label: (e) => def.label(op, e),
      ...rowVersions,
      async applied(entry, data, db) {
        await list.settle(db, idOf(entry), op === 'delete' ? null : savedRow(data), entry.id);
        await def.afterWrite?.(db).catch(() => undefined);
      },
      async takeTheirs(entry, server, db) {
        await list.settle(db, idOf(entry), savedRow(server), entry.id);
      },
      // Refused for good: the row shows as the server has it again, and what the write patched
      // (trees, selectors) is asked again; or (keepRefused) it stays, marked failed.
      async rejected(entry, db) {
        if (def.keepRefused) {
          await bumpVersion(db, def.key);
          return;
        }
        await list.rollback(db, idOf(entry), entry.id);
        await def.afterWrite?.(db).catch(() => undefined);
      },
    };
  }
  return kinds;
}

/** The kinds of the queued writes of these lists, for a module's `syncKinds`. */
export function listSyncKinds(...lists: ReadonlyArray<{ readonly syncKinds: Record<string, SyncKind> }>): Record<string, SyncKind> {
  return Object.assign({}, ...lists.map((l) => l.syncKinds));
}

export interface RowWrite<Row> {
  op: RowOp;
  id: string;
  method: 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  /** What the list shows meanwhile (create, update, state); delete hides the row. */
  row?: Row;
  /** The version the change was made on (If-Match); 0 for a row created offline and not yet sent. */
  baseVersion?: number;
  /** Extra local changes in the same transaction (e.g. patch a cached tree). */
  local?: (db: UserDb) => Promise<unknown>;
  tables?: (db: UserDb) => import('dexie').Table[];
}

/** Queues a write of one row: overlay now, the server when the queue replays it. */
export async function queueRowWrite<Row extends ListRow, Q extends ListParams>(list: RemoteList<Row, Q>, w: RowWrite<Row>) {
  return queueWrite(
    {
      entity: `${list.def.key}:${w.id}`,
      kind: `${list.def.key}.${w.op}`,
      request: { method: w.method, url: w.url, body: w.body },
      baseVersion: w.baseVersion,
    },
    async (db) => {
      await list.overlay(db, w.id, w.op === 'delete' ? { deleted: true } : { row: w.row });
      await w.local?.(db);
    },
    w.tables,
  );
}

export interface RemoteListView<Row> {
  /** undefined while nothing is known yet (first load). */
  rows: Row[] | undefined;
  total: number;
  /** Ids with a write still waiting for the server (shown as 待同步). */
  pending: Set<string>;
  /** Ids whose write the server refused, with its reason (lists with `keepRefused`). */
  failed: Map<string, string>;
  loading: boolean;
  /** Shown from the local cache (offline or the server failed): with the time of that copy. */
  fromCache: boolean;
  fetchedAt: number | null;
  error: string | null;
  refetch: () => void;
}

/** What this device holds for one query of a list: its cached answer (or the rows seen in any answer), the overlay of waiting writes, and a revision that grows when the server accepts one. */
export interface CachedListCopy<Row> {
  cached: CachedAnswer<Row> | null;
  /** The server answered this exact query before (else: searched from other answers). */
  exact: boolean;
  overlay: Overlay<Row>;
  revision: number;
  /** Ids with a write still waiting (and, with `keepRefused`, refused ones). */
  live: Set<string>;
  /** Refused writes' reasons by id (`keepRefused`). */
  failed: Map<string, string>;
}

/** Reads this device's copy of one query (for `useRemoteList`, inside a live query). */
export async function readCachedList<Row extends ListRow, Q extends ListParams>(list: RemoteList<Row, Q>, db: UserDb, q: Q): Promise<CachedListCopy<Row>> {
  const { def } = list;
  const [answer, ovRec, version, { live, failed }] = await Promise.all([
    db.kv.get(answerKey(def.key, q)),
    db.kv.get(overlayKey(def.key)),
    db.kv.get(versionKey(def.key)),
    liveIds(db, def.key, def.keepRefused),
  ]);
  let cached = (answer?.value as CachedAnswer<Row> | undefined) ?? null;
  const exact = !!cached;
  if (!cached) {
    // Never asked this exact query: search what any cached answer holds.
    const answers = await cachedAnswers<Row>(db, def.key);
    const byId = new Map<string, Row>();
    for (const a of answers) for (const r of def.tree ? a.list : flattenRows(a.list)) byId.set(r.id, r);
    // In the query's order (`sidx` / `sort`), as the server would answer it.
    const all = sortRows(
      [...byId.values()].filter((r) => def.matches?.(r, q) ?? true),
      q,
    );
    if (byId.size) {
      const page = q.currentPage ?? 1;
      const size = q.pageSize ?? all.length;
      cached = { list: def.paged ? all.slice((page - 1) * size, page * size) : all, total: all.length, fetchedAt: Math.max(0, ...answers.map((a) => a.fetchedAt)) };
    }
  }
  return { cached, exact, overlay: (ovRec?.value as Overlay<Row> | undefined) ?? {}, revision: Number(version?.value ?? 0), live, failed };
}
