import { and, eq } from 'drizzle-orm';
import type { Worksheet } from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '../../../src/contracts/menu';
import type { ModelInfo, RecordRow } from '../../../src/contracts/online-dev-model';
import { onlineDevPaths } from '../../../src/contracts/online-dev-paths';
import { regions } from '../../db/schema';
import { authed, createTestApp, tokenFor, type TestApp } from '../../test/helper';
import { definition, field, onlineDevKit, type OnlineDevKit } from './test-support';

/**
 * The seeded models as files and text (spec 7.6 Export, Template, DataChange), relation options,
 * and the seeded report's data interface (spec 7.7): names where the records hold ids, and only
 * for whom is granted them.
 */
let t: TestApp;
let k: OnlineDevKit;
const ids: Record<string, string> = {};
/** ym0004: store manager of 上海徐汇店; ym0005: a shop assistant there. */
let manager: string;
let clerk: string;
let xuhui: string;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
async function sheetOf(body: Buffer): Promise<Worksheet> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}
const rowValues = (sheet: Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
const exportOf = (modelId: string, token: string, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: k.p(onlineDevPaths.export, { id: modelId }), headers: authed(token), payload: query });
const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((n) => [n, ...flatten(n.children ?? [])]);

beforeAll(async () => {
  t = await createTestApp();
  k = await onlineDevKit(t);
  for (const m of (await k.get(onlineDevPaths.selector)).data.list as { id: string; enCode: string }[]) ids[m.enCode] = m.id;
  manager = await tokenFor(t.app, 'ym0004');
  clerk = await tokenFor(t.app, 'ym0005');
  xuhui = k.departments.get('YM.OPS.SHXH')!.id;
});
afterAll(async () => {
  await t?.close();
});

describe('Export', () => {
  it('the filtered list as an xlsx: the granted columns’ labels, values as text in list order', async () => {
    const res = await exportOf(ids.storeInspection!, manager, { store: xuhui });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('门店巡检.xlsx')}`);
    const sheet = await sheetOf(res.rawPayload);
    expect(rowValues(sheet, 1)).toEqual(['巡检门店', '巡检日期', '巡检人', '班次', '总分', '需要复查', '问题与整改', '创建时间']);

    const list = await k.records(ids.storeInspection!).list(manager, `store=${xuhui}&pageSize=100`);
    const rows = list.data.list as RecordRow[];
    expect(sheet.rowCount - 1).toBe(list.data.pagination.total);
    expect(rows.length).toBeGreaterThan(5);
    for (const [i, r] of rows.entries()) {
      const [store, date, inspector, shift, total, follow, , created] = rowValues(sheet, i + 2);
      expect(store).toBe('上海徐汇店');
      expect(date).toBe(r.inspectDate);
      expect(inspector).toMatch(/^\S+\/ym0004$/);
      expect(['早班', '中班', '晚班']).toContain(shift);
      expect(total).toBe(r.totalScore);
      expect(follow).toBe(r.needsFollowUp ? '需要' : '不需要');
      expect(created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    }
  });

  it('a role granted some columns exports only those', async () => {
    const role = await k.createRole('all');
    await k.grantModel(role.id, 'onlineDev.model.storeInspection', ['btn_export'], ['store', 'totalScore']);
    const { token } = await k.createUser([role.id], 'YM.OPS');
    const res = await exportOf(ids.storeInspection!, token, { store: xuhui });
    expect(res.statusCode).toBe(200);
    const sheet = await sheetOf(res.rawPayload);
    expect(rowValues(sheet, 1)).toEqual(['巡检门店', '总分']);
    expect(rowValues(sheet, 2)[0]).toBe('上海徐汇店');
  });

  it('a keyword narrows the export like the list', async () => {
    const customer = (await k.records(ids.customerRegistration!).list(k.admin)).data.list[0] as RecordRow;
    const res = await exportOf(ids.customerRegistration!, k.admin, { keyword: customer.mobile as string });
    const sheet = await sheetOf(res.rawPayload);
    expect(sheet.rowCount).toBe(2);
    const header = rowValues(sheet, 1);
    const row = rowValues(sheet, 2);
    expect(row[header.indexOf('客户姓名')]).toBe(customer.name);
    expect(row[header.indexOf('所在地区')]).toMatch(/^[^/]+\/[^/]+\/[^/]+$/);
    expect(row[header.indexOf('登记门店')]).not.toBe(customer.store);
  });
});

describe('Template', () => {
  it('names the fields a person fills in, the required ones starred, with a hint row', async () => {
    const res = await t.app.inject({ method: 'GET', url: k.p(onlineDevPaths.template, { id: ids.customerRegistration! }), headers: authed(clerk) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    const sheet = await sheetOf(res.rawPayload);
    expect(rowValues(sheet, 1)).toEqual(['*登记门店', '*客户姓名', '*手机号', '性别', '客户等级', '*客户来源', '到店时间', '所在地区', '详细地址', '意向品类', '预算（元）', '购买意向', '备注']);
    const hints = rowValues(sheet, 2);
    expect(hints[0]).toBe('填写名称');
    expect(hints[6]).toBe('日期，格式 YYYY-MM-DD HH:mm');
    expect(hints[9]).toBe('可选：床垫, 枕头, 床品, 床架');
    expect(sheet.rowCount).toBe(2);
  });
});

describe('DataChange', () => {
  it('turns options, users, departments, regions and dictionary values into text', async () => {
    const one = async (name: string, parentId: string) => (await t.db.select({ id: regions.id }).from(regions).where(and(eq(regions.name, name), eq(regions.parentId, parentId))))[0]!.id;
    const province = await one('浙江省', '-1');
    const city = await one('杭州市', province);
    const district = await one('西湖区', city);
    const me = (await k.get('/Permission/Users/App/CurrentUser', clerk)).data.userInfo;
    const made = await k.records(ids.customerRegistration!).create(clerk, {
      name: '钱多多',
      mobile: '13700001234',
      store: xuhui,
      gender: '2',
      level: 'diamond',
      source: 'referral',
      region: [province, city, district],
      interests: ['pillow', 'bed'],
      budget: 12000,
    });
    expect(made.status, JSON.stringify(made)).toBe(200);
    const text = (await k.records(ids.customerRegistration!).dataChange(clerk, made.data.id)).data;
    expect(text).toMatchObject({
      name: '钱多多',
      gender: '女',
      level: '钻石会员',
      source: '老客转介绍',
      store: '上海徐汇店',
      region: '浙江省/杭州市/西湖区',
      interests: '枕头, 床架',
      budget: '12000',
      registeredBy: `${me.userName}/ym0005`,
      id: made.data.id,
      version: 1,
    });
    expect(text.registeredAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('input-table cells are text too', async () => {
    const r = (await k.records(ids.storeInspection!).list(k.admin)).data.list[0] as RecordRow;
    const text = (await k.records(ids.storeInspection!).dataChange(k.admin, r.id)).data;
    expect(text.checklist.map((c: { item: string }) => c.item)).toEqual(['陈列整洁', '卫生清洁', '价签准确', '样品完好', '消防安全', '员工仪容']);
    expect(['早班', '中班', '晚班']).toContain(text.shift);
    expect(text.inspector).toMatch(/\/ym\d{4}$/);
  });
});

describe('relation options', () => {
  let followUp: ModelInfo;
  beforeAll(async () => {
    followUp = await k.publishedModel(
      definition([
        field('relationForm', 'customer', '客户', { required: true, relation: { modelId: ids.customerRegistration!, field: 'name' } }),
        field('comInput', 'summary', '回访内容'),
      ]),
      { roles: ['staff'] },
    );
  });
  const options = (token: string, modelId: string, query: string) => k.get(`${k.p(onlineDevPaths.relationOptions, { id: modelId })}?${query}`, token);

  it('answers { id, fullName } of the related model’s records for a caller granted the form', async () => {
    const all = await options(clerk, ids.customerRegistration!, `from=${followUp.id}&field=customer`);
    expect(all.status).toBe(200);
    expect(all.data.list.length).toBeGreaterThan(0);
    const first = all.data.list[0] as { id: string; fullName: string };
    expect(Object.keys(first).sort()).toEqual(['fullName', 'id']);
    const byKeyword = await options(clerk, ids.customerRegistration!, `from=${followUp.id}&field=customer&keyword=${encodeURIComponent(first.fullName)}`);
    expect(byKeyword.data.list).toContainEqual(first);
    const byId = await options(clerk, ids.customerRegistration!, `from=${followUp.id}&field=customer&ids=${first.id}`);
    expect(byId.data.list).toEqual([first]);
    // And the form takes it.
    const made = await k.records(followUp.id).create(clerk, { customer: first.id, summary: '回访满意' });
    expect(made.status, JSON.stringify(made)).toBe(200);
    expect((await k.records(followUp.id).dataChange(clerk, made.data.id)).data.customer).toBe(first.fullName);
  });

  it('400 for a field that is not a relation to that model; 403 without the form’s grant', async () => {
    expect(await options(clerk, ids.customerRegistration!, `from=${followUp.id}&field=summary`)).toMatchObject({ status: 400, msg: '关联字段不正确' });
    expect(await options(clerk, ids.storeInspection!, `from=${followUp.id}&field=customer`)).toMatchObject({ status: 400, msg: '关联字段不正确' });
    expect((await options(manager, ids.customerRegistration!, `from=${followUp.id}&field=customer`)).status).toBe(403);
  });
});

describe('the seeded report’s data interface', () => {
  let interfaceId: string;
  beforeAll(async () => {
    const menu = flatten((await k.get('/Permission/Users/App/CurrentUser')).data.menuList as MenuItem[]);
    const entry = menu.find((m) => m.enCode === 'storeBiz.inspectionWeekly')!;
    expect(entry).toMatchObject({ type: 5 });
    interfaceId = entry.propertyJson.moduleId as string;
  });
  const response = (token: string) => k.get(k.p(onlineDevPaths.dataInterfaceResponse, { id: interfaceId }), token);

  it('answers inspections per store per week, with the stores by name', async () => {
    const res = await response(manager);
    expect(res.status).toBe(200);
    expect(res.data.columns.map((c: { key: string }) => c.key)).toEqual(['store', '_time', '_m0', '_m1']);
    const rows = res.data.list as { store: string; _time: string; _m0: number; _m1: number }[];
    expect(rows.length).toBeGreaterThan(10);
    const stores = new Set(['上海徐汇店', '上海浦东店', '杭州西湖店', '南京新街口店']);
    for (const r of rows) {
      expect(stores.has(r.store), r.store).toBe(true);
      expect(new Date(`${r._time}T00:00:00Z`).getUTCDay()).toBe(1);
    }
    // The same counts from the records themselves (made in the last 84 days, by the week of their date).
    const since = Date.now() - 84 * 86400_000;
    const names = new Map([...k.departments.values()].map((d) => [d.id, d.fullName]));
    const counted = new Map<string, number>();
    const records = (await k.records(ids.storeInspection!).list(k.admin, 'pageSize=500')).data.list as RecordRow[];
    for (const r of records) {
      if (Date.parse(r.creatorTime) < since) continue;
      const d = new Date(`${r.inspectDate as string}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
      const key = `${names.get(r.store as string)}|${d.toISOString().slice(0, 10)}`;
      counted.set(key, (counted.get(key) ?? 0) + 1);
    }
    expect(new Map(rows.map((r) => [`${r.store}|${r._time}`, r._m0]))).toEqual(counted);
  });

  it('is refused without the report’s or the model’s grant; the report alone is enough', async () => {
    expect(await response(clerk)).toMatchObject({ status: 403, msg: '您没有此操作的权限' });
    const role = await k.createRole('self');
    await k.grantModel(role.id, 'storeBiz.inspectionWeekly', []);
    const { token } = await k.createUser([role.id]);
    expect((await response(token)).status).toBe(200);
    expect((await k.records(ids.storeInspection!).list(token)).status).toBe(403);
  });
});
