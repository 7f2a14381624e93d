import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { migrationsFolder, openDatabase, type Database, type Db } from '../db/client';
import * as schema from '../db/schema';
import { seed } from '../db/seed/index';
import { CLIENT_ID, CLIENT_SCOPE, CLIENT_SECRET, GRANT_TYPE, LOGIN_PLATFORM } from '../../src/contracts/limits';
import { hashPassword } from '../../src/contracts/password';

export const ADMIN_PASSWORD = 'Admin123';

export interface TestAppOptions {
  tokenTtlMs?: number;
  /** Seed the admin and (with demoData) the demo company; default true. */
  seed?: boolean;
  demoData?: boolean;
}

export interface TestDatabase {
  db: Db;
  kind: Database['kind'];
  /** PostgreSQL: the test database's URL (a second `openDatabase` on it is a second connection pool); PGlite: null. */
  url: string | null;
  close(): Promise<void>;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CACHE_DIR = path.join(os.tmpdir(), 'yunmian-test-db');

/**
 * Creating a PGlite database (initdb + migrations + seed) costs seconds per test file; loading a
 * dump of one costs well under one. The dump is keyed by everything that shapes the data (schema,
 * migrations, seed, the modules' seed steps and list, server/lib, contracts, PGlite version), so
 * any change to those rebuilds it. Set YUNMIAN_TEST_DB_CACHE=0 to always build from scratch.
 */
function snapshotFile(variant: string): string {
  const h = createHash('sha256').update(variant);
  const walk = (dir: string, keep: (name: string) => boolean) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p, keep);
      else if ((keep(e.name) || path.basename(dir) === 'seed') && !e.name.endsWith('.test.ts')) h.update(path.relative(ROOT, p)).update(fs.readFileSync(p));
    }
  };
  for (const dir of ['server/db', 'server/lib', 'src/contracts']) walk(path.join(ROOT, dir), (name) => /\.(ts|sql|json)$/.test(name));
  // A module's data migrations live in its seed.ts (and files in its seed/ folder) and are declared in its module.ts.
  walk(path.join(ROOT, 'server/modules'), (name) => ['seed.ts', 'module.ts', 'index.ts'].includes(name));
  h.update(fs.readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json')));
  return path.join(CACHE_DIR, `${variant}-${h.digest('hex').slice(0, 20)}.tar`);
}

async function openPglite(variant: string, prepare: (db: Db) => Promise<void>): Promise<TestDatabase> {
  const useCache = process.env.YUNMIAN_TEST_DB_CACHE !== '0';
  const file = useCache ? snapshotFile(variant) : '';
  if (useCache && fs.existsSync(file)) {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const client = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(file)]) });
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'pglite', url: null, close: () => client.close() };
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await prepare(database.db);
  } catch (e) {
    await database.close();
    throw e;
  }
  if (useCache) {
    const client = (database.db as unknown as { $client: import('@electric-sql/pglite').PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    fs.mkdirSync(CACHE_DIR, { recursive: true });
    // Drop dumps of older sources for this variant, then publish atomically (workers race here).
    for (const old of fs.readdirSync(CACHE_DIR)) {
      if (old.startsWith(`${variant}-`) && old.endsWith('.tar') && path.join(CACHE_DIR, old) !== file) {
        fs.rmSync(path.join(CACHE_DIR, old), { force: true });
      }
    }
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(tmp, file);
  }
  return { db: database.db, kind: database.kind, url: null, close: () => database.close() };
}

async function createPgDatabase(url: string, template?: string): Promise<TestDatabase> {
  const name = `yunmian_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  const drop = async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await c.end();
    }
  };
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: target.toString() });
  } catch (e) {
    await drop();
    throw e;
  }
  return {
    db: database.db,
    kind: database.kind,
    url: target.toString(),
    async close() {
      await database.close();
      await drop();
    },
  };
}

/**
 * PostgreSQL's counterpart of the PGlite dump: the migrated (and seeded) database is made once, as
 * `yunmian_tpl_<variant>_<hash of the sources>`, and each test file's database is a copy of it
 * (CREATE DATABASE … TEMPLATE: a file copy, well under a second, against seconds of migrations and
 * seed). Workers take an advisory lock to build it once; templates of older sources are dropped.
 * YUNMIAN_TEST_DB_CACHE=0 builds every database from scratch.
 */
async function pgTemplate(url: string, variant: string, prepare: (db: Db) => Promise<void>): Promise<string> {
  const hash = path.basename(snapshotFile(variant), '.tar').slice(variant.length + 1);
  const name = `yunmian_tpl_${variant}_${hash}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', ['yunmian_test_templates']);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!found.rowCount) {
      const buildingName = `yunmian_b_${randomBytes(6).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${buildingName}`);
      const target = new URL(url);
      target.pathname = `/${buildingName}`;
      try {
        const building = await openDatabase({ databaseUrl: target.toString() });
        try {
          await prepare(building.db);
        } finally {
          await building.close();
        }
      } catch (e) {
        await admin.query(`DROP DATABASE IF EXISTS ${buildingName} WITH (FORCE)`);
        throw e;
      }
      await admin.query(`ALTER DATABASE ${buildingName} RENAME TO ${name}`);
      const old = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1 AND datname <> $2', [`yunmian_tpl_${variant}_%`, name]);
      for (const row of old.rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', ['yunmian_test_templates']).catch(() => undefined);
    await admin.end();
  }
  return name;
}

async function pgFromTemplate(url: string, variant: string, prepare: (db: Db) => Promise<void>): Promise<TestDatabase> {
  if (process.env.YUNMIAN_TEST_DB_CACHE === '0') {
    const database = await createPgDatabase(url);
    try {
      await prepare(database.db);
    } catch (e) {
      await database.close();
      throw e;
    }
    return database;
  }
  return createPgDatabase(url, await pgTemplate(url, variant, prepare));
}

/**
 * A fresh, migrated database without data: in-memory PGlite, or a new uniquely named database on
 * the server in DATABASE_URL (dropped again by close()).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (url) return pgFromTemplate(url, 'empty', async () => {});
  return openPglite('empty', async () => {});
}

/** A fresh database seeded like a first start with YUNMIAN_ADMIN_PASSWORD=Admin123. */
async function createSeededDatabase(demoData: boolean): Promise<TestDatabase> {
  const prepare = async (db: Db) => {
    await seed(db, { adminPassword: ADMIN_PASSWORD, demoData });
  };
  const url = process.env.DATABASE_URL;
  const variant = demoData ? 'demo' : 'admin';
  return url ? pgFromTemplate(url, variant, prepare) : openPglite(variant, prepare);
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** The database behind `db` (its URL on PostgreSQL, for a second app on its own pool). */
  database: TestDatabase;
  adminPassword: string;
  close(): Promise<void>;
}

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const database = opts.seed === false ? await createTestDatabase() : await createSeededDatabase(opts.demoData ?? true);
  try {
    const app = await buildApp(
      { tokenTtlMs: opts.tokenTtlMs ?? 3600_000, staticDir: null, trustProxy: false, logLevel: 'silent' },
      database.db,
    );
    await app.ready();
    return {
      app,
      db: database.db,
      database,
      adminPassword: ADMIN_PASSWORD,
      async close() {
        await app.close();
        await database.close();
      },
    };
  } catch (e) {
    await database.close();
    throw e;
  }
}

/**
 * Another server instance on the database of `t`, as a second process would run it: on PostgreSQL
 * with its own connection pool (and listening connection), on PGlite on the same database object.
 */
export async function createPeerApp(t: TestApp, opts: Pick<TestAppOptions, 'tokenTtlMs'> = {}): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const own = t.database.url ? await openDatabase({ databaseUrl: t.database.url }) : null;
  try {
    const app = await buildApp(
      { tokenTtlMs: opts.tokenTtlMs ?? 3600_000, staticDir: null, trustProxy: false, logLevel: 'silent' },
      own ? own.db : t.db,
    );
    await app.ready();
    return {
      app,
      async close() {
        await app.close();
        await own?.close();
      },
    };
  } catch (e) {
    await own?.close();
    throw e;
  }
}

export const loginUrl = (secret: string = CLIENT_SECRET) =>
  `/Permission/Login/login?client_id=${CLIENT_ID}&client_secret=${encodeURIComponent(secret)}&scope=${CLIENT_SCOPE}&grant_type=${GRANT_TYPE}`;

export interface Envelope<T = any> {
  code: number;
  msg: string;
  data: T;
}

export interface LoginExtra {
  /** Client address seen by the server (default 127.0.0.1). */
  remoteAddress?: string;
  headers?: Record<string, string>;
  /** Query string secret; default the real one. */
  secret?: string;
}

/** Signs in as the client does: wire password is hashPassword(plain). Returns the parsed envelope plus status. */
export async function login(
  app: FastifyInstance,
  account: string,
  password: string,
  extra: LoginExtra = {},
): Promise<Envelope<{ token: string; theme: string }> & { status: number }> {
  const res = await app.inject({
    method: 'POST',
    url: loginUrl(extra.secret),
    payload: { account, password: hashPassword(password), platform: LOGIN_PLATFORM },
    headers: extra.headers,
    remoteAddress: extra.remoteAddress,
  });
  return { ...(res.json() as Envelope<{ token: string; theme: string }>), status: res.statusCode };
}

/** Signs in and returns the token, failing loudly if sign-in did not succeed. */
export async function tokenFor(app: FastifyInstance, account: string, password = ADMIN_PASSWORD, extra?: LoginExtra) {
  const res = await login(app, account, password, extra);
  if (res.code !== 200) throw new Error(`login ${account} failed: ${res.status} ${res.msg}`);
  return res.data.token;
}

export const authed = (token: string) => ({ authorization: `Bearer ${token}` });

/** inject() and parse the envelope; status is the HTTP status. */
export async function call<T = any>(
  app: FastifyInstance,
  opts: InjectOptions,
): Promise<Envelope<T> & { status: number }> {
  const res = await app.inject(opts);
  return { ...(res.json() as Envelope<T>), status: res.statusCode };
}
