import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../src/contracts/codes';
import { billDatePart, billPeriodKey, formatBillNumber, type BillNumberBlock, type BillRuleBody, type BillRuleRow } from '../../../src/contracts/base';
import { billNumberBlocks, billRules } from '../../db/schema';
import { newId } from '../../lib/ids';
import { authed, call, createTestApp, tokenFor, type TestApp } from '../../test/helper';

let t: TestApp;
let admin: string;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenFor(t.app, 'admin');
  staff = await tokenFor(t.app, 'ym0010');
});
afterAll(async () => {
  await t?.close();
});

const BASE = '/api/craft/Base/BillRule';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = (method: Method, url: string, token: string, payload?: unknown, headers: Record<string, string> = {}) =>
  call(t.app, { method, url, headers: { ...authed(token), ...headers }, payload: payload as object });
const today = (format: Parameters<typeof billDatePart>[0]) => billDatePart(format, new Date());
const list = async (query = ''): Promise<BillRuleRow[]> => (await req('GET', `${BASE}${query}`, admin)).data.list;
const rule = async (enCode: string) => (await list(`?keyword=${enCode}`)).find((r) => r.enCode === enCode)!;
const next = async (enCode: string, token = staff, headers: Record<string, string> = {}) => req('POST', `${BASE}/BillNumber/${enCode}`, token, undefined, headers);
const reserve = async (enCode: string, count: number, deviceId: string, token = staff) =>
  req('POST', `${BASE}/BillNumber/${enCode}/Actions/Reserve`, token, { count, deviceId });
const create = async (body: BillRuleBody) => {
  const res = await req('POST', BASE, admin, body);
  expect(res).toMatchObject({ status: 200, code: 200 });
  return res.data as BillRuleRow;
};

describe('rules', () => {
  it('the list is paged and shows what the next number looks like today', async () => {
    const res = await req('GET', BASE, admin);
    expect(res).toMatchObject({ status: 200, code: 200 });
    expect(res.data.pagination).toEqual({ currentPage: 1, pageSize: 20, total: 4 });
    const rows: BillRuleRow[] = res.data.list;
    expect(rows.map((r) => r.enCode)).toEqual(['SalesOrder', 'ReturnOrder', 'PurchaseOrder', 'Campaign']);
    expect(rows[0]).toMatchObject({
      fullName: '销售订单',
      prefix: 'SO',
      dateFormat: 'YYYYMMDD',
      digit: 4,
      startNumber: 1,
      resetPeriod: 'day',
      outputNumber: 0,
      example: `SO${today('YYYYMMDD')}0001`,
      enabledMark: 1,
      version: 1,
    });
    expect(rows[3]).toMatchObject({ example: 'HD000001', outputNumber: 0 });

    const page = await req('GET', `${BASE}?currentPage=2&pageSize=20`, admin);
    expect(page.data).toEqual({ list: [], pagination: { currentPage: 2, pageSize: 20, total: 4 } });
    const found = await req('GET', `${BASE}?keyword=退货`, admin);
    expect(found.data.list.map((r: BillRuleRow) => r.enCode)).toEqual(['ReturnOrder']);
    const sorted = await req('GET', `${BASE}?sidx=enCode&sort=desc`, admin);
    expect(sorted.data.list.map((r: BillRuleRow) => r.enCode)).toEqual(['SalesOrder', 'ReturnOrder', 'PurchaseOrder', 'Campaign']);
    expect(await req('GET', `${BASE}?pageSize=7`, admin)).toMatchObject({ status: 400, msg: '每页条数不正确' });
  });

  it('create, read, edit (If-Match), the selector lists enabled rules only', async () => {
    const id = newId();
    const created = await req('POST', BASE, admin, { id, fullName: '调拨单', enCode: 'Transfer', prefix: 'DB', dateFormat: 'YYMMDD', digit: 3, resetPeriod: 'day' });
    expect(created).toMatchObject({ status: 200, msg: '新建成功', data: { id, example: `DB${today('YYMMDD')}001`, version: 1, enabledMark: 1 } });
    expect((await req('GET', `${BASE}/${id}`, admin)).data).toEqual(created.data);
    expect(await req('POST', BASE, admin, { id, fullName: '又', enCode: 'Other', digit: 3 })).toMatchObject({ status: 400, msg: '记录已存在' });
    expect(await req('POST', BASE, admin, { fullName: '重复', enCode: 'Transfer', digit: 3 })).toMatchObject({ status: 400, msg: '编码已存在' });

    const body = { fullName: '调拨单据', enCode: 'Transfer', prefix: 'TR', dateFormat: 'YYMMDD', digit: 5, resetPeriod: 'day', enabledMark: 0 };
    const saved = await req('PUT', `${BASE}/${id}`, admin, body, { 'if-match': '1' });
    expect(saved).toMatchObject({ status: 200, msg: '修改成功', data: { fullName: '调拨单据', example: `TR${today('YYMMDD')}00001`, enabledMark: 0, version: 2 } });
    const stale = await req('PUT', `${BASE}/${id}`, admin, { ...body, fullName: '晚了' }, { 'if-match': '1' });
    expect(stale).toMatchObject({ status: 409, code: Code.CONFLICT, data: saved.data });

    const selector = await req('GET', `${BASE}/Selector`, staff);
    expect(selector.status).toBe(200);
    const codes = selector.data.list.map((o: { enCode: string }) => o.enCode);
    expect(codes).toContain('SalesOrder');
    expect(codes).not.toContain('Transfer');
    expect(selector.data.list[0]).toEqual({ id: expect.any(String), enCode: 'SalesOrder', fullName: '销售订单' });
  });

  it('refuses invalid rules with clear messages', async () => {
    const ok = { fullName: '规则', enCode: 'Bad', digit: 4 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ok, digit: 0 }, '流水位数只能是1到12'],
      [{ ...ok, digit: 13 }, '流水位数只能是1到12'],
      [{ ...ok, digit: 2.5 }, '流水位数必须是整数'],
      [{ fullName: '规则', enCode: 'Bad' }, '流水位数必须是整数'],
      [{ ...ok, enCode: 'a.' }, '编码只能输入英文、数字和小数点且小数点不能放在首尾'],
      [{ ...ok, fullName: '规则%' }, '名称不能含有特殊符号'],
      [{ ...ok, prefix: 'S O' }, '前缀只能输入英文、数字、下划线和中划线'],
      [{ ...ok, dateFormat: 'DDMMYY' }, '日期格式不正确'],
      [{ ...ok, resetPeriod: 'week' }, '重置周期不正确'],
      [{ ...ok, startNumber: -1 }, '起始值不能小于0'],
      [{ ...ok, digit: 2, startNumber: 100 }, '起始值超出流水位数'],
      // A date part coarser than the reset period would repeat numbers.
      [{ ...ok, dateFormat: 'YYYYMM', resetPeriod: 'day' }, '日期格式必须包含重置周期'],
      [{ ...ok, dateFormat: '', resetPeriod: 'year' }, '日期格式必须包含重置周期'],
    ];
    for (const [body, msg] of cases) {
      const res = await req('POST', BASE, admin, body);
      expect({ body, ...res }).toMatchObject({ body, status: 400, code: 400, msg });
    }
    expect((await list('?keyword=Bad')).length).toBe(0);
  });

  it('state toggles; a disabled or unknown rule gives no numbers', async () => {
    const r = await create({ fullName: '停用测试', enCode: 'StateTest', prefix: 'ST', digit: 3 });
    const off = await req('PUT', `${BASE}/${r.id}/Actions/State`, admin);
    expect(off).toMatchObject({ status: 200, data: { enabledMark: 0, version: 2 } });
    expect(await next('StateTest')).toMatchObject({ status: 400, code: 400, msg: '单据规则不存在或已停用' });
    expect(await next('NoSuchRule')).toMatchObject({ status: 400, msg: '单据规则不存在或已停用' });
    expect(await reserve('NoSuchRule', 5, 'dev1')).toMatchObject({ status: 400, msg: '单据规则不存在或已停用' });
    const on = await req('PUT', `${BASE}/${r.id}/Actions/State`, admin, { enabledMark: 1 });
    expect(on.data).toMatchObject({ enabledMark: 1, version: 3 });
    expect((await next('StateTest')).data).toBe('ST001');
  });

  it('an unused rule can be deleted; one that handed out numbers cannot', async () => {
    const unused = await create({ fullName: '未用', enCode: 'Unused', digit: 4 });
    expect(await req('DELETE', `${BASE}/${unused.id}`, admin, undefined, { 'if-match': '7' })).toMatchObject({ status: 409, data: unused });
    expect(await req('DELETE', `${BASE}/${unused.id}`, admin, undefined, { 'if-match': '1' })).toMatchObject({ status: 200, msg: '删除成功' });
    expect(await req('GET', `${BASE}/${unused.id}`, admin)).toMatchObject({ status: 404 });
    const used = await create({ fullName: '已用', enCode: 'Used', digit: 4 });
    await next('Used');
    expect(await req('DELETE', `${BASE}/${used.id}`, admin)).toMatchObject({ status: 400, msg: '该单据规则已被使用，不能删除' });
    expect((await req('GET', `${BASE}/${used.id}`, admin)).data).toMatchObject({ outputNumber: 1 });
  });
});

describe('bill numbers', () => {
  it('prefix + date part + zero-padded sequence, one after another', async () => {
    const first = await next('SalesOrder');
    expect(first).toMatchObject({ status: 200, code: 200, data: `SO${today('YYYYMMDD')}0001` });
    expect((await next('SalesOrder')).data).toBe(`SO${today('YYYYMMDD')}0002`);
    expect((await next('ReturnOrder')).data).toBe(`RT${today('YYYYMM')}00001`);
    expect((await next('PurchaseOrder')).data).toBe(`PO${today('YYYY')}000001`);
    expect((await next('Campaign')).data).toBe('HD000001');
    expect(await rule('SalesOrder')).toMatchObject({ outputNumber: 2, example: `SO${today('YYYYMMDD')}0003` });
    // Wider than the width when the sequence outgrows it.
    const narrow = await create({ fullName: '窄', enCode: 'Narrow', prefix: 'N', digit: 1, startNumber: 9 });
    expect(narrow.example).toBe('N9');
    expect((await next('Narrow')).data).toBe('N9');
    expect((await next('Narrow')).data).toBe('N10');
  });

  it('a new period starts again at the start number', async () => {
    const r = await create({ fullName: '日清', enCode: 'Daily', prefix: 'D', dateFormat: 'YYYYMMDD', digit: 4, startNumber: 5, resetPeriod: 'day' });
    expect((await next('Daily')).data).toBe(`D${today('YYYYMMDD')}0005`);
    // As if the numbers so far had been taken on an earlier day.
    await t.db.update(billRules).set({ periodKey: '20000101', seq: 57 }).where(eq(billRules.id, r.id));
    await t.db.update(billNumberBlocks).set({ periodKey: '20000101' }).where(eq(billNumberBlocks.ruleId, r.id));
    expect(await rule('Daily')).toMatchObject({ outputNumber: 0, example: `D${today('YYYYMMDD')}0005` });
    expect((await next('Daily')).data).toBe(`D${today('YYYYMMDD')}0005`);
    expect((await next('Daily')).data).toBe(`D${today('YYYYMMDD')}0006`);
    const [row] = await t.db.select().from(billRules).where(eq(billRules.id, r.id));
    expect(row).toMatchObject({ periodKey: billPeriodKey('day', new Date()), seq: 6 });
    expect(await rule('Daily')).toMatchObject({ outputNumber: 6, example: `D${today('YYYYMMDD')}0007` });
    // Starting again never goes below what the new period already handed out.
    await t.db.update(billRules).set({ periodKey: '20000101', seq: 57 }).where(eq(billRules.id, r.id));
    expect((await next('Daily')).data).toBe(`D${today('YYYYMMDD')}0007`);
    // A never-resetting rule ignores the period.
    await t.db.update(billRules).set({ seq: 41 }).where(eq(billRules.enCode, 'Campaign'));
    expect((await next('Campaign')).data).toBe('HD000042');
  });

  it('a server whose clock is behind the rule’s period takes nothing rather than go back a period', async () => {
    const r = await create({ fullName: '时钟', enCode: 'Clock', prefix: 'K', dateFormat: 'YYYYMMDD', digit: 4, resetPeriod: 'day' });
    // As if another server, a day ahead, had already taken numbers in its period.
    await t.db.update(billRules).set({ periodKey: '99991231', seq: 3 }).where(eq(billRules.id, r.id));
    expect(await next('Clock')).toMatchObject({ status: 500, code: Code.SERVER_ERROR });
    const [row] = await t.db.select().from(billRules).where(eq(billRules.id, r.id));
    expect(row).toMatchObject({ periodKey: '99991231', seq: 3 });
    expect(await t.db.select().from(billNumberBlocks).where(eq(billNumberBlocks.ruleId, r.id))).toEqual([]);
  });

  it('editing prefix, date format or width keeps the sequence; so does a change of reset period', async () => {
    const r = await create({ fullName: '改规则', enCode: 'Editable', prefix: 'E', digit: 3, resetPeriod: 'never' });
    for (let i = 0; i < 3; i++) await next('Editable');
    const body = { fullName: '改规则', enCode: 'Editable', prefix: 'XX', dateFormat: 'YYYYMMDD', digit: 6, resetPeriod: 'never' };
    await req('PUT', `${BASE}/${r.id}`, admin, body);
    expect((await next('Editable')).data).toBe(`XX${today('YYYYMMDD')}000004`);
    // never → day: carries on today instead of starting again (that would repeat numbers).
    await req('PUT', `${BASE}/${r.id}`, admin, { ...body, resetPeriod: 'day' });
    expect((await next('Editable')).data).toBe(`XX${today('YYYYMMDD')}000005`);
    await req('PUT', `${BASE}/${r.id}`, admin, { ...body, resetPeriod: 'month' });
    expect((await next('Editable')).data).toBe(`XX${today('YYYYMMDD')}000006`);
    // Back to daily: still above everything handed out today.
    await req('PUT', `${BASE}/${r.id}`, admin, { ...body, resetPeriod: 'day' });
    expect((await next('Editable')).data).toBe(`XX${today('YYYYMMDD')}000007`);
    // A higher start number moves the sequence up.
    await req('PUT', `${BASE}/${r.id}`, admin, { ...body, resetPeriod: 'day', startNumber: 100 });
    expect((await next('Editable')).data).toBe(`XX${today('YYYYMMDD')}000100`);
  });

  it('100 concurrent requests get 100 different numbers', async () => {
    const r = await create({ fullName: '并发', enCode: 'Concurrent', prefix: 'C', dateFormat: 'YYYYMMDD', digit: 4, resetPeriod: 'day' });
    const results = await Promise.all(Array.from({ length: 100 }, () => next('Concurrent')));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const numbers = results.map((r) => r.data as string);
    expect(new Set(numbers).size).toBe(100);
    const expected = Array.from({ length: 100 }, (_, i) => formatBillNumber('C', today('YYYYMMDD'), i + 1, 4));
    expect([...numbers].sort()).toEqual(expected);
    // Each one is recorded with the staff member who took it.
    const blocks = await t.db.select().from(billNumberBlocks).where(eq(billNumberBlocks.ruleId, r.id));
    expect(blocks.map((b) => b.first).sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(blocks.every((b) => b.first === b.last && b.deviceId === '' && b.userId === blocks[0]!.userId)).toBe(true);
  });

  it('devices reserve blocks that never overlap; single numbers continue after them', async () => {
    await create({ fullName: '离线', enCode: 'Offline', prefix: 'OF', dateFormat: 'YYYYMM', digit: 5, resetPeriod: 'month' });
    expect((await next('Offline')).data).toBe(`OF${today('YYYYMM')}00001`);
    const [a, b] = await Promise.all([reserve('Offline', 10, 'tablet-A'), reserve('Offline', 20, 'phone_B')]);
    expect(a).toMatchObject({ status: 200, code: 200 });
    expect(b).toMatchObject({ status: 200, code: 200 });
    const blockA: BillNumberBlock = a.data;
    const blockB: BillNumberBlock = b.data;
    expect(blockA).toMatchObject({ enCode: 'Offline', prefix: 'OF', datePart: today('YYYYMM'), digit: 5, periodKey: billPeriodKey('month', new Date()) });
    expect(blockA.last - blockA.first).toBe(9);
    expect(blockB.last - blockB.first).toBe(19);
    const [lo, hi] = blockA.first < blockB.first ? [blockA, blockB] : [blockB, blockA];
    expect(lo.first).toBe(2);
    expect(hi.first).toBe(lo.last + 1);
    expect((await next('Offline')).data).toBe(`OF${today('YYYYMM')}${String(hi.last + 1).padStart(5, '0')}`);
    expect(hi.last + 1).toBe(32);

    const recorded = await t.db.select().from(billNumberBlocks).where(eq(billNumberBlocks.deviceId, 'tablet-A'));
    expect(recorded).toEqual([expect.objectContaining({ first: blockA.first, last: blockA.last, periodKey: blockA.periodKey })]);
  });

  it('refuses a bad reservation', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ count: 0, deviceId: 'd1' }, '数量不正确'],
      [{ count: 101, deviceId: 'd1' }, '一次最多预留100个单号'],
      [{ count: 5, deviceId: 'bad id!' }, '设备标识不正确'],
    ];
    for (const [body, msg] of cases) {
      const res = await req('POST', `${BASE}/BillNumber/Campaign/Actions/Reserve`, staff, body);
      expect({ body, ...res }).toMatchObject({ body, status: 400, code: 400, msg });
    }
    expect((await req('POST', `${BASE}/BillNumber/bad.code./Actions/Reserve`, staff, { count: 1, deviceId: 'd1' })).status).toBe(400);
  });

  it('an Idempotency-Key replay answers the same number and takes none', async () => {
    await create({ fullName: '幂等', enCode: 'Replay', prefix: 'R', digit: 4 });
    const key = newId();
    const first = await t.app.inject({ method: 'POST', url: `${BASE}/BillNumber/Replay`, headers: { ...authed(staff), 'idempotency-key': key } });
    expect(first.json()).toMatchObject({ code: 200, data: 'R0001' });
    const again = await t.app.inject({ method: 'POST', url: `${BASE}/BillNumber/Replay`, headers: { ...authed(staff), 'idempotency-key': key } });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await next('Replay')).data).toBe('R0002');
  });

  it('numbers need a session', async () => {
    expect((await call(t.app, { method: 'POST', url: `${BASE}/BillNumber/Campaign` })).status).toBe(401);
  });
});

describe('permissions', () => {
  it('a staff member gets 403 on the rule list and every rule write, and nothing changes', async () => {
    const r = await create({ fullName: '权限', enCode: 'Guarded', prefix: 'G', digit: 4 });
    const body = { fullName: '被改', enCode: 'Guarded', prefix: 'H', digit: 4 };
    const calls: [Method, string, unknown?][] = [
      ['GET', BASE],
      ['GET', `${BASE}/${r.id}`],
      ['POST', BASE, { fullName: '越权', enCode: 'Sneaky', digit: 4 }],
      ['PUT', `${BASE}/${r.id}`, body],
      ['PUT', `${BASE}/${r.id}/Actions/State`, {}],
      ['DELETE', `${BASE}/${r.id}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await req(method, url, staff, payload);
      expect({ method, url, ...res }).toMatchObject({ method, url, status: 403, code: Code.FORBIDDEN, msg: '您没有此操作的权限' });
    }
    expect((await req('GET', `${BASE}/${r.id}`, admin)).data).toEqual(r);
    expect(await list('?keyword=Sneaky')).toEqual([]);
  });
});
