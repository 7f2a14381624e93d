// Prints how fast the sync queue replays a backlog in the browser: the built server runs on a
// temporary data dir; in headless Chromium (real IndexedDB) 1,000 writes are queued with the app's
// own outbox (src/lib/sync/outbox.ts) and replayed by its Replayer to the server on loopback:
//   - 500 PUT BaseInfo on one entity, a chain on If-Match (must arrive in order, each once);
//   - 500 PUT CurrentLanguage over 50 entities.
// The server is asked afterwards: realName 'bench-499' and version +500 → "order kept: yes".
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
  const token = await apiLogin(server.url, 'ym0002', ADMIN_PASSWORD);
  const before = (await (await fetch(`${server.url}Permission/Users/Current/BaseInfo`, { headers: { authorization: `Bearer ${token}` } })).json()).data;
  const page = await browser.newPage();
  await page.goto(`${server.url}health`);
  await page.addScriptTag({ content: code });
  const r = await page.evaluate((input) => window.runReplayBench(input), { token, before, baseInfoWrites: 500, languageWrites: 500, entities: 50 });
  const after = (await (await fetch(`${server.url}Permission/Users/Current/BaseInfo`, { headers: { authorization: `Bearer ${token}` } })).json()).data;
  const kept = after.realName === 'bench-499' && after.version - before.version === 500 && r.sent === r.total && r.left === 0 && r.outOfOrder === 0;
  console.log(
    `sync replay in Chromium (server on ${where}), ${r.total} queued writes (500 BaseInfo chain on 1 entity + 500 language over 50 entities): ` +
      `${r.ms.toFixed(0)} ms, ${((r.sent / r.ms) * 1000).toFixed(0)} writes/s (target ≥ 200 writes/s with order kept); order kept: ${kept ? 'yes' : 'no'} ` +
      `(version +${after.version - before.version}, last name ${after.realName}, answers ${JSON.stringify(r.codes)})`,
  );
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
