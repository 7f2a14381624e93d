import type { Subscription } from 'dexie';
import { proxy } from 'valtio';
import { SYNC_TAG } from '@/contracts/limits';
import { network } from '../network';
import { enqueue, Replayer, type EnqueueInput, type Sender } from './outbox';
import { loadDexie } from './dexie-lazy';
import type { OutboxEntry, UserDb } from './user-db';

/** What the UI shows about the queue (navbar indicator, sync panel, home, sign-out warning). */
export const syncStatus = proxy({
  /** A signed-in user's queue is open. */
  active: false,
  pending: 0,
  conflicts: 0,
  dead: 0,
  /** A session code stopped the replay: it resumes after the next sign-in (or unlock). */
  needsAuth: false,
  lastSyncedAt: null as number | null,
  /** This tab replays (one leader tab per user, Web Locks). */
  leader: false,
  syncing: false,
  /** Writes sent since this page started (for the catch-up notice). */
  sentThisSession: 0,
});


interface Running {
  userId: string;
  db: UserDb;
  replayer: Replayer;
  channel: BroadcastChannel | null;
  subscription: Subscription;
  release: () => void;
  timer: ReturnType<typeof setTimeout> | null;
  cleanup: Array<() => void>;
  closeDb: () => void;
}

let current: Running | null = null;

/** The signed-in user's local database, or null before sign-in. */
export function currentUserDb(): UserDb | null {
  return current?.db ?? null;
}

function replayerFor(db: UserDb, send: Sender) {
  return new Replayer(db, send, {
    onSent: () => {
      syncStatus.sentThisSession += 1;
    },
  });
}

/**
 * Opens the user's queue and starts replaying in the leader tab. Called after every sign-in (and
 * unlock): for the same user it only lifts needs-auth and replays.
 */
export async function startSync(userId: string, send: Sender): Promise<UserDb> {
  if (current?.userId === userId) {
    current.replayer = replayerFor(current.db, send);
    syncStatus.needsAuth = false;
    await current.db.meta.delete('needsAuth');
    kickSync();
    return current.db;
  }
  stopSync();
  // Dexie and the database class load here, not with the first paint (dexie-lazy.ts).
  const [{ liveQuery }, { openUserDb, closeUserDb }] = await Promise.all([loadDexie(), import('./user-db')]);
  const db = openUserDb(userId);
  await db.open();
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`${SYNC_TAG}_${userId}`);
  const subscription = liveQuery(async () => ({
    rows: await db.outbox.toArray(),
    lastSyncedAt: (await db.meta.get('lastSyncedAt'))?.value as number | undefined,
    needsAuth: (await db.meta.get('needsAuth'))?.value === true,
  })).subscribe({
    next: ({ rows, lastSyncedAt, needsAuth }) => {
      syncStatus.pending = rows.filter((r) => r.state === 'pending' || r.state === 'sending').length;
      syncStatus.conflicts = rows.filter((r) => r.state === 'conflict').length;
      syncStatus.dead = rows.filter((r) => r.state === 'dead').length;
      syncStatus.lastSyncedAt = lastSyncedAt ?? null;
      syncStatus.needsAuth = needsAuth;
    },
    error: (e: unknown) => console.warn('sync status', e),
  });
  const run: Running = { userId, db, replayer: replayerFor(db, send), channel, subscription, release: () => {}, timer: null, cleanup: [], closeDb: () => closeUserDb(userId) };
  current = run;
  syncStatus.active = true;

  // Followers ask the leader to replay.
  if (channel) channel.onmessage = (ev) => ev.data === 'kick' && syncStatus.leader && void drain(true);

  const onOnline = () => kickSync();
  const onVisible = () => document.visibilityState === 'visible' && kickSync();
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  run.cleanup.push(() => window.removeEventListener('online', onOnline), () => document.removeEventListener('visibilitychange', onVisible));
  // The service worker's sync event wakes the page; the page replays.
  const onWorker = (ev: MessageEvent) => ev.data?.type === SYNC_TAG && kickSync();
  navigator.serviceWorker?.addEventListener('message', onWorker);
  run.cleanup.push(() => navigator.serviceWorker?.removeEventListener('message', onWorker));

  elect(run);
  return db;
}

/** One leader tab per user: it holds a Web Lock for its lifetime; when it closes, the next tab takes over. */
function elect(run: Running) {
  const become = async () => {
    if (current !== run) return;
    syncStatus.leader = true;
    await run.replayer.recover();
    await drain(true);
  };
  if (!navigator.locks) {
    void become();
    return;
  }
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const abort = new AbortController();
  run.release = () => {
    release();
    abort.abort();
  };
  navigator.locks
    .request(`${SYNC_TAG}_leader_${run.userId}`, { signal: abort.signal }, async () => {
      await become();
      await held;
    })
    .catch(() => undefined);
}

async function drain(force: boolean) {
  const run = current;
  if (!run || !syncStatus.leader) return;
  if (run.timer) clearTimeout(run.timer);
  run.timer = null;
  syncStatus.syncing = true;
  try {
    const r = await run.replayer.drain(force);
    if (current !== run) return;
    if (r.needsAuth) await run.db.meta.put({ key: 'needsAuth', value: true });
    // Online with nothing left to send: everything made here is on the server as of now.
    else if (!r.offline && network.online && (await run.db.outbox.where('state').anyOf('pending', 'sending').count()) === 0) {
      await run.db.meta.put({ key: 'lastSyncedAt', value: Date.now() });
    }
    // Retry when the first waiting entry is due (backoff), unless something else triggers first.
    if (r.nextAttemptAt !== null && !r.needsAuth) {
      run.timer = setTimeout(() => void drain(false), Math.max(0, r.nextAttemptAt - Date.now()));
    }
  } catch (e) {
    console.warn('sync replay', e);
  } finally {
    syncStatus.syncing = false;
  }
}

/** Replays now (ignoring backoff): in this tab if it leads, else asks the leader. */
export function kickSync() {
  if (!current) return;
  if (syncStatus.leader) void drain(true);
  else current.channel?.postMessage('kick');
}

/** Asks the service worker to wake the page for a replay when the connection returns (Background Sync). */
export async function requestBackgroundSync() {
  try {
    const reg = (await navigator.serviceWorker?.getRegistration()) as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined;
    await reg?.sync?.register(SYNC_TAG);
  } catch {
    /* not supported or not permitted: the online and visibility triggers remain */
  }
}

/**
 * A write the user makes: the local change and the outbox entry in one transaction, then a replay
 * (now when online, else when the connection returns). Throws when no user is signed in.
 */
export async function queueWrite(input: EnqueueInput, localChange?: (db: UserDb) => Promise<unknown> | unknown, tables: (db: UserDb) => import('dexie').Table[] = () => []) {
  const db = current?.db;
  if (!db) throw new Error('no signed-in user');
  const entry = await enqueue(db, input, () => localChange?.(db), tables(db));
  lastQueued = entry;
  void requestBackgroundSync();
  kickSync();
  return entry;
}

let lastQueued: OutboxEntry | null = null;

/**
 * The write this tab queued last, once (what the feedback after a user's action waits for: the
 * action queued it just before, whatever store function it went through).
 */
export function takeLastQueued(): OutboxEntry | null {
  const entry = lastQueued;
  lastQueued = null;
  return entry;
}

/** Closes the queue (sign-out). Nothing is deleted: the writes wait for this user's next sign-in. */
export function stopSync() {
  const run = current;
  if (!run) return;
  current = null;
  if (run.timer) clearTimeout(run.timer);
  run.release();
  run.subscription.unsubscribe();
  run.channel?.close();
  for (const c of run.cleanup) c();
  run.closeDb();
  Object.assign(syncStatus, { active: false, pending: 0, conflicts: 0, dead: 0, needsAuth: false, lastSyncedAt: null, leader: false, syncing: false });
}
