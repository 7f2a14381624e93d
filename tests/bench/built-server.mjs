// What the benches of the built server share: the app (`build/server/main.js`) started in its own
// process as `npm start` runs it (the e2e tests' starter; its data directory goes afterwards), its
// API called over loopback, sign-in, and a run on embedded PGlite then, when DATABASE_URL is set,
// on a PostgreSQL database created for the run and dropped after it.
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';

const { hashPassword } = await tsImport('../../src/contracts/password.ts', import.meta.url);
const { CLIENT_ID, CLIENT_SCOPE, CLIENT_SECRET, GRANT_TYPE } = await tsImport('../../src/contracts/limits.ts', import.meta.url);
const { ADMIN_PASSWORD, startServer } = await tsImport('../e2e/server.ts', import.meta.url);

/** The built server on PGlite (no databaseUrl) or PostgreSQL: `base` without the trailing slash. */
export async function startBenchServer(databaseUrl) {
  const server = await startServer(databaseUrl ? { env: { DATABASE_URL: databaseUrl } } : {});
  return {
    base: server.url.replace(/\/$/, ''),
    port: server.port,
    pid: server.pid,
    stop: () => server.stop().then(() => fs.rmSync(server.dataDir, { recursive: true, force: true })),
  };
}

/** One API call; anything but code 200 throws. Answers `data`. */
export async function call(base, token, method, url, body) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (json.code !== 200) throw new Error(`${method} ${url}: ${json.code} ${json.msg}`);
  return json.data;
}

/** A session token of `account` (the seeded admin and demo staff share the e2e password). */
export const login = (base, account = 'admin') =>
  call(base, null, 'POST', `/Permission/Login/login?client_id=${CLIENT_ID}&client_secret=${CLIENT_SECRET}&scope=${CLIENT_SCOPE}&grant_type=${GRANT_TYPE}`, {
    account,
    password: hashPassword(ADMIN_PASSWORD),
    platform: 'event',
  }).then((d) => d.token);

/** Calls `measure(label, databaseUrl)` on PGlite (null), then on a fresh PostgreSQL database when DATABASE_URL is set. */
export async function onEachServerDatabase(measure) {
  await measure('PGlite', null);
  if (!process.env.DATABASE_URL) return;
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
