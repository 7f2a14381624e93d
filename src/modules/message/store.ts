import { t } from '@lingui/core/macro';
import { proxy } from 'valtio';
import type { MessageListQuery, MessagePage, MessageRow, UnreadCounts } from '@/contracts/message';
import { MESSAGE_PAGE_SIZE, MessageType } from '@/contracts/message-values';
import { notify } from '@/lib/notify';
import { currentUserDb } from '@/lib/sync/engine';
import type { OutboxEntry, UserDb } from '@/lib/sync/user-db';
import { messageApi } from './api';
import { messagesOf } from './table';

/**
 * The user's messages (spec 2.7, 3 Message, 4 Message): notices (type 1) and system messages.
 * - Rows live in the user's database (`messages` table): the drawer and the message centre read
 *   them from there, so both work offline; every answer of GET /Message refreshes them (the server
 *   wins, except for what this device changed and the server has not got yet).
 * - Reading, reading all and deleting are local at once and queued to the documented endpoints
 *   (GET /Message/ReadInfo/{id}, POST /Message/Actions/ReadAll, DELETE /Message/Record), in order:
 *   they share one queue entity.
 * - The unread counts (the badge) come from the server (GET /Message, initMessage) less the reads
 *   still waiting in the queue; a push adds one.
 */

/** The queue entity of every message write: they replay in the order they were made. */
export const MESSAGE_ENTITY = 'message.inbox';
/** The badge shows at most this number, then 99+. */
export const BADGE_MAX = 99;

/** Unread counts as the badge shows them: system messages (type ≠ 1) and notices (type 1). */
export const messageState = proxy<UnreadCounts & { known: boolean }>({ unreadMessageCount: 0, unreadNoticeCount: 0, known: false });

/** The notice open in the notice dialog (from the drawer or the message centre). */
export const messageUi = proxy<{ notice: MessageRow | null }>({ notice: null });

export function showNotice(row: MessageRow) {
  messageUi.notice = row;
}
export function closeNotice() {
  messageUi.notice = null;
}

export function unreadTotal(c: UnreadCounts): number {
  return c.unreadMessageCount + c.unreadNoticeCount;
}

/** The badge text: nothing at 0, the number up to 99, then 99+. */
export function badgeText(total: number): string | null {
  if (!Number.isFinite(total) || total <= 0) return null;
  return total > BADGE_MAX ? `${BADGE_MAX}+` : String(Math.floor(total));
}

export const isNotice = (type: number) => type === MessageType.notice;
const counterOf = (type: number): keyof UnreadCounts => (isNotice(type) ? 'unreadNoticeCount' : 'unreadMessageCount');

/** What a message's type is called in the lists. */
export function messageTypeLabel(type: number): string {
  switch (type) {
    case MessageType.notice:
      return t`公告`;
    case MessageType.flowTodo:
      return t`流程待办`;
    case MessageType.flowCirculate:
      return t`流程传阅`;
    case MessageType.flowLaunch:
      return t`流程通知`;
    default:
      return t`系统消息`;
  }
}

const count = (n: unknown) => Math.max(0, Math.floor(Number(n) || 0));

export function setUnreadCounts(c: UnreadCounts) {
  messageState.known = true;
  messageState.unreadMessageCount = count(c.unreadMessageCount);
  messageState.unreadNoticeCount = count(c.unreadNoticeCount);
}

/** Spec 4: opening one message takes one off its counter, never below 0. */
export function decrementUnread(type: number) {
  const k = counterOf(type);
  messageState[k] = Math.max(0, messageState[k] - 1);
}

export function incrementUnread(type: number) {
  messageState[counterOf(type)] += 1;
}

// ---- What this device changed and the server has not got yet ------------------------------------

/**
 * kv record: message id → type, for every unread message read or deleted here whose write still
 * waits (a deleted row is gone from the table, so its type is kept here). Dropped when the server
 * has the write.
 */
const EFFECTS_KEY = 'message.effects';
/** kv record: when page 1 of the whole list was last fetched (the drawer's offline note). */
export const FETCHED_KEY = 'message.fetchedAt';
/** kv record: bumped when the server accepted a delete (the message centre asks its page again). */
export const REV_KEY = 'message.rev';

/** Writes the server accepted that the queue has not removed yet (it removes them in batches). */
export const settled = new Set<string>();

export interface PendingEffects {
  /** Messages read here, waiting for GET /Message/ReadInfo. */
  readIds: Set<string>;
  /** Messages deleted here, waiting for DELETE /Message/Record. */
  deletedIds: Set<string>;
  /** A read-all waits: everything up to this time is read here (Infinity: everything). */
  readAllUpTo: number | null;
  /** Types of the unread messages read or deleted here. */
  effects: Record<string, number>;
}

export const readIdOf = (e: Pick<OutboxEntry, 'request'>) => decodeURIComponent(e.request.url.slice(e.request.url.lastIndexOf('/') + 1));
export const deleteIdsOf = (e: Pick<OutboxEntry, 'request'>): string[] => {
  const ids = (e.request.body as { ids?: unknown } | undefined)?.ids;
  return Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string') : [];
};

export async function pendingEffects(db: UserDb): Promise<PendingEffects> {
  const [entries, rec] = await Promise.all([
    db.outbox
      .where('entity')
      .equals(MESSAGE_ENTITY)
      .filter((e) => (e.state === 'pending' || e.state === 'sending') && !settled.has(e.id))
      .toArray(),
    db.kv.get(EFFECTS_KEY),
  ]);
  const p: PendingEffects = { readIds: new Set(), deletedIds: new Set(), readAllUpTo: null, effects: (rec?.value as Record<string, number> | undefined) ?? {} };
  for (const e of entries) {
    if (e.kind === 'message.read') p.readIds.add(readIdOf(e));
    else if (e.kind === 'message.delete') for (const id of deleteIdsOf(e)) p.deletedIds.add(id);
    else if (e.kind === 'message.readAll') {
      const upTo = Number((e.request.body as { upTo?: unknown } | undefined)?.upTo) || Infinity;
      p.readAllUpTo = Math.max(p.readAllUpTo ?? 0, upTo);
    }
  }
  return p;
}

/** Whether a row the server lists as unread is read on this device (its read still waits). */
export function readLocally(p: PendingEffects, row: Pick<MessageRow, 'id' | 'lastModifyTime'>): boolean {
  return p.readIds.has(row.id) || (p.readAllUpTo !== null && row.lastModifyTime <= p.readAllUpTo);
}

/**
 * The server's counts less what this device did that the server has not got yet: each waiting
 * read (or delete) of an unread message takes one off its counter. While a read-all waits, the
 * server's counts still hold what it reads: the unread rows on this device count instead.
 */
export function adjustCounts(server: UnreadCounts, p: PendingEffects, localUnread: UnreadCounts): UnreadCounts {
  if (p.readAllUpTo !== null) return localUnread;
  const out = { unreadMessageCount: count(server.unreadMessageCount), unreadNoticeCount: count(server.unreadNoticeCount) };
  for (const id of new Set([...p.readIds, ...p.deletedIds])) {
    const type = p.effects[id];
    if (type === undefined) continue;
    const k = counterOf(type);
    out[k] = Math.max(0, out[k] - 1);
  }
  return out;
}

export async function addEffects(db: UserDb, add: Record<string, number>) {
  if (!Object.keys(add).length) return;
  const rec = await db.kv.get(EFFECTS_KEY);
  await db.kv.put({ key: EFFECTS_KEY, value: { ...((rec?.value as Record<string, number> | undefined) ?? {}), ...add }, updatedAt: Date.now() });
}

export async function dropEffects(db: UserDb, ids: string[]) {
  const rec = await db.kv.get(EFFECTS_KEY);
  const cur = { ...((rec?.value as Record<string, number> | undefined) ?? {}) };
  let changed = false;
  for (const id of ids)
    if (id in cur) {
      delete cur[id];
      changed = true;
    }
  if (changed) await db.kv.put({ key: EFFECTS_KEY, value: cur, updatedAt: Date.now() });
}

/** Unread rows on this device, per counter. */
export async function localUnread(db: UserDb): Promise<UnreadCounts> {
  const out = { unreadMessageCount: 0, unreadNoticeCount: 0 };
  await messagesOf(db).each((r) => {
    if (r.isRead === '0') out[counterOf(r.type)] += 1;
  });
  return out;
}

/** Counts from the server (a page of GET /Message, initMessage), less what still waits here. */
export async function applyServerCounts(server: UnreadCounts, db: UserDb | null = currentUserDb()) {
  if (!db) {
    setUnreadCounts(server);
    return;
  }
  const [p, local] = await Promise.all([pendingEffects(db), localUnread(db)]);
  setUnreadCounts(adjustCounts(server, p, local));
}

/** Counts before the server answers (start offline): the unread rows this device holds. */
export async function applyLocalCounts(db: UserDb | null = currentUserDb()) {
  if (db) setUnreadCounts(await localUnread(db));
}

// ---- Rows from the server -----------------------------------------------------------------------

/** When each message pushed in this session arrived (a list fetched before it must not remove it). */
export const pushedAt = new Map<string, number>();

export interface StoreOptions {
  /**
   * The rows are one page of the whole list (no keyword, no type): cached rows in the time span of
   * the page that it does not hold are gone on the server (deleted elsewhere) and go here too.
   * `first`: page 1 (the span reaches up to now); `last`: the last page (down to the oldest).
   */
  reconcile?: { first: boolean; last: boolean };
  /** When the request was sent: rows pushed after it are kept whatever the page says. */
  since?: number;
}

/** Puts rows from the server into the table: the server wins, except over writes still waiting here. */
export async function storeRows(db: UserDb, rows: readonly MessageRow[], opts: StoreOptions = {}) {
  await db.transaction('rw', [messagesOf(db), db.outbox, db.kv], async () => {
    const p = await pendingEffects(db);
    const incoming = rows.filter((r) => !p.deletedIds.has(r.id)).map((r) => (r.isRead === '0' && readLocally(p, r) ? { ...r, isRead: '1' as const } : r));
    const rc = opts.reconcile;
    if (rc && (rows.length || (rc.first && rc.last))) {
      const ids = new Set(rows.map((r) => r.id));
      const times = rows.map((r) => r.lastModifyTime);
      const upper = rc.first ? Infinity : Math.max(...times);
      const lower = rc.last ? -Infinity : Math.min(...times);
      const since = opts.since ?? Date.now();
      // A row at the very edge of the span may belong to the next page (same time): left alone.
      const stale = await messagesOf(db)
        .where('lastModifyTime')
        .between(lower, upper, lower === -Infinity, upper === Infinity)
        .filter((r) => !ids.has(r.id) && (pushedAt.get(r.id) ?? 0) < since)
        .primaryKeys();
      if (stale.length) await messagesOf(db).bulkDelete(stale);
    }
    if (incoming.length) await messagesOf(db).bulkPut(incoming);
  });
}

/** Asks the server for a page of the user's messages: rows into the table, counts into the badge. */
export async function fetchMessages(q: MessageListQuery, db: UserDb | null = currentUserDb()): Promise<MessagePage> {
  const since = Date.now();
  const page = await messageApi.list(q);
  const list = Array.isArray(page?.list) ? page.list : [];
  if (db) {
    const currentPage = Number(q.currentPage ?? 1);
    const pageSize = Number(q.pageSize ?? MESSAGE_PAGE_SIZE);
    const total = Number(page.pagination?.total ?? list.length);
    const whole = !q.keyword && q.type === undefined;
    await storeRows(db, list, { since, reconcile: whole ? { first: currentPage === 1, last: (currentPage - 1) * pageSize + list.length >= total } : undefined });
    if (whole && currentPage === 1) await db.kv.put({ key: FETCHED_KEY, value: Date.now(), updatedAt: Date.now() });
  }
  await applyServerCounts(page, db);
  return { ...page, list };
}

/** Page 1 of the whole list (start, catch-up, exact counts after the queue replayed). */
export function refreshFirstPage(db: UserDb | null = currentUserDb()) {
  return fetchMessages({ currentPage: 1, pageSize: MESSAGE_PAGE_SIZE, sort: 'desc' }, db);
}

let refreshTimer: ReturnType<typeof setTimeout> | null = null;
/** After the server applied queued reads: exact counts again, once for a burst of writes. */
export function refreshCountsSoon(db: UserDb) {
  if (refreshTimer) clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => {
    refreshTimer = null;
    if (currentUserDb() === db) void refreshFirstPage(db).catch(() => undefined);
  }, 400);
}

// ---- Live updates ---------------------------------------------------------------------------------

/** initMessage (every (re)connection): the server's counts, less the reads still waiting here. */
export function applyInitMessage(m: UnreadCounts) {
  return applyServerCounts(m);
}

/** messagePush: a new message reached the user: into the table, one more unread, a short toast. */
export async function receiveMessage(row: MessageRow, db: UserDb | null = currentUserDb()) {
  if (!row?.id) return;
  pushedAt.set(row.id, Date.now());
  let fresh = true;
  if (db) {
    const cur = await messagesOf(db).get(row.id);
    fresh = !cur;
    await messagesOf(db).put(cur?.isRead === '1' ? { ...row, isRead: '1' } : row);
  }
  if (!fresh) return;
  if (row.isRead !== '1') incrementUnread(row.type);
  notify({ kind: 'info', title: row.title, description: row.creatorUser ? `${messageTypeLabel(row.type)} · ${row.creatorUser}` : messageTypeLabel(row.type) });
}
