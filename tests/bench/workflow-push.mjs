// Prints the push latency of a workflow todo (issue 21: "launch → approver's websocket message
// p99 < 100 ms with 500 clients connected"): from the moment a staff member's launch request
// (POST …/Engine/FlowTask, the seeded 请假申请 flow, one day: the department head's todo) is sent
// to the moment each of the approver's connected websocket clients has the todo's messagePush,
// over loopback. 500 clients are connected: the admin and 49 demo staff, 10 connections each.
// The server is the built app (`build/server/main.js`, embedded PGlite, or PostgreSQL when
// DATABASE_URL is set) in its own process, as `npm start` runs it; the clients live in this
// process. Needs `npm run build` first (npm run bench does it).
import WebSocket from 'ws';
import { ulid } from 'ulid';
import { tsImport } from 'tsx/esm/api';
import { call, login, onEachServerDatabase, startBenchServer } from './built-server.mjs';

const { REALTIME_PATH } = await tsImport('../../src/contracts/realtime.ts', import.meta.url);
const { workflowPaths } = await tsImport('../../src/contracts/workflow-paths.ts', import.meta.url);

const CLIENTS = 500;
const LAUNCHES = 40;

async function measure(label, databaseUrl) {
  const server = await startBenchServer(databaseUrl);
  try {
    const accounts = ['admin', ...Array.from({ length: 49 }, (_, i) => `ym${String(i + 1).padStart(4, '0')}`)];
    const tokens = [];
    for (const a of accounts) tokens.push(await login(server.base, a));
    // A store clerk launches; their department head gets the todo.
    const launcher = tokens[accounts.indexOf('ym0007')];
    const flows = await call(server.base, launcher, 'GET', workflowPaths.launchable);
    const leave = (Array.isArray(flows) ? flows : flows.list).find((f) => f.enCode === 'leaveRequest');
    if (!leave) throw new Error('the seeded 请假申请 flow is not launchable');
    const waiting = new Map(); // task id → { sentAt, left, done }
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
            if (m.method !== 'messagePush' || m.message.type !== 2) return;
            let body = {};
            try {
              body = JSON.parse(m.message.bodyText ?? '{}');
            } catch {
              /* not a workflow body */
            }
            const w = waiting.get(body.taskId);
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
    const perUser = CLIENTS / tokens.length;
    let expected = null;
    for (let r = 0; r < LAUNCHES + 2; r++) {
      const id = ulid();
      let done;
      const all = new Promise((resolve) => (done = resolve));
      const timeout = setTimeout(() => done(), 10_000);
      // The head's clients: one user's share of the connections. The first two launches warm up.
      const entry = { sentAt: performance.now(), left: perUser, done };
      if (r >= 2) waiting.set(id, entry);
      await call(server.base, launcher, 'POST', workflowPaths.launch, {
        id,
        flowId: leave.id,
        urgent: 1,
        formData: { leaveType: 'annual', days: 1, startDate: '2026-12-10', endDate: '2026-12-10', reason: `推送测试 ${r}` },
        approvers: {},
      });
      if (r >= 2) await all;
      else await new Promise((res) => setTimeout(res, 500));
      clearTimeout(timeout);
      if (r >= 2 && entry.left > 0) throw new Error(`${entry.left} of the approver's ${perUser} clients got no push within 10 s`);
      expected = perUser;
    }
    for (const ws of sockets) ws.close();
    samples.sort((a, b) => a - b);
    const p = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
    console.log(
      `workflow todo push on ${label}: ${CLIENTS} connected clients, ${LAUNCHES} launches (${samples.length} pushes to the approver's ${expected} clients), launch sent → todo message received: ` +
        `p50 ${p(0.5).toFixed(1)} ms, p99 ${p(0.99).toFixed(1)} ms, max ${samples[samples.length - 1].toFixed(1)} ms (target p99 < 100 ms)`,
    );
  } finally {
    await server.stop();
  }
}

await onEachServerDatabase(measure);
