// Prints what a published campaign page (issue 19) costs one server instance when it goes viral,
// with no CDN in front: the built server (`build/server/main.js` with `dist`, or
// `BENCH_BUILD=.e2e/x` → `.e2e/x/server/main.js` with `.e2e/x/dist`) in its own process on a fresh
// data directory with the demo data, embedded PGlite (then PostgreSQL too when DATABASE_URL is
// set: a database made for the run and dropped after it); the load comes from this process
// (autocannon, keep-alive connections over loopback) and shares the machine's 2 cores with it.
//
// Setup: the admin signs in through the API, makes works from the seeded template 床垫试睡报名
// (10 elements: background, picture, two texts, a form of name / mobile / store / mattress, its
// submit button, a note) and publishes them.
// 1. Page load: GET /p/{workId} (HTML) and GET /p/{workId}/{n}.json (snapshot) in turn on 50
//    connections for 10 s, as a phone asks (Accept-Encoding gzip, deflate, br; no If-None-Match):
//    requests/s, p50 / p99 / max, errors and non-2xx (target ≥ 2,000/s). Again for 5 s without
//    Accept-Encoding, to show what on-the-fly compression costs. The page and snapshot have no
//    rate limit (only forms, views and the datasource proxy do).
// 2. Form submissions with the limits on (10 a minute per address and work, 600 a minute per
//    work): (a) one address, one work: how many pass (exactly 10) and how fast the 429s come back;
//    then whether another address can still submit to that work (refused attempts count in the
//    per-work window). (b) The server runs with YUNMIAN_TRUST_PROXY=true, as behind a reverse
//    proxy, so each submission comes from its own X-Forwarded-For address, spread over 40 works
//    (each its own 600 a minute): accepted submissions/s with p99. One work alone accepts at most
//    600 a minute whatever the addresses.
// 3. The admin API meanwhile: POST /event/work/list with the admin's token every 50 ms, from a
//    worker thread, without load, during load 1 and during load 2b: p50 / p99 / max.
// Printed, never asserted; the load average is printed at each step. About 40 s a database.
import fs from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { ulid } from 'ulid';
import { tsImport } from 'tsx/esm/api';

// The e2e starter picks its build from E2E_BUILD when it loads.
if (process.env.BENCH_BUILD) process.env.E2E_BUILD = process.env.BENCH_BUILD;
const { hashPassword } = await tsImport('../../src/contracts/password.ts', import.meta.url);
const { CLIENT_ID, CLIENT_SCOPE, CLIENT_SECRET, GRANT_TYPE } = await tsImport('../../src/contracts/limits.ts', import.meta.url);
const { ADMIN_PASSWORD, E2E_BUILD, startServer } = await tsImport('../e2e/server.ts', import.meta.url);

const TEMPLATE = '床垫试睡报名';
const PAGE_CONNECTIONS = 50;
const PAGE_SECONDS = 10;
const PLAIN_SECONDS = 5;
const FORM_WORKS = 40;
const FORM_CONNECTIONS = 20;
const FORM_SECONDS = 10;
const FLOOD = 500;
const PROBE_EVERY_MS = 50;
const PHONE = { 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) MicroMessenger/8.0' };

const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' / ');
const ms = (v) => `${Number(v).toFixed(1)} ms`;
const pct = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);

/** User + system CPU time of a process in ms (/proc, Linux), or NaN. */
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
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

const login = (base) =>
  call(base, null, 'POST', `/Permission/Login/login?client_id=${CLIENT_ID}&client_secret=${CLIENT_SECRET}&scope=${CLIENT_SCOPE}&grant_type=${GRANT_TYPE}`, {
    account: 'admin',
    password: hashPassword(ADMIN_PASSWORD),
    platform: 'event',
  }).then((d) => d.token);

/** A new published work from the form template: its id, version and a valid submission's fields. */
async function publishedFormWork(base, token, templateId) {
  const work = await call(base, token, 'POST', `/event/work/template/use/${templateId}`);
  const { version } = await call(base, token, 'POST', `/event/work/publish/${work.id}`);
  const snapshot = await (await fetch(`${base}/p/${work.id}/${version}.json`)).json();
  const elements = snapshot.work.pages.flatMap((p) => p.elements);
  const byKey = (key) => elements.find((e) => e.pluginProps.name === key);
  const fields = { [byKey('name').uuid]: '张伟', [byKey('mobile').uuid]: '13812345678', [byKey('storeId').uuid]: byKey('storeId').pluginProps.options[0].value };
  return { id: work.id, version, elements: elements.length, fields };
}

/** POST /event/work/list every PROBE_EVERY_MS (never two at once) in a worker thread until stopped; its latencies. */
function probeAdmin(base, token) {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const samples = []; let stop = false;
     parentPort.on('message', () => { stop = true; });
     (async () => {
       while (!stop) {
         const t0 = performance.now();
         const res = await fetch(workerData.base + '/event/work/list', { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer ' + workerData.token }, body: JSON.stringify({ currentPage: 1, pageSize: 20, keyword: '' }) });
         const json = await res.json();
         const took = performance.now() - t0;
         samples.push(json.code === 200 ? took : -1);
         await new Promise((r) => setTimeout(r, Math.max(0, workerData.every - took)));
       }
       parentPort.postMessage(samples);
     })();`,
    { eval: true, workerData: { base, token, every: PROBE_EVERY_MS } },
  );
  const done = new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return async () => {
    worker.postMessage('stop');
    const samples = await done;
    await worker.terminate();
    const failed = samples.filter((s) => s < 0).length;
    const sorted = samples.filter((s) => s >= 0).sort((a, b) => a - b);
    return `${sorted.length} calls${failed ? ` (${failed} failed)` : ''}: p50 ${ms(pct(sorted, 0.5))}, p99 ${ms(pct(sorted, 0.99))}, max ${ms(sorted[sorted.length - 1])}`;
  };
}

/** One autocannon run (no progress bar: the figures are printed below). */
async function run(opts) {
  const t0 = performance.now();
  let last = t0;
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon(opts, (err, r) => (err ? reject(err) : resolve(r)));
    instance.on('response', () => (last = performance.now()));
  });
  // autocannon counts whole seconds (and ends a run of `amount` requests at its next tick).
  return { ...result, duration: (last - t0) / 1000 };
}

const statuses = (result) =>
  Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}×${count}`)
    .join(', ');

const summary = (r) =>
  `${Math.round(r.requests.total / r.duration).toLocaleString('en')} requests/s (${r.requests.total.toLocaleString('en')} in ${r.duration.toFixed(2)} s), ` +
  `latency p50 ${ms(r.latency.p50)}, p99 ${ms(r.latency.p99)}, max ${ms(r.latency.max)}; errors ${r.errors}, timeouts ${r.timeouts}, non-2xx ${r.non2xx} [${statuses(r)}]`;

async function measure(label, databaseUrl) {
  const server = await startServer({ env: { YUNMIAN_TRUST_PROXY: 'true', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) } });
  const base = server.url.replace(/\/$/, '');
  try {
    console.log(`h5 public load on ${label}: built server ${E2E_BUILD.server} (static ${E2E_BUILD.dist}), trust proxy on; ${os.cpus().length} CPUs, load average ${load()}`);
    const token = await login(base);
    const templates = await call(base, token, 'POST', '/event/work/template/list', { currentPage: 1, pageSize: 50, keyword: '' });
    const template = (templates.list ?? templates.records ?? templates.rows).find((t) => t.title === TEMPLATE);
    if (!template) throw new Error(`seeded template ${TEMPLATE} not found`);

    // --- 1. page load -----------------------------------------------------------------------------
    const page = await publishedFormWork(base, token, template.id);
    const pagePath = `/p/${page.id}`;
    const snapshotUrl = `/p/${page.id}/${page.version}.json`;
    const sizes = [];
    for (const [label, url] of [['HTML', pagePath], ['snapshot', snapshotUrl]]) {
      const plain = await fetch(`${base}${url}`, { headers: { 'accept-encoding': 'identity' } });
      const plainBytes = (await plain.arrayBuffer()).byteLength;
      if (plain.status !== 200) throw new Error(`GET ${url}: ${plain.status}`);
      const sent = await new Promise((resolve, reject) => {
        // fetch decodes; count the bytes as sent with a raw request.
        import('node:http').then(({ get }) =>
          get(`${base}${url}`, { headers: PHONE }, (res) => {
            let n = 0;
            res.on('data', (d) => (n += d.length));
            res.on('end', () => resolve(`${(n / 1024).toFixed(1)} KB ${res.headers['content-encoding'] ?? 'plain'}`));
          }).on('error', reject),
        );
      });
      sizes.push(`${label} ${(plainBytes / 1024).toFixed(1)} KB plain, ${sent} as sent to a phone`);
    }
    console.log(`published work ${page.id} v${page.version} (${page.elements} elements): ${sizes.join('; ')}`);

    const idle = probeAdmin(base, token);
    await new Promise((r) => setTimeout(r, 4000));
    console.log(`admin API without load, POST /event/work/list every ${PROBE_EVERY_MS} ms: ${await idle()}`);

    // Warm-up: the snapshot and head caches, the JIT.
    await run({ url: base, connections: 10, duration: 1, requests: [{ path: pagePath, headers: PHONE }, { path: snapshotUrl, headers: PHONE }] });

    console.log(`load 1 starts, load average ${load()}`);
    const busy = probeAdmin(base, token);
    const cpu0 = cpuMs(server.pid);
    const pages = await run({ url: base, connections: PAGE_CONNECTIONS, duration: PAGE_SECONDS, requests: [{ path: pagePath, headers: PHONE }, { path: snapshotUrl, headers: PHONE }] });
    const cpu1 = cpuMs(server.pid);
    const busyFigures = await busy();
    console.log(
      `load 1, published page HTML + snapshot in turn, ${PAGE_CONNECTIONS} keep-alive connections, phone Accept-Encoding: ${summary(pages)} (target ≥ 2,000/s); ` +
        `server CPU ${(cpu1 - cpu0).toFixed(0)} ms = ${((cpu1 - cpu0) / pages.requests.total).toFixed(2)} ms a request; load average ${load()}`,
    );
    console.log(`admin API during load 1, POST /event/work/list every ${PROBE_EVERY_MS} ms: ${busyFigures}`);

    const cpu2 = cpuMs(server.pid);
    const plain = await run({ url: base, connections: PAGE_CONNECTIONS, duration: PLAIN_SECONDS, requests: [{ path: pagePath }, { path: snapshotUrl }] });
    const cpu3 = cpuMs(server.pid);
    console.log(`load 1 without Accept-Encoding (nothing compressed), ${PLAIN_SECONDS} s: ${summary(plain)}; server CPU ${((cpu3 - cpu2) / plain.requests.total).toFixed(2)} ms a request`);

    // --- 2a. one address, one work ------------------------------------------------------------------
    const flooded = await publishedFormWork(base, token, template.id);
    const submission = (work) => ({ method: 'POST', path: `/p/${work.id}/form`, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ submissionId: ulid(), version: work.version, fields: work.fields }) });
    let retryAfter = null;
    const flood = await run({
      url: base,
      connections: 10,
      amount: FLOOD,
      requests: [
        {
          setupRequest: () => submission(flooded),
          onResponse: (status, _body, _ctx, headers) => {
            if (status === 429 && retryAfter === null) retryAfter = headers['retry-after'];
          },
        },
      ],
    });
    const accepted = flood.statusCodeStats?.['200']?.count ?? 0;
    console.log(
      `load 2a, form submissions from one address to one work, ${FLOOD} on 10 connections: ${accepted} accepted (limit 10 a minute per address and work), ` +
        `${flood.statusCodeStats?.['429']?.count ?? 0} refused with 429 (Retry-After ${retryAfter} s): ${summary(flood)}`,
    );
    const other = await fetch(`${base}/p/${flooded.id}/form`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' }, body: submission(flooded).body });
    const more = await run({ url: base, connections: 10, amount: 200, requests: [{ setupRequest: () => submission(flooded) }] });
    const otherAfter = await fetch(`${base}/p/${flooded.id}/form`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.8' }, body: submission(flooded).body });
    console.log(
      `  another address after those ${FLOOD} attempts: ${other.status}; after ${FLOOD + more.requests.total} attempts from the one address ` +
        `(only attempts the address's window lets through count in the work's window of 600): ${otherAfter.status}${otherAfter.status === 429 ? ' — one address can close a work\'s form to everyone for the rest of the minute' : ''}`,
    );

    // --- 2b. many addresses (X-Forwarded-For), several works ---------------------------------------
    const works = [];
    for (let i = 0; i < FORM_WORKS; i++) works.push(await publishedFormWork(base, token, template.id));
    let next = 0;
    function spread(i) {
      const work = works[i % works.length];
      const req = submission(work);
      req.headers = { ...req.headers, 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` };
      return req;
    }
    await run({ url: base, connections: 5, amount: 50, requests: [{ setupRequest: () => spread(next++) }] }); // warm-up
    console.log(`load 2b starts, load average ${load()}`);
    const formBusy = probeAdmin(base, token);
    const cpu4 = cpuMs(server.pid);
    const forms = await run({ url: base, connections: FORM_CONNECTIONS, duration: FORM_SECONDS, requests: [{ setupRequest: () => spread(next++) }] });
    const cpu5 = cpuMs(server.pid);
    const formBusyFigures = await formBusy();
    const ok = forms.statusCodeStats?.['200']?.count ?? 0;
    console.log(
      `load 2b, form submissions each from its own X-Forwarded-For address over ${FORM_WORKS} works (600 a minute each), ${FORM_CONNECTIONS} connections: ` +
        `${Math.round(ok / forms.duration)} accepted/s (${ok} stored); ${summary(forms)}; server CPU ${((cpu5 - cpu4) / forms.requests.total).toFixed(2)} ms a submission; load average ${load()}`,
    );
    if (forms.non2xx) console.log(`  ${forms.non2xx} refused: the works' windows of 600 filled, so the server could take more than the figure above`);
    console.log(`admin API during load 2b, POST /event/work/list every ${PROBE_EVERY_MS} ms: ${formBusyFigures}`);
    const stored = await call(base, token, 'POST', `/event/work/form/list/${works[0].id}`, { currentPage: 1, pageSize: 20, keyword: '' });
    console.log(`  the data centre of one of the ${FORM_WORKS} works lists ${stored.total} submissions`);
  } finally {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

await measure('PGlite', null);
if (process.env.DATABASE_URL) {
  const { default: pg } = await import('pg');
  const { randomBytes } = await import('node:crypto');
  const name = `yunmian_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(process.env.DATABASE_URL);
  target.pathname = `/${name}`;
  try {
    await measure('PostgreSQL', target.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
