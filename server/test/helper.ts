import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { openDatabase, type Database, type Db } from '../db/client';
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
  close(): Promise<void>;
}

/**
 * A fresh, empty, migrated database: in-memory PGlite, or a new uniquely named database on the
 * server in DATABASE_URL (dropped again by close()).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { db: database.db, kind: database.kind, close: () => database.close() };
  }
  const name = `yunmian_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString() });
  return {
    db: database.db,
    kind: database.kind,
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  adminPassword: string;
  close(): Promise<void>;
}

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  try {
    if (opts.seed !== false) {
      await seed(database.db, { adminPassword: ADMIN_PASSWORD, demoData: opts.demoData ?? true });
    }
    const app = await buildApp(
      { tokenTtlMs: opts.tokenTtlMs ?? 3600_000, staticDir: null, trustProxy: false, logLevel: 'silent' },
      database.db,
    );
    await app.ready();
    return {
      app,
      db: database.db,
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
