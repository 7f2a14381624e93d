import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NoticeInfo, NoticeRow } from '@/contracts/message';
import type { UserDb as UserDbType } from '@/lib/sync/user-db';

// The queue of a signed-in user, without the browser parts of the engine (leader tab, service worker).
let db: UserDbType;
vi.mock('@/lib/sync/engine', async () => {
  const { enqueue } = await import('@/lib/sync/outbox');
  return {
    syncStatus: { active: true },
    currentUserDb: () => db,
    queueWrite: (input: never, local?: (d: UserDbType) => unknown, tables?: (d: UserDbType) => never[]) => enqueue(db, input, () => local?.(db), tables?.(db) ?? []),
  };
});
const answers = new Map<string, unknown>();
const sent: { method: string; url: string; body: unknown; headers?: Record<string, string> }[] = [];
vi.mock('@/lib/http', async () => {
  const { NetworkError } = await import('@/lib/errors');
  return {
    request: vi.fn(async (method: string, url: string, body: unknown, opts?: { headers?: Record<string, string> }) => {
      sent.push({ method, url, body, headers: opts?.headers });
      if (!answers.has(url)) throw new NetworkError('offline');
      return answers.get(url);
    }),
  };
});

const { openTestDb } = await import('./test-support');
const { syncKind } = await import('@/lib/sync/kinds');
const { httpSend } = await import('@/lib/sync/http-sender');
const { stableKey } = await import('@/lib/sync/remote-list');
const { network } = await import('@/lib/network');
const { createNotice, deleteNotice, loadNotice, NoCachedNoticeError, releaseNotice, updateNotice } = await import('./notice-store');
const { noticeList } = await import('./notice-list');

const ID = '01J0000000000000000000N001';
const draft = (extra: Partial<NoticeRow> = {}): NoticeRow => ({
  id: ID,
  title: '五一放假通知',
  enabledMark: 0,
  creatorUser: '管理员',
  creatorTime: 1_714_000_000_000,
  lastModifyTime: 1_714_000_000_000,
  releaseTime: null,
  toUserIds: [],
  recipientCount: 0,
  readCount: 0,
  version: 3,
  ...extra,
});
const q = { currentPage: 1, pageSize: 20, keyword: '' };

beforeEach(async () => {
  answers.clear();
  sent.length = 0;
  network.online = true;
  db = await openTestDb('notice-store');
});
afterEach(async () => {
  network.online = true;
  await db.delete();
});

/** Puts the server's answer for the first page in the cache, as the page would. */
async function cacheFirstPage(rows: NoticeRow[]) {
  answers.set('/Message/Notice', { list: rows, pagination: { total: rows.length } });
  await noticeList.fetch(q, db);
  answers.delete('/Message/Notice');
}

describe('notice list', () => {
  it('asks GET /Message/Notice with the paging and the keyword', async () => {
    await cacheFirstPage([draft()]);
    expect(sent[0]).toMatchObject({ method: 'GET', url: '/Message/Notice', body: { currentPage: 1, pageSize: 20 } });
    expect(noticeList.def.params!({ ...q, keyword: '放假' })).toMatchObject({ keyword: '放假' });
    expect(await db.kv.get(`rl:message.notice:${stableKey(q)}`)).toBeDefined();
  });

  it('offline, a keyword never asked searches the titles of the cached notices', () => {
    const matches = noticeList.def.matches!;
    expect(matches(draft({ title: 'Q3 Sales 通知' }), { ...q, keyword: ' sales ' })).toBe(true);
    expect(matches(draft({ title: '五一放假通知' }), { ...q, keyword: '放假' })).toBe(true);
    expect(matches(draft({ title: '五一放假通知' }), { ...q, keyword: '培训' })).toBe(false);
    expect(matches(draft({ title: '五一放假通知' }), q)).toBe(true);
  });
});

describe('notice writes through the sync queue', () => {
  it('a new draft is one queued POST /Message with an id made here, shown at once as a draft', async () => {
    const info = await createNotice({ title: '培训通知', bodyText: '<p>周五培训</p>', toUserIds: [ID] });
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      entity: `message.notice:${info.id}`,
      kind: 'message.notice.create',
      baseVersion: 0,
      request: { method: 'POST', url: '/Message', body: { id: info.id, title: '培训通知', bodyText: '<p>周五培训</p>', toUserIds: [ID] } },
    });
    expect(await noticeList.find(info.id, db)).toMatchObject({ title: '培训通知', enabledMark: 0, releaseTime: null, version: 0 });
    expect(syncKind(entries[0]!.kind)!.label(entries[0]!)).toBe('新建公告「培训通知」');
    // Its body is there to edit again before it is sent, offline too.
    network.online = false;
    expect(await loadNotice(info.id)).toMatchObject({ info: { bodyText: '<p>周五培训</p>' }, fromCache: false });
  });

  it('saving a draft is one queued PUT /Message/{id} with If-Match of the version it was loaded with', async () => {
    await cacheFirstPage([draft()]);
    await updateNotice(draft(), { title: '五一放假通知（更新）', bodyText: '<p>5月1日至5日</p>', toUserIds: [] });
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'message.notice.update', baseVersion: 3, request: { method: 'PUT', url: `/Message/${ID}`, body: { title: '五一放假通知（更新）' } } });
    expect(await noticeList.find(ID, db)).toMatchObject({ title: '五一放假通知（更新）', version: 3 });
    // Replayed, it carries the version as If-Match and its entry id as Idempotency-Key.
    answers.set(`/Message/${ID}`, { ...draft({ version: 4 }), bodyText: '<p>5月1日至5日</p>' });
    expect(await httpSend(entries[0]!)).toMatchObject({ ok: true });
    expect(sent.at(-1)).toMatchObject({ method: 'PUT', url: `/Message/${ID}`, headers: { 'If-Match': '3', 'Idempotency-Key': entries[0]!.id } });
  });

  it('releasing is one queued PUT /Message/{id}/Actions/Release (kind action) and shows the notice released', async () => {
    await cacheFirstPage([draft()]);
    await releaseNotice(draft());
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'message.notice.action', baseVersion: 3, request: { method: 'PUT', url: `/Message/${ID}/Actions/Release` } });
    const shown = await noticeList.find(ID, db);
    expect(shown).toMatchObject({ enabledMark: 1 });
    expect(shown!.releaseTime).toBeGreaterThan(0);
    expect(syncKind(entries[0]!.kind)!.label(entries[0]!)).toBe('发布公告「五一放假通知」');
    // The server's answer replaces the cached row and the overlay goes.
    const saved: NoticeInfo = { ...draft({ enabledMark: 1, releaseTime: 1_714_100_000_000, recipientCount: 12, version: 4 }), bodyText: '<p>x</p>' };
    await db.outbox.delete(entries[0]!.id);
    await syncKind(entries[0]!.kind)!.applied!(entries[0]!, saved, db);
    expect(await noticeList.find(ID, db)).toMatchObject({ enabledMark: 1, recipientCount: 12, version: 4 });
    expect(((await db.kv.get('ov:message.notice'))!.value as Record<string, unknown>)[ID]).toBeUndefined();
  });

  it('deleting is one queued DELETE /Message/{id} on the version shown, and the row is gone at once', async () => {
    await cacheFirstPage([draft()]);
    await db.kv.put({ key: `message.notice.info:${ID}`, value: { ...draft(), bodyText: '<p>x</p>' }, updatedAt: 1 });
    await deleteNotice(draft());
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'message.notice.delete', baseVersion: 3, request: { method: 'DELETE', url: `/Message/${ID}` } });
    expect(await noticeList.find(ID, db)).toBeNull();
    expect(await db.kv.get(`message.notice.info:${ID}`)).toBeUndefined();
    expect(syncKind(entries[0]!.kind)!.label(entries[0]!)).toBe('删除公告「五一放假通知」');
  });
});

describe('loading one notice with its body', () => {
  it('online it asks GET /Message/{id} and keeps the answer; offline the kept copy is shown', async () => {
    const info: NoticeInfo = { ...draft(), bodyText: '<p>正文</p>' };
    answers.set(`/Message/${ID}`, info);
    expect(await loadNotice(ID)).toEqual({ info, fromCache: false });
    answers.delete(`/Message/${ID}`);
    // The server cannot be reached: the copy of the last time.
    expect(await loadNotice(ID)).toMatchObject({ info: { bodyText: '<p>正文</p>' }, fromCache: true });
    network.online = false;
    expect(await loadNotice(ID)).toMatchObject({ fromCache: true });
  });

  it('a notice never opened here cannot be shown offline; a refusal of the server is passed on', async () => {
    network.online = false;
    await expect(loadNotice(ID)).rejects.toBeInstanceOf(NoCachedNoticeError);
    network.online = true;
    const { request } = await import('@/lib/http');
    const { ApiError } = await import('@/lib/errors');
    vi.mocked(request).mockRejectedValueOnce(new ApiError(400, '公告不存在'));
    await expect(loadNotice(ID)).rejects.toThrow('公告不存在');
  });
});
