// Prints the chat history query time: MessageList over the websocket (a page of 50 older than a
// cursor, as the conversation view loads when scrolled to the top; the first 30 when opened),
// measured through the real app (the hub, the frame's schema, the handler, the repo) from sending
// the frame to its messageList answer, in process (app.injectWS: no network). The chat table holds
// 1,000,000 messages on PostgreSQL and 100,000 on PGlite; one conversation (the administrator and
// ym0001) holds a fifth of them, the rest are spread over 1,225 other conversations. Beside it: a
// keyword search over that conversation and the catch-up (GET /api/chat/Since, 500 after a seq).
// Runs on embedded PGlite, and on PostgreSQL too when DATABASE_URL is set. Target: p95 < 20 ms.
import { sql } from 'drizzle-orm';
import { tsImport } from 'tsx/esm/api';
import { onEachDatabase } from './databases.mjs';

const { seed } = await tsImport('../../server/db/seed/index.ts', import.meta.url);
const { buildApp } = await tsImport('../../server/app.ts', import.meta.url);
const { hashPassword } = await tsImport('../../src/contracts/password.ts', import.meta.url);
const { CLIENT_ID, CLIENT_SCOPE, CLIENT_SECRET, GRANT_TYPE } = await tsImport('../../src/contracts/limits.ts', import.meta.url);
const { REALTIME_PATH } = await tsImport('../../src/contracts/realtime.ts', import.meta.url);

const RUNS = 300;
const SEARCHES = 20;

/** `rows` messages: every fifth between admin and ym0001, the others between two of the 50 staff. */
async function fill(db, rows) {
  const ids = (await db.execute(sql`select id, account from users order by account`)).rows;
  const admin = ids.find((r) => r.account === 'admin').id;
  const first = ids.find((r) => r.account === 'ym0001').id;
  const staff = ids.filter((r) => r.account !== 'admin').map((r) => r.id);
  const n = staff.length;
  // Staff pair (a, b) from g: a = g % n, b = a + 1 + (g / n) % (n - 1) (never a itself); about
  // 1,225 distinct conversations. Every 100th text speaks of 乳胶床垫 (the keyword); 9 in 10 are read.
  await db.execute(sql`
    insert into chat_messages (id, send_user_id, to_user_id, content_type, content, send_time, is_read)
    select '01BENCH' || lpad(g::text, 19, '0'),
           case when g % 5 = 0 then (case when g % 2 = 0 then ${admin} else ${first} end) else s.ids[1 + g % ${n}] end,
           case when g % 5 = 0 then (case when g % 2 = 0 then ${first} else ${admin} end) else s.ids[1 + (g % ${n} + 1 + (g / ${n}) % ${n - 1}) % ${n}] end,
           'text',
           to_jsonb(case when g % 100 = 0 then '第' || g || '条：乳胶床垫明天到货，记得通知顾客' else '第' || g || '条：好的，收到' end),
           now() - make_interval(secs => ${rows} - g),
           g % 10 <> 0
    from generate_series(1, ${rows}) g, (select ${sql.param(staff)}::text[] as ids) s
    order by g`);
  await db.execute(sql`delete from chat_counts`);
  await db.execute(sql`
    insert into chat_counts (user_id, peer_id, total, unread, last_seq)
    select u, p, count(*)::int, (count(*) filter (where unread))::int, max(seq) from (
      select to_user_id as u, send_user_id as p, not is_read as unread, seq from chat_messages
      union all
      select send_user_id, to_user_id, false, seq from chat_messages
    ) x group by u, p`);
  // Vacuumed as well as analyzed: autovacuum would otherwise go over the new million rows while the figures are taken.
  await db.execute(sql`vacuum (analyze) chat_messages, chat_counts`);
  const seqs = (await db.execute(sql`select min(seq)::float8 as lo, max(seq)::float8 as hi, count(*)::int as n from chat_messages where user_low = least(${admin}::text, ${first}::text) and user_high = greatest(${admin}::text, ${first}::text)`)).rows[0];
  return { first, lo: Number(seqs.lo), hi: Number(seqs.hi), conversation: Number(seqs.n) };
}

const pct = (list, q) => list[Math.min(list.length - 1, Math.floor(q * list.length))];

async function measure(label, database) {
  const rows = database.kind === 'postgres' ? 1_000_000 : 100_000;
  await seed(database.db, { adminPassword: 'Bench123', demoData: true });
  const t0 = performance.now();
  const { first, lo, hi, conversation } = await fill(database.db, rows);
  const fillSeconds = (performance.now() - t0) / 1000;
  const app = await buildApp({ tokenTtlMs: 3600_000, staticDir: null, trustProxy: false, logLevel: 'silent' }, database.db);
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: `/Permission/Login/login?client_id=${CLIENT_ID}&client_secret=${CLIENT_SECRET}&scope=${CLIENT_SCOPE}&grant_type=${GRANT_TYPE}`,
    payload: { account: 'admin', password: hashPassword('Bench123') },
  });
  const token = login.json().data.token;
  const ws = await app.injectWS(REALTIME_PATH);
  let waiting = null;
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw));
    if (waiting && (m.method === 'messageList' || m.method === 'error' || m.method === 'initMessage')) {
      const w = waiting;
      waiting = null;
      w(m);
    }
  });
  const ask = (frame) =>
    new Promise((resolve) => {
      waiting = resolve;
      ws.send(JSON.stringify(frame));
    });
  await ask({ method: 'OnConnection', token });
  const adminId = (await app.inject({ method: 'GET', url: '/Permission/Users/Current/BaseInfo', headers: { authorization: `Bearer ${token}` } })).json().data.id;
  const list = async (fields) => {
    const start = performance.now();
    const m = await ask({ method: 'MessageList', toUserId: first, formUserId: adminId, token: 'x', ...fields });
    const ms = performance.now() - start;
    if (m.method !== 'messageList') throw new Error(`MessageList failed: ${JSON.stringify(m)}`);
    return { ms, m };
  };

  // Opening (the newest 30), then pages of 50 older than cursors spread over the conversation.
  const times = [];
  for (let i = 0; i < RUNS + 20; i++) {
    const fields = i % 6 === 0 ? { pageSize: 30 } : { pageSize: 50, before: Math.round(lo + ((hi - lo) * ((i * 7919) % 1000)) / 1000) + 1 };
    const { ms, m } = await list(fields);
    if (m.list.length === 0 || m.total !== conversation) throw new Error(`unexpected page: ${m.list.length} rows, total ${m.total}`);
    if (i >= 20) times.push(ms);
  }
  const searches = [];
  for (let i = 0; i < SEARCHES; i++) {
    const { ms, m } = await list({ pageSize: 50, keyword: i % 2 ? '乳胶床垫' : `第${(i + 1) * 100}条` });
    if (!m.list.length) throw new Error('keyword search found nothing');
    searches.push(ms);
  }
  const since = [];
  for (let i = 0; i < 40; i++) {
    const after = Math.round(lo + ((hi - lo) * i) / 50);
    const start = performance.now();
    const res = await app.inject({ method: 'GET', url: `/api/chat/Since?after=${after}&limit=500`, headers: { authorization: `Bearer ${token}` } });
    since.push(performance.now() - start);
    if (res.json().data.list.length !== 500) throw new Error('catch-up page short');
  }
  ws.terminate();
  for (const l of [times, searches, since]) l.sort((a, b) => a - b);
  console.log(
    `chat history on ${label}: ${rows.toLocaleString('en')} chat messages (${conversation.toLocaleString('en')} in the measured conversation; filled in ${fillSeconds.toFixed(0)} s), ` +
      `MessageList over the websocket, ${RUNS} pages (the newest 30, and 50 before cursors across the conversation): p50 ${pct(times, 0.5).toFixed(1)} ms, p95 ${pct(times, 0.95).toFixed(1)} ms (target p95 < 20 ms); ` +
      `keyword search in the conversation: p50 ${pct(searches, 0.5).toFixed(1)} ms, p95 ${pct(searches, 0.95).toFixed(1)} ms; ` +
      `catch-up GET /api/chat/Since (500): p50 ${pct(since, 0.5).toFixed(1)} ms, p95 ${pct(since, 0.95).toFixed(1)} ms`,
  );
  await app.close();
}

await onEachDatabase(measure);
