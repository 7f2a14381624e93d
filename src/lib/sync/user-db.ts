import Dexie, { type Table } from 'dexie';
import { STORAGE_PREFIX } from '@/contracts/limits';
import type { ModuleTables } from '../module';

/** 'sending' is only found in queues written by earlier versions; Replayer.recover turns it back into 'pending'. */
export type OutboxState = 'pending' | 'sending' | 'conflict' | 'dead';

/** A write waiting to reach the server (spec: Writes, ARCHITECTURE.md). */
export interface OutboxEntry {
  /** ULID; sent as the Idempotency-Key header. */
  id: string;
  /** Per-device sequence: replay order. */
  seq: number;
  /** Entries of one entity replay in order; independent entities do not wait for each other. */
  entity: string;
  /** Registered kind (labels, what to do with the server's answer, conflict resolution). */
  kind: string;
  /**
   * The documented call. GET only for a read with an effect the user made offline (GET
   * /Message/ReadInfo/{id} marks a message read): it has no body, and sending it twice is harmless.
   */
  request: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown };
  /** The version the change was made on; sent as If-Match. A stale one gets 409. */
  baseVersion?: number;
  state: OutboxState;
  attempts: number;
  /** Not before this time (ms epoch): backoff after a failure. */
  nextAttemptAt: number;
  createdAt: number;
  lastError?: { code: number; message: string };
  /** 409: the server's current copy, for "keep mine / keep theirs". */
  server?: unknown;
}

export interface MetaRecord {
  key: string;
  value: unknown;
  /** Cached datasets: when fetched and the server's ETag. */
  fetchedAt?: number;
  etag?: string;
  /** Shape version of a cached dataset; an older shape is discarded on load. */
  shape?: number;
}

/** Small cached records (the profile's base info, …), keyed by name. */
export interface KvRecord {
  key: string;
  value: unknown;
  updatedAt: number;
}

/** One item of a big cached dataset (see dataset.ts `rows`): a department, a user, a region, … */
export interface DatasetItem {
  id: string;
  /** Parent item id ('' at the top), so a tree level or a group can be picked out. */
  parent: string;
  value: unknown;
}

/**
 * A slice of a big cached dataset, in the server's order. Items are stored a thousand to a record:
 * IndexedDB's cost is mostly per record, so 12,000 items read back in a few records, not 12,000.
 */
export interface DatasetChunk {
  /** The dataset's key. */
  ds: string;
  /** Position of the slice. */
  n: number;
  items: DatasetItem[];
}

/**
 * One local database per signed-in user (`yunmian_u_<userId>`): the sync queue's own tables here,
 * and the tables each module declares in its module.ts (ModuleTables), which reach it through
 * `setModuleTables` (the session service) before the queue opens. Versions only ever add: a
 * module that caches data adds its tables in a new version, with an upgrade function when rows
 * must change shape.
 */
export class UserDb extends Dexie {
  meta!: Table<MetaRecord, string>;
  outbox!: Table<OutboxEntry, string>;
  kv!: Table<KvRecord, string>;
  chunks!: Table<DatasetChunk, [string, number]>;

  constructor(userId: string, moduleTables: readonly ModuleTables[] = []) {
    super(userDbName(userId));
    this.version(1).stores({
      meta: 'key',
      outbox: 'id, seq, entity, state, [entity+seq]',
      kv: 'key',
    });
    // Version 2: slices of big cached datasets. The profile's base info, cached in `kv` by version 1
    // without a dataset record, gets one (shape 1), so readers keep showing it offline.
    this.version(2)
      .stores({ chunks: '[ds+n]' })
      .upgrade(async (tx) => {
        const info = await tx.table<KvRecord, string>('kv').get('profile.baseInfo');
        if (info) await tx.table<MetaRecord, string>('meta').put({ key: 'ds:profile.baseInfo', value: null, fetchedAt: info.updatedAt, shape: 1 });
      });
    for (const t of [...moduleTables].sort((a, b) => a.version - b.version)) {
      const v = this.version(t.version).stores(t.stores);
      if (t.upgrade) v.upgrade(t.upgrade);
    }
  }
}

export const userDbName = (userId: string) => `${STORAGE_PREFIX}u_${userId}`;

/** The lowest version a module may declare (1 and 2 are the queue's own). */
export const FIRST_MODULE_VERSION = 3;

let tables: readonly ModuleTables[] = [];
const open = new Map<string, UserDb>();

/**
 * What is wrong with the modules' table declarations (checked by a test over the module list): a
 * version the queue itself uses, or one shared by two declarations (a database already at that
 * version would never get the second one's tables).
 */
export function tableProblems(declared: readonly ModuleTables[]): string[] {
  const problems: string[] = [];
  const seen = new Map<number, string>();
  for (const t of declared) {
    const names = Object.keys(t.stores).join(', ');
    if (t.version < FIRST_MODULE_VERSION) problems.push(`${names}: version ${t.version} is below ${FIRST_MODULE_VERSION}`);
    const other = seen.get(t.version);
    if (other) problems.push(`${names} and ${other} share version ${t.version}`);
    seen.set(t.version, names);
  }
  return problems;
}

/**
 * The modules' tables (the session service, before the queue opens). A database opened before (the
 * sign-in reads the cached user with the queue's tables only) is closed, to open again with them.
 */
export function setModuleTables(declared: readonly ModuleTables[]) {
  if (declared === tables) return;
  tables = declared;
  for (const [userId, db] of open) {
    db.close();
    open.delete(userId);
  }
}

/** The user's database, one instance per user for the page's life (Dexie opens it on first use). */
export function openUserDb(userId: string): UserDb {
  let db = open.get(userId);
  if (!db) {
    db = new UserDb(userId, tables);
    open.set(userId, db);
  }
  return db;
}

/** Closes a user's database (sign-out); the next openUserDb makes a new instance. */
export function closeUserDb(userId: string) {
  open.get(userId)?.close();
  open.delete(userId);
}
