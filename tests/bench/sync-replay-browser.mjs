// Prints how fast the sync queue replays a backlog in the browser: the built server runs on a
// temporary data dir; in headless Chromium (real IndexedDB) 1,000 writes are queued with the app's
// own outbox (src/lib/sync/outbox.ts) and replayed by its Replayer to the server on loopback:
//   - 500 PUT BaseInfo as If-Match chains (each must arrive in order, each once), and
//   - 500 PUT CurrentLanguage over 50 entities (FIFO each),
// in two shapes: a typical backlog (the BaseInfo writes spread over 10 accounts, chains of 50) and
// the worst case (all 500 on one account: one chain, strictly one write after the other).
// The server is asked afterwards: each account's last name and version +N → "order kept: yes".
// Target: ≥ 200 writes/s with order kept. Also prints the enqueue latency in the browser (< 5 ms).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { tsImport } from 'tsx/esm/api';

if (!fs.existsSync('build/server/main.js')) {
  const r = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const { startServer, ADMIN_PASSWORD } = await tsImport('../e2e/server.ts', import.meta.url);
const { apiLogin, launch } = await tsImport('../e2e/browser.ts', import.meta.url);

const bundle = await build({
  entryPoints: ['tests/bench/sync-replay-page.ts'],
  bundle: true,
  format: 'iife',
  write: false,
  target: 'chrome120',
  logLevel: 'warning',
});
const code = bundle.outputFiles[0].text;

// With DATABASE_URL the server runs on a fresh PostgreSQL database (dropped afterwards), else PGlite.
const pgUrl = process.env.DATABASE_URL;
let dbName = null;
let serverEnv = {};
if (pgUrl) {
  const { default: pg } = await import('pg');
  dbName = `yunmian_bench_${Date.now()}`;
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  await c.query(`CREATE DATABASE ${dbName}`);
  await c.end();
  const u = new URL(pgUrl);
  u.pathname = `/${dbName}`;
  serverEnv = { DATABASE_URL: u.toString() };
}
const server = await startServer({ env: serverEnv });
const browser = await launch();
const where = pgUrl ? 'PostgreSQL' : 'PGlite';
try {
  const baseInfo = async (token) => (await (await fetch(`${server.url}Permission/Users/Current/BaseInfo`, { headers: { authorization: `Bearer ${token}` } })).json()).data;
  const page = await browser.newPage();
  await page.goto(`${server.url}health`);
  await page.addScriptTag({ content: code });
  const scenarios = [
    { name: 'typical backlog', accounts: ['ym0002', 'ym0003', 'ym0004', 'ym0005', 'ym0006', 'ym0007', 'ym0008', 'ym0009', 'ym0010', 'ym0011'] },
    { name: 'worst case', accounts: ['ym0012'] },
    // No server: what the client's queue (IndexedDB, ordering, rebasing) manages by itself.
    { name: 'queue alone (answers made up in the page, nothing sent)', accounts: ['ym0013', 'ym0014', 'ym0015', 'ym0016', 'ym0017', 'ym0018', 'ym0019', 'ym0020', 'ym0021', 'ym0022'], stub: true },
  ];
  let r;
  for (const sc of scenarios) {
    const chains = [];
    for (const account of sc.accounts) {
      const token = await apiLogin(server.url, account, ADMIN_PASSWORD);
      chains.push({ token, before: await baseInfo(token) });
    }
    r = await page.evaluate((input) => window.runReplayBench(input), { chains, baseInfoWrites: 500, languageWrites: 500, entities: 50, stub: !!sc.stub });
    let kept = r.sent === r.total && r.left === 0 && r.outOfOrder === 0;
    for (const c of sc.stub ? [] : chains) {
      const after = await baseInfo(c.token);
      kept &&= after.realName === `bench-${r.perChain - 1}` && after.version - c.before.version === r.perChain;
    }
    console.log(
      `sync replay in Chromium (server on ${sc.stub ? 'none' : where}), ${sc.name}: ${r.total} queued writes ` +
        `(500 BaseInfo as ${sc.accounts.length} If-Match chain${sc.accounts.length > 1 ? 's' : ''} of ${r.perChain} + 500 language over 50 entities): ` +
        `${r.ms.toFixed(0)} ms, ${((r.sent / r.ms) * 1000).toFixed(0)} writes/s (target ≥ 200 writes/s with order kept); order kept: ${kept ? 'yes' : 'no'} ` +
        `(answers ${JSON.stringify(r.codes)}; a BaseInfo write waited ${r.chainSendMs.toFixed(1)} ms for the server on average)`,
    );
  }
  console.log(`sync enqueue in Chromium (outbox entry + local change, one transaction): median ${r.enqueueMedian.toFixed(2)} ms, p95 ${r.enqueueP95.toFixed(2)} ms (target median < 5 ms)`);
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
  if (dbName) {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
  }
}
