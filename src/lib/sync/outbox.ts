import { monotonicFactory } from 'ulid';
import type { Table } from 'dexie';
import { Code, SESSION_END_CODES } from '@/contracts/codes';
import { syncKind } from './kinds';
import type { OutboxEntry, UserDb } from './user-db';

const nextId = monotonicFactory();

/** Backoff after a failed attempt: doubling from 1 s, capped at 60 s, with jitter (half to full). */
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_MAX_MS = 60_000;

export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const cap = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(cap / 2 + (random() * cap) / 2);
}

/** Accepted writes removed from the outbox in one transaction (see Replayer.flush). */
const FLUSH_BATCH = 32;

export type FailureClass = 'retry' | 'auth' | 'conflict' | 'dead';

/**
 * The error classes of the sync queue: network (code 0), 408, 429 and 5xx are retried; the session
 * codes 600-602 and 401 wait for a sign-in; 409 is a conflict for the user; any other code is a
 * dead letter, kept and shown, never blocking what follows.
 */
export function classify(code: number): FailureClass {
  if (SESSION_END_CODES.includes(code) || code === Code.UNAUTHORIZED) return 'auth';
  if (code === Code.CONFLICT) return 'conflict';
  if (code === 0 || code === 408 || code === Code.TOO_MANY_REQUESTS || (code >= 500 && code < 600)) return 'retry';
  return 'dead';
}

export type SendResult = { ok: true; data: unknown } | { ok: false; code: number; message: string; data?: unknown };
export type Sender = (entry: OutboxEntry) => Promise<SendResult>;

export interface EnqueueInput {
  entity: string;
  kind: string;
  request: OutboxEntry['request'];
  baseVersion?: number;
  /**
   * A last-writer-wins value (a preference): a newer write replaces pending older writes of the
   * same entity and kind (one already on its way still arrives, and the newer one after it).
   */
  coalesce?: boolean;
}

/**
 * Records a write: the optimistic local change and the outbox entry in one Dexie transaction, so
 * neither exists without the other. `tables` are the module tables the local change touches.
 */
export async function enqueue(db: UserDb, input: EnqueueInput, localChange?: () => Promise<unknown> | unknown, tables: Table[] = [], now = Date.now()): Promise<OutboxEntry> {
  return db.transaction('rw', [db.outbox, db.meta, db.kv, ...tables], async () => {
    const seq = Number((await db.meta.get('outboxSeq'))?.value ?? 0) + 1;
    await db.meta.put({ key: 'outboxSeq', value: seq });
    if (input.coalesce) {
      await db.outbox
        .where('entity')
        .equals(input.entity)
        .filter((e) => e.kind === input.kind && e.state === 'pending')
        .delete();
    }
    const entry: OutboxEntry = {
      id: nextId(now),
      seq,
      entity: input.entity,
      kind: input.kind,
      request: input.request,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      createdAt: now,
    };
    if (input.baseVersion !== undefined) entry.baseVersion = input.baseVersion;
    await db.outbox.add(entry);
    await localChange?.();
    return entry;
  });
}

export interface DrainResult {
  sent: number;
  /** The server could not be reached: the drain stopped. */
  offline: boolean;
  /** A session code stopped the drain: it resumes after sign-in. */
  needsAuth: boolean;
  /** Earliest time a waiting entry may be tried again (for the retry timer), if any. */
  nextAttemptAt: number | null;
}

export interface ReplayerOptions {
  now?: () => number;
  random?: () => number;
  /** Entries of different entities sent at the same time. */
  concurrency?: number;
  /** Called once for each write the server accepted. */
  onSent?: (entry: OutboxEntry) => void;
}

/**
 * Replays the outbox to the server: oldest first, one entry at a time per entity (FIFO), several
 * entities in parallel. Only the leader tab runs one (see engine.ts).
 */
export class Replayer {
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly concurrency: number;
  private readonly onSent: (entry: OutboxEntry) => void;
  private running: Promise<DrainResult> | null = null;
  private again = false;
  needsAuth = false;

  constructor(
    private readonly db: UserDb,
    private readonly send: Sender,
    opts: ReplayerOptions = {},
  ) {
    this.now = opts.now ?? Date.now;
    this.random = opts.random ?? Math.random;
    this.concurrency = opts.concurrency ?? 4;
    this.onSent = opts.onSent ?? (() => {});
  }

  /** Entries marked 'sending' by an earlier version of the app go back to pending (their Idempotency-Key makes a resend safe). */
  async recover() {
    await this.db.outbox.where('state').equals('sending').modify({ state: 'pending' });
  }

  /**
   * Sends what is due. `force` ignores the backoff (the connection just came back). A drain asked
   * for while one runs makes that one go round once more.
   */
  drain(force = false): Promise<DrainResult> {
    if (this.running) {
      this.again = true;
      if (force) this.forceNext = true;
      return this.running;
    }
    this.forceNext = force;
    this.running = this.loop().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private forceNext = false;

  private async loop(): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, offline: false, needsAuth: false, nextAttemptAt: null };
    for (;;) {
      this.again = false;
      const force = this.forceNext;
      this.forceNext = false;
      if (this.needsAuth) {
        result.needsAuth = true;
        return result;
      }
      const lanes = await this.lanes(force, result);
      if (!lanes.length) {
        if (this.again) continue;
        return result;
      }
      const outcome = await this.runLanes(lanes, result);
      if (outcome === 'auth') {
        this.needsAuth = true;
        result.needsAuth = true;
        return result;
      }
      if (outcome === 'offline') {
        result.offline = true;
        result.nextAttemptAt = await this.earliestRetry();
        return result;
      }
    }
  }

  /**
   * One scan of the queue: per entity, its due entries in order (a lane). An entity whose first
   * open entry is in conflict, being sent, or waiting out its backoff has no lane this round.
   */
  private async lanes(force: boolean, result: DrainResult): Promise<OutboxEntry[][]> {
    const all = await this.db.outbox.orderBy('seq').toArray();
    const byEntity = new Map<string, OutboxEntry[]>();
    const blocked = new Set<string>();
    const now = this.now();
    let next: number | null = null;
    for (const e of all) {
      if (e.state === 'dead' || blocked.has(e.entity)) continue;
      const lane = byEntity.get(e.entity);
      // A kind this version of the app does not know is never sent blind: the entry waits (the sync
      // panel says why) and holds back the later writes of its entity; other entities go on.
      if (!syncKind(e.kind)) {
        blocked.add(e.entity);
        continue;
      }
      if (!lane) {
        const due = e.state === 'pending' && (force || e.nextAttemptAt <= now);
        if (e.state === 'pending' && !due) next = next === null ? e.nextAttemptAt : Math.min(next, e.nextAttemptAt);
        if (!due) {
          blocked.add(e.entity);
          continue;
        }
        byEntity.set(e.entity, [e]);
      } else if (e.state === 'pending') lane.push(e);
    }
    result.nextAttemptAt = next;
    return [...byEntity.values()].sort((a, b) => a[0]!.seq - b[0]!.seq);
  }

  /**
   * What stops the round: the server out of reach or a session code. Set as soon as an answer says
   * so (before its entry is updated), so the other lanes start nothing more.
   */
  private halt: 'done' | 'offline' | 'auth' = 'done';

  /**
   * Sends the lanes, several entities at a time (`concurrency`, 4 by default): a worker takes the
   * next lane and sends its writes strictly in order, stopping at the lane's first failure (a
   * retry, a conflict; a dead letter does not stop it); the other lanes go on. A session code or
   * no network stops every lane: the writes already on their way finish, nothing new starts.
   */
  private async runLanes(lanes: OutboxEntry[][], result: DrainResult): Promise<'done' | 'offline' | 'auth'> {
    let i = 0;
    this.halt = 'done';
    const worker = async () => {
      while (this.halt === 'done' && i < lanes.length) {
        const lane = lanes[i++]!;
        for (let k = 0; k < lane.length; k++) {
          if (this.halt !== 'done') return;
          const o = await this.replay(lane[k]!);
          if (o.outcome === 'sent') {
            result.sent += 1;
            // The next write of this entity was made on top of this one: it builds on the new version.
            const next = lane[k + 1];
            if (next && next.baseVersion !== undefined && o.version !== undefined) next.baseVersion = o.version;
            continue;
          }
          if (o.outcome === 'dead') continue;
          break;
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(this.concurrency, lanes.length) }, worker));
    } finally {
      await this.flush();
    }
    return this.halt;
  }

  /** Accepted writes not yet removed from the outbox (removed in batches, see flush). */
  private done: Array<{ entry: OutboxEntry; version?: number }> = [];
  private flushing: Promise<void> = Promise.resolve();

  /**
   * Removes accepted writes from the outbox and rebases the writes after them, many in one
   * transaction (one per write made the queue's own bookkeeping the bottleneck). Run at the end of
   * every round, so a scan never sees them, and every FLUSH_BATCH writes meanwhile. Should the tab
   * die first, they are sent again with the same Idempotency-Key and the server answers as before.
   */
  private flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const batch = this.done;
      if (!batch.length) return;
      this.done = [];
      await this.db.transaction('rw', [this.db.outbox, this.db.meta], async () => {
        for (const { entry, version } of batch) {
          await this.db.outbox.delete(entry.id);
          if (version === undefined) continue;
          const next = await this.db.outbox
            .where('[entity+seq]')
            .between([entry.entity, entry.seq], [entry.entity, Infinity], false, true)
            .first();
          if (next && next.state === 'pending' && next.baseVersion !== undefined) await this.db.outbox.update(next.id, { baseVersion: version });
        }
        await this.db.meta.put({ key: 'lastSyncedAt', value: this.now() });
      });
    });
    return this.flushing;
  }

  private async earliestRetry(): Promise<number | null> {
    const waiting = (await this.db.outbox.where('state').equals('pending').toArray()).filter((e) => syncKind(e.kind));
    return waiting.length ? Math.min(...waiting.map((e) => e.nextAttemptAt)) : null;
  }

  private async replay(entry: OutboxEntry): Promise<{ outcome: 'sent' | 'failed' | 'dead' | 'offline' | 'auth'; version?: number }> {
    // Still wanted? (The user may have discarded it since the scan.) A read, not a write: only the
    // leader tab replays, so nothing else sends it meanwhile; a tab that dies mid-send leaves it
    // pending, and its Idempotency-Key makes the resend safe.
    const stored = await this.db.outbox.get(entry.id);
    if (!stored || stored.state !== 'pending') return { outcome: 'failed' };
    // The lane knows the version the write before it made (persisted with the next flush).
    const claimed: OutboxEntry = entry.baseVersion === undefined ? stored : { ...stored, baseVersion: entry.baseVersion };
    const kind = syncKind(claimed.kind);
    let res: SendResult;
    try {
      res = await (kind?.send ? kind.send(claimed) : this.send(claimed));
    } catch (e) {
      res = { ok: false, code: 0, message: e instanceof Error ? e.message : String(e) };
    }
    if (res.ok) {
      // A kind that reads the version from the answer also covers creates (no base version yet):
      // an edit queued after an offline create then builds on the version the create made.
      const version = kind?.versionAfter?.(claimed, res.data) ?? (claimed.baseVersion === undefined ? undefined : claimed.baseVersion + 1);
      this.done.push({ entry: claimed, version });
      if (this.done.length >= FLUSH_BATCH) void this.flush().catch((e: unknown) => console.warn('outbox flush', e));
      // The module's own tables: it updates them itself.
      await kind?.applied?.(claimed, res.data, this.db);
      this.onSent(claimed);
      return { outcome: 'sent', version };
    }
    const lastError = { code: res.code, message: res.message };
    const cls = classify(res.code);
    if (cls === 'auth') this.halt = 'auth';
    else if (res.code === 0 && this.halt === 'done') this.halt = 'offline';
    if (cls === 'retry') {
      const attempts = claimed.attempts + 1;
      await this.db.outbox.update(claimed.id, { state: 'pending', attempts, nextAttemptAt: this.now() + backoffMs(attempts, this.random), lastError });
      return { outcome: res.code === 0 ? 'offline' : 'failed' };
    }
    if (cls === 'auth') {
      await this.db.outbox.update(claimed.id, { state: 'pending', lastError });
      return { outcome: 'auth' };
    }
    if (cls === 'conflict') {
      await this.db.outbox.update(claimed.id, { state: 'conflict', server: res.data ?? null, attempts: claimed.attempts + 1, lastError });
      return { outcome: 'failed' };
    }
    await this.db.outbox.update(claimed.id, { state: 'dead', attempts: claimed.attempts + 1, lastError });
    // The kind sees this refusal (not the failure of an earlier attempt).
    await kind?.rejected?.({ ...claimed, state: 'dead', lastError }, this.db).catch((e: unknown) => console.warn('outbox rejected', e));
    // A dead letter never blocks the writes after it.
    return { outcome: 'dead' };
  }
}

/** Puts a dead letter back in the queue, as new. */
export async function retryEntry(db: UserDb, id: string) {
  await db.outbox.update(id, { state: 'pending', attempts: 0, nextAttemptAt: 0 });
}

/** Drops an entry the user chose to discard (dead letter, or a pending write they no longer want). */
export async function discardEntry(db: UserDb, id: string) {
  await db.outbox.delete(id);
}

/** Conflict, "keep mine": replay the write on top of the server's current version. */
export async function keepMine(db: UserDb, id: string) {
  const e = await db.outbox.get(id);
  if (!e || e.state !== 'conflict') return;
  const version = syncKind(e.kind)?.versionOf?.(e.server);
  await db.outbox.update(id, { state: 'pending', attempts: 0, nextAttemptAt: 0, server: undefined, baseVersion: version ?? e.baseVersion });
}

/** Conflict, "keep theirs": the server's copy replaces the local change; the write is dropped. */
export async function keepTheirs(db: UserDb, id: string) {
  const e = await db.outbox.get(id);
  if (!e || e.state !== 'conflict') return;
  await syncKind(e.kind)?.takeTheirs?.(e, e.server, db);
  await db.outbox.delete(id);
}
