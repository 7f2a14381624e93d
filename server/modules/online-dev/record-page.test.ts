import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { RecordRow } from '../../../src/contracts/online-dev-model';
import { onlineDevPaths } from '../../../src/contracts/online-dev-paths';
import { newId } from '../../lib/ids';
import { authed, call, createTestApp, tokenFor, type TestApp } from '../../test/helper';
import { keywordGrams } from './record-query';
import { searchColumns } from './record-repo';

/**
 * Paging a model with more records than the list reads from one end: a page past the middle is
 * read in the reverse order from the other end (record-repo.ts page), and must be the very page
 * the forward order gives — in every sort, to the short last page. tests/bench/online-dev-list.mjs
 * measures the same at 100,000 records.
 */
const EXTRA = 2_410; // with the 80 demo customers: 124 full pages of 20 and a last one of 10
let t: TestApp;
let admin: string;
let modelId: string;
let total: number;

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const list = async (query: string) => {
  const res = await call(t.app, { method: 'GET', url: `${onlineDevPaths.list.replace(':id', modelId)}?${query}`, headers: authed(admin) });
  expect(res.status, JSON.stringify(res)).toBe(200);
  return res.data as { list: RecordRow[]; pagination: { total: number } };
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenFor(t.app, 'admin');
  const [model] = rowsOf<{ id: string; keys: string[] }>(await t.db.execute(sql`select id, config->'list'->'keywordFields' as keys from online_models where en_code = 'customerRegistration'`));
  modelId = model!.id;
  const [by] = rowsOf<{ id: string }>(await t.db.execute(sql`select id from users where account = 'admin'`));
  // Customers in bulk; every tenth at the same moment and the budgets repeat, so the orders lean on the id.
  const rows = Array.from({ length: EXTRA }, (_, i) => ({
    id: newId(),
    data: { name: `客户${i % 7 === 0 ? '晓明' : '子轩'}${i}`, mobile: `139${String(10_000_000 + i * 37)}`, customerNo: `KH${i}`, budget: (i % 50) * 500 },
    created_at: new Date(Date.UTC(2025, 0, 1) + Math.floor(i / 10) * 60_000).toISOString(),
  }));
  const { searchText, searchGrams } = searchColumns(model!.keys, 'row');
  await t.db.execute(sql`
    insert into online_records (model_id, id, data, search_text, search_grams, creator_user_id, created_at)
    select ${modelId}, id, data, ${searchText}, ${searchGrams}, ${by!.id}, created_at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id text, data jsonb, created_at timestamptz)`);
  total = (await list('pageSize=20')).pagination.total;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('pages far from the first', () => {
  type Rec = { id: string; at: number; name: string; budget: number };
  /** The orders of the list, worked out here from every record: ties broken by id, names by code point (collate "C"). */
  const byId = (a: Rec, b: Rec) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const orders: [string, string, (a: Rec, b: Rec) => number][] = [
    ['the default order (newest first)', '', (a, b) => b.at - a.at || -byId(a, b)],
    ['creatorTime ascending', '&sidx=creatorTime&sort=asc', (a, b) => a.at - b.at || byId(a, b)],
    ['name ascending', '&sidx=name&sort=asc', (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : byId(a, b))],
    ['budget descending', '&sidx=budget&sort=desc', (a, b) => b.budget - a.budget || -byId(a, b)],
  ];
  it.each(orders)('in %s, every page is the slice of the whole order, to the short last page', async (_, sort, compare) => {
    const all = rowsOf<{ id: string; at: string | Date; name: string; budget: string }>(
      await t.db.execute(sql`select id, created_at as at, data->>'name' as name, data->>'budget' as budget from online_records where model_id = ${modelId}`),
    ).map((r) => ({ id: r.id, at: new Date(r.at).getTime(), name: r.name, budget: Number(r.budget) }));
    expect(all).toHaveLength(total);
    const expected = all.sort(compare).map((r) => r.id);
    const last = Math.ceil(total / 20);
    // Read forward (below the threshold, or in the first half) and from the other end (past the middle).
    for (const page of [1, 2, 51, Math.floor(last / 2), Math.floor(last / 2) + 2, last - 7, last - 1, last]) {
      const got = await list(`pageSize=20&currentPage=${page}${sort}`);
      expect(got.pagination.total).toBe(total);
      expect(got.list.map((r) => r.id), `page ${page}`).toEqual(expected.slice((page - 1) * 20, page * 20));
    }
    expect((await list(`pageSize=20&currentPage=${last}${sort}`)).list).toHaveLength(total % 20 || 20);
    expect((await list(`pageSize=20&currentPage=${last + 1}${sort}`)).list).toEqual([]);
  });
});

describe('keyword search', () => {
  it('asks the index for the pairs of a keyword, or its one character', () => {
    expect(keywordGrams('晓明')).toEqual(['晓明']);
    expect(keywordGrams('王')).toEqual(['王']);
    expect(keywordGrams('kh2025')).toEqual(['kh', 'h2', '20', '02', '25']);
    expect(keywordGrams('a\nbc')).toEqual(['a', 'bc']);
  });

  it('finds every record holding the keyword anywhere in its keyword fields', async () => {
    for (const [keyword, expected] of [
      ['晓明', Math.ceil(EXTRA / 7)],
      ['子轩1', [...Array(EXTRA).keys()].filter((i) => i % 7 !== 0 && String(i).startsWith('1')).length],
      ['kh239', 11],
    ] as const) {
      const got = await list(`pageSize=500&keyword=${encodeURIComponent(keyword)}`);
      expect(got.pagination.total, keyword).toBe(expected);
      expect(got.list).toHaveLength(Math.min(expected, 500));
      for (const r of got.list) expect(`${r.name}\n${r.mobile}\n${r.customerNo}`.toLowerCase()).toContain(keyword.toLowerCase());
    }
  });
});

describe('kept counts', () => {
  const kept = async () =>
    rowsOf<{ k: string; n: number }>(
      await t.db.execute(sql`
        select concat_ws('/', model_id, field, value, creator_user_id, department_id, organize_id) as k, n
        from online_record_counts where n <> 0 order by 1`),
    ).map((r) => `${r.k}=${r.n}`);
  /** What the counts must be: every record counted in all and by each counted field's value. */
  const counted = async () =>
    rowsOf<{ k: string; n: number }>(
      await t.db.execute(sql`
        select concat_ws('/', model_id, field, value, creator_user_id, coalesce(department_id, ''), coalesce(organize_id, '')) as k, count(*)::int as n
        from (
          select r.*, '' as field, '' as value from online_records r
          union all
          select r.*, f, r.data->>f from online_records r join online_models m on m.id = r.model_id, unnest(m.counted_fields) f
          where jsonb_typeof(r.data->f) in ('string', 'number', 'boolean')
        ) x group by 1 order by 1`),
    ).map((r) => `${r.k}=${r.n}`);
  const countOf = async (cond: ReturnType<typeof sql>) =>
    rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from online_records where model_id = ${modelId} and ${cond}`))[0]!.n;

  it('the customer list counts its filters by value: source and level (its tree and search fields), not the phone number', async () => {
    const [m] = rowsOf<{ counted: string[] }>(await t.db.execute(sql`select counted_fields as counted from online_models where id = ${modelId}`));
    expect(m!.counted).toEqual(expect.arrayContaining(['level', 'source']));
    expect(m!.counted).not.toContain('mobile');
    expect(await kept()).toEqual(await counted());
  });

  it('follow every insert, move between departments, change of a value and delete, however many rows a statement touches', async () => {
    await t.db.execute(sql`update online_records set department_id = 'moved' where model_id = ${modelId} and id in (select id from online_records where model_id = ${modelId} order by id limit 300)`);
    await t.db.execute(sql`update online_records set data = data || '{"source": "referral", "budget": 1}' where model_id = ${modelId} and id in (select id from online_records where model_id = ${modelId} order by id desc limit 50)`);
    expect(await kept()).toEqual(await counted());
    const before = (await list('pageSize=20')).pagination.total;
    await t.db.execute(sql`delete from online_records where model_id = ${modelId} and id in (select id from online_records where model_id = ${modelId} order by id limit 120)`);
    expect(await kept()).toEqual(await counted());
    expect((await list('pageSize=20')).pagination.total).toBe(before - 120);
  });

  it('a list filtered by one counted field (or a node of its tree) is told the number of records that match', async () => {
    const referral = await countOf(sql`data->>'source' = 'referral'`);
    expect(referral).toBeGreaterThan(0);
    expect((await list('pageSize=20&source=referral')).pagination.total).toBe(referral);
    expect((await list('pageSize=20&_tree=referral')).pagination.total).toBe(referral);
    // Two conditions: counted from the records, the same answer.
    const both = await countOf(sql`data->>'source' = 'referral' and search_text like '%晓明%'`);
    expect((await list(`pageSize=20&source=referral&keyword=${encodeURIComponent('晓明')}`)).pagination.total).toBe(both);
  });
});
