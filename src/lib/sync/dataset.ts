import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { proxy, useSnapshot } from 'valtio';
import { conditionalGet, type RequestOptions } from '@/lib/http';
import { network } from '@/lib/network';
import { currentUserDb, syncStatus } from './engine';
import type { DatasetItem, UserDb } from './user-db';

/** Items per stored slice of a big dataset. */
export const CHUNK_SIZE = 1000;

/**
 * A cached dataset: server data a module reads from the user's local database (spec: Reads). The
 * network only refreshes the local copy; the UI reads it through live queries and never waits on
 * the network for what it has. The server wins: a refresh replaces the cached copy.
 */
export interface DatasetDef<T> {
  /** Unique name; the single value lives in `kv` under it, its record in `meta` under `ds:<key>`. */
  key: string;
  /** Shape version of what is cached: bump it when T changes; older copies are repaired or discarded. */
  shape: number;
  /** The documented GET endpoint, and its query. */
  url: string;
  query?: () => Record<string, unknown> | undefined;
  /**
   * Checks (and types) the server's data, e.g. a zod schema's parse; may be async (a schema loaded
   * when the first answer arrives, keeping zod out of the first load).
   */
  parse: (raw: unknown) => T | Promise<T>;
  /** Younger than this, a non-forced refresh does not ask the server (0: always ask). */
  freshForMs: number;
  /**
   * Big datasets (org trees, users, regions): items with their parent, stored in slices (see
   * DatasetChunk) and read as a list or by parent. Without it the data is one value.
   */
  rows?: (data: T) => Array<{ id: string; parent?: string; value: unknown }>;
  /**
   * Entity key prefix of the queued writes that change this data: while one of them waits in the
   * outbox, a refresh keeps the local (optimistic) copy instead of the server's older one.
   */
  heldBy?: string;
  /** Turns a copy of an older shape into the current one; without it (or on null) the copy is discarded. */
  repair?: (old: unknown, oldShape: number) => T | null;
  /** false: its owner revalidates it itself; left out of the refresh on start and after a reconnect. */
  revalidate?: boolean;
  /** A line for the catch-up notice when a reconnect brought a changed copy (null: say nothing). */
  announce?: () => string | null;
}

export interface DatasetMeta {
  fetchedAt: number | null;
  etag: string | null;
}

export type RefreshOutcome = 'updated' | 'unchanged' | 'fresh' | 'held';

/** Refresh state per dataset key, for spinners and error hints. */
export const datasetStatus = proxy<Record<string, { refreshing: boolean; error: string | null }>>({});

const metaKey = (key: string) => `ds:${key}`;

export interface RefreshOptions {
  /** Ask the server even when the copy is fresh (a 304 keeps it cheap). */
  force?: boolean;
  /** Another user's database (sign-in before the queue is open); default: the signed-in user's. */
  db?: UserDb;
  request?: RequestOptions;
}

/** What the session service needs of any dataset, whatever its data (see ClientModule.datasets). */
export interface CachedDataset {
  readonly def: Pick<DatasetDef<unknown>, 'key' | 'shape' | 'freshForMs' | 'revalidate' | 'announce'>;
  refresh(opts?: RefreshOptions): Promise<RefreshOutcome>;
  /** Repairs or discards a copy of an older shape in this database, once per database. */
  prepare(db: UserDb): Promise<void>;
}

export interface Dataset<T> extends CachedDataset {
  readonly def: DatasetDef<T>;
  /** The cached value (single datasets), or null when none of the current shape is stored. */
  read(db?: UserDb | null): Promise<T | null>;
  /** The cached rows under `parent` ('' = all rows), in stored order. */
  readRows<R = unknown>(parent?: string, db?: UserDb | null): Promise<R[]>;
  meta(db?: UserDb | null): Promise<DatasetMeta | null>;
  /** Revalidates with the server (If-None-Match) and stores a changed copy; concurrent calls share one request. */
  refresh(opts?: RefreshOptions): Promise<RefreshOutcome>;
  /** Stores data the caller already has from the server (replacing the copy, server wins). */
  store(data: T, etag: string | null, db?: UserDb): Promise<void>;
  /**
   * An optimistic local change (the write waits in the outbox): replaces the cached value but not
   * its fetch time or ETag. Meant for queueWrite's local change; big datasets need `db.chunks` in
   * that transaction's tables.
   */
  setLocal(data: T, db: UserDb): Promise<void>;
}

function isCurrentShape(rec: { shape?: number } | undefined, shape: number) {
  return rec !== undefined && rec.shape === shape;
}

/**
 * Repairs or discards copies of an older shape (run when the user's database opens, and before a
 * refresh), so a reader never sees data it does not understand.
 */
export async function prepareDataset(db: UserDb, def: DatasetDef<unknown>) {
  const rec = await db.meta.get(metaKey(def.key));
  if (!rec || rec.shape === def.shape) return;
  await db.transaction('rw', [db.meta, db.kv, db.chunks], async () => {
    const old = def.rows ? (await readItems(db, def.key)).map((r) => r.value) : (await db.kv.get(def.key))?.value;
    let repaired: unknown = null;
    try {
      repaired = def.repair?.(old, rec.shape ?? 0) ?? null;
    } catch {
      repaired = null;
    }
    await clear(db, def);
    if (repaired !== null) {
      await write(db, def, repaired);
      // A repaired copy keeps its age but not its ETag: the next refresh fetches the real thing.
      await db.meta.put({ key: metaKey(def.key), value: null, fetchedAt: rec.fetchedAt, shape: def.shape });
    }
  });
}

async function clear(db: UserDb, def: DatasetDef<unknown>) {
  await db.meta.delete(metaKey(def.key));
  if (def.rows) await chunksOf(db, def.key).delete();
  else await db.kv.delete(def.key);
}

const chunksOf = (db: UserDb, key: string) => db.chunks.where('[ds+n]').between([key, -Infinity], [key, Infinity]);

/** All items of a big dataset, in the server's order (one range read over its slices). */
async function readItems(db: UserDb, key: string): Promise<DatasetItem[]> {
  const chunks = await chunksOf(db, key).toArray();
  return chunks.length === 1 ? chunks[0]!.items : chunks.flatMap((c) => c.items);
}

async function write(db: UserDb, def: DatasetDef<unknown>, data: unknown) {
  if (def.rows) {
    await chunksOf(db, def.key).delete();
    const items: DatasetItem[] = def.rows(data).map((r) => ({ id: r.id, parent: r.parent ?? '', value: r.value }));
    const chunks = [];
    for (let n = 0; n * CHUNK_SIZE < items.length; n++) chunks.push({ ds: def.key, n, items: items.slice(n * CHUNK_SIZE, (n + 1) * CHUNK_SIZE) });
    await db.chunks.bulkPut(chunks);
  } else {
    await db.kv.put({ key: def.key, value: data, updatedAt: Date.now() });
  }
}

/** Whether a queued write (not a dead letter) still waits on an entity this dataset covers. */
async function held(db: UserDb, prefix: string | undefined) {
  if (!prefix) return false;
  const n = await db.outbox
    .where('entity')
    .startsWith(prefix)
    .filter((e) => e.state !== 'dead')
    .count();
  return n > 0;
}

/**
 * Declares a cached dataset. The datasets a module lists in its module.ts are revalidated on start
 * and after a reconnect; others (a region level, …) are revalidated by their owner when used.
 */
export function defineDataset<T>(def: DatasetDef<T>): Dataset<T> {
  const inflight = new WeakMap<UserDb, { run: Promise<RefreshOutcome>; force: boolean }>();
  const prepared = new WeakSet<UserDb>();
  const dbOf = (db?: UserDb | null) => db ?? currentUserDb();
  const status = () => (datasetStatus[def.key] ??= { refreshing: false, error: null });

  const ds: Dataset<T> = {
    def,
    async read(db) {
      const udb = dbOf(db);
      if (!udb) return null;
      const rec = await udb.meta.get(metaKey(def.key));
      if (!isCurrentShape(rec, def.shape)) return null;
      if (def.rows) return (await ds.readRows('', udb)) as unknown as T;
      return ((await udb.kv.get(def.key))?.value as T | undefined) ?? null;
    },
    async readRows<R>(parent = '', db?: UserDb | null) {
      const udb = dbOf(db);
      if (!udb || !def.rows) return [];
      const rec = await udb.meta.get(metaKey(def.key));
      if (!isCurrentShape(rec, def.shape)) return [];
      const items = await readItems(udb, def.key);
      return (parent ? items.filter((r) => r.parent === parent) : items).map((r) => r.value as R);
    },
    async meta(db) {
      const rec = await dbOf(db)?.meta.get(metaKey(def.key));
      if (!isCurrentShape(rec, def.shape)) return null;
      return { fetchedAt: rec?.fetchedAt ?? null, etag: rec?.etag ?? null };
    },
    async store(data, etag, db) {
      const udb = dbOf(db);
      if (!udb) return;
      await udb.transaction('rw', [udb.meta, udb.kv, udb.chunks], async () => {
        await write(udb, def as DatasetDef<unknown>, data);
        await udb.meta.put({ key: metaKey(def.key), value: null, fetchedAt: Date.now(), etag: etag ?? undefined, shape: def.shape });
      });
    },
    async setLocal(data, db) {
      await write(db, def as DatasetDef<unknown>, data);
    },
    async prepare(db) {
      if (prepared.has(db)) return;
      await prepareDataset(db, def as DatasetDef<unknown>);
      prepared.add(db);
    },
    refresh(opts = {}) {
      const udb = dbOf(opts.db);
      if (!udb) return Promise.resolve('fresh');
      const running = inflight.get(udb);
      if (running && (running.force || !opts.force)) return running.run;
      // A forced refresh does not settle for a running one that may have found the copy fresh.
      if (running) return running.run.catch(() => null).then(() => ds.refresh(opts));
      const st = status();
      const run = (async (): Promise<RefreshOutcome> => {
        await ds.prepare(udb);
        const rec = await udb.meta.get(metaKey(def.key));
        if (!opts.force && rec?.fetchedAt && Date.now() - rec.fetchedAt < def.freshForMs) return 'fresh';
        if (await held(udb, def.heldBy)) return 'held';
        st.refreshing = true;
        try {
          const res = await conditionalGet<unknown>(def.url, rec?.etag, def.query?.(), { silent: true, ...opts.request });
          st.error = null;
          if (res.notModified) {
            await udb.meta.update(metaKey(def.key), { fetchedAt: Date.now() });
            return 'unchanged';
          }
          const data = await def.parse(res.data);
          // Decided in the same transaction as the write: a change queued meanwhile is not overwritten.
          return await udb.transaction('rw', [udb.meta, udb.kv, udb.chunks, udb.outbox], async () => {
            if (await held(udb, def.heldBy)) return 'held' as const;
            await write(udb, def as DatasetDef<unknown>, data);
            await udb.meta.put({ key: metaKey(def.key), value: null, fetchedAt: Date.now(), etag: res.etag ?? undefined, shape: def.shape });
            return res.etag && res.etag === rec?.etag ? ('unchanged' as const) : ('updated' as const);
          });
        } catch (e) {
          st.error = e instanceof Error ? e.message : String(e);
          throw e;
        } finally {
          st.refreshing = false;
        }
      })().finally(() => inflight.delete(udb));
      inflight.set(udb, { run, force: !!opts.force });
      return run;
    },
  };
  return ds;
}

/** Whether this database lacks a copy of the dataset in its current shape, or holds one older than its freshness. */
export async function datasetStale(db: UserDb, ds: CachedDataset): Promise<boolean> {
  const rec = await db.meta.get(metaKey(ds.def.key));
  return !isCurrentShape(rec, ds.def.shape) || !rec?.fetchedAt || Date.now() - rec.fetchedAt >= ds.def.freshForMs;
}

/** Repairs or discards old-shape copies of these datasets (the user's database just opened). */
export async function prepareDatasets(db: UserDb, datasets: readonly CachedDataset[]) {
  for (const ds of datasets) await ds.prepare(db).catch((e: unknown) => console.warn('dataset', ds.def.key, e));
}

/**
 * Revalidates those of these datasets that have a local copy: on start (only stale ones) and after
 * a reconnect (`force`, all of them; unchanged ones cost a 304). Returns the catch-up lines of those
 * that changed.
 */
export async function refreshCachedDatasets(db: UserDb, datasets: readonly CachedDataset[], force: boolean): Promise<string[]> {
  const lines: string[] = [];
  await Promise.all(
    datasets.map(async (ds) => {
      if (ds.def.revalidate === false || !(await db.meta.get(metaKey(ds.def.key)))) return;
      const outcome = await ds.refresh({ db, force }).catch(() => null);
      const line = outcome === 'updated' ? ds.def.announce?.() : null;
      if (line) lines.push(line);
    }),
  );
  return lines;
}

export interface DatasetView<T> {
  /** undefined while the local copy is read; null when there is none yet. */
  data: T | null | undefined;
  fetchedAt: number | null;
  refreshing: boolean;
  error: string | null;
  refresh: () => Promise<RefreshOutcome | null>;
}

/**
 * Reads a dataset live from the local database and revalidates it when the page shows it and
 * whenever the connection comes back.
 */
export function useDataset<T>(ds: Dataset<T>): DatasetView<T> {
  const active = useSnapshot(syncStatus).active;
  const online = useSnapshot(network).online;
  const st = useSnapshot(datasetStatus)[ds.def.key];
  const rec = useLiveQuery(async () => {
    if (!active) return null;
    const [data, meta] = await Promise.all([ds.read(), ds.meta()]);
    return { data, fetchedAt: meta?.fetchedAt ?? null };
  }, [active, ds]);
  useEffect(() => {
    if (active && online) void ds.refresh().catch(() => undefined);
  }, [active, online, ds]);
  return {
    data: rec === undefined ? undefined : (rec?.data ?? null),
    fetchedAt: rec?.fetchedAt ?? null,
    refreshing: st?.refreshing ?? false,
    error: st?.error ?? null,
    refresh: () => ds.refresh({ force: true }).catch(() => null),
  };
}
