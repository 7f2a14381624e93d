// Prints the message list time (GET /Message, page 20) with 100,000 messages in the table, all of
// them received by the measured user (the worst case for the list and its unread counts),
// measured through the real app (routes, session, sanitizing on the way out) with app.inject: the
// figure excludes the network. Pages from the first to deep ones, with and without the type filter
// and a keyword. Runs on embedded PGlite, and on PostgreSQL too when DATABASE_URL is set.
// Target: p95 < 20 ms.
import { sql } from 'drizzle-orm';
import { tsImport } from 'tsx/esm/api';
import { onEachDatabase } from './databases.mjs';

const { seed } = await tsImport('../../server/db/seed/index.ts', import.meta.url);
const { buildApp } = await tsImport('../../server/app.ts', import.meta.url);
const { hashPassword } = await tsImport('../../src/contracts/password.ts', import.meta.url);
const { CLIENT_ID, CLIENT_SCOPE, CLIENT_SECRET, GRANT_TYPE } = await tsImport('../../src/contracts/limits.ts', import.meta.url);

const MESSAGES = 100_000;
const RUNS = 300;

async function fill(db) {
  const adminId = (await db.execute(sql`select id from users where account = 'admin'`)).rows[0].id;
  // Notices (1 in 4) and workflow messages of types 2-4, a second apart, 9 in 10 read; ids are
  // valid ULID-shaped strings.
  await db.execute(sql`
    insert into messages (id, type, title, body_text, creator_user_id, enabled_mark, released_at, created_at, updated_at)
    select '01BENCH' || lpad(g::text, 19, '0'),
           case when g % 4 = 0 then 1 else 2 + g % 3 end,
           case when g % 4 = 0 then '门店公告 ' || g else '流程待办：采购申请 ' || g end,
           case when g % 4 = 0 then '<p>第 ' || g || ' 号公告：<strong>周末促销</strong>安排。</p>' else '{"type":' || (2 + g % 3) || ',"flowId":"F' || g || '"}' end,
           ${adminId}, 1, now() - make_interval(secs => g), now() - make_interval(secs => g), now() - make_interval(secs => g)
    from generate_series(1, ${MESSAGES}) g`);
  await db.execute(sql`
    insert into message_receipts (user_id, message_id, type, received_at, is_read)
    select ${adminId}, id, type, released_at, (substr(id, 20)::int % 10) <> 0 from messages where id like '01BENCH%'`);
  await db.execute(sql`analyze`);
}

async function measure(label, database) {
  await seed(database.db, { adminPassword: 'Bench123', demoData: true });
  await fill(database.db);
  const app = await buildApp({ tokenTtlMs: 3600_000, staticDir: null, trustProxy: false, logLevel: 'silent' }, database.db);
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: `/Permission/Login/login?client_id=${CLIENT_ID}&client_secret=${CLIENT_SECRET}&scope=${CLIENT_SCOPE}&grant_type=${GRANT_TYPE}`,
    payload: { account: 'admin', password: hashPassword('Bench123') },
  });
  const token = login.json().data.token;
  const queries = ['currentPage=1', 'currentPage=2', 'currentPage=10', 'currentPage=1&type=1', 'currentPage=3&type=2', 'currentPage=1&keyword=' + encodeURIComponent('促销'), 'currentPage=50', 'currentPage=1&keyword=' + encodeURIComponent('采购申请 99')];
  const times = [];
  let total = 0;
  for (let i = 0; i < RUNS + 20; i++) {
    const q = queries[i % queries.length];
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url: `/Message?pageSize=20&${q}`, headers: { authorization: `Bearer ${token}` } });
    const ms = performance.now() - t0;
    const body = res.json();
    if (body.code !== 200) throw new Error(`message list failed: ${body.msg}`);
    if (q === 'currentPage=1') total = body.data.pagination.total;
    if (i >= 20) times.push(ms);
  }
  if (total < MESSAGES) throw new Error(`expected at least ${MESSAGES} messages, the list says ${total}`);
  // A keyword nobody searched before on this instance (no remembered matches): every title the
  // user received is scanned once.
  const cold = [];
  for (let i = 0; i < 40; i++) {
    const kw = `申请 ${1000 + i * 37}`;
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url: `/Message?pageSize=20&currentPage=1&keyword=${encodeURIComponent(kw)}`, headers: { authorization: `Bearer ${token}` } });
    cold.push(performance.now() - t0);
    if (res.json().code !== 200) throw new Error('message search failed');
  }
  times.sort((a, b) => a - b);
  cold.sort((a, b) => a - b);
  const p = (list, q) => list[Math.min(list.length - 1, Math.floor(q * list.length))];
  console.log(
    `message list on ${label}: ${MESSAGES} messages (all received by the user), page 20, ${RUNS} requests (pages 1-50, type filter, repeated keywords): p50 ${p(times, 0.5).toFixed(1)} ms, p95 ${p(times, 0.95).toFixed(1)} ms (target p95 < 20 ms); ` +
      `first search of a new keyword: p50 ${p(cold, 0.5).toFixed(1)} ms, p95 ${p(cold, 0.95).toFixed(1)} ms`,
  );
  await app.close();
}

await onEachDatabase(measure);
