import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelInfo, RecordRow } from '../../../src/contracts/online-dev-model';
import { onlineDevPaths } from '../../../src/contracts/online-dev-paths';
import { createTestApp, type TestApp } from '../../test/helper';
import { definition, field, onlineDevKit, staticOptions, type OnlineDevKit } from './test-support';

/**
 * A model in use changes (issue 20: "a model in use keeps its records when fields change"): a field
 * removed, one added, one changing type; the records keep every value, the list still pages and
 * sorts, new writes follow the new definition, and the per-model indexes follow the list.
 */
let t: TestApp;
let k: OnlineDevKit;
let model: ModelInfo;
const COUNT = 25;
/** Record ids by their `qty` (1 … COUNT). */
const byQty = new Map<number, string>();

const name = () => field('comInput', 'name', '名称', { required: true });
const qtyNumber = () => field('numInput', 'qty', '数量', { min: 0 });
const note = () => field('comInput', 'note', '备注');
const shade = () => field('select', 'shade', '颜色', { options: staticOptions(['red', '红'], ['blue', '蓝']) });

/** Version 1: name, qty (a number), note, shade; sorted by qty; note searched and sorted. */
const v1 = () =>
  definition([name(), qtyNumber(), note(), shade()], {
    columns: [{ key: 'name', sortable: true }, { key: 'qty', sortable: true }, { key: 'note', sortable: true }, { key: 'shade' }],
    searchFields: ['note', 'shade'],
    keywordFields: ['name'],
    sort: { field: 'qty', order: 'asc' },
  });
/** Version 2: note removed, grade added (required), qty now text. */
const v2 = () =>
  definition([name(), field('comInput', 'qty', '数量'), shade(), field('numInput', 'grade', '等级', { required: true, min: 1, max: 5 })], {
    columns: [{ key: 'name', sortable: true }, { key: 'qty', sortable: true }, { key: 'shade' }, { key: 'grade' }],
    searchFields: ['shade'],
    keywordFields: ['name'],
    sort: { field: 'qty', order: 'asc' },
  });
/** Version 3: note back (and searched by keyword), qty a number again, grade optional. */
const v3 = () =>
  definition([name(), qtyNumber(), note(), shade(), field('numInput', 'grade', '等级', { min: 1, max: 5 })], {
    columns: [{ key: 'name', sortable: true }, { key: 'qty', sortable: true }, { key: 'note' }],
    searchFields: ['note'],
    keywordFields: ['name', 'note'],
    sort: { field: 'qty', order: 'asc' },
  });

async function indexes(): Promise<{ indexname: string; indexdef: string }[]> {
  const res = await t.db.execute(sql`select indexname, indexdef from pg_indexes where tablename = 'online_records' and indexname like ${`rec_${model.id.toLowerCase()}_%`} order by indexname`);
  return (res as unknown as { rows: { indexname: string; indexdef: string }[] }).rows;
}
const rec = () => k.records(model.id);
const all = async (query: string) => (await rec().list(k.admin, `pageSize=100&${query}`)).data.list as RecordRow[];

beforeAll(async () => {
  t = await createTestApp();
  k = await onlineDevKit(t);
  model = await k.publishedModel(v1());
  for (let i = 1; i <= COUNT; i++) {
    const res = await rec().create(k.admin, { name: `样品${String(i).padStart(2, '0')}`, qty: i, note: `备注${i}`, shade: i % 2 ? 'red' : 'blue' });
    expect(res.status, JSON.stringify(res)).toBe(200);
    byQty.set(i, res.data.id);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('the first publish', () => {
  it('builds partial indexes for what the list sorts and filters by', async () => {
    const list = await indexes();
    expect(list.length).toBe(6);
    for (const ix of list) expect(ix.indexdef).toMatch(new RegExp(`WHERE .*model_id.* = '${model.id}'`));
    expect(list.filter((ix) => ix.indexdef.includes("'note'"))).toHaveLength(2);
    expect(list.some((ix) => ix.indexdef.includes('online_num') && ix.indexdef.includes("'qty'"))).toBe(true);
    expect(list.some((ix) => ix.indexdef.includes('search_grams'))).toBe(true);
  });

  it('pages and sorts by the number', async () => {
    const page2 = await rec().list(k.admin, 'currentPage=2&pageSize=20');
    expect(page2.data.pagination).toEqual({ currentPage: 2, pageSize: 20, total: COUNT });
    expect(page2.data.list.map((r: RecordRow) => r.qty)).toEqual([21, 22, 23, 24, 25]);
    expect((await all('sidx=qty&sort=desc')).slice(0, 3).map((r) => r.qty)).toEqual([25, 24, 23]);
    expect((await all(`note=${encodeURIComponent('备注1')}`)).map((r) => r.qty).sort((a, b) => Number(a) - Number(b))).toEqual([1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
  });
});

describe('a field removed, one added, one changing type', () => {
  beforeAll(async () => {
    const current = (await k.get(k.p(onlineDevPaths.model, { id: model.id }))).data as ModelInfo;
    model = await k.publish(await k.saveDraft(current, v2()));
    expect(model.publishedVersion).toBe(2);
  });

  it('every record keeps the removed field’s value', async () => {
    const got = await rec().get(k.admin, byQty.get(7)!);
    expect(got.data).toMatchObject({ name: '样品07', qty: 7, note: '备注7', shade: 'red' });
    expect(got.data).not.toHaveProperty('grade');
    const rows = await all('');
    expect(rows).toHaveLength(COUNT);
    expect(rows.every((r) => r.note === `备注${Number(r.qty)}`)).toBe(true);
  });

  it('the list still pages, and sorts by the field’s new kind (text)', async () => {
    const page1 = await rec().list(k.admin, 'pageSize=20');
    expect(page1.data.pagination.total).toBe(COUNT);
    const order = (page1.data.list as RecordRow[]).map((r) => String(r.qty));
    const asText = Array.from({ length: COUNT }, (_, i) => String(i + 1)).sort();
    expect(order).toEqual(asText.slice(0, 20));
    const page2 = await rec().list(k.admin, 'currentPage=2&pageSize=20');
    expect((page2.data.list as RecordRow[]).map((r) => String(r.qty))).toEqual(asText.slice(20));
    // The removed field is no longer a search field: its parameter is ignored.
    expect((await all(`note=${encodeURIComponent('备注1')}`)).length).toBe(COUNT);
    expect((await all('shade=blue')).length).toBe(12);
  });

  it('new writes are checked against the new definition', async () => {
    const missing = await rec().create(k.admin, { name: '新样品', qty: 'abc', shade: 'red' });
    expect(missing).toMatchObject({ status: 400, msg: '等级不能为空' });
    const high = await rec().create(k.admin, { name: '新样品', qty: 'abc', grade: 9 });
    expect(high).toMatchObject({ status: 400, msg: '等级不能大于5' });
    // qty takes text now; a value for the removed field is not taken in.
    const ok = await rec().create(k.admin, { name: '新样品', qty: 'abc', grade: 3, note: '不该保存' });
    expect(ok.status, JSON.stringify(ok)).toBe(200);
    expect(ok.data).toMatchObject({ qty: 'abc', grade: 3 });
    expect(ok.data).not.toHaveProperty('note');
    // An old record edited under the new definition: the rules apply, the removed value stays.
    const id = byQty.get(3)!;
    const old = (await rec().get(k.admin, id)).data as RecordRow;
    expect((await rec().update(k.admin, id, { name: old.name, qty: old.qty, shade: old.shade }, old.version))).toMatchObject({ status: 400, msg: '等级不能为空' });
    const saved = await rec().update(k.admin, id, { name: '样品03改', qty: old.qty, shade: old.shade, grade: 2 }, old.version);
    expect(saved.status, JSON.stringify(saved)).toBe(200);
    expect(saved.data).toMatchObject({ name: '样品03改', qty: '3', grade: 2, note: '备注3' });
    await rec().remove(k.admin, ok.data.id);
  });

  it('the indexes of a removed sort or search field are dropped, the new ones built', async () => {
    const list = await indexes();
    expect(list.some((ix) => ix.indexdef.includes("'note'"))).toBe(false);
    expect(list.some((ix) => ix.indexdef.includes('online_num') && ix.indexdef.includes("'qty'"))).toBe(false);
    expect(list.some((ix) => ix.indexdef.includes("'qty'") && ix.indexdef.includes('COLLATE "C"'))).toBe(true);
    expect(list.some((ix) => ix.indexdef.includes("'shade'"))).toBe(true);
  });
});

describe('the removed field added back', () => {
  beforeAll(async () => {
    // A text left in qty while it was text: the change back to a number must not fail.
    const odd = await rec().create(k.admin, { name: '奇怪的', qty: 'n/a', grade: 1 });
    expect(odd.status).toBe(200);
    const current = (await k.get(k.p(onlineDevPaths.model, { id: model.id }))).data as ModelInfo;
    model = await k.publish(await k.saveDraft(current, v3()));
  });

  it('shows the old values again, also of records edited while it was gone', async () => {
    const edited = await rec().get(k.admin, byQty.get(3)!);
    expect(edited.data).toMatchObject({ name: '样品03改', note: '备注3', grade: 2 });
    const text = await rec().dataChange(k.admin, byQty.get(5)!);
    expect(text.data).toMatchObject({ note: '备注5', shade: '红' });
    const found = await all(`note=${encodeURIComponent('备注2')}`);
    expect(found.map((r) => r.id).sort()).toEqual([byQty.get(2), byQty.get(20), byQty.get(21), byQty.get(22), byQty.get(23), byQty.get(24), byQty.get(25)].sort());
  });

  it('a new keyword field finds the records written before it was one', async () => {
    const hits = await all(`keyword=${encodeURIComponent('备注17')}`);
    expect(hits.map((r) => r.id)).toEqual([byQty.get(17)]);
  });

  it('sorts by the number again; a text that is no number sorts as empty', async () => {
    const rows = await all('sidx=qty&sort=asc');
    expect(rows).toHaveLength(COUNT + 1);
    expect(rows.slice(0, 3).map((r) => Number(r.qty))).toEqual([1, 2, 3]);
    expect(rows.map((r) => r.qty)).toContain('n/a');
  });
});

describe('a filter that comes back', () => {
  it('the list filtered by it is told the right total, also for records written while it was not a filter', async () => {
    // Written while shade was no filter (v3): counted in all only.
    const blue = (await rec().create(k.admin, { name: '蓝色新样品', qty: 30, shade: 'blue' })).data as RecordRow;
    expect(blue.shade).toBe('blue');
    const current = (await k.get(k.p(onlineDevPaths.model, { id: model.id }))).data as ModelInfo;
    model = await k.publish(await k.saveDraft(current, { ...v3(), list: { ...v3().list, searchFields: ['note', 'shade'] } }));
    const res0 = await rec().list(k.admin, 'pageSize=20&shade=blue');
    expect(res0.status, JSON.stringify(res0)).toBe(200);
    const page = res0.data as { list: RecordRow[]; pagination: { total: number } };
    const res = await t.db.execute(sql`select count(*)::int as n from online_records where model_id = ${model.id} and data->>'shade' = 'blue'`);
    expect(page.pagination.total).toBe((res as unknown as { rows: { n: number }[] }).rows[0]!.n);
    expect(page.pagination.total).toBe(13);
  });
});
