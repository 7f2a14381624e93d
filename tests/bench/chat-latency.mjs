// Prints the chat message latency, send → receive: 500 connected websocket clients (the
// administrator and the 49 first demo staff, 10 connections each: phones, tabs) and 50
// conversations (a ring: each user writes to the next) whose senders all send at once, 20 rounds.
// Measured from the moment a SendMessage frame leaves its client to the moment each of the
// recipient's 10 connections has the receiveMessage (500 samples a round); beside it, the sender's
// acknowledgement (its sendMessage). The server is the built app (`build/server/main.js`, embedded
// PGlite, or PostgreSQL when DATABASE_URL is set) in its own process, as `npm start` runs it; the
// clients live in this process. Target: p99 < 100 ms. Needs `npm run build` first (npm run bench
// does it; E2E_BUILD=<dir> runs a build made beside it).
import fs from 'node:fs';
import WebSocket from 'ws';
import { ulid } from 'ulid';
import { tsImport } from 'tsx/esm/api';
import { call, login, onEachServerDatabase } from './built-server.mjs';

const { REALTIME_PATH } = await tsImport('../../src/contracts/realtime.ts', import.meta.url);
const { startServer } = await tsImport('../e2e/server.ts', import.meta.url);

const USERS = 50;
const PER_USER = 10;
const ROUNDS = 20;
const WARM_UP = 2;

const pct = (list, q) => list[Math.min(list.length - 1, Math.floor(q * list.length))];

async function measure(label, databaseUrl) {
  const server = await startServer(databaseUrl ? { env: { DATABASE_URL: databaseUrl } } : {});
  const base = server.url.replace(/\/$/, '');
  try {
    const accounts = ['admin', ...Array.from({ length: USERS - 1 }, (_, i) => `ym${String(i + 1).padStart(4, '0')}`)];
    const tokens = [];
    for (const a of accounts) tokens.push(await login(base, a));
    const ids = [];
    for (const token of tokens) ids.push((await call(base, token, 'GET', '/Permission/Users/Current/BaseInfo')).id);

    const pending = new Map(); // message id → { sentAt, left, done, acked }
    const receive = [];
    const ack = [];
    let counting = false;
    // Client i belongs to user i % USERS.
    const sockets = await Promise.all(
      Array.from({ length: USERS * PER_USER }, (_, i) =>
        new Promise((resolve, reject) => {
          const ws = new WebSocket(`ws://127.0.0.1:${server.port}${REALTIME_PATH}`);
          ws.on('open', () => ws.send(JSON.stringify({ method: 'OnConnection', token: tokens[i % USERS] })));
          ws.on('message', (raw) => {
            const now = performance.now();
            const m = JSON.parse(String(raw));
            if (m.method === 'initMessage') return resolve(ws);
            if (m.method === 'error') throw new Error(`error frame: ${m.msg}`);
            const p = m.message && pending.get(m.message.id);
            if (!p) return;
            if (m.method === 'receiveMessage') {
              if (counting) receive.push(now - p.sentAt);
              p.left -= 1;
            } else if (m.method === 'sendMessage' && ws === p.socket) {
              if (counting) ack.push(now - p.sentAt);
              p.acked = true;
            }
            if (p.left === 0 && p.acked) p.done();
          });
          ws.on('error', reject);
        }),
      ),
    );
    for (let round = 0; round < ROUNDS + WARM_UP; round++) {
      counting = round >= WARM_UP;
      const waits = [];
      // Each user writes to the next on the ring, from its first connection, all at once.
      for (let u = 0; u < USERS; u++) {
        const socket = sockets[u];
        const id = ulid();
        waits.push(
          new Promise((done) => {
            pending.set(id, { sentAt: performance.now(), left: PER_USER, acked: false, socket, done });
            socket.send(
              JSON.stringify({ method: 'SendMessage', id, toUserId: ids[(u + 1) % USERS], token: 'x', messageType: 'text', messageContent: `第${round}轮：乳胶床垫下午到货，请安排签收 [微笑]` }),
            );
          }),
        );
      }
      const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('round not delivered within 10 s')), 10_000).unref());
      await Promise.race([Promise.all(waits), timeout]);
      pending.clear();
    }
    for (const ws of sockets) ws.close();
    receive.sort((a, b) => a - b);
    ack.sort((a, b) => a - b);
    console.log(
      `chat latency on ${label}: ${USERS * PER_USER} connected clients, ${USERS} conversations sending at once, ${ROUNDS} rounds (${receive.length} deliveries), SendMessage sent → receiveMessage on each of the recipient's connections: ` +
        `p50 ${pct(receive, 0.5).toFixed(1)} ms, p99 ${pct(receive, 0.99).toFixed(1)} ms, max ${receive[receive.length - 1].toFixed(1)} ms (target p99 < 100 ms); ` +
        `the sender's acknowledgement (sendMessage): p50 ${pct(ack, 0.5).toFixed(1)} ms, p99 ${pct(ack, 0.99).toFixed(1)} ms`,
    );
  } finally {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

await onEachServerDatabase(measure);
