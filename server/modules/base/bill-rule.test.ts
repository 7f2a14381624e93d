import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../src/contracts/codes';
import { billDatePart, billPeriodKey, formatBillNumber, type BillNumberBlock, type BillReleaseBody, type BillRuleBody, type BillRuleRow } from '../../../src/contracts/base';
import type { AuthorityData, OrganizeRow, RoleRow } from '../../../src/contracts/org';
import { hashPassword } from '../../../src/contracts/password';
import { billNumberBlocks, billRules } from '../../db/schema';
import { newId } from '../../lib/ids';
import { authed, call, createTestApp, tokenFor, type TestApp } from '../../test/helper';

let t: TestApp;
let admin: string;
let staff: string;
/** A store clerk whose role grants the 单据规则 screen (and nothing of its buttons). */
let keeper: string;
let keeperTwo: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenFor(t.app, 'admin');
  staff = await tokenFor(t.app, 'ym0010');
  const role: RoleRow = (await req('POST', '/Permission/Role', admin, { fullName: '单号保管', enCode: 'billKeeper' })).data;
  const authority: AuthorityData = (await req('GET', `/Permission/Authority/Data/${role.id}`, admin)).data;
  const moduleIds = authority.modules.filter((m) => m.enCode === 'system' || m.enCode === 'system.billRule').map((m) => m.id);
  expect(moduleIds).toHaveLength(2);
  expect((await req('PUT', `/Permission/Authority/Data/${role.id}`, admin, { module: moduleIds })).status).toBe(200);
  const company: OrganizeRow = (await req('GET', '/Permission/Organize', admin)).data.list[0];
  for (const account of ['keeper1', 'keeper2']) {
    const user = await req('POST', '/Permission/Users', admin, { account, realName: '保管员', password: hashPassword('Abc12345'), organizeId: company.id, roleIds: [role.id] });
    expect(user.status).toBe(200);
  }
  keeper = await tokenFor(t.app, 'keeper1', 'Abc12345');
  keeperTwo = await tokenFor(t.app, 'keeper2', 'Abc12345');
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
const reserve = async (enCode: string, count: number, deviceId: string, token = keeper) =>
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
    expect(res.data.pagination).toEqual({ currentPage: 1, pageSize: 20, total: 6 });
    const rows: BillRuleRow[] = res.data.list;
    // The base module's four, then online development's (客户编号, 样品申领单: the demo records took numbers).
    expect(rows.map((r) => r.enCode)).toEqual(['SalesOrder', 'ReturnOrder', 'PurchaseOrder', 'Campaign', 'Customer', 'SampleRequest']);
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
    expect(page.data).toEqual({ list: [], pagination: { currentPage: 2, pageSize: 20, total: 6 } });
    const found = await req('GET', `${BASE}?keyword=退货`, admin);
    expect(found.data.list.map((r: BillRuleRow) => r.enCode)).toEqual(['ReturnOrder']);
    const sorted = await req('GET', `${BASE}?sidx=enCode&sort=desc`, admin);
    expect(sorted.data.list.map((r: BillRuleRow) => r.enCode)).toEqual(['SampleRequest', 'SalesOrder', 'ReturnOrder', 'PurchaseOrder', 'Customer', 'Campaign']);
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
      const res = await req('POST', `${BASE}/BillNumber/Campaign/Actions/Reserve`, keeper, body);
      expect({ body, ...res }).toMatchObject({ body, status: 400, code: 400, msg });
    }
    expect((await req('POST', `${BASE}/BillNumber/bad.code./Actions/Reserve`, keeper, { count: 1, deviceId: 'd1' })).status).toBe(400);
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

describe('reserving numbers for offline use', () => {
  it('needs a grant of the 单据规则 screen: a staff member without it gets 403 and takes nothing', async () => {
    const r = await create({ fullName: '预留权限', enCode: 'ReserveGuard', prefix: 'RG', digit: 4 });
    expect(await reserve('ReserveGuard', 20, 'staff-phone', staff)).toMatchObject({ status: 403, code: Code.FORBIDDEN, msg: '您没有此操作的权限' });
    expect(await rule('ReserveGuard')).toMatchObject({ outputNumber: 0 });
    // Taking one number online stays open to every signed-in user.
    expect((await next('ReserveGuard', staff)).data).toBe('RG0001');
    expect(await reserve('ReserveGuard', 5, 'keeper-phone')).toMatchObject({ status: 200, data: { first: 2, last: 6 } });
    expect(await reserve('ReserveGuard', 5, 'admin-pc', admin)).toMatchObject({ status: 200, data: { first: 7, last: 11 } });
    const recorded = await t.db.select().from(billNumberBlocks).where(eq(billNumberBlocks.ruleId, r.id));
    expect(recorded.map((b) => [b.first, b.last, b.deviceId]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [1, 1, ''],
      [2, 6, 'keeper-phone'],
      [7, 11, 'admin-pc'],
    ]);
  });

  it('a rule coded like the hand-back path still reserves', async () => {
    await create({ fullName: '路径', enCode: 'Actions', prefix: 'AC', digit: 3 });
    expect(await reserve('Actions', 2, 'dev-path')).toMatchObject({ status: 200, data: { enCode: 'Actions', first: 1, last: 2 } });
    expect((await next('Actions')).data).toBe('AC003');
  });
});

describe('handing reserved numbers back', () => {
  const RELEASE = `${BASE}/BillNumber/Actions/Release`;
  const release = (body: BillReleaseBody, token = keeper) => req('POST', RELEASE, token, body);
  /** The unused numbers of a reserved block, `used` of them taken on the device. */
  const tail = (b: BillNumberBlock, used: number) => ({ enCode: b.enCode, periodKey: b.periodKey, first: b.first, from: b.first + used, last: b.last });
  const blocksOf = async (ruleId: string) =>
    (await t.db.select().from(billNumberBlocks).where(eq(billNumberBlocks.ruleId, ruleId))).map((b) => [b.first, b.last, b.deviceId]).sort((a, b) => Number(a[0]) - Number(b[0]));

  it('the last numbers a rule handed out go back to it: the next number is the first one not used', async () => {
    const r = await create({ fullName: '交还', enCode: 'GiveBack', prefix: 'GB', dateFormat: 'YYYYMMDD', digit: 4, resetPeriod: 'day' });
    const block: BillNumberBlock = (await reserve('GiveBack', 20, 'phone-1')).data;
    // Three used offline, 4..20 handed back.
    expect(await release({ deviceId: 'phone-1', blocks: [tail(block, 3)] })).toMatchObject({ status: 200, code: 200, data: { returned: 17, kept: 0 } });
    expect(await rule('GiveBack')).toMatchObject({ outputNumber: 3 });
    expect(await blocksOf(r.id)).toEqual([[1, 3, 'phone-1']]);
    expect((await next('GiveBack')).data).toBe(`GB${today('YYYYMMDD')}0004`);
    // Again (an answer that never arrived): nothing more happens.
    expect((await release({ deviceId: 'phone-1', blocks: [tail(block, 3)] })).data).toEqual({ returned: 0, kept: 0 });
    expect((await next('GiveBack')).data).toBe(`GB${today('YYYYMMDD')}0005`);
  });

  it('numbers with others handed out after them stay gaps, never handed out again', async () => {
    const r = await create({ fullName: '空号', enCode: 'Gaps', prefix: 'G', digit: 3 });
    const a: BillNumberBlock = (await reserve('Gaps', 10, 'tablet-A')).data;
    const b: BillNumberBlock = (await reserve('Gaps', 10, 'tablet-B')).data;
    expect(await release({ deviceId: 'tablet-A', blocks: [tail(a, 5)] })).toMatchObject({ status: 200, data: { returned: 0, kept: 5 } });
    // Nothing changed: tablet A's block stays recorded whole; the sequence continues after B.
    expect(await blocksOf(r.id)).toEqual([
      [1, 10, 'tablet-A'],
      [11, 20, 'tablet-B'],
    ]);
    // B hands back all of its block: the rule steps back to 10, A's 6..10 are never handed out again.
    expect((await release({ deviceId: 'tablet-B', blocks: [tail(b, 0)] })).data).toEqual({ returned: 10, kept: 0 });
    expect(await blocksOf(r.id)).toEqual([[1, 10, 'tablet-A']]);
    expect((await next('Gaps')).data).toBe('G011');
  });

  it("one device's consecutive blocks at the end all go back in one hand-back, and an unused rule can be deleted again", async () => {
    const r = await create({ fullName: '连号', enCode: 'Consecutive', prefix: 'CS', digit: 4 });
    const first: BillNumberBlock = (await reserve('Consecutive', 20, 'laptop')).data;
    const second: BillNumberBlock = (await reserve('Consecutive', 20, 'laptop')).data;
    expect(await release({ deviceId: 'laptop', blocks: [tail(first, 0), tail(second, 0)] })).toMatchObject({ data: { returned: 40, kept: 0 } });
    expect(await blocksOf(r.id)).toEqual([]);
    expect(await rule('Consecutive')).toMatchObject({ outputNumber: 0, example: 'CS0001' });
    expect((await req('DELETE', `${BASE}/${r.id}`, admin)).status).toBe(200);
  });

  it('blocks of several rules go back in one hand-back, each by its own rule', async () => {
    await create({ fullName: '多规则甲', enCode: 'MultiA', prefix: 'MA', digit: 3 });
    await create({ fullName: '多规则乙', enCode: 'MultiB', prefix: 'MB', digit: 3 });
    const a: BillNumberBlock = (await reserve('MultiA', 10, 'multi')).data;
    const b: BillNumberBlock = (await reserve('MultiB', 10, 'multi')).data;
    await next('MultiB');
    // Opposite orders at once: the rules are locked in one order, so neither waits for the other forever.
    const [one, two] = await Promise.all([
      release({ deviceId: 'multi', blocks: [tail(a, 1), tail(b, 1)] }),
      release({ deviceId: 'multi', blocks: [tail(b, 1), tail(a, 1)] }),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect([one.data, two.data]).toContainEqual({ returned: 9, kept: 9 });
    expect((await next('MultiA')).data).toBe('MA002');
    expect((await next('MultiB')).data).toBe('MB012');
  });

  it('only the user and device that reserved a block can hand it back, and only as it was reserved', async () => {
    const r = await create({ fullName: '归属', enCode: 'Owned', prefix: 'OW', digit: 4 });
    const block: BillNumberBlock = (await reserve('Owned', 10, 'own-phone')).data;
    const attempts: [BillReleaseBody, string][] = [
      [{ deviceId: 'other-phone', blocks: [tail(block, 0)] }, keeper],
      [{ deviceId: 'own-phone', blocks: [tail(block, 0)] }, keeperTwo],
      [{ deviceId: 'own-phone', blocks: [tail(block, 0)] }, admin],
      [{ deviceId: 'own-phone', blocks: [{ ...tail(block, 0), last: block.last + 5 }] }, keeper],
      [{ deviceId: 'own-phone', blocks: [{ ...tail(block, 2), first: block.first + 1 }] }, keeper],
      [{ deviceId: 'own-phone', blocks: [{ ...tail(block, 0), periodKey: '2020' }] }, keeper],
      [{ deviceId: 'own-phone', blocks: [{ ...tail(block, 0), enCode: 'SalesOrder' }] }, keeper],
      [{ deviceId: 'own-phone', blocks: [{ ...tail(block, 0), enCode: 'NoSuchRule' }] }, keeper],
    ];
    for (const [body, token] of attempts) expect({ body, ...(await release(body, token)) }).toMatchObject({ body, status: 200, data: { returned: 0, kept: 0 } });
    expect(await blocksOf(r.id)).toEqual([[1, 10, 'own-phone']]);
    // The owner can: the numbers after the 4 it used go back.
    expect(await release({ deviceId: 'own-phone', blocks: [tail(block, 4)] })).toMatchObject({ data: { returned: 6 } });
    expect(await blocksOf(r.id)).toEqual([[1, 4, 'own-phone']]);
  });

  it('refuses a bad hand-back and one without a session', async () => {
    const ok = { enCode: 'Campaign', periodKey: '', first: 1, from: 1, last: 2 };
    const cases: [Record<string, unknown>, string][] = [
      [{ deviceId: 'bad id!', blocks: [ok] }, '设备标识不正确'],
      [{ blocks: [ok] }, '设备标识不正确'],
      [{ deviceId: 'd1', blocks: [] }, '数量不正确'],
      [{ deviceId: 'd1' }, '数量不正确'],
      [{ deviceId: 'd1', blocks: Array.from({ length: 201 }, () => ok) }, '数量不正确'],
      [{ deviceId: 'd1', blocks: [{ ...ok, from: 3 }] }, '单号范围不正确'],
      [{ deviceId: 'd1', blocks: [{ ...ok, from: 0 }] }, '单号范围不正确'],
      [{ deviceId: 'd1', blocks: [{ ...ok, first: -1 }] }, '单号范围不正确'],
      [{ deviceId: 'd1', blocks: [{ ...ok, last: 2.5 }] }, '单号范围不正确'],
      [{ deviceId: 'd1', blocks: [{ ...ok, last: '2' }] }, '单号范围不正确'],
      [{ deviceId: 'd1', blocks: [{ ...ok, periodKey: '2026-01' }] }, '单号范围不正确'],
      [{ deviceId: 'd1', blocks: [{ ...ok, enCode: 'a.' }] }, '编码只能输入英文、数字和小数点且小数点不能放在首尾'],
    ];
    for (const [body, msg] of cases) {
      const res = await req('POST', RELEASE, keeper, body);
      expect({ body, ...res }).toMatchObject({ body, status: 400, code: 400, msg });
    }
    expect((await call(t.app, { method: 'POST', url: RELEASE, payload: { deviceId: 'd1', blocks: [ok] } })).status).toBe(401);
  });

  it('hand-backs concurrent with takes and reservations never let two get the same number', async () => {
    const r = await create({ fullName: '并发交还', enCode: 'RaceBack', prefix: 'RB', digit: 5 });
    const devices = ['race-1', 'race-2', 'race-3', 'race-4'];
    const blocks: BillNumberBlock[] = [];
    for (const d of devices) blocks.push((await reserve('RaceBack', 10, d)).data);
    // Each device used 2 of its 10; all hand back at once while others take and reserve numbers.
    const handBacks = devices.map((d, i) => release({ deviceId: d, blocks: [tail(blocks[i]!, 2)] }));
    const takes = Array.from({ length: 20 }, () => next('RaceBack'));
    const reserves = [reserve('RaceBack', 7, 'race-late-1'), reserve('RaceBack', 7, 'race-late-2')];
    const [backs, taken, reserved] = await Promise.all([Promise.all(handBacks), Promise.all(takes), Promise.all(reserves)]);
    expect(backs.every((b) => b.status === 200)).toBe(true);
    expect(taken.every((x) => x.status === 200) && reserved.every((x) => x.status === 200)).toBe(true);
    // Every number used or held: the 2 each device used, the takes, the late blocks. No repeats.
    const held = [
      ...blocks.flatMap((b) => [b.first, b.first + 1]),
      ...taken.map((x) => Number((x.data as string).slice(2))),
      ...reserved.flatMap((x) => Array.from({ length: 7 }, (_, i) => (x.data as BillNumberBlock).first + i)),
    ];
    expect(new Set(held).size).toBe(held.length);
    // The record agrees: blocks never overlap, and the rule's sequence is the highest one recorded.
    const rows = (await blocksOf(r.id)) as [number, number, string][];
    for (let i = 1; i < rows.length; i++) expect(rows[i]![0]).toBeGreaterThan(rows[i - 1]![1]);
    expect((await rule('RaceBack')).outputNumber).toBe(rows.at(-1)![1]);
    const returned = backs.reduce((n, b) => n + (b.data as { returned: number }).returned, 0);
    const kept = backs.reduce((n, b) => n + (b.data as { kept: number }).kept, 0);
    expect(returned + kept).toBe(32);
  });
});
