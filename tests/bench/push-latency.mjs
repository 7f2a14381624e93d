// Prints the push latency of a released notice: from the moment the admin's release request
// (PUT /Message/{id}/Actions/Release) is sent to the moment each of 500 connected websocket
// clients has the messagePush, over loopback. The server is the built app (`build/server/main.js`,
// embedded PGlite, or PostgreSQL when DATABASE_URL is set) in its own process, as `npm start`
// runs it; the clients live in this process. Target: p99 < 100 ms with 500 clients.
// Needs `npm run build` first (npm run bench does it).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { tsImport } from 'tsx/esm/api';

const { hashPassword } = await tsImport('../../src/contracts/password.ts', import.meta.url);
const { CLIENT_ID, CLIENT_SCOPE, CLIENT_SECRET, GRANT_TYPE } = await tsImport('../../src/contracts/limits.ts', import.meta.url);
const { REALTIME_PATH } = await tsImport('../../src/contracts/message.ts', import.meta.url);

const CLIENTS = 500;
const RELEASES = 20;
const PASSWORD = 'Bench123';

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

async function startServer(databaseUrl) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunmian-bench-push-'));
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, YUNMIAN_ADMIN_PASSWORD: PASSWORD };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['build/server/main.js'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  for (const until = Date.now() + 60_000; ; ) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      /* starting */
    }
    if (Date.now() > until) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = () =>
    new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    }).then(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return { base, port, stop };
}

async function call(base, token, method, url, body) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (json.code !== 200) throw new Error(`${method} ${url}: ${json.code} ${json.msg}`);
  return json.data;
}

const login = (base, account) =>
  call(base, null, 'POST', `/Permission/Login/login?client_id=${CLIENT_ID}&client_secret=${CLIENT_SECRET}&scope=${CLIENT_SCOPE}&grant_type=${GRANT_TYPE}`, {
    account,
    password: hashPassword(PASSWORD),
    platform: 'event',
  }).then((d) => d.token);

async function measure(label, databaseUrl) {
  const server = await startServer(databaseUrl);
  try {
    const admin = await login(server.base, 'admin');
    // The 49 demo staff and the admin, 10 connections each (phones, tabs): 500 clients.
    const tokens = [admin];
    for (let i = 1; i <= 49; i++) tokens.push(await login(server.base, `ym${String(i).padStart(4, '0')}`));
    const waiting = new Map(); // message id → { sentAt, left, samples }
    const samples = [];
    const sockets = await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) =>
        new Promise((resolve, reject) => {
          const ws = new WebSocket(`ws://127.0.0.1:${server.port}${REALTIME_PATH}`);
          ws.on('open', () => ws.send(JSON.stringify({ method: 'OnConnection', token: tokens[i % tokens.length] })));
          ws.on('message', (raw) => {
            const now = performance.now();
            const m = JSON.parse(String(raw));
            if (m.method === 'initMessage') return resolve(ws);
            if (m.method !== 'messagePush') return;
            const w = waiting.get(m.message.id);
            if (w) {
              samples.push(now - w.sentAt);
              w.left -= 1;
              if (w.left === 0) w.done();
            }
          });
          ws.on('error', reject);
        }),
      ),
    );
    for (let r = 0; r < RELEASES + 2; r++) {
      const notice = await call(server.base, admin, 'POST', '/Message', { title: `推送测试 ${r}`, bodyText: '<p>门店今日到货</p>', toUserIds: [] });
      let done;
      const all = new Promise((resolve) => (done = resolve));
      const timeout = setTimeout(() => done(), 10_000);
      const entry = { sentAt: performance.now(), left: CLIENTS, done };
      // Warm-up releases are not counted.
      if (r >= 2) waiting.set(notice.id, entry);
      else entry.left = Infinity;
      await call(server.base, admin, 'PUT', `/Message/${notice.id}/Actions/Release`);
      if (r >= 2) await all;
      else await new Promise((res) => setTimeout(res, 500));
      clearTimeout(timeout);
      if (r >= 2 && entry.left > 0) throw new Error(`${entry.left} of ${CLIENTS} clients got no push within 10 s`);
    }
    for (const ws of sockets) ws.close();
    samples.sort((a, b) => a - b);
    const p = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
    console.log(
      `notice push latency on ${label}: ${CLIENTS} connected clients, ${RELEASES} releases (${samples.length} pushes), release sent → push received: ` +
        `p50 ${p(0.5).toFixed(1)} ms, p99 ${p(0.99).toFixed(1)} ms, max ${samples[samples.length - 1].toFixed(1)} ms (target p99 < 100 ms)`,
    );
  } finally {
    await server.stop();
  }
}

await measure('PGlite', null);
if (process.env.DATABASE_URL) {
  const { default: pg } = await import('pg');
  const { randomBytes } = await import('node:crypto');
  const url = process.env.DATABASE_URL;
  const name = `yunmian_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  try {
    await measure('PostgreSQL', target.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
