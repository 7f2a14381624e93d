import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { MessagePage, MessageRow } from '../../../src/contracts/message';
import { MessageType, RECORD_DELETE_MAX, SYSTEM_SENDER } from '../../../src/contracts/message';
import { contextualDb } from '../../db/context';
import { messageCounts, messageReceipts, messages, users } from '../../db/schema';
import { newId } from '../../lib/ids';
import { authed, call, createTestApp, tokenFor, type TestApp } from '../../test/helper';
import { WELCOME_TITLE } from './seed';
import { messageRepo } from './repo';
import { messageService, type MessageService } from './service';

let t: TestApp;
let service: MessageService;
const token = new Map<string, string>();
const userId = new Map<string, string>();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = (method: Method, url: string, account: string, payload?: unknown, headers: Record<string, string> = {}) =>
  call(t.app, { method, url, headers: { ...authed(token.get(account)!), ...headers }, payload: payload as object });
const list = async (account: string, query = ''): Promise<MessagePage> => {
  const res = await req('GET', `/Message${query}`, account);
  expect(res, query).toMatchObject({ status: 200, code: 200 });
  return res.data;
};
const titles = (page: MessagePage) => page.list.map((m) => m.title);
/** Sets when receipts of `account` were received (title → ISO time). */
const receivedAt = async (account: string, ids: Record<string, string>) => {
  for (const [id, at] of Object.entries(ids)) {
    await t.db
      .update(messageReceipts)
      .set({ receivedAt: sql`${at}::timestamptz` })
      .where(and(eq(messageReceipts.userId, userId.get(account)!), eq(messageReceipts.messageId, id)));
  }
};
const send = async (title: string, accounts: string[], type: number = MessageType.flowTodo, body: string | Record<string, unknown> = { type, flowId: 'F1', taskId: 'T1' }) => {
  const sent = await service.sendSystemMessage({ type, title, body, toUserIds: accounts.map((a) => userId.get(a)!) });
  return sent!.id;
};

beforeAll(async () => {
  t = await createTestApp();
  service = messageService(messageRepo(contextualDb(t.db)), t.app.realtime);
  const rows = await t.db.select({ id: users.id, account: users.account }).from(users);
  for (const r of rows) userId.set(r.account, r.id);
  for (const a of ['admin', 'ym0006', 'ym0007', 'ym0008', 'ym0009', 'ym0010', 'ym0011', 'ym0012']) token.set(a, await tokenFor(t.app, a));
});
afterAll(async () => {
  await t?.close();
});

describe('GET /Message', () => {
  it('a new user has the welcome notice from the administrator, unread, with its HTML body', async () => {
    const page = await list('ym0006');
    expect(page).toMatchObject({ pagination: { currentPage: 1, pageSize: 20, total: 1 }, unreadNoticeCount: 1, unreadMessageCount: 0 });
    const [welcome] = page.list;
    expect(Object.keys(welcome!).sort()).toEqual(['bodyText', 'creatorUser', 'id', 'isRead', 'lastModifyTime', 'title', 'type']);
    expect(welcome).toMatchObject({ type: MessageType.notice, title: WELCOME_TITLE, isRead: '0', creatorUser: '管理员' });
    expect(welcome!.bodyText).toContain('离线可用');
    expect(welcome!.bodyText).toContain('消息公告');
    expect(welcome!.bodyText).toContain('组织通讯录');
    expect(typeof welcome!.lastModifyTime).toBe('number');
  });

  it('lists newest first by received time (asc on request), pages, filters by title keyword and type', async () => {
    const ids: Record<string, string> = {};
    for (let i = 1; i <= 25; i++) ids[`待办${String(i).padStart(2, '0')}`] = await send(`待办${String(i).padStart(2, '0')}`, ['ym0007']);
    ids['传阅'] = await send('传阅 100%_完成', ['ym0007'], MessageType.flowCirculate);
    const times: Record<string, string> = {};
    Object.values(ids).forEach((id, i) => (times[id] = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString()));
    await receivedAt('ym0007', times);

    const first = await list('ym0007');
    expect(first.pagination).toEqual({ currentPage: 1, pageSize: 20, total: 27 });
    expect(first.list).toHaveLength(20);
    // The welcome notice came last (now); then the newest of the dated ones.
    expect(titles(first).slice(0, 3)).toEqual([WELCOME_TITLE, '传阅 100%_完成', '待办25']);
    expect(first).toMatchObject({ unreadMessageCount: 26, unreadNoticeCount: 1 });
    const times2 = first.list.map((m) => m.lastModifyTime);
    expect([...times2].sort((a, b) => b - a)).toEqual(times2);

    const second = await list('ym0007', '?currentPage=2');
    expect(titles(second)).toEqual(['待办07', '待办06', '待办05', '待办04', '待办03', '待办02', '待办01']);
    expect(titles(await list('ym0007', '?sort=asc&pageSize=50')).slice(0, 2)).toEqual(['待办01', '待办02']);

    const byKeyword = await list('ym0007', `?keyword=${encodeURIComponent('待办1')}`);
    expect(titles(byKeyword)).toEqual(['待办19', '待办18', '待办17', '待办16', '待办15', '待办14', '待办13', '待办12', '待办11', '待办10']);
    expect(byKeyword.pagination.total).toBe(10);
    // The keyword's own wildcards are literal characters.
    expect(titles(await list('ym0007', `?keyword=${encodeURIComponent('100%_')}`))).toEqual(['传阅 100%_完成']);
    expect((await list('ym0007', '?keyword=%25')).pagination.total).toBe(1);

    // A keyword with more matches than a page: the total, the next page, a page past the end.
    const todo = await list('ym0007', `?keyword=${encodeURIComponent('待办')}`);
    expect(todo.pagination.total).toBe(25);
    expect(titles(todo)).toHaveLength(20);
    expect(titles(await list('ym0007', `?keyword=${encodeURIComponent('待办')}&currentPage=2`))).toEqual(['待办05', '待办04', '待办03', '待办02', '待办01']);
    expect(await list('ym0007', `?keyword=${encodeURIComponent('待办')}&currentPage=3`)).toMatchObject({ list: [], pagination: { total: 25 } });
    expect(titles(await list('ym0007', `?keyword=${encodeURIComponent('待办')}&sort=asc&currentPage=2`))).toEqual(['待办21', '待办22', '待办23', '待办24', '待办25']);

    const byType = await list('ym0007', `?type=${MessageType.flowCirculate}`);
    expect(byType.list.map((m) => [m.title, m.type, m.creatorUser])).toEqual([['传阅 100%_完成', 3, SYSTEM_SENDER]]);
    expect(byType.pagination.total).toBe(1);
    // The counts stay the user's, whatever the filter.
    expect(byType).toMatchObject({ unreadMessageCount: 26, unreadNoticeCount: 1 });
    expect((await list('ym0007', `?type=${MessageType.notice}`)).list.map((m) => m.title)).toEqual([WELCOME_TITLE]);
  });

  it('a system message body is its JSON, as sent', async () => {
    const id = await send('请审批', ['ym0011'], MessageType.flowTodo, { type: 2, flowId: 'F9', taskId: 'T9' });
    const row = (await list('ym0011')).list.find((m) => m.id === id)!;
    expect(JSON.parse(row.bodyText)).toEqual({ type: 2, flowId: 'F9', taskId: 'T9' });
    expect(row).toMatchObject({ type: 2, creatorUser: SYSTEM_SENDER, isRead: '0' });
  });

  it('refuses a bad query with the contract messages', async () => {
    const cases: [string, string][] = [
      ['?pageSize=7', '每页条数不正确'],
      ['?currentPage=0', '页码不正确'],
      ['?type=abc', '消息类型不正确'],
      ['?type=0', '消息类型不正确'],
      [`?keyword=${'长'.repeat(51)}`, '关键词长度不能超过50个字符'],
    ];
    for (const [query, msg] of cases) expect({ query, ...(await req('GET', `/Message${encodeURI(query)}`, 'ym0006')) }).toMatchObject({ query, status: 400, code: 400, msg });
    expect(await req('GET', '/Message?sort=up', 'ym0006')).toMatchObject({ status: 400, code: 400 });
  });

  it('needs a session', async () => {
    expect(await call(t.app, { method: 'GET', url: '/Message' })).toMatchObject({ status: 401, code: 601 });
  });
});

describe('keyword searches', () => {
  it('a repeated search follows every change to the user’s messages (new, read, deleted)', async () => {
    const search = async () => list('ym0012', `?keyword=${encodeURIComponent('库存')}`);
    const first = await send('库存盘点一', ['ym0012']);
    expect((await search()).list.map((m) => [m.title, m.isRead])).toEqual([['库存盘点一', '0']]);
    const second = await send('库存盘点二', ['ym0012']);
    await receivedAt('ym0012', { [first]: '2030-02-01T00:00:00Z', [second]: '2030-02-02T00:00:00Z' });
    expect(titles(await search())).toEqual(['库存盘点二', '库存盘点一']);
    await req('GET', `/Message/ReadInfo/${first}`, 'ym0012');
    expect((await search()).list.map((m) => m.isRead)).toEqual(['0', '1']);
    await req('DELETE', '/Message/Record', 'ym0012', { ids: [second] });
    expect(await search()).toMatchObject({ list: [{ id: first }], pagination: { total: 1 } });
    // Messages of another user never show up.
    await send('库存盘点三', ['ym0013']);
    expect((await search()).pagination.total).toBe(1);
  });

  it('a search with thousands of matches pages and counts them all', async () => {
    const user = userId.get('ym0014')!;
    await t.db.execute(sql`
      insert into messages (id, type, title, body_text, enabled_mark, released_at)
      select '01BULK' || lpad(g::text, 20, '0'), 2, '批量待办 ' || g, '{}', 1, now() from generate_series(1, 2600) g`);
    await t.db.execute(sql`
      insert into message_receipts (user_id, message_id, type, received_at)
      select ${user}, id, 2, timestamptz '2031-01-01' + make_interval(secs => substr(id, 7)::int) from messages where id like '01BULK%'`);
    token.set('ym0014', await tokenFor(t.app, 'ym0014'));
    const first = await list('ym0014', `?keyword=${encodeURIComponent('批量')}&pageSize=500`);
    expect(first.pagination.total).toBe(2600);
    expect(first.list[0]!.title).toBe('批量待办 2600');
    const last = await list('ym0014', `?keyword=${encodeURIComponent('批量')}&pageSize=500&currentPage=6`);
    expect(last.list.map((m) => m.title)).toEqual(Array.from({ length: 100 }, (_, i) => `批量待办 ${100 - i}`));
    expect(last.pagination.total).toBe(2600);
    // 250 and 2500-2509.
    expect((await list('ym0014', `?keyword=${encodeURIComponent('批量待办 250')}`)).pagination.total).toBe(11);
    expect(await list('ym0014')).toMatchObject({ pagination: { total: 2601 }, unreadMessageCount: 2600, unreadNoticeCount: 1 });
  });
});

describe('GET /Message/ReadInfo/{id}', () => {
  it('answers the message and marks it read, once; the unread count drops by one', async () => {
    const id = await send('阅读测试', ['ym0008', 'ym0009']);
    const before = await list('ym0008');
    const res = await req('GET', `/Message/ReadInfo/${id}`, 'ym0008');
    expect(res).toMatchObject({ status: 200, code: 200, data: { id, title: '阅读测试', type: 2, isRead: '1', creatorUser: SYSTEM_SENDER } });
    expect(JSON.parse(res.data.bodyText)).toMatchObject({ flowId: 'F1' });
    const after = await list('ym0008');
    expect(after.unreadMessageCount).toBe(before.unreadMessageCount - 1);
    expect(after.list.find((m) => m.id === id)!.isRead).toBe('1');

    const [first] = await t.db.select().from(messageReceipts).where(and(eq(messageReceipts.messageId, id), eq(messageReceipts.userId, userId.get('ym0008')!)));
    expect(first!.readAt).toBeInstanceOf(Date);
    const again = await req('GET', `/Message/ReadInfo/${id}`, 'ym0008');
    expect(again.data).toEqual(res.data);
    const [second] = await t.db.select().from(messageReceipts).where(and(eq(messageReceipts.messageId, id), eq(messageReceipts.userId, userId.get('ym0008')!)));
    expect(second!.readAt).toEqual(first!.readAt);
    expect((await list('ym0008')).unreadMessageCount).toBe(after.unreadMessageCount);
    // The other recipient's copy is still unread.
    expect((await list('ym0009')).list.find((m) => m.id === id)!.isRead).toBe('0');
  });

  it('404 for a message the user did not receive; 400 for a malformed id', async () => {
    const id = await send('别人的消息', ['ym0009']);
    expect(await req('GET', `/Message/ReadInfo/${id}`, 'ym0008')).toMatchObject({ status: 404, code: 404, msg: '消息不存在' });
    expect(await req('GET', `/Message/ReadInfo/${newId()}`, 'ym0008')).toMatchObject({ status: 404, msg: '消息不存在' });
    expect(await req('GET', '/Message/ReadInfo/nope', 'ym0008')).toMatchObject({ status: 400, msg: 'ID格式不正确' });
    // Reading it elsewhere did not mark the recipient's copy.
    expect((await list('ym0009')).list.find((m) => m.id === id)!.isRead).toBe('0');
  });
});

describe('POST /Message/Actions/ReadAll', () => {
  it('marks read what was received up to upTo (ms, inclusive) and of the type given; answers the counts', async () => {
    const a = await send('早', ['ym0010']);
    const b = await send('中', ['ym0010'], MessageType.flowCirculate);
    const c = await send('晚', ['ym0010']);
    // Received at microsecond precision; the client knows milliseconds.
    await receivedAt('ym0010', { [a]: '2030-01-01T00:00:00.100001Z', [b]: '2030-01-01T00:00:00.200999Z', [c]: '2030-01-01T00:00:00.201Z' });
    const upTo = Date.parse('2030-01-01T00:00:00.200Z');
    const before = await list('ym0010');
    expect(before).toMatchObject({ unreadMessageCount: 3, unreadNoticeCount: 1 });
    expect(before.list.find((m) => m.id === b)!.lastModifyTime).toBe(upTo);
    const flags = async () => Object.fromEntries((await list('ym0010')).list.map((m) => [m.title, m.isRead]));

    // Type 2 up to upTo: only 早 (中 is type 3, 晚 came later).
    const res = await req('POST', '/Message/Actions/ReadAll', 'ym0010', { upTo, type: MessageType.flowTodo });
    expect(res).toMatchObject({ status: 200, code: 200, data: { unreadMessageCount: 2, unreadNoticeCount: 1 } });
    expect(await flags()).toEqual({ 早: '1', 中: '0', 晚: '0', [WELCOME_TITLE]: '0' });

    // Any type up to upTo: 中 (its microseconds are still within that millisecond) and the welcome notice.
    expect((await req('POST', '/Message/Actions/ReadAll', 'ym0010', { upTo })).data).toEqual({ unreadMessageCount: 1, unreadNoticeCount: 0 });
    expect(await flags()).toEqual({ 早: '1', 中: '1', 晚: '0', [WELCOME_TITLE]: '1' });

    expect((await req('POST', '/Message/Actions/ReadAll', 'ym0010')).data).toEqual({ unreadMessageCount: 0, unreadNoticeCount: 0 });
    expect(Object.values(await flags()).every((f) => f === '1')).toBe(true);
    // Another user's messages are untouched.
    expect((await list('ym0008')).unreadNoticeCount).toBe(1);
  });

  it('refuses a bad body', async () => {
    expect(await req('POST', '/Message/Actions/ReadAll', 'ym0008', { upTo: 'soon' })).toMatchObject({ status: 400, code: 400 });
    expect(await req('POST', '/Message/Actions/ReadAll', 'ym0008', { type: 0 })).toMatchObject({ status: 400, code: 400 });
    expect(await req('POST', '/Message/Actions/ReadAll', 'ym0008', [1])).toMatchObject({ status: 400, msg: '请求格式不正确' });
    expect((await list('ym0008')).unreadNoticeCount).toBe(1);
  });
});

describe('DELETE /Message/Record', () => {
  it('deletes the user’s own copies; other recipients keep theirs', async () => {
    const x = await send('删我', ['ym0008', 'ym0011']);
    const y = await send('留我', ['ym0008']);
    const res = await req('DELETE', '/Message/Record', 'ym0008', { ids: [x, x, newId()] });
    expect(res).toMatchObject({ status: 200, code: 200, msg: '删除成功', data: { deleted: 1 } });
    const mine = (await list('ym0008', '?pageSize=100')).list.map((m) => m.id);
    expect(mine).not.toContain(x);
    expect(mine).toContain(y);
    expect((await list('ym0011', '?pageSize=100')).list.map((m) => m.id)).toContain(x);
    expect(await req('GET', `/Message/ReadInfo/${x}`, 'ym0008')).toMatchObject({ status: 404 });
    // The message itself stays for the others.
    expect(await t.db.select({ id: messages.id }).from(messages).where(eq(messages.id, x))).toHaveLength(1);
    expect((await req('DELETE', '/Message/Record', 'ym0008', { ids: [x] })).data).toEqual({ deleted: 0 });
  });

  it('refuses a bad body', async () => {
    const cases: [unknown, string][] = [
      [{ ids: [] }, '请选择要删除的消息'],
      [{}, '请选择要删除的消息'],
      [{ ids: ['bad'] }, 'ID格式不正确'],
      [{ ids: Array.from({ length: RECORD_DELETE_MAX + 1 }, () => newId()) }, `一次最多删除${RECORD_DELETE_MAX}条消息`],
    ];
    for (const [body, msg] of cases) expect(await req('DELETE', '/Message/Record', 'ym0008', body)).toMatchObject({ status: 400, code: 400, msg });
  });

  it('an Idempotency-Key replay answers the first result and deletes nothing more', async () => {
    const z = await send('重放', ['ym0011']);
    const key = newId();
    const first = await t.app.inject({ method: 'DELETE', url: '/Message/Record', headers: { ...authed(token.get('ym0011')!), 'idempotency-key': key }, payload: { ids: [z] } });
    expect(first.json()).toMatchObject({ code: 200, data: { deleted: 1 } });
    const again = await t.app.inject({ method: 'DELETE', url: '/Message/Record', headers: { ...authed(token.get('ym0011')!), 'idempotency-key': key }, payload: { ids: [z] } });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });
});

describe('sendSystemMessage', () => {
  it('writes a released message with one receipt per named user (unknown ids skipped), sender 系统 or the named user', async () => {
    const to = [userId.get('ym0006')!, userId.get('ym0006')!, newId()];
    const sent = await service.sendSystemMessage({ type: MessageType.flowLaunch, title: '  流程已通过  ', body: '{"type":4,"flowId":"F2"}', toUserIds: to });
    expect(sent).toMatchObject({ recipients: 1 });
    const [m] = await t.db.select().from(messages).where(eq(messages.id, sent!.id));
    expect(m).toMatchObject({ type: 4, title: '流程已通过', enabledMark: 1, creatorUserId: null, bodyText: '{"type":4,"flowId":"F2"}' });
    expect(m!.releasedAt).toBeInstanceOf(Date);
    const receipts = await t.db.select().from(messageReceipts).where(eq(messageReceipts.messageId, sent!.id));
    expect(receipts.map((r) => [r.userId, r.type, r.isRead])).toEqual([[userId.get('ym0006'), 4, false]]);

    const fromAdmin = await service.sendSystemMessage({ type: MessageType.flowTodo, title: '请处理', body: { type: 2 }, toUserIds: [userId.get('ym0006')!], creatorUserId: userId.get('admin')! });
    const row = (await list('ym0006')).list.find((x) => x.id === fromAdmin!.id) as MessageRow;
    expect(row).toMatchObject({ creatorUser: '管理员', bodyText: '{"type":2}' });

    expect(await service.sendSystemMessage({ type: 2, title: '无人', body: '', toUserIds: [] })).toBeNull();
  });

  it('runs in the caller’s transaction: a rollback leaves nothing', async () => {
    const db = contextualDb(t.db);
    const before = (await list('ym0006')).pagination.total;
    let id = '';
    await expect(
      db.transaction(async () => {
        id = (await service.sendSystemMessage({ type: 2, title: '回滚', body: {}, toUserIds: [userId.get('ym0006')!] }))!.id;
        expect(await db.select().from(messageReceipts).where(eq(messageReceipts.messageId, id))).toHaveLength(1);
        throw new Error('caller failed');
      }),
    ).rejects.toThrow('caller failed');
    expect(await t.db.select().from(messages).where(inArray(messages.id, [id]))).toEqual([]);
    expect((await list('ym0006')).pagination.total).toBe(before);
  });
});

describe('counters', () => {
  it('the per-user counters agree with the receipts after everything above', async () => {
    const counted = await t.db
      .select({
        userId: messageReceipts.userId,
        type: messageReceipts.type,
        total: sql<number>`count(*)::int`,
        unread: sql<number>`(count(*) filter (where not ${messageReceipts.isRead}))::int`,
      })
      .from(messageReceipts)
      .groupBy(messageReceipts.userId, messageReceipts.type);
    const kept = await t.db
      .select({ userId: messageCounts.userId, type: messageCounts.type, total: messageCounts.total, unread: messageCounts.unread })
      .from(messageCounts)
      .where(sql`${messageCounts.total} <> 0`);
    const key = (r: { userId: string; type: number }) => `${r.userId}:${r.type}`;
    const sort = <T extends { userId: string; type: number }>(rows: T[]) => [...rows].sort((a, b) => key(a).localeCompare(key(b)));
    expect(counted.length).toBeGreaterThan(10);
    expect(sort(kept)).toEqual(sort(counted));
  });
});
