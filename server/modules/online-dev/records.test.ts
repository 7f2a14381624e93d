import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import type { ModelConfig, RecordRow } from '../../../src/contracts/online-dev-model';
import { onlineDevPaths } from '../../../src/contracts/online-dev-paths';
import { fillPath } from '../../../src/contracts/api-path';
import { authed, call, createTestApp, tokenFor, type TestApp } from '../../test/helper';

/** The seeded models' records through the calls of spec 7.6, on PGlite and (with DATABASE_URL) PostgreSQL. */
let t: TestApp;
let admin: string;
/** 店长 of 上海徐汇店 (storeManager: every button of the three models; data scope: own department and below). */
let manager: string;
/** 店员 of 上海徐汇店 (staff: 客户登记 add / edit / detail only; data scope: own records). */
let clerk: string;
const ids: Record<string, string> = {};
/** 上海徐汇店 (a department), from the seeded records. */
let store: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = (method: Method, url: string, token: string, payload?: unknown, headers: Record<string, string> = {}) =>
  call(t.app, { method, url, headers: { ...authed(token), ...headers }, payload: payload as object });
const p = (template: string, params: Record<string, string>) => fillPath(template as never, params as never);

beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenFor(t.app, 'admin');
  const models = (await req('GET', onlineDevPaths.selector, admin)).data.list as { id: string; enCode: string }[];
  for (const m of models) ids[m.enCode] = m.id;
  // ym0004 is the manager of 上海徐汇店, ym0005 … its shop assistants (server/db/seed/demo.ts).
  manager = await tokenFor(t.app, 'ym0004');
  clerk = await tokenFor(t.app, 'ym0005');
  const seen = (await req('GET', `${p(onlineDevPaths.list, { id: ids.customerRegistration! })}?pageSize=100`, clerk)).data.list as RecordRow[];
  store = seen[0]!.store as string;
});
afterAll(async () => {
  await t?.close();
});

describe('seeded models', () => {
  it('three models are published as menu entries with their buttons', async () => {
    // (leaveRequest: workflow's 请假申请 form, published without a menu entry by server/modules/workflow/seed.ts)
    expect(Object.keys(ids).sort()).toEqual(['customerRegistration', 'leaveRequest', 'sampleRequest', 'storeInspection']);
    const config = (await req('GET', p(onlineDevPaths.config, { id: ids.storeInspection! }), admin)).data as ModelConfig;
    expect(config).toMatchObject({ enCode: 'storeInspection', fullName: '门店巡检', menuCode: 'onlineDev.model.storeInspection', publishedVersion: 1 });
    expect(config.list.buttons).toEqual(['btn_add', 'btn_edit', 'btn_remove', 'btn_export', 'btn_detail']);
  });

  it('lists records page by page with the total, newest inspection first', async () => {
    const res = await req('GET', `${p(onlineDevPaths.list, { id: ids.storeInspection! })}?currentPage=2&pageSize=20`, admin);
    expect(res.status).toBe(200);
    expect(res.data.pagination).toMatchObject({ currentPage: 2, pageSize: 20 });
    expect(res.data.pagination.total).toBeGreaterThan(80);
    const dates = (res.data.list as RecordRow[]).map((r) => r.inspectDate as string);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

describe('records', () => {
  it('creates a customer: checked, numbered, system fields filled, then read back as text', async () => {
    const id = ulid();
    const body = { id, data: { name: '周晓明', mobile: '13812345678', source: 'walkin', level: 'gold', store, gender: '1', budget: 8000, interests: ['mattress'] } };
    const res = await req('POST', p(onlineDevPaths.create, { id: ids.customerRegistration! }), clerk, body, { 'Idempotency-Key': ulid() });
    expect(res.status, JSON.stringify(res)).toBe(200);
    const row = res.data as RecordRow;
    expect(row).toMatchObject({ id, version: 1, name: '周晓明', mobile: '13812345678' });
    expect(row.customerNo).toMatch(/^KH\d{6}\d{4}$/);
    expect(row.registeredBy).toBe(row.creatorUserId);
    const text = (await req('GET', p(onlineDevPaths.dataChange, { id: ids.customerRegistration!, recordId: id }), clerk)).data;
    expect(text).toMatchObject({ source: '进店', level: '金卡会员', gender: '男', interests: '床垫' });
    expect(text.store).toBe('上海徐汇店');
  });

  it('refuses a bad phone with the spec 5.1 message and an unknown option', async () => {
    const url = p(onlineDevPaths.create, { id: ids.customerRegistration! });
    const bad = await req('POST', url, clerk, { data: { name: '张三', mobile: '12345', source: 'walkin', store } });
    expect(bad).toMatchObject({ status: 400, msg: '请正确输入您的手机号' });
    const option = await req('POST', url, clerk, { data: { name: '张三', mobile: '13812345679', source: 'nowhere', store } });
    expect(option).toMatchObject({ status: 400, msg: '客户来源的选项不正确' });
    const missing = await req('POST', url, clerk, { data: { mobile: '13812345679', source: 'walkin', store } });
    expect(missing).toMatchObject({ status: 400, msg: '客户姓名不能为空' });
  });

  it('recomputes calculations on the server and keeps a sample request in order', async () => {
    const me = (await req('GET', '/Permission/Users/App/CurrentUser', manager)).data.userInfo;
    const res = await req('POST', p(onlineDevPaths.create, { id: ids.sampleRequest! }), manager, {
      data: {
        requestDate: '2026-11-20',
        applicant: me.userId,
        department: store,
        purpose: 'trial',
        items: [
          { product: '记忆棉枕', qty: 2, price: 299.5, amount: 1 },
          { product: '全棉四件套', qty: 1, price: 599, amount: 999999 },
        ],
        total: 1,
      },
    });
    expect(res.status, JSON.stringify(res)).toBe(200);
    expect(res.data.items.map((i: { amount: number }) => i.amount)).toEqual([599, 599]);
    expect(res.data.total).toBe(1198);
  });

  it('an input table with an empty required cell is refused with not empty', async () => {
    const me = (await req('GET', '/Permission/Users/App/CurrentUser', manager)).data.userInfo;
    const res = await req('POST', p(onlineDevPaths.create, { id: ids.sampleRequest! }), manager, {
      data: { requestDate: '2026-11-20', applicant: me.userId, department: store, purpose: 'trial', items: [{ product: '', qty: 1, price: 1 }] },
    });
    expect(res).toMatchObject({ status: 400, msg: 'not empty' });
  });

  it('edits with If-Match: a stale version gets 409 with the current record', async () => {
    const list = (await req('GET', `${p(onlineDevPaths.list, { id: ids.customerRegistration! })}?keyword=周晓明`, clerk)).data.list as RecordRow[];
    expect(list).toHaveLength(1);
    const r = list[0]!;
    const url = p(onlineDevPaths.record, { id: ids.customerRegistration!, recordId: r.id });
    const ok = await req('PUT', url, clerk, { id: r.id, data: { ...r, remark: '想要1.8米的床垫' } }, { 'If-Match': String(r.version) });
    expect(ok).toMatchObject({ status: 200, data: { version: 2, remark: '想要1.8米的床垫', customerNo: r.customerNo } });
    const stale = await req('PUT', url, clerk, { id: r.id, data: { ...r, remark: '旧的' } }, { 'If-Match': String(r.version) });
    expect(stale).toMatchObject({ status: 409, data: { version: 2, remark: '想要1.8米的床垫' } });
  });

  it('a repeated Idempotency-Key creates the record once', async () => {
    const key = ulid();
    const body = { id: ulid(), data: { name: '吴敏', mobile: '13900001111', source: 'online', store } };
    const url = p(onlineDevPaths.create, { id: ids.customerRegistration! });
    const first = await req('POST', url, clerk, body, { 'Idempotency-Key': key });
    const again = await req('POST', url, clerk, body, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    expect(again.data).toEqual(first.data);
    const found = (await req('GET', `${p(onlineDevPaths.list, { id: ids.customerRegistration! })}?keyword=13900001111`, admin)).data.list;
    expect(found).toHaveLength(1);
  });

  it('a record id sent twice, one after the other or at once, is created once: the other gets 记录已存在', async () => {
    const url = p(onlineDevPaths.create, { id: ids.customerRegistration! });
    const body = (mobile: string) => ({ id: ulid(), data: { name: '郑洁', mobile, source: 'online', store } });
    const once = body('13900002222');
    expect((await req('POST', url, clerk, once)).status).toBe(200);
    expect(await req('POST', url, clerk, once)).toMatchObject({ status: 400, msg: '记录已存在' });
    const twice = body('13900003333');
    const answers = await Promise.all([req('POST', url, clerk, twice), req('POST', url, clerk, twice)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)).toMatchObject({ msg: '记录已存在' });
  });
});

describe('permissions', () => {
  it('a clerk may not delete or export customers, and sees no inspections', async () => {
    const list = (await req('GET', p(onlineDevPaths.list, { id: ids.customerRegistration! }), clerk)).data.list as RecordRow[];
    expect(list.length).toBeGreaterThan(0);
    const del = await req('DELETE', p(onlineDevPaths.record, { id: ids.customerRegistration!, recordId: list[0]!.id }), clerk);
    expect(del.status).toBe(403);
    expect((await req('POST', p(onlineDevPaths.export, { id: ids.customerRegistration! }), clerk, {})).status).toBe(403);
    expect((await req('GET', p(onlineDevPaths.list, { id: ids.storeInspection! }), clerk)).status).toBe(403);
  });

  it("a clerk's data scope is their own records", async () => {
    const me = (await req('GET', '/Permission/Users/App/CurrentUser', clerk)).data.userInfo;
    const list = (await req('GET', `${p(onlineDevPaths.list, { id: ids.customerRegistration! })}?pageSize=100`, clerk)).data.list as RecordRow[];
    expect(list.every((r) => r.creatorUserId === me.userId)).toBe(true);
  });
});
