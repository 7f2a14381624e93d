// Prints how fast the sync queue replays a backlog to the real server: the built server runs on a
// temporary data dir, a demo staff account signs in through the API, 1,000 writes go into an
// outbox (src/lib/sync/outbox.ts `enqueue`, Node + fake-indexeddb), then `new Replayer(db, send)
// .drain()` is timed until the queue is empty. The mix:
//   - 500 PUT /Permission/Users/Current/BaseInfo on one entity, a chain starting from the version
//     GET BaseInfo answers (If-Match), realName 'bench-0' … 'bench-499': they must arrive in order;
//   - 500 PUT /Permission/Users/CurrentLanguage over 50 entities ('lang-0' … 'lang-49', no coalesce).
// Afterwards the server is asked: realName must be 'bench-499' and the version must have risen by
// exactly 500 (no write lost, none applied twice, none out of order) → "order kept: yes/no".
// A third line splits the time: the server's round trips (the BaseInfo chain goes one at a time)
// versus the queue's own bookkeeping, which runs on fake-indexeddb here (slower than a browser's).
// Target: ≥ 200 writes/s with order kept.
//
// The sender: src/lib/sync/http-sender.ts goes through src/lib/http.ts, which needs the Lingui
// macro (a Vite/Babel transform) and takes its base URL from import.meta.env.VITE_API_BASE (Vite
// only; empty in Node, so relative URLs that Node's fetch rejects). So `send` below does what
// httpSend does, with fetch: Authorization Bearer, Idempotency-Key = entry id, If-Match = base
// version, JSON body, the `n` timestamp, and the envelope's code check.
import 'fake-indexeddb/auto'; // before Dexie loads: it takes indexedDB from the global scope
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { tsImport } from 'tsx/esm/api';

if (!fs.existsSync('build/server/main.js')) {
  const r = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const { startServer, ADMIN_PASSWORD } = await tsImport('../e2e/server.ts', import.meta.url);
const { apiLogin } = await tsImport('../e2e/browser.ts', import.meta.url);
const { enqueue, Replayer } = await tsImport('../../src/lib/sync/outbox.ts', import.meta.url);
const { UserDb } = await tsImport('../../src/lib/sync/user-db.ts', import.meta.url);
const { isSuccessCode } = await tsImport('../../src/contracts/codes.ts', import.meta.url);
const { API_CLIENT_VERSION, DEFAULT_TIMEOUT_MS } = await tsImport('../../src/contracts/limits.ts', import.meta.url);

const ACCOUNT = 'ym0001'; // demo staff (shares the admin password)
const BASE_INFO_URL = '/Permission/Users/Current/BaseInfo';
const LANGUAGE_URL = '/Permission/Users/CurrentLanguage';
const BASE_INFO_WRITES = 500;
const LANGUAGE_WRITES = 500;
const LANGUAGE_ENTITIES = 50;
const LANGUAGES = ['zh-CN', 'en', 'zh-TW'];

const server = await startServer();
const db = new UserDb('bench-replay');
try {
  const token = await apiLogin(server.url, ACCOUNT, ADMIN_PASSWORD);
  const auth = { authorization: `Bearer ${token}` };

  const getBaseInfo = async () => {
    const res = await fetch(new URL(BASE_INFO_URL.slice(1), server.url), { headers: auth });
    const body = await res.json();
    if (!isSuccessCode(body.code)) throw new Error(`GET BaseInfo failed: ${JSON.stringify(body)}`);
    return body.data;
  };

  // What httpSend + request() do, with fetch (see the note at the top).
  const sentCodes = new Map();
  const lastSeq = new Map();
  let outOfOrder = 0;
  const send = async (entry) => {
    if ((lastSeq.get(entry.entity) ?? -1) > entry.seq) outOfOrder++;
    lastSeq.set(entry.entity, entry.seq);
    const headers = { ...auth, 'Accept-Language': 'zh-CN', 'X-Client-Version': API_CLIENT_VERSION, 'Idempotency-Key': entry.id };
    if (entry.baseVersion !== undefined) headers['If-Match'] = String(entry.baseVersion);
    if (entry.request.body !== undefined) headers['content-type'] = 'application/json';
    const url = new URL(entry.request.url.replace(/^\//, ''), server.url);
    url.searchParams.set('n', String(Date.now()));
    let env;
    try {
      const res = await fetch(url, {
        method: entry.request.method,
        headers,
        body: entry.request.body === undefined ? undefined : JSON.stringify(entry.request.body),
        signal: AbortSignal.timeout(DEFAULT_TIMEOUT_MS),
      });
      env = await res.json();
    } catch (e) {
      sentCodes.set(0, (sentCodes.get(0) ?? 0) + 1);
      return { ok: false, code: 0, message: e instanceof Error ? e.message : String(e) };
    }
    const code = env && typeof env === 'object' && typeof env.code === 'number' ? env.code : 500;
    sentCodes.set(code, (sentCodes.get(code) ?? 0) + 1);
    if (isSuccessCode(code)) return { ok: true, data: env.data };
    return { ok: false, code, message: (typeof env?.msg === 'string' && env.msg) || 'request failed', data: env?.data ?? null };
  };

  const before = await getBaseInfo();
  const base = {
    gender: before.gender ?? null,
    mobilePhone: before.mobilePhone ?? '',
    email: before.email ?? '',
    signature: before.signature ?? null,
    description: before.description ?? null,
  };

  // The backlog, interleaved: BaseInfo i, then language write i (entity lang-<i mod 50>).
  await db.open();
  for (let i = 0; i < Math.max(BASE_INFO_WRITES, LANGUAGE_WRITES); i++) {
    if (i < BASE_INFO_WRITES) {
      await enqueue(
        db,
        { entity: 'user:baseInfo', kind: 'profile.baseInfo', request: { method: 'PUT', url: BASE_INFO_URL, body: { realName: `bench-${i}`, ...base } }, baseVersion: before.version + i },
        () => db.kv.put({ key: 'profile.baseInfo', value: { ...before, realName: `bench-${i}` }, updatedAt: Date.now() }),
      );
    }
    if (i < LANGUAGE_WRITES) {
      const k = i % LANGUAGE_ENTITIES;
      await enqueue(db, { entity: `lang-${k}`, kind: 'profile.language', request: { method: 'PUT', url: LANGUAGE_URL, body: { language: LANGUAGES[i % LANGUAGES.length] } } });
    }
  }
  const total = await db.outbox.count();

  // Timed: drain until nothing is pending. A drain returns early only on a retryable failure
  // (backoff) or a session code; then wait for the retry time and drain again.
  // Round trips by kind, to tell the server's share from the queue's own bookkeeping.
  const roundTrips = new Map();
  const timedSend = async (entry) => {
    const s = performance.now();
    try {
      return await send(entry);
    } finally {
      const list = roundTrips.get(entry.kind) ?? [];
      list.push(performance.now() - s);
      roundTrips.set(entry.kind, list);
    }
  };
  const replayer = new Replayer(db, timedSend);
  let drains = 0;
  let sent = 0;
  const t0 = performance.now();
  for (;;) {
    const r = await replayer.drain();
    drains++;
    sent += r.sent;
    if (r.needsAuth) throw new Error('the server ended the session during the replay');
    const open = await db.outbox.where('state').anyOf('pending', 'sending').count();
    if (!open) break;
    if (drains > 50) throw new Error(`queue not empty after ${drains} drains (${open} open)`);
    if (r.nextAttemptAt) await new Promise((res) => setTimeout(res, Math.max(0, r.nextAttemptAt - Date.now())));
  }
  const ms = performance.now() - t0;

  const stuck = await db.outbox.toArray();
  const after = await getBaseInfo();
  const rise = after.version - before.version;
  const orderKept = after.realName === `bench-${BASE_INFO_WRITES - 1}` && rise === BASE_INFO_WRITES && sent === total && !stuck.length && !outOfOrder;
  const rt = (kind) => {
    const list = [...(roundTrips.get(kind) ?? [0])].sort((a, b) => a - b);
    return { median: list[list.length >> 1], sum: list.reduce((a, b) => a + b, 0) };
  };
  const chain = rt('profile.baseInfo');
  const lang = rt('profile.language');
  const codes = [...sentCodes].map(([c, n]) => `${c}×${n}`).join(', ');

  console.log(
    `sync replay, ${total} queued writes (${BASE_INFO_WRITES} BaseInfo chain on 1 entity + ${LANGUAGE_WRITES} language over ${LANGUAGE_ENTITIES} entities): ` +
      `${ms.toFixed(0)} ms, ${((sent / ms) * 1000).toFixed(0)} writes/s (target ≥ 200 writes/s with order kept)`,
  );
  console.log(
    `sync replay: order kept: ${orderKept ? 'yes' : 'no'} (server realName ${after.realName}, version ${before.version} → ${after.version} = +${rise}, ` +
      `expected bench-${BASE_INFO_WRITES - 1} and +${BASE_INFO_WRITES}; sent ${sent}/${total}, answers ${codes}, ${drains} drain(s), ` +
      `${stuck.length} left in the outbox, ${outOfOrder} sent out of order per entity)`,
  );
  console.log(
    `sync replay: round trips to the server: BaseInfo median ${chain.median.toFixed(1)} ms (the chain is serial: ${chain.sum.toFixed(0)} ms in all), ` +
      `language median ${lang.median.toFixed(1)} ms; the rest of the total is the queue's bookkeeping on fake-indexeddb`,
  );
} finally {
  db.close();
  await db.delete().catch(() => undefined);
  await server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
