import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ulid } from 'ulid';
import { Code } from '../../../src/contracts/codes';
import {
  DEFAULT_WORK_TITLE,
  h5Messages,
  h5Paths,
  LAST_PAGE_MESSAGE,
  PAGE_MODE,
  signRequest,
  WORK_MAX_BYTES,
  workContentSchema,
  type H5Element,
  type Work,
  type WorkSummary,
} from '../../../src/contracts/h5';
import { fillPath } from '../../../src/contracts/api-path';
import type { MenuItem } from '../../../src/contracts/menu';
import { h5Works, userRoles, users } from '../../db/schema';
import { authed, call, createTestApp, tokenFor, type TestApp } from '../../test/helper';
import { demoWorkPages } from './seed';
import { sha256Hex } from './signature';
import { workRepo } from './work-repo';

/** The page-builder calls (spec 7.9): works, ownership, validation, If-Match, signing, idempotency, grants. */
let t: TestApp;
const token = new Map<string, string>();
const userId = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  for (const r of await t.db.select({ id: users.id, account: users.account }).from(users)) userId.set(r.account, r.id);
  // ym0045 (店员 of 人力资源部… any staff) loses every role: no menu grant at all.
  await t.db.delete(userRoles).where(eq(userRoles.userId, userId.get('ym0045')!));
  for (const a of ['admin', 'ym0032', 'ym0004', 'ym0045']) token.set(a, await tokenFor(t.app, a));
});
afterAll(async () => {
  await t?.close();
});

interface Extra {
  headers?: Record<string, string>;
  query?: string;
}
const post = <T = any>(account: string, url: string, payload: unknown, extra: Extra = {}) =>
  call<T>(t.app, { method: 'POST', url: url + (extra.query ?? ''), payload: payload as object, headers: { ...authed(token.get(account)!), ...extra.headers } });
const get = <T = any>(account: string, id: string, extra: Extra = {}) =>
  call<T>(t.app, { method: 'GET', url: fillPath(h5Paths.get, { workId: id }) + (extra.query ?? ''), headers: { ...authed(token.get(account)!), ...extra.headers } });
const create = (account: string, body: object = {}, extra?: Extra) => post<Work>(account, h5Paths.create, body, extra);
const update = (account: string, work: object, version?: number, extra: Extra = {}) =>
  post<Work>(account, h5Paths.update, work, { ...extra, headers: { ...(version === undefined ? {} : { 'if-match': String(version) }), ...extra.headers } });
const list = (account: string, body: object = {}) => post<{ list: WorkSummary[]; pagination: { total: number } }>(account, h5Paths.list, body);

/** The editable part of a work, as a save sends it. */
const editable = (w: Work) => ({
  id: w.id,
  title: w.title,
  description: w.description,
  pages: w.pages,
  datasources: w.datasources,
  cover_image_url: w.cover_image_url,
  width: w.width,
  height: w.height,
  page_mode: w.page_mode,
  schemaVersion: w.schemaVersion,
});

const textElement = (text: string, top = 100): H5Element => {
  const side = { value: 0, unit: 'px' as const };
  const sides = { top: side, right: side, bottom: side, left: side };
  return {
    name: 'text',
    uuid: `text_${ulid().slice(-8)}`,
    version: 1,
    pluginProps: { text: `<p>${text}</p>` },
    commonStyle: {
      top, left: 100, width: 100, height: 40, rotate: 0, zindex: 1, textAlign: 'center', color: '#000000', backgroundColor: 'transparent',
      fontSize: 14, opacity: 1, borderRadius: 0, margin: sides, padding: sides, border: { ...sides, color: '#000000', style: 'solid' },
    },
    events: [], methodList: [], scripts: [], animations: [{ type: 'fadeIn', duration: 1, delay: 0, iterationCount: 1 }],
  };
};

describe('POST /event/work (create)', () => {
  it('fills the spec 3 defaults: one blank index page, 320 × 568, long page, title 标题, version 1', async () => {
    const res = await create('ym0032', { title: '  ' });
    expect(res).toMatchObject({ status: 200, code: 200 });
    const w = res.data;
    expect(w).toMatchObject({
      title: DEFAULT_WORK_TITLE, description: '', width: 320, height: 568, page_mode: PAGE_MODE.longPage, datasources: [], cover_image_url: '',
      is_publish: false, is_template: false, version: 1, creatorUserId: userId.get('ym0032'),
    });
    expect(w.id).toMatch(/^[0-9A-Z]{26}$/);
    expect(w.pages).toHaveLength(1);
    expect(w.pages[0]).toEqual({ uuid: expect.stringMatching(/^page_[A-Za-z0-9]{8}$/), title: '', type: 'index', elements: [] });
    expect(Date.parse(w.created_time)).toBeGreaterThan(Date.now() - 60_000);
    expect((await get('ym0032', w.id)).data).toEqual(w);
  });

  it('takes a device-made id (offline create); the same id again by its creator answers the stored work, by another user is refused', async () => {
    const id = ulid();
    const first = await create('ym0032', { id, title: '离线做的作品', pages: [{ uuid: 'page_offline1', title: '首页', type: 'index', elements: [textElement('你好')] }] });
    expect(first).toMatchObject({ status: 200, data: { id, title: '离线做的作品', version: 1 } });
    const again = await create('ym0032', { id, title: '又发了一次' });
    expect(again).toMatchObject({ status: 200, data: { id, title: '离线做的作品', version: 1 } });
    expect(again.data.pages[0]!.elements[0]!.pluginProps).toEqual({ text: '<p>你好</p>' });
    const other = await create('ym0004', { id, title: '别人的' });
    expect(other).toMatchObject({ status: 400, code: Code.BAD_REQUEST, msg: h5Messages.idTaken });
    expect((await get('ym0032', id)).data.title).toBe('离线做的作品');
  });
});

describe('POST /event/work/list', () => {
  it('my works only, newest change first, without pages but with the first page and the page count; keyword on the title', async () => {
    const mine = await list('admin', { currentPage: 1, pageSize: 20 });
    expect(mine).toMatchObject({ status: 200, code: 200 });
    // The admin also owns the three seeded templates (saved longer ago, so listed after).
    const plain = (l: WorkSummary[]) => l.filter((w) => !w.is_template).map((w) => w.title);
    expect(plain(mine.data.list)).toEqual(['双11床垫节', '会员日抽奖']);
    const first = mine.data.list[0]!;
    expect(first).not.toHaveProperty('pages');
    expect(first).not.toHaveProperty('datasources');
    expect(first).toMatchObject({ pageCount: 2, creatorUserId: userId.get('admin'), version: 1 });
    expect(first.firstPage!.elements.length).toBeGreaterThan(5);
    expect(mine.data.pagination).toMatchObject({ currentPage: 1, pageSize: 20, total: 5 });

    const created = await create('admin', { title: '春季新品发布' });
    const after = await list('admin', {});
    expect(plain(after.data.list)).toEqual(['春季新品发布', '双11床垫节', '会员日抽奖']);
    expect(after.data.list[0]).toMatchObject({ id: created.data.id, pageCount: 1, firstPage: { type: 'index', elements: [] } });
    expect(plain((await list('admin', { keyword: '床垫' })).data.list)).toEqual(['双11床垫节']);
    expect((await list('admin', { keyword: '%' })).data.list).toEqual([]);
    // Another user's list does not show the admin's works.
    const theirs = await list('ym0032', {});
    expect(theirs.data.list.map((w) => w.title)).toContain('门店开业邀请函');
    expect(theirs.data.list.map((w) => w.title)).not.toContain('双11床垫节');
  });

  it('the seeded demo works are valid works of the contract', () => {
    for (const w of demoWorkPages()) expect(workContentSchema.safeParse({ pages: w.pages, page_mode: w.mode, height: w.height }).success).toBe(true);
  });
});

describe('GET /event/work/{workId} and ownership', () => {
  it('answers code 200 with the work; another user gets the same 404 as for a missing work, and changes nothing', async () => {
    const w = (await create('admin', { title: '仅自己可见' })).data;
    expect(await get('admin', w.id)).toMatchObject({ status: 200, code: 200, data: { id: w.id, title: '仅自己可见' } });
    const missing = await get('admin', ulid());
    expect(missing).toMatchObject({ status: 404, code: Code.NOT_FOUND, msg: h5Messages.notFound });
    expect(await get('ym0032', w.id)).toMatchObject({ status: 404, msg: h5Messages.notFound });
    expect(await update('ym0032', { ...editable(w), title: '改掉' })).toMatchObject({ status: 404, msg: h5Messages.notFound });
    expect(await update('ym0032', { ...editable(w), title: '改掉' }, 1)).toMatchObject({ status: 404, msg: h5Messages.notFound });
    expect(await post('ym0032', h5Paths.invalid, { id: w.id })).toMatchObject({ status: 404, msg: h5Messages.notFound });
    expect((await get('admin', w.id)).data).toEqual(w);
    // Translated like every message.
    expect((await get('ym0032', w.id, { headers: { 'accept-language': 'en' } })).msg).toBe('The work does not exist or was deleted');
  });
});

describe('POST /event/work/update', () => {
  it('saves the whole work with If-Match: version + 1; a stale version gets 409 with the current work; without If-Match the last writer wins', async () => {
    const w = (await create('ym0004', { title: '门店周年庆' })).data;
    const pages = [{ ...w.pages[0]!, elements: [textElement('周年庆')] }, { uuid: 'page_second1', title: '第二页', type: 'index', elements: [] }];
    const saved = await update('ym0004', { ...editable(w), pages, title: '门店周年庆 · 第二版' }, 1);
    expect(saved).toMatchObject({ status: 200, code: 200, data: { version: 2, title: '门店周年庆 · 第二版' } });
    expect(saved.data.pages).toHaveLength(2);
    expect(Date.parse(saved.data.updated_time)).toBeGreaterThanOrEqual(Date.parse(w.updated_time));

    const stale = await update('ym0004', { ...editable(w), title: '旧设备上的修改' }, 1);
    expect(stale).toMatchObject({ status: 409, code: Code.CONFLICT, msg: h5Messages.stale });
    expect(stale.data).toEqual(saved.data);
    expect((await get('ym0004', w.id)).data).toEqual(saved.data);

    const quoted = await update('ym0004', { ...editable(saved.data), title: '' }, undefined, { headers: { 'if-match': '"2"' } });
    expect(quoted).toMatchObject({ status: 200, data: { version: 3, title: DEFAULT_WORK_TITLE } });
    const blind = await update('ym0004', { ...editable(saved.data), title: '不带版本' });
    expect(blind).toMatchObject({ status: 200, data: { version: 4, title: '不带版本' } });
    // The list's row moved first.
    expect((await list('ym0004', {})).data.list[0]).toMatchObject({ id: w.id, version: 4, pageCount: 2 });
  });

  it('refuses a malformed element, naming where, a work without pages, and a work over 5 MB; nothing stored changes', async () => {
    const w = (await create('ym0004', { title: '校验', pages: [{ uuid: 'page_valid01', title: '', type: 'index', elements: [textElement('a'), textElement('b')] }] })).data;
    const broken = structuredClone(editable(w));
    (broken.pages[0]!.elements[1]!.commonStyle as Record<string, unknown>).top = 'abc';
    const bad = await update('ym0004', broken, 1);
    expect(bad).toMatchObject({ status: 400, code: Code.BAD_REQUEST, msg: '作品中的元素格式不正确：pages[0].elements[1].commonStyle.top' });
    expect(bad.data).toEqual({ path: 'pages[0].elements[1].commonStyle.top' });

    const badName = structuredClone(editable(w));
    (badName.pages[0]!.elements[0] as Record<string, unknown>).uuid = 'no spaces allowed';
    expect((await update('ym0004', badName, 1)).msg).toBe('作品中的元素格式不正确：pages[0].elements[0].uuid');
    expect(await create('ym0004', { pages: [{ uuid: 'page_x0001', elements: [{ name: 'text' }] }] })).toMatchObject({ status: 400, msg: expect.stringMatching(/^作品中的元素格式不正确：pages\[0\]\.elements\[0\]/) });

    expect(await update('ym0004', { ...editable(w), pages: [] }, 1)).toMatchObject({ status: 400, msg: LAST_PAGE_MESSAGE });

    const huge = { ...editable(w), description: '', pages: [{ ...w.pages[0]!, elements: [{ ...textElement('x'), pluginProps: { text: 'x'.repeat(WORK_MAX_BYTES) } }] }] };
    const tooLarge = await update('ym0004', huge, 1);
    expect(tooLarge).toMatchObject({ status: 413, code: Code.PAYLOAD_TOO_LARGE, msg: h5Messages.tooLarge });
    expect(await create('ym0004', { pages: huge.pages })).toMatchObject({ status: 413, msg: h5Messages.tooLarge });
    // Just under the limit is a save like any other (the body limit of these calls is above 5 MB).
    const big = { ...editable(w), pages: [{ ...w.pages[0]!, elements: [{ ...textElement('x'), pluginProps: { text: 'x'.repeat(WORK_MAX_BYTES - 10_000) } }] }] };
    const bigSaved = await update('ym0004', big, 1);
    expect(bigSaved).toMatchObject({ status: 200, data: { version: 2 } });

    const after = await get('ym0004', w.id);
    expect(after.data.version).toBe(2);
    expect(after.data.pages[0]!.elements).toHaveLength(1);
    const [row] = await t.db.select({ version: h5Works.version }).from(h5Works).where(eq(h5Works.id, w.id));
    expect(row!.version).toBe(2);
  });

  it('keeps what it does not know in pages and elements, and stores a broken emoji as U+FFFD', async () => {
    const w = (await create('ym0004', {})).data;
    const element = { ...textElement('\ud83d半个表情'), futureField: { nested: [1, 2] } };
    const res = await update('ym0004', { ...editable(w), pages: [{ ...w.pages[0]!, background: '#fff', elements: [element] }] }, 1);
    expect(res.status).toBe(200);
    const stored = (await get('ym0004', w.id)).data.pages[0] as unknown as Record<string, any>;
    expect(stored.background).toBe('#fff');
    expect(stored.elements[0].futureField).toEqual({ nested: [1, 2] });
    expect(stored.elements[0].pluginProps.text).toBe('<p>\ufffd半个表情</p>');
  });
});

describe('POST /event/work/invalid (soft delete)', () => {
  it('the work is gone for list, get, update and delete, the row kept (the server can restore it)', async () => {
    const w = (await create('ym0032', { title: '要删除的作品' })).data;
    expect(await post('ym0032', h5Paths.invalid, { id: w.id })).toMatchObject({ status: 200, code: 200, data: null });
    expect((await list('ym0032', {})).data.list.map((x) => x.id)).not.toContain(w.id);
    expect(await get('ym0032', w.id)).toMatchObject({ status: 404, msg: h5Messages.notFound });
    expect(await update('ym0032', editable(w), 1)).toMatchObject({ status: 404, msg: h5Messages.notFound });
    expect(await post('ym0032', h5Paths.invalid, { id: w.id })).toMatchObject({ status: 404, msg: h5Messages.notFound });
    // A repeated offline create of a deleted work does not bring it back.
    expect(await create('ym0032', { id: w.id })).toMatchObject({ status: 404, msg: h5Messages.notFound });
    const [row] = await t.db.select().from(h5Works).where(eq(h5Works.id, w.id));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect(await workRepo(t.db).restore(w.id)).toBe(true);
    expect((await get('ym0032', w.id)).data).toEqual(w);
  });

  it('with a stale If-Match: 409 with the current work, nothing deleted', async () => {
    const w = (await create('ym0032', { title: '删除冲突' })).data;
    await update('ym0032', { ...editable(w), title: '删除冲突 · 已改' }, 1);
    const res = await post('ym0032', h5Paths.invalid, { id: w.id }, { headers: { 'if-match': '1' } });
    expect(res).toMatchObject({ status: 409, code: Code.CONFLICT, data: { id: w.id, version: 2, title: '删除冲突 · 已改' } });
    expect((await get('ym0032', w.id)).status).toBe(200);
  });
});

describe('Idempotency-Key on create, update and delete', () => {
  it('the same key twice is one effect: the repeat gets the stored answer', async () => {
    const key = ulid();
    const a = await t.app.inject({ method: 'POST', url: h5Paths.create, payload: { title: '只建一次' }, headers: { ...authed(token.get('ym0004')!), 'idempotency-key': key } });
    const b = await t.app.inject({ method: 'POST', url: h5Paths.create, payload: { title: '只建一次' }, headers: { ...authed(token.get('ym0004')!), 'idempotency-key': key } });
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json()).toEqual(a.json());
    expect((await list('ym0004', { keyword: '只建一次' })).data.pagination.total).toBe(1);

    const w = a.json().data as Work;
    const saveKey = ulid();
    const save = () => update('ym0004', { ...editable(w), title: '只存一次' }, 1, { headers: { 'idempotency-key': saveKey } });
    const first = await save();
    const repeat = await save();
    expect(first).toMatchObject({ status: 200, data: { version: 2 } });
    expect(repeat).toMatchObject({ status: 200, data: { version: 2 } });
    expect((await get('ym0004', w.id)).data.version).toBe(2);

    const delKey = ulid();
    const del = () => post('ym0004', h5Paths.invalid, { id: w.id }, { headers: { 'idempotency-key': delKey } });
    expect((await del()).status).toBe(200);
    expect(await del()).toMatchObject({ status: 200, code: 200 });
  });
});

describe('request signing (spec 7.1)', () => {
  const signed = (path: string, now = Date.now()) => {
    const p = signRequest(path, sha256Hex, now);
    return `?n=${Date.now()}&${new URLSearchParams({ ...p }).toString()}`;
  };

  it('a right signature passes, on any call; an unsigned call passes too', async () => {
    expect((await list('ym0032', {})).status).toBe(200);
    expect((await post('ym0032', h5Paths.list, {}, { query: signed(h5Paths.list) })).status).toBe(200);
    const w = (await create('ym0032', { title: '签名' }, { query: signed(h5Paths.create) })).data;
    const path = fillPath(h5Paths.get, { workId: w.id });
    expect(await get('ym0032', w.id, { query: signed(path) })).toMatchObject({ status: 200, data: { id: w.id } });
  });

  it('a mismatch (another path, a changed parameter, a wrong hash) is refused before anything runs', async () => {
    const before = (await list('ym0032', {})).data.pagination.total;
    expect(await create('ym0032', { title: '不该建成' }, { query: signed(h5Paths.list) })).toMatchObject({ status: 400, code: Code.BAD_REQUEST, msg: h5Messages.badSignature });
    const tampered = signed(h5Paths.create).replace('userId=1', 'userId=2');
    expect(await create('ym0032', {}, { query: tampered })).toMatchObject({ status: 400, msg: h5Messages.badSignature });
    expect(await create('ym0032', {}, { query: '?sign=ABC' })).toMatchObject({ status: 400, msg: h5Messages.badSignature });
    expect((await list('ym0032', {})).data.pagination.total).toBe(before);
    // Refused before the session is looked at.
    const anonymous = await call(t.app, { method: 'POST', url: h5Paths.list + '?sign=ABC', payload: {} });
    expect(anonymous).toMatchObject({ status: 400, msg: h5Messages.badSignature });
  });

  it('an expired signature (over an hour off the server clock) is refused with its own message', async () => {
    const old = signed(h5Paths.list, Date.now() - 2 * 3600_000);
    expect(await post('ym0032', h5Paths.list, {}, { query: old })).toMatchObject({ status: 400, msg: h5Messages.expiredSignature });
    const ahead = signed(h5Paths.list, Date.now() + 2 * 3600_000);
    expect(await post('ym0032', h5Paths.list, {}, { query: ahead })).toMatchObject({ status: 400, msg: h5Messages.expiredSignature });
  });
});

describe('permissions', () => {
  it('营销活动 with 我的作品 and 素材库 and their buttons reach the marketing staff and the store managers', async () => {
    for (const account of ['ym0032', 'ym0004', 'admin']) {
      const me = await call(t.app, { method: 'GET', url: '/Permission/Users/App/CurrentUser', headers: authed(token.get(account)!) });
      const group = (me.data.menuList as MenuItem[]).find((m) => m.enCode === 'h5')!;
      expect(group, account).toMatchObject({ fullName: '营销活动', type: 1 });
      expect(group.children.map((c) => [c.enCode, c.fullName, c.urlAddress, c.type])).toEqual([
        ['h5.works', '我的作品', 'h5/works', 2],
        ['h5.images', '素材库', 'h5/images', 2],
      ]);
      const grants = me.data.permissionList as { modelId: string; button: { enCode: string }[] }[];
      for (const child of group.children) {
        expect(grants.find((p) => p.modelId === child.id)!.button.map((b) => b.enCode), `${account} ${child.enCode}`).toEqual(['btn_add', 'btn_edit', 'btn_remove']);
      }
    }
    const none = await call(t.app, { method: 'GET', url: '/Permission/Users/App/CurrentUser', headers: authed(token.get('ym0045')!) });
    expect((none.data.menuList as MenuItem[]).map((m) => m.enCode)).not.toContain('h5');
  });

  it('a user without the 营销活动 grant gets 403 on every call, and nothing is created', async () => {
    const mine = (await list('admin', {})).data.list[0]!;
    const refusals = [
      await list('ym0045', {}),
      await create('ym0045', { title: '无权限' }),
      await update('ym0045', { id: mine.id, pages: [{ uuid: 'page_abcd', elements: [] }] }),
      await post('ym0045', h5Paths.invalid, { id: mine.id }),
      await get('ym0045', mine.id),
      await post('ym0045', h5Paths.bgList, {}),
      await post('ym0045', h5Paths.bgInvalid, { id: ulid() }),
    ];
    for (const r of refusals) expect(r).toMatchObject({ status: 403, code: Code.FORBIDDEN });
    const rows = await t.db.select().from(h5Works).where(eq(h5Works.creatorUserId, userId.get('ym0045')!));
    expect(rows).toEqual([]);
  });

  it('needs a session', async () => {
    expect(await call(t.app, { method: 'POST', url: h5Paths.list, payload: {} })).toMatchObject({ status: 401, code: Code.TOKEN_INVALID });
  });
});
