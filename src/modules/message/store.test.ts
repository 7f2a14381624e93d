import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessagePage, MessageRow } from '@/contracts/message';
import type { Notice } from '@/lib/notify';
import type { UserDb as UserDbType } from '@/lib/sync/user-db';

vi.mock('@/lib/sync/engine', () => import('./test-support').then((m) => m.engineMock()));
vi.mock('@/lib/http', () => import('./test-support').then((m) => m.httpMock()));
const { fake, openTestDb } = await import('./test-support');
const { messagesOf } = await import('./table');
let db: UserDbType;
const { syncKind } = await import('@/lib/sync/kinds');
const { setNoticeSink } = await import('@/lib/notify');
const { applyInitMessage, badgeText, decrementUnread, fetchMessages, MESSAGE_ENTITY, messageState, receiveMessage, setUnreadCounts, storeRows } = await import('./store');
const { deleteMessages, markAllRead, readMessage } = await import('./writes');
const { catchUpMessages, newMessagesLine, noteOffline, resetMessageState } = await import('./catch-up');

const id = (n: number) => `01J0000000000000000000M${String(n).padStart(3, '0')}`;
const msg = (n: number, extra: Partial<MessageRow> = {}): MessageRow => ({
  id: id(n),
  type: 2,
  title: `消息${n}`,
  bodyText: '{"type":2}',
  isRead: '0',
  creatorUser: '系统',
  lastModifyTime: 1_700_000_000_000 + n * 1000,
  ...extra,
});
const page = (list: MessageRow[], counts = { unreadMessageCount: 0, unreadNoticeCount: 0 }, total = list.length): MessagePage => ({
  list,
  pagination: { currentPage: 1, pageSize: 20, total },
  ...counts,
});
const counts = () => ({ unreadMessageCount: messageState.unreadMessageCount, unreadNoticeCount: messageState.unreadNoticeCount });

let notices: Notice[] = [];
beforeEach(async () => {
  fake.answer = null;
  fake.asked.length = 0;
  notices = [];
  setNoticeSink((n) => notices.push(n));
  resetMessageState();
  db = await openTestDb('message-store');
  fake.db = db;
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('unread counters', () => {
  it('opening one takes one off its counter, never below 0; read-all zeroes both', async () => {
    setUnreadCounts({ unreadMessageCount: 2, unreadNoticeCount: 1 });
    decrementUnread(1);
    decrementUnread(1);
    expect(counts()).toEqual({ unreadMessageCount: 2, unreadNoticeCount: 0 });
    decrementUnread(2);
    expect(counts()).toEqual({ unreadMessageCount: 1, unreadNoticeCount: 0 });
    await messagesOf(db).bulkPut([msg(1), msg(2, { type: 1 })]);
    setUnreadCounts({ unreadMessageCount: 7, unreadNoticeCount: 3 });
    await markAllRead();
    expect(counts()).toEqual({ unreadMessageCount: 0, unreadNoticeCount: 0 });
  });

  it('the badge shows the total up to 99, then 99+, and nothing at 0', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-3)).toBeNull();
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});

describe('reading a message offline', () => {
  it('reads it here at once and queues exactly one GET /Message/ReadInfo/{id}', async () => {
    const row = msg(1, { type: 1 });
    await messagesOf(db).put(row);
    setUnreadCounts({ unreadMessageCount: 0, unreadNoticeCount: 1 });
    expect(await readMessage(row)).toBe(true);
    // Opened again (the caller still holds the unread copy): nothing more is queued or counted.
    expect(await readMessage(row)).toBe(false);
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'message.read', entity: MESSAGE_ENTITY, request: { method: 'GET', url: `/Message/ReadInfo/${row.id}` } });
    expect(entries[0]!.request.body).toBeUndefined();
    expect((await messagesOf(db).get(row.id))?.isRead).toBe('1');
    expect(counts()).toEqual({ unreadMessageCount: 0, unreadNoticeCount: 0 });
    expect(syncKind('message.read')!.label(entries[0]!)).toBe('标记消息为已读');
  });

  it('a message already read queues nothing', async () => {
    await readMessage(msg(1, { isRead: '1' }));
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('read all', () => {
  it('queues one POST /Message/Actions/ReadAll up to the newest message here, and a second replaces the first', async () => {
    await messagesOf(db).bulkPut([msg(1), msg(3, { type: 1 }), msg(2, { isRead: '1' })]);
    await markAllRead();
    await markAllRead();
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'message.readAll', request: { method: 'POST', url: '/Message/Actions/ReadAll', body: { upTo: msg(3).lastModifyTime } } });
    expect((await messagesOf(db).toArray()).map((r) => r.isRead)).toEqual(['1', '1', '1']);
  });
});

describe('server counts (initMessage, GET /Message)', () => {
  it('are taken less the reads still waiting in the queue', async () => {
    const notice = msg(1, { type: 1 });
    const flow = msg(2);
    await messagesOf(db).bulkPut([notice, flow, msg(3)]);
    await readMessage(notice);
    await readMessage(flow);
    await applyInitMessage({ unreadMessageCount: 3, unreadNoticeCount: 2 });
    expect(counts()).toEqual({ unreadMessageCount: 2, unreadNoticeCount: 1 });
  });

  it('once the server has a read, its count is taken as it is', async () => {
    const notice = msg(1, { type: 1 });
    await messagesOf(db).put(notice);
    await readMessage(notice);
    const [entry] = await db.outbox.toArray();
    await syncKind('message.read')!.applied!(entry!, { ...notice, isRead: '1' }, db);
    await applyInitMessage({ unreadMessageCount: 0, unreadNoticeCount: 4 });
    expect(counts()).toEqual({ unreadMessageCount: 0, unreadNoticeCount: 4 });
  });

  it('while a read-all waits, the unread rows here count (the server still holds what it reads)', async () => {
    await messagesOf(db).bulkPut([msg(1), msg(2, { type: 1 })]);
    await markAllRead();
    await receiveMessage(msg(3, { type: 1 }));
    await applyInitMessage({ unreadMessageCount: 5, unreadNoticeCount: 6 });
    expect(counts()).toEqual({ unreadMessageCount: 0, unreadNoticeCount: 1 });
  });

  it('a page from the server does not undo a read or a delete still waiting', async () => {
    await messagesOf(db).bulkPut([msg(1), msg(2)]);
    await readMessage(msg(1));
    await deleteMessages([id(2)]);
    fake.answer = page([msg(1), msg(2)], { unreadMessageCount: 2, unreadNoticeCount: 0 });
    await fetchMessages({ currentPage: 1, pageSize: 20 });
    expect(await messagesOf(db).toArray()).toEqual([{ ...msg(1), isRead: '1' }]);
    expect(counts()).toEqual({ unreadMessageCount: 0, unreadNoticeCount: 0 });
  });
});

describe('pushes', () => {
  it('messagePush stores the row, adds one to the right counter and says so, once', async () => {
    setUnreadCounts({ unreadMessageCount: 1, unreadNoticeCount: 1 });
    await receiveMessage(msg(1, { type: 1, title: '放假通知', creatorUser: '王晓明' }));
    expect(counts()).toEqual({ unreadMessageCount: 1, unreadNoticeCount: 2 });
    await receiveMessage(msg(2, { type: 3 }));
    expect(counts()).toEqual({ unreadMessageCount: 2, unreadNoticeCount: 2 });
    // The same message again (a reconnect): no second count, no second toast.
    await receiveMessage(msg(2, { type: 3 }));
    expect(counts()).toEqual({ unreadMessageCount: 2, unreadNoticeCount: 2 });
    expect((await messagesOf(db).get(id(1)))?.title).toBe('放假通知');
    expect(notices).toEqual([
      { kind: 'info', title: '放假通知', description: '公告 · 王晓明' },
      { kind: 'info', title: '消息2', description: '流程传阅 · 系统' },
    ]);
  });

  it('a page fetched before a push does not remove the pushed row', async () => {
    await messagesOf(db).put(msg(1));
    await receiveMessage(msg(9));
    await storeRows(db, [msg(1)], { reconcile: { first: true, last: true }, since: Date.now() - 60_000 });
    expect((await messagesOf(db).toArray()).map((r) => r.id).sort()).toEqual([id(1), id(9)]);
  });
});

describe('refresh of the cached list', () => {
  it('page 1 of the whole list removes cached rows the server no longer lists in its span', async () => {
    await messagesOf(db).bulkPut([msg(1), msg(2), msg(3), msg(4)]);
    // A full page 1 holding 4 and 2 (3 was deleted elsewhere); 1 is older than the page: left alone.
    await storeRows(db, [msg(4), msg(2)], { reconcile: { first: true, last: false } });
    expect((await messagesOf(db).toArray()).map((r) => r.id)).toEqual([id(1), id(2), id(4)]);
    // An empty whole list: nothing left.
    await storeRows(db, [], { reconcile: { first: true, last: true } });
    expect(await messagesOf(db).count()).toBe(0);
  });

  it('a filtered page only adds rows', async () => {
    await messagesOf(db).bulkPut([msg(1), msg(2)]);
    fake.answer = page([msg(2, { isRead: '1' })]);
    await fetchMessages({ currentPage: 1, pageSize: 20, keyword: '2' });
    expect((await messagesOf(db).toArray()).map((r) => [r.id, r.isRead])).toEqual([
      [id(1), '0'],
      [id(2), '1'],
    ]);
  });
});

describe('delete', () => {
  it('removes the rows here at once and queues one DELETE /Message/Record', async () => {
    await messagesOf(db).bulkPut([msg(1, { type: 1 }), msg(2, { isRead: '1' }), msg(3)]);
    setUnreadCounts({ unreadMessageCount: 1, unreadNoticeCount: 1 });
    await deleteMessages([id(1), id(2)]);
    expect((await messagesOf(db).toArray()).map((r) => r.id)).toEqual([id(3)]);
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'message.delete', request: { method: 'DELETE', url: '/Message/Record', body: { ids: [id(1), id(2)] } } });
    expect(syncKind('message.delete')!.label(entries[0]!)).toBe('删除 2 条消息');
    // The unread notice deleted: one less on its counter, now and after a reconnect.
    expect(counts()).toEqual({ unreadMessageCount: 1, unreadNoticeCount: 0 });
    await applyInitMessage({ unreadMessageCount: 1, unreadNoticeCount: 1 });
    expect(counts()).toEqual({ unreadMessageCount: 1, unreadNoticeCount: 0 });
  });
});

describe('offline catch-up', () => {
  it('names only the messages that arrived while offline', async () => {
    await messagesOf(db).bulkPut([msg(1, { title: '旧消息' })]);
    await noteOffline(db);
    fake.answer = page([msg(3, { title: '标题B' }), msg(2, { title: '标题A' }), msg(1, { title: '旧消息' })], { unreadMessageCount: 3, unreadNoticeCount: 0 });
    expect(await catchUpMessages(db)).toBe('2 条新消息：「标题B」「标题A」');
    expect(await messagesOf(db).count()).toBe(3);
    expect(counts()).toEqual({ unreadMessageCount: 3, unreadNoticeCount: 0 });
    // Nothing new the next time.
    expect(await catchUpMessages(db)).toBeNull();
  });

  it('keeps the line short', () => {
    expect(newMessagesLine([])).toBeNull();
    expect(newMessagesLine(['1', '2', '3', '4', '5', '6'])).toBe('6 条新消息：「1」「2」「3」「4」「5」…');
    expect(newMessagesLine(['a'], true)).toBe('1+ 条新消息：「a」');
  });
});
