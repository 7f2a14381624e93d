import { t } from '@lingui/core/macro';
import type { MessageRow } from '@/contracts/message';
import { messagePaths, RECORD_DELETE_MAX } from '@/contracts/message-values';
import { currentUserDb, queueWrite } from '@/lib/sync/engine';
import type { SyncKind } from '@/lib/sync/kinds';
import { readInfoUrl } from './api';
import { messagesOf } from './table';
import { addEffects, decrementUnread, deleteIdsOf, dropEffects, MESSAGE_ENTITY, readIdOf, refreshCountsSoon, REV_KEY, setUnreadCounts, settled } from './store';

// ---- The user's writes ----------------------------------------------------------------------------

const reading = new Set<string>();

/**
 * Opening a message (spec 4): an unread one becomes read here at once, its counter goes down by
 * one (never below 0), and GET /Message/ReadInfo/{id} waits in the queue. Resolves true when it
 * was unread.
 */
export async function readMessage(row: Pick<MessageRow, 'id' | 'type' | 'isRead'>): Promise<boolean> {
  const db = currentUserDb();
  if (!db || row.isRead === '1' || reading.has(row.id)) return false;
  reading.add(row.id);
  try {
    const cur = await messagesOf(db).get(row.id);
    if (cur?.isRead === '1') return false;
    const type = cur?.type ?? row.type;
    await queueWrite(
      { entity: MESSAGE_ENTITY, kind: 'message.read', request: { method: 'GET', url: readInfoUrl(row.id) } },
      async (d) => {
        await messagesOf(d).update(row.id, { isRead: '1' });
        await addEffects(d, { [row.id]: type });
      },
      (d) => [messagesOf(d)],
    );
    decrementUnread(type);
    return true;
  } finally {
    reading.delete(row.id);
  }
}

/**
 * 全部已读 (spec 4): every message on this device read, both counters 0, and POST
 * /Message/Actions/ReadAll queued with `upTo` = the newest message the user has, so messages that
 * reached the server meanwhile stay unread. A newer read-all replaces one still waiting.
 */
export async function markAllRead(): Promise<number | undefined> {
  const db = currentUserDb();
  if (!db) return undefined;
  const upTo = (await messagesOf(db).orderBy('lastModifyTime').last())?.lastModifyTime;
  await queueWrite(
    { entity: MESSAGE_ENTITY, kind: 'message.readAll', request: { method: 'POST', url: messagePaths.readAll, body: upTo ? { upTo } : {} }, coalesce: true },
    (d) => (upTo === undefined ? messagesOf(d).toCollection() : messagesOf(d).where('lastModifyTime').belowOrEqual(upTo)).modify({ isRead: '1' }),
    (d) => [messagesOf(d)],
  );
  setUnreadCounts({ unreadMessageCount: 0, unreadNoticeCount: 0 });
  return upTo;
}

/** Deletes the user's copies of messages: gone here at once, DELETE /Message/Record queued (500 ids per call). */
export async function deleteMessages(ids: readonly string[]): Promise<number> {
  const db = currentUserDb();
  const unique = [...new Set(ids)];
  if (!db || !unique.length) return 0;
  for (let i = 0; i < unique.length; i += RECORD_DELETE_MAX) {
    const chunk = unique.slice(i, i + RECORD_DELETE_MAX);
    const unread: MessageRow[] = [];
    await queueWrite(
      { entity: MESSAGE_ENTITY, kind: 'message.delete', request: { method: 'DELETE', url: messagePaths.records, body: { ids: chunk } } },
      async (d) => {
        const rows = (await messagesOf(d).bulkGet(chunk)).filter((r): r is MessageRow => !!r);
        unread.push(...rows.filter((r) => r.isRead === '0'));
        await addEffects(d, Object.fromEntries(unread.map((r) => [r.id, r.type])));
        await messagesOf(d).bulkDelete(chunk);
      },
      (d) => [messagesOf(d)],
    );
    for (const r of unread) decrementUnread(r.type);
  }
  return unique.length;
}

// ---- The queue's handling of these writes ---------------------------------------------------------

/** The kinds of the message module's queued writes (declared in module.ts). */
export const messageSyncKinds: Record<string, SyncKind> = {
  'message.read': {
    label: () => t`标记消息为已读`,
    async applied(entry, data, db) {
      settled.add(entry.id);
      const id = readIdOf(entry);
      const saved = data && typeof data === 'object' && (data as MessageRow).id === id ? (data as MessageRow) : null;
      await db.transaction('rw', [messagesOf(db), db.kv], async () => {
        const cur = await messagesOf(db).get(id);
        if (cur) await messagesOf(db).put({ ...cur, ...(saved ?? {}), isRead: '1' });
        await dropEffects(db, [id]);
      });
      refreshCountsSoon(db);
    },
  },
  'message.readAll': {
    label: () => t`全部消息标为已读`,
    async applied(entry, _data, db) {
      settled.add(entry.id);
      refreshCountsSoon(db);
    },
  },
  'message.delete': {
    label: (entry) => {
      const n = deleteIdsOf(entry).length;
      return t`删除 ${n} 条消息`;
    },
    async applied(entry, _data, db) {
      settled.add(entry.id);
      await db.transaction('rw', [db.kv], async () => {
        await dropEffects(db, deleteIdsOf(entry));
        const rev = Number((await db.kv.get(REV_KEY))?.value ?? 0);
        await db.kv.put({ key: REV_KEY, value: rev + 1, updatedAt: Date.now() });
      });
      refreshCountsSoon(db);
    },
  },
};
