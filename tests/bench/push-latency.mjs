// Prints the push latency of a released notice: from the moment the admin's release request
// (PUT /Message/{id}/Actions/Release) is sent to the moment each of 500 connected websocket
// clients has the messagePush, over loopback. The server is the built app (`build/server/main.js`,
// embedded PGlite, or PostgreSQL when DATABASE_URL is set) in its own process, as `npm start`
// runs it; the clients live in this process. Target: p99 < 100 ms with 500 clients.
// Needs `npm run build` first (npm run bench does it).
import WebSocket from 'ws';
import { tsImport } from 'tsx/esm/api';
import { call, login, onEachServerDatabase, startBenchServer } from './built-server.mjs';

const { REALTIME_PATH } = await tsImport('../../src/contracts/realtime.ts', import.meta.url);

const CLIENTS = 500;
const RELEASES = 20;

async function measure(label, databaseUrl) {
  const server = await startBenchServer(databaseUrl);
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

await onEachServerDatabase(measure);
