// Prints the List call of online development (issue 20: "page, search and sort 100,000 records of a
// model with p95 < 20 ms on PostgreSQL and < 40 ms on PGlite") measured through the real app: the
// seeded 客户登记 model (customerRegistration, published by the seed with its per-model indexes)
// holds 100,080 records (the demo's 80 plus 100,000 written here in bulk SQL, with search_text and
// search_grams made by the server's own expression, record-repo.ts `searchColumns`), then each kind
// of list query goes through app.inject — route, session, permission and data scope, planList,
// the page and its total, the JSON — so the figure is what a user waits for minus the network.
// 20 warm-up runs, then 200 runs or BUDGET_MS (3 s) of them, whichever comes first, the values
// varied between runs; p50 / p95 per query kind, then a table of both databases.
// `BENCH_DB=pglite|postgres|both` (default both); PostgreSQL at DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/test, in a database created for the run and dropped after it.
// `BENCH_KEEP=1` keeps the PostgreSQL database for a look at it. `BENCH_EXPLAIN=1` prints EXPLAIN (ANALYZE, BUFFERS) of the SQL each query kind sends.
// After the fill the server's own upkeep runs (server/plugins/db-maintenance.ts runUpkeep: the
// VACUUM (ANALYZE) autovacuum would do, which the app does itself on PGlite, where there is no
// autovacuum, within five minutes of such a load): the visibility map lets counts read an index
// alone. `BENCH_NO_VACUUM=1` runs ANALYZE only: the figures right after a bulk load.
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { tsImport } from 'tsx/esm/api';

const { openDatabase } = await tsImport('../../server/db/client.ts', import.meta.url);
const { seed } = await tsImport('../../server/db/seed/index.ts', import.meta.url);
const { buildApp } = await tsImport('../../server/app.ts', import.meta.url);
const { newId } = await tsImport('../../server/lib/ids.ts', import.meta.url);
const { searchColumns } = await tsImport('../../server/modules/online-dev/record-repo.ts', import.meta.url);
const { runUpkeep } = await tsImport('../../server/plugins/db-maintenance.ts', import.meta.url);
const { onlineDevPaths } = await tsImport('../../src/contracts/online-dev-paths.ts', import.meta.url);
const { hashPassword } = await tsImport('../../src/contracts/password.ts', import.meta.url);
const { CLIENT_ID, CLIENT_SCOPE, CLIENT_SECRET, GRANT_TYPE, LOGIN_PLATFORM } = await tsImport('../../src/contracts/limits.ts', import.meta.url);

const RECORDS = 100_000;
const BATCH = 1_000; // rows per insert statement
const PER_TX = 10; // insert statements per transaction
const WARM = 20;
const RUNS = 200;
const BUDGET_MS = Number(process.env.BUDGET_MS ?? 3000);
const PASSWORD = 'Bench123';
const TARGET = { PGlite: 40, PostgreSQL: 20 };
const only = process.env.BENCH_DB ?? 'both';
const EXPLAIN = !!process.env.BENCH_EXPLAIN;
const VACUUM = !process.env.BENCH_NO_VACUUM;

const ms = (t0) => performance.now() - t0;
const fmt = (n) => (n == null ? '—' : n < 10 ? n.toFixed(2) : n.toFixed(1));
const load = () => os.loadavg().map((n) => n.toFixed(2)).join(' ');
const rowsOf = (res) => res.rows ?? res;

/** A small deterministic generator (mulberry32): the same records on both databases. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕'.split('');
const GIVEN = ['伟', '芳', '娜', '敏', '静', '丽', '强', '磊', '洋', '艳', '勇', '军', '杰', '娟', '涛', '明', '超', '秀英', '桂英', '晓东', '晓明', '雨婷', '子轩', '欣怡', '浩然', '建华', '志强', '海燕', '玉兰', '俊杰'];
const PAIRS = ['晓明', '秀英', '子轩', '建华', '海燕', '志强'];
const COMMON = ['王', '李', '张', '刘', '陈'];
const STREETS = ['中山', '解放', '人民', '建设', '文化', '淮海', '南京', '延安'];
const DAY = 24 * 3600_000;
const pad = (n, w = 2) => String(n).padStart(w, '0');
const local = (t) => new Date(t + 8 * 3600_000).toISOString(); // Asia/Shanghai wall time
const ymdhm = (t) => local(t).slice(0, 16).replace('T', ' ');

/** What the fill and the queries need: the model, its stores, their staff, the dictionaries. */
async function context(db) {
  const q = async (query) => rowsOf(await db.execute(query));
  const [model] = await q(sql`select id, config from online_models where en_code = 'customerRegistration'`);
  const stores = await q(sql`
    select s.id, s.en_code from organizes s join organizes p on p.id = s.parent_id
    where p.full_name = '门店运营部' and s.category = 'department' order by s.sort_code, s.en_code`);
  const staff = await q(sql`select id, organize_id, department_id from users where department_id in (${sql.join(stores.map((s) => sql`${s.id}`), sql`, `)}) and not is_administrator`);
  const dict = async (code) =>
    (await q(sql`select d.en_code from dictionary_data d join dictionary_types t on t.id = d.dictionary_type_id where t.en_code = ${code} order by d.sort_code`)).map((r) => r.en_code);
  // The region path of each store's customers, as the demo records hold it.
  const regions = new Map((await q(sql`select distinct on (data->>'store') data->>'store' as store, data->'region' as region from online_records where model_id = ${model.id}`)).map((r) => [r.store, r.region]));
  const [{ n: demo }] = await q(sql`select count(*)::int as n from online_records where model_id = ${model.id}`);
  return { model, stores, staff, sources: await dict('customerSource'), levels: await dict('customerLevel'), regions, demo };
}

/** 100,000 customers over the past year, in bulk: multi-row inserts, ten to a transaction. */
async function fill(db, ctx) {
  const rnd = random(20261201);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const keys = ctx.model.config.list.keywordFields;
  const { searchText, searchGrams } = searchColumns(keys, 'row'); // the server's expression over `data`
  const staffOf = new Map(ctx.stores.map((s) => [s.id, ctx.staff.filter((u) => u.department_id === s.id)]));
  const weightedSources = ctx.sources.flatMap((s, i) => Array(i === 0 ? 3 : 1).fill(s)); // walk-ins the most
  const end = Date.now() - DAY;
  const step = (365 * DAY) / RECORDS;
  const customerNos = [];
  let seq = ctx.demo;
  const rowAt = (g) => {
    const at = end - 365 * DAY + g * step + rnd() * step * 0.9;
    const store = pick(ctx.stores);
    const by = pick(staffOf.get(store.id));
    const customerNo = `KH${local(at).slice(0, 7).replace('-', '')}${pad(++seq, 4)}`;
    if (g % 97 === 0) customerNos.push(customerNo);
    const data = {
      customerNo,
      store: store.id,
      name: pick(SURNAMES) + pick(GIVEN),
      mobile: `1${pick(['3', '5', '7', '8', '9'])}${Math.floor(rnd() * 10)}${pad(Math.floor(rnd() * 1e8), 8)}`,
      gender: pick(['1', '2']),
      level: pick(ctx.levels),
      source: pick(weightedSources),
      visitTime: ymdhm(at),
      region: ctx.regions.get(store.id) ?? [],
      address: `${pick(STREETS)}路${1 + Math.floor(rnd() * 300)}号`,
      interests: [...new Set([pick(['mattress', 'pillow', 'bedding', 'bed']), pick(['mattress', 'pillow'])])],
      budget: (3 + Math.floor(rnd() * 30)) * 500,
      intent: 1 + Math.floor(rnd() * 5),
      remark: rnd() < 0.2 ? pick(['想要偏硬的床垫', '下周带家人再来试睡', '关注乳胶枕活动', '老客户介绍']) : null,
      registeredBy: by.id,
      registeredAt: new Date(at + 60_000).toISOString(),
    };
    return { id: newId(), data, creator_user_id: by.id, created_at: new Date(at + 60_000).toISOString(), organize_id: by.organize_id, department_id: by.department_id };
  };
  const t0 = performance.now();
  for (let g = 0; g < RECORDS; g += BATCH * PER_TX) {
    await db.transaction(async (tx) => {
      for (let b = g; b < Math.min(RECORDS, g + BATCH * PER_TX); b += BATCH) {
        const rows = Array.from({ length: Math.min(BATCH, RECORDS - b) }, (_, i) => rowAt(b + i));
        await tx.execute(sql`
          insert into online_records (model_id, id, data, search_text, search_grams, version, creator_user_id, created_at, organize_id, department_id)
          select ${ctx.model.id}, id, data, ${searchText}, ${searchGrams}, 1, creator_user_id, created_at, organize_id, department_id
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as r(id text, data jsonb, creator_user_id text, created_at timestamptz, organize_id text, department_id text)`);
      }
    });
  }
  const filled = ms(t0);
  const t1 = performance.now();
  let upkeep = 'ANALYZE';
  if (VACUUM) {
    // The insert counters reach pg_stat_user_tables within a second (PostgreSQL: per connection).
    for (let i = 0; i < 10 && !(await runUpkeep(db)).some((u) => u.table === 'online_records'); i++) await new Promise((r) => setTimeout(r, 500));
    upkeep = 'the server\'s upkeep (VACUUM ANALYZE)';
  } else await db.execute(sql`analyze online_records`);
  console.log(`  ${RECORDS.toLocaleString('en')} records written in ${(filled / 1000).toFixed(1)} s, ${upkeep} ${fmt(ms(t1))} ms`);
  return { customerNos, start: end - 365 * DAY };
}

async function signIn(app, account) {
  const res = await app.inject({
    method: 'POST',
    url: `/Permission/Login/login?client_id=${CLIENT_ID}&client_secret=${CLIENT_SECRET}&scope=${CLIENT_SCOPE}&grant_type=${GRANT_TYPE}`,
    payload: { account, password: hashPassword(PASSWORD), platform: LOGIN_PLATFORM },
  });
  const body = res.json();
  if (body.code !== 200) throw new Error(`login ${account} failed: ${body.msg}`);
  return body.data.token;
}

/** The query kinds: a name and, per run i, the query string (and who asks). */
function queryKinds(ctx, filled) {
  const at = (list, i) => list[i % list.length];
  const digits = (i) => pad((i * 7919 + 1234) % 10000, 4);
  const month = (i) => {
    const [y, m] = local(filled.start + (1 + (i % 11)) * 31 * DAY).slice(0, 7).split('-').map(Number);
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate(); // day 0 of the next month
    return `${y}-${pad(m)}-01,${y}-${pad(m)}-${last}`;
  };
  const combos = ctx.levels.flatMap((l) => ctx.stores.map((s) => [l, s.id]));
  return [
    { name: 'page 1, default order (creatorTime desc)', q: () => 'currentPage=1&pageSize=20' },
    { name: 'page 50', q: () => 'currentPage=50&pageSize=20' },
    { name: 'page 4,000 (offset 79,980)', q: () => 'currentPage=4000&pageSize=20' },
    { name: 'sort name asc, page 1', q: () => 'currentPage=1&pageSize=20&sidx=name&sort=asc' },
    { name: 'sort name asc, page 100', q: () => 'currentPage=100&pageSize=20&sidx=name&sort=asc' },
    { name: 'sort budget desc, page 1', q: () => 'currentPage=1&pageSize=20&sidx=budget&sort=desc' },
    { name: 'sort budget desc, page 100', q: () => 'currentPage=100&pageSize=20&sidx=budget&sort=desc' },
    { name: 'keyword, 1 汉字 common (王, 李…)', q: (i) => `currentPage=1&pageSize=20&keyword=${encodeURIComponent(at(COMMON, i))}` },
    { name: 'keyword, 2 汉字 (晓明, 秀英…)', q: (i) => `currentPage=1&pageSize=20&keyword=${encodeURIComponent(at(PAIRS, i))}` },
    { name: 'keyword, 4 digits of a mobile', q: (i) => `currentPage=1&pageSize=20&keyword=${digits(i)}` },
    { name: 'keyword, a whole customerNo', q: (i) => `currentPage=1&pageSize=20&keyword=${at(filled.customerNos, i * 13)}` },
    { name: 'filter source = one value', q: (i) => `currentPage=1&pageSize=20&source=${at(ctx.sources, i)}` },
    { name: 'filter level + store', q: (i) => `currentPage=1&pageSize=20&level=${at(combos, i)[0]}&store=${at(combos, i)[1]}` },
    { name: 'filter visitTime, one month', q: (i) => `currentPage=1&pageSize=20&visitTime=${month(i)}` },
    // 客户登记's tree on the left is the customerSource dictionary bound to `source` (seed/models.ts).
    { name: 'left tree node (_tree = a source)', q: (i) => `currentPage=1&pageSize=20&_tree=${at(ctx.sources, i)}` },
    { name: 'store manager (ym0004, own store), page 1', who: 'manager', q: () => 'currentPage=1&pageSize=20' },
  ];
}

/** Collects the SQL statements on online_records the app sends while `fn` runs (for EXPLAIN). */
async function capture(client, fn) {
  const seen = [];
  const original = client.query;
  client.query = function (text, params, ...rest) {
    const t = typeof text === 'string' ? text : text?.text;
    if (t && /online_records/.test(t)) seen.push({ text: t, params: Array.isArray(params) ? params : (text?.values ?? []) });
    return original.call(this, text, params, ...rest);
  };
  try {
    await fn();
  } finally {
    client.query = original;
  }
  return seen;
}

async function measure(label, database) {
  const { db } = database;
  const t0 = performance.now();
  await seed(db, { adminPassword: PASSWORD, demoData: true });
  console.log(`\n${label}: seeded (demo data) in ${(ms(t0) / 1000).toFixed(1)} s`);
  const ctx = await context(db);
  const filled = await fill(db, ctx);
  const app = await buildApp({ tokenTtlMs: 3600_000, staticDir: null, trustProxy: false, logLevel: 'silent' }, db);
  await app.ready();
  const tokens = { admin: await signIn(app, 'admin'), manager: await signIn(app, 'ym0004') };
  const base = onlineDevPaths.list.replace(':id', ctx.model.id);
  const call = async (kind, i) => {
    const res = await app.inject({ method: 'GET', url: `${base}?${kind.q(i)}`, headers: { authorization: `Bearer ${tokens[kind.who ?? 'admin']}` } });
    return res.json();
  };
  const out = [];
  for (const kind of queryKinds(ctx, filled)) {
    if (EXPLAIN) {
      const statements = await capture(db.$client, () => call(kind, 0));
      console.log(`  -- ${kind.name}`);
      for (const s of statements) {
        const plan = rowsOf(await db.$client.query(`explain (analyze, buffers) ${s.text}`, s.params)).map((r) => r['QUERY PLAN']);
        console.log(`     ${s.text.replace(/\s+/g, ' ').slice(0, 400)}\n     params ${JSON.stringify(s.params)}\n${plan.map((l) => `       ${l}`).join('\n')}`);
      }
    }
    const times = [];
    const totals = [];
    const started = performance.now();
    for (let i = 0; i < WARM + RUNS; i++) {
      const t = performance.now();
      const body = await call(kind, i);
      const took = ms(t);
      if (body.code !== 200) throw new Error(`${kind.name}: ${body.code} ${body.msg}`);
      if (i >= WARM) {
        times.push(took);
        totals.push(body.data.pagination.total);
      }
      if (i >= WARM + 10 && ms(started) > BUDGET_MS) break;
    }
    times.sort((a, b) => a - b);
    totals.sort((a, b) => a - b);
    const p = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
    const r = { name: kind.name, p50: p(0.5), p95: p(0.95), n: times.length, total: `${totals[0]}…${totals[totals.length - 1]}` };
    out.push(r);
    const flag = r.p95 < TARGET[label] ? '' : '  ← over the target';
    console.log(`  ${r.name.padEnd(44)} p50 ${fmt(r.p50).padStart(6)} ms  p95 ${fmt(r.p95).padStart(6)} ms  (n ${String(r.n).padStart(3)}, total ${r.total})${flag}`);
  }
  await app.close();
  return out;
}

console.log(`online-dev List call, 客户登记 with ${RECORDS.toLocaleString('en')} + demo records; load average at start ${load()} (${os.cpus().length} cores)`);
const results = {};
if (only === 'pglite' || only === 'both') {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    results.PGlite = await measure('PGlite', database);
  } finally {
    await database.close();
  }
}
if (only === 'postgres' || only === 'both') {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  let connected = false;
  try {
    await admin.connect();
    connected = true;
  } catch (e) {
    console.log(`\nPostgreSQL at ${url} not reachable (${e.message}): its part is skipped`);
  }
  if (connected) {
    const name = `yunmian_bench_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${name}`);
    try {
      const target = new URL(url);
      target.pathname = `/${name}`;
      const database = await openDatabase({ databaseUrl: target.toString() });
      try {
        const [v] = rowsOf(await database.db.execute(sql`select current_setting('server_version') as v`));
        console.log(`\nPostgreSQL ${v.v}, database ${name}${process.env.BENCH_KEEP ? '' : ' (dropped at the end)'}`);
        results.PostgreSQL = await measure('PostgreSQL', database);
      } finally {
        await database.close();
      }
    } finally {
      if (process.env.BENCH_KEEP) console.log(`\nBENCH_KEEP: database ${name} kept (drop it yourself)`);
      else await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
}

const labels = Object.keys(results);
if (labels.length) {
  const names = results[labels[0]].map((r) => r.name);
  const cell = (label, i) => (results[label] ? `${fmt(results[label][i].p50)} / ${fmt(results[label][i].p95)}` : '—');
  const met = (i) => labels.map((l) => `${l} ${results[l][i].p95 < TARGET[l] ? 'yes' : 'NO'}`).join(', ');
  console.log(`\n| query (List call, page of 20) | PGlite p50 / p95 ms | PostgreSQL p50 / p95 ms | target p95 | met? |`);
  console.log('|---|---|---|---|---|');
  names.forEach((n, i) => console.log(`| ${n} | ${cell('PGlite', i)} | ${cell('PostgreSQL', i)} | < ${TARGET.PGlite} / < ${TARGET.PostgreSQL} | ${met(i)} |`));
}
console.log(`\nload average at end ${load()}`);
