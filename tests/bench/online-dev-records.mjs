// Chooses the record storage of online development (issue 20) by measuring it; builds nothing of the
// product and asserts nothing. In a throwaway database — PGlite in a temp dir (with its pg_trgm
// extension loaded), then PostgreSQL at DATABASE_URL in a fresh schema dropped at the end, when
// reachable — it stores 100,000 records of a 客户登记 model (15 fields with the system ones) in two
// designs:
//   (a) one `online_records` table for every model: the fields in `data jsonb`, the system fields as
//       columns, a `search_text` column the server would fill from the model's search fields, and
//       expression indexes on what the model's list searches and sorts (100,000 records of two
//       other models share the table);
//   (b) a table per model with typed columns and the same indexes.
// Then prints p50 / p95 of the list queries (page 1 and deep pages by createTime, sorted by a field,
// keyword prefix and contains on name / mobile, a dictionary filter, the total) — 20 warm-up runs,
// then 200 runs or `BUDGET_MS` of them, whichever comes first — and what a model change costs in
// each design (a field added, removed, its type changed) and whether the records keep their data.
// Targets (issue 20): p95 < 20 ms on PostgreSQL and < 40 ms on PGlite. docs/online-dev-storage.md.
// `BENCH_DB=pglite|postgres` runs one database; `BENCH_EXPLAIN=1` prints each query's plan first.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const RECORDS = 100_000;
const OTHERS = 50_000; // per other model (门店巡检, 样品申领), in design (a) only
const RUNS = 200;
const WARM = 20;
const BUDGET_MS = Number(process.env.BUDGET_MS ?? 3000);
const PAGE = 20;
const M = 'kh'; // the measured model's id

const pct = (list, q) => list[Math.min(list.length - 1, Math.floor(q * list.length))];
const ms = (t0) => performance.now() - t0;
const fmt = (n) => (n < 10 ? n.toFixed(2) : n.toFixed(1));

// One generated row per g, the same in both designs: (b) is filled from (a).
const FILL = `
insert into online_records (model_id, id, data, version, create_time, modify_time, create_user, modify_user, organize_id, search_text)
select '${M}', 'KH' || lpad(g::text, 24, '0'), d, 1 + g % 3, t, t + make_interval(mins => g % 500), u, u, 'ORG' || (g % 12),
       lower(d->>'name') || ' ' || (d->>'mobile')
from (
  select g, t, u, jsonb_build_object(
    'name', s.sn[1 + g % 20] || s.gv[1 + (g / 20) % 30] || case when g % 3 = 0 then '' else s.gv[1 + (g / 600) % 30] end,
    'mobile', '1' || (30 + g % 60)::text || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'),
    'gender', (1 + g % 2)::text,
    'region', jsonb_build_array(s.pv[1 + g % 6], s.pv[1 + g % 6] || '-' || (g % 10), s.pv[1 + g % 6] || '-' || (g % 10) || '-' || (g % 7)),
    'customerType', case when g % 100 = 0 then 'DT07' else s.ct[1 + g % 10] end,
    'source', 'SRC' || (g % 5),
    'amount', round(((g::bigint * 37) % 5000000) / 100.0, 2),
    'billNo', 'KHDJ' || to_char(t, 'YYYYMMDD') || lpad(g::text, 6, '0'),
    'visitDate', to_char(t, 'YYYY-MM-DD'),
    'remark', '客户第' || g || '次到店，关注乳胶床垫与枕头')
  as d
  from generate_series(1, ${RECORDS}) g,
       lateral (select now() - make_interval(secs => (${RECORDS} - g) * 300 + (g * 13) % 300) as t, 'USR' || (g % 50) as u) x,
       (select string_to_array('王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高', null) as sn,
               string_to_array('伟芳娜敏静丽强磊军洋勇艳杰涛明超秀霞平刚桂英华玉兰文辉晓佳琪', null) as gv,
               array['110000','310000','440000','320000','330000','510000'] as pv,
               array['DT01','DT01','DT01','DT01','DT02','DT02','DT03','DT04','DT05','DT06'] as ct) s
) r;
insert into online_records (model_id, id, data, create_time, create_user)
select case when g % 2 = 0 then 'xd' else 'sl' end, 'OT' || lpad(g::text, 24, '0'),
       jsonb_build_object('store', 'S' || g % 300, 'score', g % 100, 'items', jsonb_build_array(jsonb_build_object('k', '卫生', 'ok', g % 3 > 0)), 'amount', g % 10000),
       now() - make_interval(secs => g * 600), 'USR' || (g % 50)
from generate_series(1, ${2 * OTHERS}) g;
`;

const SCHEMA_A = `
create table online_records (
  model_id text not null, id text not null, data jsonb not null, version integer not null default 1,
  create_time timestamptz not null, modify_time timestamptz, create_user text not null, modify_user text,
  organize_id text, search_text text, primary key (model_id, id));`;

// The indexes a published model's list needs (its default sort, sort and search fields, filters).
const INDEXES_A = [
  `create index rec_kh_time on online_records (model_id, create_time desc, id desc)`,
  `create index rec_kh_name on online_records (((data->>'name') collate "C"), id) where model_id = '${M}'`,
  `create index rec_kh_mobile on online_records (((data->>'mobile') collate "C")) where model_id = '${M}'`,
  `create index rec_kh_amount on online_records (((data->>'amount')::numeric), id) where model_id = '${M}'`,
  `create index rec_kh_type on online_records ((data->>'customerType'), create_time desc, id desc) where model_id = '${M}'`,
];

const SCHEMA_B = `
create table m_kh (
  id text primary key, name text not null, mobile text, gender text, region text[], customer_type text, source text,
  amount numeric(14, 2), bill_no text, visit_date date, remark text, version integer not null default 1,
  create_time timestamptz not null, modify_time timestamptz, create_user text not null, modify_user text, organize_id text);
insert into m_kh
select id, data->>'name', data->>'mobile', data->>'gender', array(select jsonb_array_elements_text(data->'region')),
       data->>'customerType', data->>'source', (data->>'amount')::numeric, data->>'billNo', (data->>'visitDate')::date,
       data->>'remark', version, create_time, modify_time, create_user, modify_user, organize_id
from online_records where model_id = '${M}' order by create_time;`;

const INDEXES_B = [
  `create index m_kh_time on m_kh (create_time desc, id desc)`,
  `create index m_kh_name on m_kh ((name collate "C"), id)`,
  `create index m_kh_mobile on m_kh ((mobile collate "C"))`,
  `create index m_kh_amount on m_kh (amount, id)`,
  `create index m_kh_type on m_kh (customer_type, create_time desc, id desc)`,
];

const surnames = ['张', '王', '李', '陈', '周'];
const names = ['张伟', '王芳', '李娜', '陈敏', '周静'];
const mobiles = ['1381', '13912', '1455', '1868', '1570'];
const cjk = ['伟', '晓明', '秀英', '芳', '玉兰'];
const digits = ['5678', '0012', '8899', '3141', '2718'];
const types = ['DT03', 'DT05', 'DT07', 'DT02', 'DT06'];

/** Each design's queries: `where` clauses with their parameters, and how they page and sort. */
function designA() {
  const cols = 'id, data, version, create_time, modify_time, create_user';
  const from = `from online_records where model_id = $1`;
  const page = (extra, order, offset, params = []) => ({
    text: `select ${cols} ${from}${extra} order by ${order} limit ${PAGE} offset ${offset}`,
    params: [M, ...params],
  });
  const count = (extra, params = []) => ({ text: `select count(*)::int as n ${from}${extra}`, params: [M, ...params] });
  return {
    label: '(a) JSONB, one table',
    byTime: 'create_time desc, id desc',
    byAmount: `(data->>'amount')::numeric desc, id desc`,
    byName: `(data->>'name') collate "C", id`,
    prefix: ` and ((data->>'name') collate "C" like $2 or (data->>'mobile') collate "C" like $2)`,
    contains: ` and ((data->>'name') like $2 or (data->>'mobile') like $2)`,
    containsStored: ` and search_text like $2`,
    dict: ` and (data->>'customerType') = $2`,
    keysetTime: ` and (create_time, id) < ($2, $3)`,
    timeOf: (offset) => ({ text: `select create_time, id ${from} order by create_time desc, id desc limit 1 offset ${offset}`, params: [M] }),
    page,
    count,
    capped: (cap, extra = '', params = []) => ({ text: `select count(*)::int as n from (select 1 ${from}${extra} limit ${cap}) c`, params: [M, ...params] }),
    trgm: [`create index rec_kh_trgm on online_records using gin (search_text gin_trgm_ops) where model_id = '${M}'`],
  };
}

function designB() {
  const cols = 'id, name, mobile, gender, region, customer_type, source, amount, bill_no, visit_date, remark, version, create_time, modify_time, create_user';
  // $1 is unused in (b) but keeps the parameter numbers of (a).
  const from = `from m_kh where $1::text is not null`;
  const page = (extra, order, offset, params = []) => ({
    text: `select ${cols} ${from}${extra} order by ${order} limit ${PAGE} offset ${offset}`,
    params: [M, ...params],
  });
  const count = (extra, params = []) => ({ text: `select count(*)::int as n ${from}${extra}`, params: [M, ...params] });
  return {
    label: '(b) a table per model',
    byTime: 'create_time desc, id desc',
    byAmount: 'amount desc, id desc',
    byName: 'name collate "C", id',
    prefix: ` and (name collate "C" like $2 or mobile collate "C" like $2)`,
    contains: ` and (name like $2 or mobile like $2)`,
    containsStored: null,
    dict: ` and customer_type = $2`,
    keysetTime: ` and (create_time, id) < ($2, $3)`,
    timeOf: (offset) => ({ text: `select create_time, id ${from} order by create_time desc, id desc limit 1 offset ${offset}`, params: [M] }),
    page,
    count,
    capped: (cap, extra = '', params = []) => ({ text: `select count(*)::int as n from (select 1 ${from}${extra} limit ${cap}) c`, params: [M, ...params] }),
    trgm: [`create index m_kh_name_trgm on m_kh using gin (name gin_trgm_ops)`, `create index m_kh_mobile_trgm on m_kh using gin (mobile gin_trgm_ops)`],
  };
}

/** Times `make(i)` (a query, or a list of queries run one after the other as one list call). */
async function time(db, make) {
  if (process.env.BENCH_EXPLAIN) {
    for (const q of [make(0)].flat()) {
      const plan = (await db.query(`explain (analyze, costs off) ${q.text}`, q.params)).rows.map((r) => r['QUERY PLAN']);
      console.log(plan.map((l) => `      ${l}`).join('\n'));
    }
  }
  const times = [];
  const started = performance.now();
  let rows = 0;
  for (let i = 0; i < WARM + RUNS; i++) {
    const qs = [make(i)].flat();
    const t0 = performance.now();
    for (const q of qs) rows = (await db.query(q.text, q.params)).rows.length;
    if (i >= WARM) times.push(ms(t0));
    if (i >= WARM + 10 && ms(started) > BUDGET_MS) break;
  }
  times.sort((x, y) => x - y);
  return { p50: pct(times, 0.5), p95: pct(times, 0.95), n: times.length, rows };
}

async function listQueries(db, d, kind) {
  const target = kind === 'PGlite' ? 40 : 20;
  const out = [];
  const run = async (name, make) => {
    const r = await time(db, make);
    out.push(r);
    const flag = r.p95 < target ? '' : '  ← over the target';
    console.log(`  ${name.padEnd(58)} p50 ${fmt(r.p50).padStart(6)} ms  p95 ${fmt(r.p95).padStart(6)} ms  (n ${r.n})${flag}`);
  };
  const at = (list, i) => list[i % list.length];
  const all = d.count('');
  await run('page 1 by createTime desc', () => d.page('', d.byTime, 0));
  await run('page 250 (offset 4,980) by createTime desc', () => d.page('', d.byTime, 4980));
  await run('page 4,000 (offset 79,980) by createTime desc', () => d.page('', d.byTime, 79980));
  const cursors = [];
  for (const off of [4979, 79979]) cursors.push((await db.query(d.timeOf(off).text, d.timeOf(off).params)).rows[0]);
  await run('keyset: the page after row 4,980 / 79,980 (no offset)', (i) => d.page(d.keysetTime, d.byTime, 0, [at(cursors, i).create_time, at(cursors, i).id]));
  await run('page 1 by amount desc', () => d.page('', d.byAmount, 0));
  await run('page 250 by amount desc', () => d.page('', d.byAmount, 4980));
  await run('page 1 by name', () => d.page('', d.byName, 0));
  await run('total: exact count(*) of the model (100,000)', () => all);
  await run('total: count capped at 10,001', () => d.capped(10001));
  await run('list call: page 1 + exact total', () => [d.page('', d.byTime, 0), all]);
  await run('keyword prefix name|mobile (张, 1381…): page 1', (i) => d.page(d.prefix, d.byTime, 0, [at([...surnames, ...names, ...mobiles], i) + '%']));
  await run('keyword prefix: its count', (i) => d.count(d.prefix, [at([...surnames, ...names, ...mobiles], i) + '%']));
  await run('dictionary filter customerType (10 % / 1 %): page 1 + count', (i) => [d.page(d.dict, d.byTime, 0, [at(types, i)]), d.count(d.dict, [at(types, i)])]);
  await run('dictionary filter: page 50', (i) => d.page(d.dict, d.byTime, 980, [at(types, i)]));
  const contains = async (suffix) => {
    await run(`contains, digits (%5678%…): page 1 + count${suffix}`, (i) => [d.page(d.contains, d.byTime, 0, [`%${at(digits, i)}%`]), d.count(d.contains, [`%${at(digits, i)}%`])]);
    await run(`contains, 1-2 汉字 (%伟%, %晓明%…): page 1 + count${suffix}`, (i) => [d.page(d.contains, d.byTime, 0, [`%${at(cjk, i)}%`]), d.count(d.contains, [`%${at(cjk, i)}%`])]);
    if (d.containsStored) {
      await run(`contains on search_text, digits: page 1 + count${suffix}`, (i) => [d.page(d.containsStored, d.byTime, 0, [`%${at(digits, i)}%`]), d.count(d.containsStored, [`%${at(digits, i)}%`])]);
      await run(`contains on search_text, 汉字: page 1 + count${suffix}`, (i) => [d.page(d.containsStored, d.byTime, 0, [`%${at(cjk, i)}%`]), d.count(d.containsStored, [`%${at(cjk, i)}%`])]);
    }
  };
  await contains('');
  const t0 = performance.now();
  for (const s of d.trgm) await db.exec(s);
  console.log(`  pg_trgm GIN index(es) built in ${fmt(ms(t0))} ms; the contains searches again:`);
  await contains(', trgm');
  const stored = d.containsStored ?? d.contains;
  // A 3-汉字 keyword has a trigram; 1-2 汉字 have none: their page alone, and their count capped.
  await run('contains, 3 汉字 (%张晓明%…): page 1 + count, trgm', (i) => {
    const k = `%${at(['张伟芳', '王芳娜', '李晓明', '陈敏静', '周静丽'], i)}%`;
    return [d.page(stored, d.byTime, 0, [k]), d.count(stored, [k])];
  });
  await run('contains, 1-2 汉字: page 1 alone', (i) => d.page(stored, d.byTime, 0, [`%${at(cjk, i)}%`]));
  await run('contains, 1-2 汉字: count capped at 1,001', (i) => d.capped(1001, stored, [`%${at(cjk, i)}%`]));
  return out;
}

const timed = async (db, label, sqlText) => {
  const t0 = performance.now();
  await db.exec(sqlText);
  const t = ms(t0);
  console.log(`  ${label.padEnd(74)} ${fmt(t).padStart(8)} ms`);
  return t;
};
const one = async (db, text) => (await db.query(text)).rows[0];

async function modelChangeA(db) {
  console.log(`model change, (a) JSONB (${RECORDS.toLocaleString('en')} records of the model, ${(2 * OTHERS).toLocaleString('en')} of others in the table):`);
  console.log(`  add field "level": nothing to write (records without it read null)            0 ms`);
  await timed(db, 'add field "level": its list index (create index, on publishing)', `create index rec_kh_level on online_records ((data->>'level')) where model_id = '${M}'`);
  await timed(db, 'add field "level": backfill a default into every record (optional)', `update online_records set data = data || '{"level":"普通"}' where model_id = '${M}' and not data ? 'level'`);
  await timed(db, 'remove field "mobile": drop its index (records keep the value)', `drop index rec_kh_mobile`);
  const kept = await one(db, `select count(*)::int as n from online_records where model_id = '${M}' and data ? 'mobile'`);
  console.log(`  records still holding "mobile" after its removal: ${kept.n.toLocaleString('en')} (the field comes back with its values if re-added)`);
  await timed(db, 'change "amount" number → text: re-create its expression index', `drop index rec_kh_amount; create index rec_kh_amount on online_records ((data->>'amount'), id) where model_id = '${M}'`);
  await timed(db, 'purge a removed field from every record (only if asked; irreversible)', `update online_records set data = data - 'remark' where model_id = '${M}'`);
}

async function modelChangeB(db) {
  console.log(`model change, (b) table per model (${RECORDS.toLocaleString('en')} rows):`);
  await timed(db, 'add field "level": alter table add column (nullable)', `alter table m_kh add column level text`);
  await timed(db, 'add field "grade": add column … not null default (PostgreSQL 11+: no rewrite)', `alter table m_kh add column grade text not null default '普通'`);
  await timed(db, 'add field "level": its index', `create index m_kh_level on m_kh (level)`);
  await timed(db, 'remove field "mobile", keeping data: rename the column aside', `alter table m_kh rename column mobile to mobile__removed_v2`);
  const kept = await one(db, `select count(mobile__removed_v2)::int as n from m_kh`);
  console.log(`  rows still holding the renamed column's value: ${kept.n.toLocaleString('en')}`);
  await timed(db, 'remove field "remark": alter table drop column (data gone)', `alter table m_kh drop column remark`);
  await timed(db, 'change "amount" number → text: alter column type (rewrite + indexes)', `alter table m_kh alter column amount type text using amount::text`);
  try {
    await timed(db, 'change "note" text → number, one row holding n/a', `alter table m_kh add column note text; update m_kh set note = 'n/a' where id = 'KH${'0'.repeat(23)}1'; alter table m_kh alter column note type numeric using note::numeric`);
  } catch (e) {
    console.log(`  change a text field with one row holding 'n/a' to number: refused (${e.message}); the model change fails as a whole`);
  }
}

async function sizes(db) {
  const r = await one(
    db,
    `select pg_total_relation_size('online_records')::float8 as a, pg_relation_size('online_records')::float8 as a_heap,
            pg_total_relation_size('m_kh')::float8 as b, pg_relation_size('m_kh')::float8 as b_heap`,
  );
  const mb = (n) => (n / 1048576).toFixed(1);
  console.log(`sizes: (a) online_records ${mb(r.a)} MB with indexes (${mb(r.a_heap)} MB table, ${(RECORDS + 2 * OTHERS).toLocaleString('en')} records of 3 models); (b) m_kh ${mb(r.b)} MB (${mb(r.b_heap)} MB table)`);
}

async function measure(kind, db) {
  console.log(`\n=== ${kind} ===`);
  let t0 = performance.now();
  await db.exec(SCHEMA_A + FILL);
  console.log(`filled (a) in ${(ms(t0) / 1000).toFixed(1)} s`);
  t0 = performance.now();
  for (const s of INDEXES_A) await db.exec(s);
  console.log(`(a) list indexes built in ${(ms(t0) / 1000).toFixed(1)} s`);
  t0 = performance.now();
  await db.exec(SCHEMA_B);
  for (const s of INDEXES_B) await db.exec(s);
  console.log(`filled (b) and built its indexes in ${(ms(t0) / 1000).toFixed(1)} s`);
  await db.exec(`vacuum (analyze) online_records`);
  await db.exec(`vacuum (analyze) m_kh`);
  await sizes(db);
  for (const d of [designA(), designB()]) {
    console.log(`${d.label}, ${RECORDS.toLocaleString('en')} records, page of ${PAGE} (target p95 < ${kind === 'PGlite' ? 40 : 20} ms):`);
    await listQueries(db, d, kind);
  }
  await modelChangeA(db);
  await modelChangeB(db);
}

const load = () => os.loadavg().map((n) => n.toFixed(1)).join(' ');
console.log(`online-dev record storage bench; load average at start ${load()}; ${os.cpus().length} CPUs`);
const started = performance.now();

// PGlite in a temp dir, with its pg_trgm extension (the server does not load it today).
const only = process.env.BENCH_DB; // 'pglite' or 'postgres' to run one of them
if (only !== 'postgres') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunmian-od-'));
  try {
    const t0 = performance.now();
    const lite = await PGlite.create(dir, { extensions: { pg_trgm } });
    await lite.exec('create extension if not exists pg_trgm');
    const v = (await lite.query(`select current_setting('server_version') as v, datcollate || ' / ' || datctype as c from pg_database where datname = current_database()`)).rows[0];
    console.log(`PGlite ${v.v} (collation / ctype ${v.c}) opened with pg_trgm in ${fmt(ms(t0))} ms`);
    await measure('PGlite', { query: (t, p) => lite.query(t, p), exec: (t) => lite.exec(t) });
    await lite.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
let connected = false;
if (only !== 'pglite') {
  try {
    await client.connect();
    connected = true;
  } catch (e) {
    console.log(`\nPostgreSQL at ${url} not reachable (${e.message}): its part is skipped`);
  }
}
if (connected) {
  const schema = `yunmian_od_${randomBytes(4).toString('hex')}`;
  try {
    const v = (await client.query(`select current_setting('server_version') as v, current_setting('lc_collate') as c`)).rows[0];
    console.log(`\nPostgreSQL ${v.v} (collation ${v.c}), schema ${schema}`);
    await client.query(`create schema ${schema}`);
    const has = (await client.query(`select extnamespace::regnamespace::text as s from pg_extension where extname = 'pg_trgm'`)).rows[0];
    await client.query(`set search_path to ${schema}${has ? `, ${has.s}` : ''}`);
    if (!has) await client.query(`create extension pg_trgm schema ${schema}`);
    await measure('PostgreSQL', { query: (t, p) => client.query(t, p), exec: (t) => client.query(t) });
  } finally {
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  }
}
console.log(`\ndone in ${(ms(started) / 1000).toFixed(0)} s; load average at end ${load()}`);
