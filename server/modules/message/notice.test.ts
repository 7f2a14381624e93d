import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { MessagePage, NoticeInfo, NoticeRow } from '../../../src/contracts/message';
import { MessageType, NOTICE_BODY_MAX, NOTICE_TITLE_MAX } from '../../../src/contracts/message';
import type { Paged } from '../../../src/contracts/common';
import { messageReceipts, messages, users } from '../../db/schema';
import { newId } from '../../lib/ids';
import { authed, call, createTestApp, tokenFor, type TestApp } from '../../test/helper';

let t: TestApp;
const token = new Map<string, string>();
const userId = new Map<string, string>();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = (method: Method, url: string, account: string, payload?: unknown, headers: Record<string, string> = {}) =>
  call(t.app, { method, url, headers: { ...authed(token.get(account)!), ...headers }, payload: payload as object });
const create = async (body: Record<string, unknown>): Promise<NoticeInfo> => {
  const res = await req('POST', '/Message', 'admin', body);
  expect(res, JSON.stringify(res)).toMatchObject({ status: 200, code: 200, msg: '新建成功' });
  return res.data;
};
const release = (id: string, account = 'admin', headers: Record<string, string> = {}) => req('PUT', `/Message/${id}/Actions/Release`, account, undefined, headers);
const inbox = async (account: string): Promise<MessagePage> => (await req('GET', '/Message?pageSize=100', account)).data;
const receiptsOf = (id: string) => t.db.select().from(messageReceipts).where(eq(messageReceipts.messageId, id));
const count = async (table: typeof messages | typeof messageReceipts) => (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

const DIRTY =
  '<p onclick="steal()">你好<script>alert(1)</script></p><img src="x.png" onerror="alert(2)"><a href="javascript:alert(3)">链接</a>' +
  '<a href="https://example.com/a">外链</a><iframe src="https://evil.example"></iframe><style>body{display:none}</style>' +
  '<span style="color:#ff0000;position:fixed">红</span><img src="data:image/png;base64,AAAA">';
const expectClean = (html: string) => {
  expect(html).not.toMatch(/<script|<iframe|<style|onerror|onclick|javascript:|data:|position/i);
  expect(html).toContain('<p>你好</p>');
  expect(html).toContain('<img src="x.png" />');
  expect(html).toContain('<a href="https://example.com/a" target="_blank" rel="noopener noreferrer">外链</a>');
  expect(html).toContain('<span style="color:#ff0000">红</span>');
};

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db.select({ id: users.id, account: users.account }).from(users);
  for (const r of rows) userId.set(r.account, r.id);
  for (const a of ['admin', 'ym0004', 'ym0005', 'ym0012', 'ym0013', 'ym0014']) token.set(a, await tokenFor(t.app, a));
});
afterAll(async () => {
  await t?.close();
});

describe('drafts', () => {
  it('POST creates a draft notice (sanitized) that no one receives; GET /Message/{id} reads it', async () => {
    const id = newId();
    const created = await create({ id, title: '  五一放假通知  ', bodyText: DIRTY, toUserIds: [userId.get('ym0012')] });
    expect(Object.keys(created).sort()).toEqual(
      ['bodyText', 'creatorTime', 'creatorUser', 'enabledMark', 'id', 'lastModifyTime', 'readCount', 'recipientCount', 'releaseTime', 'title', 'toUserIds', 'version'].sort(),
    );
    expect(created).toMatchObject({ id, title: '五一放假通知', enabledMark: 0, creatorUser: '管理员', releaseTime: null, toUserIds: [userId.get('ym0012')], recipientCount: 0, readCount: 0, version: 1 });
    expectClean(created.bodyText);
    const [stored] = await t.db.select().from(messages).where(eq(messages.id, id));
    expectClean(stored!.bodyText);
    expect(stored).toMatchObject({ type: MessageType.notice, enabledMark: 0, creatorUserId: userId.get('admin') });

    expect((await req('GET', `/Message/${id}`, 'admin')).data).toEqual(created);
    // A draft reaches no one.
    expect(await receiptsOf(id)).toEqual([]);
    expect((await inbox('ym0012')).list.map((m) => m.id)).not.toContain(id);
    expect(await req('GET', `/Message/ReadInfo/${id}`, 'ym0012')).toMatchObject({ status: 404, msg: '消息不存在' });
    // The same id again is refused.
    expect(await req('POST', '/Message', 'admin', { id, title: '再来' })).toMatchObject({ status: 400, msg: '记录已存在' });
  });

  it('refuses invalid notices with clear messages', async () => {
    const before = await count(messages);
    const cases: [unknown, string][] = [
      [{ bodyText: '<p>x</p>' }, '标题不能为空'],
      [{ title: '   ' }, '标题不能为空'],
      [{ title: '长'.repeat(NOTICE_TITLE_MAX + 1) }, `标题长度不能超过${NOTICE_TITLE_MAX}个字符`],
      [{ title: '内容', bodyText: 12 }, '内容不能为空'],
      [{ title: '内容', bodyText: 'x'.repeat(NOTICE_BODY_MAX + 1) }, '内容过长'],
      [{ title: '接收人', toUserIds: ['nope'] }, 'ID格式不正确'],
      [{ title: '接收人', toUserIds: [newId()] }, '接收人不存在'],
      [{ title: '编号', id: 'bad' }, 'ID格式不正确'],
      ['text', '请求格式不正确'],
    ];
    for (const [body, msg] of cases) {
      const res = await req('POST', '/Message', 'admin', body);
      expect({ body: String(JSON.stringify(body)).slice(0, 60), ...res }).toMatchObject({ status: 400, code: 400, msg });
    }
    expect(await count(messages)).toBe(before);
  });

  it('PUT saves a draft with If-Match; a stale version → 409 with the current notice', async () => {
    const n = await create({ title: '草稿', bodyText: '<p>一</p>' });
    const saved = await req('PUT', `/Message/${n.id}`, 'admin', { title: '草稿二', bodyText: DIRTY, toUserIds: [userId.get('ym0013')] }, { 'if-match': '1' });
    expect(saved).toMatchObject({ status: 200, msg: '修改成功', data: { id: n.id, title: '草稿二', version: 2, enabledMark: 0, toUserIds: [userId.get('ym0013')] } });
    expectClean(saved.data.bodyText);
    const stale = await req('PUT', `/Message/${n.id}`, 'admin', { title: '草稿三' }, { 'if-match': '1' });
    expect(stale).toMatchObject({ status: 409, code: 409, data: saved.data });
    expect((await req('GET', `/Message/${n.id}`, 'admin')).data.title).toBe('草稿二');
    // Without If-Match the last writer wins.
    expect((await req('PUT', `/Message/${n.id}`, 'admin', { title: '草稿四' })).data).toMatchObject({ title: '草稿四', version: 3, bodyText: '', toUserIds: [] });
    expect(await req('PUT', `/Message/${newId()}`, 'admin', { title: '无' })).toMatchObject({ status: 404, msg: '公告不存在' });
    expect(await req('PUT', `/Message/${n.id}`, 'admin', { title: '' })).toMatchObject({ status: 400, msg: '标题不能为空' });
    expect(await req('PUT', `/Message/${n.id}`, 'admin', { title: '版本' }, { 'if-match': 'abc' })).toMatchObject({ status: 400, msg: 'If-Match格式不正确，应为版本号' });
  });

  it('GET /Message/{id} answers notices only', async () => {
    expect(await req('GET', `/Message/${newId()}`, 'admin')).toMatchObject({ status: 404, msg: '公告不存在' });
    expect(await req('GET', '/Message/nope', 'admin')).toMatchObject({ status: 400, msg: 'ID格式不正确' });
    const system = newId();
    await t.db.insert(messages).values({ id: system, type: MessageType.flowTodo, title: '系统消息', bodyText: '{}', enabledMark: 1 });
    expect(await req('GET', `/Message/${system}`, 'admin')).toMatchObject({ status: 404, msg: '公告不存在' });
    expect(await req('PUT', `/Message/${system}/Actions/Release`, 'admin')).toMatchObject({ status: 404 });
    expect(await req('DELETE', `/Message/${system}`, 'admin')).toMatchObject({ status: 404 });
  });
});

describe('release', () => {
  it('to named users: only they receive it, with a push-free answer of the counts; twice → 400; edit after → 400', async () => {
    const n = await create({ title: '门店会议', bodyText: '<p>周一开会</p>', toUserIds: [userId.get('ym0012'), userId.get('ym0013')] });
    const before = (await inbox('ym0012')).unreadNoticeCount;
    const res = await release(n.id);
    expect(res).toMatchObject({ status: 200, code: 200, msg: '发布成功', data: { id: n.id, enabledMark: 1, recipientCount: 2, readCount: 0, version: 2 } });
    expect(res.data.releaseTime).toBeGreaterThanOrEqual(n.creatorTime);

    const receipts = await receiptsOf(n.id);
    expect(receipts.map((r) => r.userId).sort()).toEqual([userId.get('ym0012'), userId.get('ym0013')].sort());
    // Received at the release time.
    expect(receipts.every((r) => r.receivedAt.getTime() === res.data.releaseTime)).toBe(true);
    const mine = await inbox('ym0012');
    expect(mine.unreadNoticeCount).toBe(before + 1);
    expect(mine.list[0]).toMatchObject({ id: n.id, title: '门店会议', bodyText: '<p>周一开会</p>', isRead: '0', creatorUser: '管理员', lastModifyTime: res.data.releaseTime });
    expect((await inbox('ym0014')).list.map((m) => m.id)).not.toContain(n.id);

    // Reading counts in the administration list.
    await req('GET', `/Message/ReadInfo/${n.id}`, 'ym0012');
    expect((await req('GET', `/Message/${n.id}`, 'admin')).data).toMatchObject({ recipientCount: 2, readCount: 1 });

    expect(await release(n.id)).toMatchObject({ status: 400, code: 400, msg: '该公告已发布' });
    expect(await req('PUT', `/Message/${n.id}`, 'admin', { title: '改标题' })).toMatchObject({ status: 400, msg: '已发布的公告不能修改' });
    expect(await req('PUT', `/Message/${n.id}`, 'admin', { title: '改标题' }, { 'if-match': '1' })).toMatchObject({ status: 400, msg: '已发布的公告不能修改' });
    expect(await receiptsOf(n.id)).toHaveLength(2);
    expect(await release(newId())).toMatchObject({ status: 404, msg: '公告不存在' });
  });

  it('to everyone (no recipients named): every enabled user, the author included; disabled users are left out', async () => {
    await t.db.update(users).set({ enabled: false }).where(eq(users.account, 'ym0030'));
    const n = await create({ title: '全员公告', bodyText: '<p>大家好</p>' });
    const res = await release(n.id, 'admin', { 'if-match': String(n.version) });
    const enabled = await t.db.select({ id: users.id }).from(users).where(eq(users.enabled, true));
    expect(res.data.recipientCount).toBe(enabled.length);
    const got = new Set((await receiptsOf(n.id)).map((r) => r.userId));
    expect(got.has(userId.get('admin')!)).toBe(true);
    expect(got.has(userId.get('ym0014')!)).toBe(true);
    expect(got.has(userId.get('ym0030')!)).toBe(false);
    expect((await inbox('admin')).list.map((m) => m.id)).toContain(n.id);
    await t.db.update(users).set({ enabled: true }).where(eq(users.account, 'ym0030'));
  });

  it('a stale If-Match on release → 409 and nothing is sent', async () => {
    const n = await create({ title: '版本发布' });
    await req('PUT', `/Message/${n.id}`, 'admin', { title: '版本发布二' });
    const res = await release(n.id, 'admin', { 'if-match': '1' });
    expect(res).toMatchObject({ status: 409, code: 409, data: { id: n.id, version: 2, enabledMark: 0 } });
    expect(await receiptsOf(n.id)).toEqual([]);
  });

  it('an Idempotency-Key replay of a release answers the first result (not 已发布) and sends once', async () => {
    const n = await create({ title: '重放发布', toUserIds: [userId.get('ym0014')] });
    const key = newId();
    const first = await release(n.id, 'admin', { 'idempotency-key': key });
    expect(first).toMatchObject({ status: 200, msg: '发布成功' });
    const again = await t.app.inject({ method: 'PUT', url: `/Message/${n.id}/Actions/Release`, headers: { ...authed(token.get('admin')!), 'idempotency-key': key } });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toMatchObject({ code: 200, msg: '发布成功', data: first.data });
    expect(await receiptsOf(n.id)).toHaveLength(1);
  });
});

describe('list and delete', () => {
  it('GET /Message/Notice pages notices newest first (asc on request), keyword on title, with read statistics', async () => {
    const a = await create({ title: '列表甲' });
    const b = await create({ title: '列表乙', toUserIds: [userId.get('ym0012')] });
    await release(b.id);
    const res = await req('GET', '/Message/Notice?keyword=列表', 'admin');
    expect(res).toMatchObject({ status: 200, code: 200 });
    const page = res.data as Paged<NoticeRow>;
    expect(page.pagination).toEqual({ currentPage: 1, pageSize: 20, total: 2 });
    expect(page.list.map((r) => r.title)).toEqual(['列表乙', '列表甲']);
    expect(page.list[0]).toMatchObject({ id: b.id, enabledMark: 1, recipientCount: 1, readCount: 0, creatorUser: '管理员' });
    expect(page.list[1]).toMatchObject({ id: a.id, enabledMark: 0, recipientCount: 0, releaseTime: null });
    expect('bodyText' in page.list[0]!).toBe(false);
    expect((await req('GET', '/Message/Notice?keyword=列表&sort=asc', 'admin')).data.list.map((r: NoticeRow) => r.title)).toEqual(['列表甲', '列表乙']);

    const all = (await req('GET', '/Message/Notice', 'admin')).data as Paged<NoticeRow>;
    // Notices only (no system messages), the newest first; the welcome notice is the oldest.
    expect(all.list.at(-1)!.title).toBe('欢迎使用云眠');
    expect(all.list.map((r) => r.creatorTime)).toEqual([...all.list.map((r) => r.creatorTime)].sort((x, y) => y - x));
    expect(await req('GET', '/Message/Notice?pageSize=7', 'admin')).toMatchObject({ status: 400, msg: '每页条数不正确' });
  });

  it('DELETE removes the notice and every copy users received', async () => {
    const n = await create({ title: '将删除', toUserIds: [userId.get('ym0013'), userId.get('ym0014')] });
    await release(n.id);
    expect((await inbox('ym0013')).list.map((m) => m.id)).toContain(n.id);
    expect(await req('DELETE', `/Message/${n.id}`, 'admin', undefined, { 'if-match': '1' })).toMatchObject({ status: 409, data: { id: n.id, version: 2 } });
    expect(await req('DELETE', `/Message/${n.id}`, 'admin')).toMatchObject({ status: 200, code: 200, msg: '删除成功' });
    expect(await receiptsOf(n.id)).toEqual([]);
    expect((await inbox('ym0013')).list.map((m) => m.id)).not.toContain(n.id);
    expect(await req('GET', `/Message/ReadInfo/${n.id}`, 'ym0014')).toMatchObject({ status: 404 });
    expect(await req('GET', `/Message/${n.id}`, 'admin')).toMatchObject({ status: 404 });
    expect(await req('DELETE', `/Message/${n.id}`, 'admin')).toMatchObject({ status: 404, msg: '公告不存在' });
  });

  it('the same Idempotency-Key twice on POST creates one notice', async () => {
    const key = newId();
    const before = await count(messages);
    const body = { title: '幂等公告' };
    const first = await t.app.inject({ method: 'POST', url: '/Message', headers: { ...authed(token.get('admin')!), 'idempotency-key': key }, payload: body });
    const second = await t.app.inject({ method: 'POST', url: '/Message', headers: { ...authed(token.get('admin')!), 'idempotency-key': key }, payload: body });
    expect(first.json()).toMatchObject({ code: 200, data: { title: '幂等公告' } });
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await count(messages)).toBe(before + 1);
  });
});

describe('permissions', () => {
  it('staff without the notice grant get 403 on every administration call and nothing changes', async () => {
    const n = await create({ title: '权限测试', toUserIds: [userId.get('ym0005')] });
    const before = { messages: await count(messages), receipts: await count(messageReceipts) };
    for (const account of ['ym0005', 'ym0004']) {
      const calls: [Method, string, unknown?][] = [
        ['GET', '/Message/Notice'],
        ['POST', '/Message', { title: '越权' }],
        ['GET', `/Message/${n.id}`],
        ['PUT', `/Message/${n.id}`, { title: '越权' }],
        ['DELETE', `/Message/${n.id}`],
        ['PUT', `/Message/${n.id}/Actions/Release`],
      ];
      for (const [method, url, body] of calls) {
        expect({ account, method, url, ...(await req(method, url, account, body)) }).toMatchObject({ account, method, url, status: 403, code: 403, msg: '您没有此操作的权限' });
      }
    }
    expect({ messages: await count(messages), receipts: await count(messageReceipts) }).toEqual(before);
    expect((await req('GET', `/Message/${n.id}`, 'admin')).data).toEqual(n);
    // Their own messages stay open to them.
    expect(await req('GET', '/Message', 'ym0005')).toMatchObject({ status: 200, code: 200 });
  });
});

describe('HTML read out of the database is sanitized again', () => {
  it('a dirty notice row (written by another path) is clean in the list, ReadInfo and GET /Message/{id}', async () => {
    const id = newId();
    await t.db.insert(messages).values({ id, type: MessageType.notice, title: '旧数据', bodyText: DIRTY, creatorUserId: userId.get('admin'), enabledMark: 1, releasedAt: new Date() });
    await t.db.insert(messageReceipts).values({ userId: userId.get('ym0014')!, messageId: id, type: MessageType.notice });
    const row = (await inbox('ym0014')).list.find((m) => m.id === id)!;
    expectClean(row.bodyText);
    expectClean((await req('GET', `/Message/ReadInfo/${id}`, 'ym0014')).data.bodyText);
    expectClean((await req('GET', `/Message/${id}`, 'admin')).data.bodyText);
  });
});
