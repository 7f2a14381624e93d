import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageRow } from '@/contracts/message';
import type { UserDb as UserDbType } from '@/lib/sync/user-db';

vi.mock('@/lib/sync/engine', () => import('./test-support').then((m) => m.engineMock()));
vi.mock('@/lib/http', () => import('./test-support').then((m) => m.httpMock()));
const { fake, openTestDb } = await import('./test-support');
const { messagesOf } = await import('./table');
let db: UserDbType;
const { setNoticeSink } = await import('@/lib/notify');
const { deleteMessages } = await import('./writes');
const { defaultRecordQuery, fetchRecordPage, matchesRecordQuery, readRecordPage, toListQuery } = await import('./record-list');

const id = (n: number) => `01J0000000000000000000R${String(n).padStart(3, '0')}`;
const msg = (n: number, extra: Partial<MessageRow> = {}): MessageRow => ({
  id: id(n),
  type: n % 2 ? 1 : 2,
  title: `消息${n}`,
  bodyText: '',
  isRead: '0',
  creatorUser: n % 2 ? '王晓明' : '系统',
  lastModifyTime: 1_700_000_000_000 + n * 1000,
  ...extra,
});

beforeEach(async () => {
  fake.answer = null;
  fake.asked.length = 0;
  setNoticeSink(() => {});
  db = await openTestDb('message-record');
  fake.db = db;
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('message centre pages', () => {
  it('asks GET /Message with one type and the keyword, newest first', () => {
    expect(toListQuery({ ...defaultRecordQuery(), keyword: ' 放假 ', type: 1 })).toEqual({ currentPage: 1, pageSize: 20, sort: 'desc', keyword: '放假', type: 1 });
    expect(toListQuery(defaultRecordQuery())).toEqual({ currentPage: 1, pageSize: 20, sort: 'desc' });
  });

  it('shows an answered page from the table: a row deleted here is gone at once, and the total with it', async () => {
    const q = { ...defaultRecordQuery(), currentPage: 2, pageSize: 20 };
    fake.answer = { list: [msg(2), msg(1)], pagination: { currentPage: 2, pageSize: 20, total: 22 }, unreadMessageCount: 1, unreadNoticeCount: 1 };
    await fetchRecordPage(q);
    expect(fake.asked[0]).toMatchObject({ currentPage: 2, pageSize: 20, sort: 'desc' });
    let view = await readRecordPage(db, q);
    expect(view).toMatchObject({ total: 22, exact: true });
    expect(view.rows.map((r) => r.id)).toEqual([id(2), id(1)]);
    await deleteMessages([id(2)]);
    view = await readRecordPage(db, q);
    expect(view.rows.map((r) => r.id)).toEqual([id(1)]);
    expect(view.total).toBe(21);
  });

  it('a query never answered (offline) is searched and paged over the rows on this device', async () => {
    await messagesOf(db).bulkPut([msg(1), msg(2), msg(3), msg(4, { title: '放假通知' })]);
    const notices = await readRecordPage(db, { ...defaultRecordQuery(), type: 1 });
    expect(notices).toMatchObject({ total: 2, exact: false });
    expect(notices.rows.map((r) => r.id)).toEqual([id(3), id(1)]);
    const found = await readRecordPage(db, { ...defaultRecordQuery(), keyword: '放假' });
    expect(found.rows.map((r) => r.title)).toEqual(['放假通知']);
    const second = await readRecordPage(db, { ...defaultRecordQuery(), pageSize: 3, currentPage: 2 });
    expect(second.rows.map((r) => r.id)).toEqual([id(1)]);
    expect(matchesRecordQuery(msg(1, { title: 'OA 通知' }), { keyword: 'oa', type: null })).toBe(true);
    expect(matchesRecordQuery(msg(1), { keyword: '王晓', type: null })).toBe(false);
  });
});
