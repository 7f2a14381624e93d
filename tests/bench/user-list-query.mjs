// Prints the server's user-list query time (GET /Permission/Users, page 20, with a keyword) over
// 10,000 users and 2,000 departments, measured through the real app (routes, session and
// permission checks, data scope, column filter) with app.inject: the figure excludes the network.
// Runs on embedded PGlite, and on PostgreSQL too when DATABASE_URL is set. Target: p95 < 20 ms.
import { tsImport } from 'tsx/esm/api';
import { onEachDatabase } from './databases.mjs';

const { seed } = await tsImport('../../server/db/seed/index.ts', import.meta.url);
const { buildApp } = await tsImport('../../server/app.ts', import.meta.url);
const schema = await tsImport('../../server/db/schema/index.ts', import.meta.url);
const { newId } = await tsImport('../../server/lib/ids.ts', import.meta.url);
const { quickQuery } = await tsImport('../../src/contracts/quick-query.ts', import.meta.url);
const { hashPassword } = await tsImport('../../src/contracts/password.ts', import.meta.url);
const { CLIENT_ID, CLIENT_SCOPE, CLIENT_SECRET, GRANT_TYPE } = await tsImport('../../src/contracts/limits.ts', import.meta.url);

const USERS = 10_000;
const DEPTS = 2_000;
const RUNS = 300;
const surnames = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高'.split('');
const given = ['晓明', '欣怡', '子涵', '浩然', '雨桐', '思远', '佳琪', '俊杰', '诗涵', '宇航'];

async function fill(db) {
  const [company] = await db.select().from(schema.organizes).where((await import('drizzle-orm')).eq(schema.organizes.category, 'company'));
  const depts = [];
  for (let i = 0; i < DEPTS; i++) {
    depts.push({ id: newId(), parentId: i < 20 ? company.id : depts[i % 20].id, category: 'department', enCode: `B.D${i}`, fullName: `门店${i}`, sortCode: i });
  }
  for (let i = 0; i < depts.length; i += 500) await db.insert(schema.organizes).values(depts.slice(i, i + 500));
  const users = [];
  for (let i = 0; i < USERS; i++) {
    const realName = surnames[i % surnames.length] + given[(i * 7) % given.length] + (i % 100);
    users.push({
      id: newId(),
      account: `bench${String(i).padStart(5, '0')}`,
      realName,
      quickQuery: quickQuery(realName),
      passwordHash: 'x',
      mobilePhone: `139${String(10000000 + i).slice(0, 8)}`,
      organizeId: company.id,
      departmentId: depts[i % DEPTS].id,
    });
  }
  for (let i = 0; i < users.length; i += 500) await db.insert(schema.users).values(users.slice(i, i + 500));
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
  const keywords = ['王', 'WXM', 'bench0', '晓明1', '1391000', '张子涵', 'zzz-none', 'LXY'];
  const times = [];
  let totals = 0;
  for (let i = 0; i < RUNS + 20; i++) {
    const kw = keywords[i % keywords.length];
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url: `/Permission/Users?currentPage=1&pageSize=20&keyword=${encodeURIComponent(kw)}`, headers: { authorization: `Bearer ${token}` } });
    const ms = performance.now() - t0;
    const body = res.json();
    if (body.code !== 200) throw new Error(`user list failed: ${body.msg}`);
    totals += body.data.pagination.total;
    if (i >= 20) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const p = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  console.log(
    `user list query on ${label}: ${USERS} users, ${DEPTS} departments, page 20 with a keyword, ${RUNS} requests: p50 ${p(0.5).toFixed(1)} ms, p95 ${p(0.95).toFixed(1)} ms (target p95 < 20 ms)` +
      (totals ? '' : ' — no keyword matched anything'),
  );
  await app.close();
}

await onEachDatabase(measure);
