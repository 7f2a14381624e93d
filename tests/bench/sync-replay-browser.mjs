// Prints what a queued write costs and how fast the sync queue replays a backlog, on PGlite and,
// with DATABASE_URL set, on PostgreSQL too (a fresh database, dropped afterwards):
//   - statements per call on the server's write path (session + permission + Idempotency-Key in
//     one query, BEGIN, the write, the stored answer, COMMIT), counted at the database driver of
//     the app built in-process;
//   - one call at a time from Chromium to the built server (a separate process, as `npm start`
//     runs it): PUT BaseInfo with Idempotency-Key and If-Match, then GET BaseInfo, median and p95;
//     the same from Node too (the server's part, without the browser's own overhead); and the
//     server's CPU per call (its Node process, and PostgreSQL's backends), less moved by the load;
//   - 1,000 writes queued in Chromium (real IndexedDB) with the app's own outbox
//     (src/lib/sync/outbox.ts) and replayed by its Replayer (4 lanes) to that server:
//       500 PUT BaseInfo as If-Match chains (each must arrive in order, each once) and
//       500 PUT CurrentLanguage over 50 entities (FIFO each),
//     as a typical backlog (the BaseInfo writes spread over 10 accounts, chains of 50) and the worst
//     case (all 500 on one account: one chain, strictly one write after the other). The server is
//     asked afterwards: each account's last name and version +N → "order kept: yes".
// Targets: ≥ 200 writes/s with order kept; a single PUT median ≤ 5 ms (what 200 writes/s leaves
// one database connection), a GET median ≤ 3 ms; enqueue median < 5 ms.
// `E2E_BUILD=.e2e/x` (or BENCH_BUILD) runs a build made beside the main one.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { onEachDatabase } from './databases.mjs';

if (!process.env.E2E_BUILD && process.env.BENCH_BUILD) process.env.E2E_BUILD = process.env.BENCH_BUILD;
const { startServer, ADMIN_PASSWORD, E2E_BUILD } = await tsImport('../e2e/server.ts', import.meta.url);
const { apiLogin, launch } = await tsImport('../e2e/browser.ts', import.meta.url);
if (!fs.existsSync(E2E_BUILD.server)) {
  // Only the server is needed here: the page is bundled below.
  const dir = process.env.E2E_BUILD;
  const r = dir
    ? spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit', env: { ...process.env, OUT_DIR: `${dir}/server` } })
    : spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const bundle = await build({
  entryPoints: ['tests/bench/sync-replay-page.ts'],
  bundle: true,
  format: 'iife',
  write: false,
  target: 'chrome120',
  logLevel: 'warning',
});
const code = bundle.outputFiles[0].text;

// Statements per call, counted at the driver of an in-process app on each database.
const statements = new Map();
{
  const { seed } = await tsImport('../../server/db/seed/index.ts', import.meta.url);
  const { buildApp } = await tsImport('../../server/app.ts', import.meta.url);
  const { countQueries } = await tsImport('../../server/test/query-count.ts', import.meta.url);
  const { hashPassword } = await tsImport('../../src/contracts/password.ts', import.meta.url);
  const { CLIENT_ID, CLIENT_SCOPE, CLIENT_SECRET, GRANT_TYPE } = await tsImport('../../src/contracts/limits.ts', import.meta.url);
  const { monotonicFactory } = await import('ulid');
  const ids = monotonicFactory();
  await onEachDatabase(async (label, database) => {
    await seed(database.db, { adminPassword: 'Bench123', demoData: true });
    const app = await buildApp({ tokenTtlMs: 3600_000, staticDir: null, trustProxy: false, logLevel: 'silent' }, database.db);
    await app.ready();
    try {
      const login = await app.inject({
        method: 'POST',
        url: `/Permission/Login/login?client_id=${CLIENT_ID}&client_secret=${CLIENT_SECRET}&scope=${CLIENT_SCOPE}&grant_type=${GRANT_TYPE}`,
        payload: { account: 'ym0002', password: hashPassword('Bench123') },
      });
      const headers = { authorization: `Bearer ${login.json().data.token}` };
      const counter = countQueries(database.db);
      const count = async (opts) => {
        counter.reset();
        const res = await app.inject({ ...opts, headers: { ...headers, ...opts.headers } });
        if (res.statusCode !== 200) throw new Error(`${opts.method} ${opts.url}: ${res.statusCode} ${res.body}`);
        return { n: counter.statements.length, data: res.json().data };
      };
      const url = '/Permission/Users/Current/BaseInfo';
      const get = await count({ method: 'GET', url });
      const info = get.data;
      const key = ids();
      const body = { realName: 'bench', gender: info.gender, mobilePhone: info.mobilePhone ?? '', email: info.email ?? '', signature: info.signature };
      const put = await count({ method: 'PUT', url, payload: body, headers: { 'idempotency-key': key, 'if-match': String(info.version) } });
      const repeat = await count({ method: 'PUT', url, payload: body, headers: { 'idempotency-key': key, 'if-match': String(info.version) } });
      const language = await count({ method: 'PUT', url: '/Permission/Users/CurrentLanguage', payload: { language: 'en' }, headers: { 'idempotency-key': ids() } });
      counter.stop();
      statements.set(label, { get: get.n, put: put.n, repeat: repeat.n, language: language.n });
    } finally {
      await app.close();
    }
  });
}

/** The databases the built server runs on: PGlite in a temporary data dir; a fresh PostgreSQL database. */
const targets = [{ label: 'PGlite', env: {} }];
if (process.env.DATABASE_URL) targets.push({ label: 'PostgreSQL', pg: process.env.DATABASE_URL });

/** CPU time (ms) a process has used so far, from /proc (Linux); null when it cannot be read. */
function cpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10; // utime + stime, in ticks of 10 ms
  } catch {
    return null;
  }
}

/**
 * The CPU the server spends while `run` runs: its Node process and, on PostgreSQL, the backends of
 * its database (less sensitive to the machine's load than wall time; other work on the machine does
 * not count). Gives `run`'s result and a text per write.
 */
async function serverCpu(server, pgDb, writes, run) {
  const backends = async () => {
    if (!pgDb) return [];
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    try {
      return (await c.query('select pid from pg_stat_activity where datname = $1', [pgDb])).rows.map((r) => r.pid);
    } finally {
      await c.end();
    }
  };
  const sample = async () => new Map([server.pid, ...(await backends())].map((pid) => [pid, cpuMs(pid)]));
  const before = await sample();
  const result = await run();
  const after = await sample();
  const used = (pids) => pids.reduce((sum, pid) => sum + ((after.get(pid) ?? 0) - (before.get(pid) ?? 0)), 0);
  if (after.get(server.pid) === null) return { result, text: '' };
  const node = used([server.pid]) / writes;
  const backendsMs = used([...after.keys()].filter((pid) => pid !== server.pid)) / writes;
  return { result, text: `server CPU per call ${node.toFixed(2)} ms (Node)${pgDb ? ` + ${backendsMs.toFixed(2)} ms (PostgreSQL backends)` : ''}` };
}

/** PUT BaseInfo (Idempotency-Key, If-Match) then GET BaseInfo, one at a time from Node; median and p95 of each. */
async function nodeLatency(url, token, runs, warmup) {
  const { monotonicFactory } = await import('ulid');
  const ids = monotonicFactory();
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const path = `${url}Permission/Users/Current/BaseInfo`;
  let info = (await (await fetch(path, { headers })).json()).data;
  const put = [];
  const get = [];
  for (let i = 0; i < warmup + runs; i++) {
    const body = { realName: `node-${i}`, gender: info.gender, mobilePhone: info.mobilePhone ?? '', email: info.email ?? '', signature: info.signature };
    let t = performance.now();
    const res = await (await fetch(`${path}?n=${Date.now()}`, { method: 'PUT', headers: { ...headers, 'Idempotency-Key': ids(), 'If-Match': String(info.version) }, body: JSON.stringify(body) })).json();
    const putMs = performance.now() - t;
    if (res.code !== 200) throw new Error(`PUT BaseInfo: ${res.code} ${res.msg}`);
    info = res.data;
    t = performance.now();
    await (await fetch(`${path}?n=${Date.now()}`, { headers })).json();
    if (i >= warmup) {
      put.push(putMs);
      get.push(performance.now() - t);
    }
  }
  const stats = (a) => {
    const sorted = [...a].sort((x, y) => x - y);
    return { median: sorted[sorted.length >> 1], p95: sorted[Math.floor(sorted.length * 0.95)] };
  };
  return { put: stats(put), get: stats(get) };
}

// Figures move with the machine's load: say what it was.
const load = () => os.loadavg()[0].toFixed(1);
console.log(`sync bench: ${os.cpus().length} CPUs, load average ${load()} at the start`);
const browser = await launch();
let enqueue = null;
try {
  for (const target of targets) {
    let dbName = null;
    let env = target.env ?? {};
    if (target.pg) {
      dbName = `yunmian_bench_${Date.now()}`;
      const c = new pg.Client({ connectionString: target.pg });
      await c.connect();
      await c.query(`CREATE DATABASE ${dbName}`);
      await c.end();
      const u = new URL(target.pg);
      u.pathname = `/${dbName}`;
      env = { DATABASE_URL: u.toString() };
    }
    const server = await startServer({ env });
    try {
      const s = statements.get(target.label);
      if (s) {
        console.log(
          `sync write path on ${target.label}: statements per call (BEGIN and COMMIT counted) — PUT BaseInfo with Idempotency-Key and If-Match ${s.put}, ` +
            `its repeat ${s.repeat}, PUT CurrentLanguage with Idempotency-Key ${s.language}, GET BaseInfo ${s.get}`,
        );
      }
      const baseInfo = async (token) => (await (await fetch(`${server.url}Permission/Users/Current/BaseInfo`, { headers: { authorization: `Bearer ${token}` } })).json()).data;
      const page = await browser.newPage();
      await page.goto(`${server.url}health`);
      await page.addScriptTag({ content: code });

      const lt = await apiLogin(server.url, 'ym0023', ADMIN_PASSWORD);
      const before = await baseInfo(lt);
      const { result: l, text: lCpu } = await serverCpu(server, dbName, 660, () => page.evaluate((input) => window.runLatencyBench(input), { token: lt, before, runs: 300, warmup: 30 }));
      // The same calls from Node (undici keeps the connection alive): the server's part alone.
      const n = await nodeLatency(server.url, await apiLogin(server.url, 'ym0024', ADMIN_PASSWORD), 300, 30);
      const ms = (x) => `${x.toFixed(1)} ms`;
      console.log(
        `single call to the built server on ${target.label}, 300 each, from Chromium: PUT BaseInfo (Idempotency-Key, If-Match) median ${ms(l.put.median)}, p95 ${ms(l.put.p95)} (target median ≤ 5 ms); ` +
          `GET BaseInfo median ${ms(l.get.median)}, p95 ${ms(l.get.p95)} (target median ≤ 3 ms)${lCpu ? `; ${lCpu} (a PUT and a GET averaged)` : ''}; ` +
          `from Node, without the browser's own overhead: PUT median ${ms(n.put.median)}, p95 ${ms(n.put.p95)}; GET median ${ms(n.get.median)}, p95 ${ms(n.get.p95)}`,
      );

      const scenarios = [
        { name: 'typical backlog', accounts: ['ym0002', 'ym0003', 'ym0004', 'ym0005', 'ym0006', 'ym0007', 'ym0008', 'ym0009', 'ym0010', 'ym0011'] },
        { name: 'worst case', accounts: ['ym0012'] },
      ];
      // No server: what the client's queue (IndexedDB, ordering, rebasing) manages by itself; once.
      if (target === targets[0]) {
        scenarios.push({ name: 'queue alone (answers made up in the page, nothing sent)', accounts: ['ym0013', 'ym0014', 'ym0015', 'ym0016', 'ym0017', 'ym0018', 'ym0019', 'ym0020', 'ym0021', 'ym0022'], stub: true });
      }
      for (const sc of scenarios) {
        const chains = [];
        for (const account of sc.accounts) {
          const token = await apiLogin(server.url, account, ADMIN_PASSWORD);
          chains.push({ token, before: await baseInfo(token) });
        }
        const input = { chains, baseInfoWrites: 500, languageWrites: 500, entities: 50, stub: !!sc.stub };
        const { result: r, text: cpu } = await serverCpu(server, dbName, 1000, () => page.evaluate((i) => window.runReplayBench(i), input));
        let kept = r.sent === r.total && r.left === 0 && r.outOfOrder === 0;
        for (const c of sc.stub ? [] : chains) {
          const after = await baseInfo(c.token);
          kept &&= after.realName === `bench-${r.perChain - 1}` && after.version - c.before.version === r.perChain;
        }
        console.log(
          `sync replay in Chromium (server on ${sc.stub ? 'none' : target.label}), ${sc.name}: ${r.total} queued writes ` +
            `(500 BaseInfo as ${sc.accounts.length} If-Match chain${sc.accounts.length > 1 ? 's' : ''} of ${r.perChain} + 500 language over 50 entities): ` +
            `${r.ms.toFixed(0)} ms, ${((r.sent / r.ms) * 1000).toFixed(0)} writes/s (target ≥ 200 writes/s with order kept); order kept: ${kept ? 'yes' : 'no'} ` +
            `(answers ${JSON.stringify(r.codes)}; a BaseInfo write waited ${r.chainSendMs.toFixed(1)} ms for the server on average${sc.stub || !cpu ? '' : `; ${cpu.replace('per call', 'per write')}`})`,
        );
        enqueue ??= r;
      }
      await page.close();
    } finally {
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
      if (dbName) {
        const c = new pg.Client({ connectionString: target.pg });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await c.end();
      }
    }
  }
  if (enqueue) console.log(`sync enqueue in Chromium (outbox entry + local change, one transaction): median ${enqueue.enqueueMedian.toFixed(2)} ms, p95 ${enqueue.enqueueP95.toFixed(2)} ms (target median < 5 ms)`);
  console.log(`sync bench: load average ${load()} at the end`);
} finally {
  await browser.close();
}
