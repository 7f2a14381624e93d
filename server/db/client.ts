import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** Next to this file in the source tree; next to the bundle in build/server (copied by the build). */
export const migrationsFolder = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')].find((p) => fs.existsSync(p)) ?? path.join(here, 'migrations');

/**
 * Opens PostgreSQL when a URL is given, otherwise embedded PGlite in `dataDir`
 * (`memory://` for an in-memory database, used by tests), and applies the committed migrations.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    /**
     * Queries on one connection go one after another. A transaction holds one connection, and its
     * repos may still start queries together (Promise.all); pg queues those but calls that
     * deprecated (pg 9 drops it), so the client chains them itself.
     */
    class OneAtATimeClient extends pg.Client {
      #tail: Promise<unknown> = Promise.resolve();
      override query(...args: any[]): any {
        const last = args[args.length - 1];
        const base = (...a: unknown[]) => (super.query as (...x: unknown[]) => unknown).apply(this, a);
        // Callback and submittable (cursor, stream) forms keep pg's own handling.
        if (typeof last === 'function' || typeof args[0]?.submit === 'function') return base(...args);
        const run = this.#tail.then(() => base(...args));
        this.#tail = run.then(
          () => undefined,
          () => undefined,
        );
        return run;
      }
    }
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, Client: OneAtATimeClient });
    // An idle connection the server drops (restart, failover, a closing test database) must not
    // crash the process: the pool replaces it on the next query.
    let closing = false;
    pool.on('error', (e) => {
      if (!closing) console.warn(`database connection lost: ${e.message}`);
    });
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      close: () => {
        closing = true;
        return pool.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dir = opts.dataDir ?? 'memory://';
  let dataDir = dir;
  if (!dir.startsWith('memory://')) {
    dataDir = path.join(dir, 'pglite');
    fs.mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create(dataDir);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/** Whether `db` is embedded PGlite (one connection in this process) rather than PostgreSQL. */
export function isPglite(db: Db): boolean {
  const client = (db as unknown as { $client?: { listen?: unknown; dumpDataDir?: unknown } }).$client;
  return typeof client?.dumpDataDir === 'function';
}

export type Unlisten = () => Promise<void>;

/**
 * LISTEN on a channel of the database behind `db` (the root database, not a transaction):
 * PostgreSQL gets a dedicated connection that reconnects with backoff (`onReconnect` is called
 * after a gap, when notifications may have been missed); PGlite delivers its own notifications
 * in-process. Either way a NOTIFY sent inside a transaction arrives only after it commits.
 */
export async function listen(db: Db, channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<Unlisten> {
  const client = (db as unknown as { $client: unknown }).$client as { listen?: unknown; options?: { connectionString?: string } };
  if (typeof client.listen === 'function') {
    const pglite = client as unknown as import('@electric-sql/pglite').PGlite;
    const unsubscribe = await pglite.listen(channel, onPayload);
    return async () => {
      if (!pglite.closed) await unsubscribe();
    };
  }
  const { default: pg } = await import('pg');
  const connectionString = client.options?.connectionString;
  let closed = false;
  let conn: import('pg').Client | null = null;
  let delay = 250;
  const quoted = `"${channel.replace(/"/g, '""')}"`;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString });
    c.on('notification', (n) => n.channel === channel && n.payload !== undefined && onPayload(n.payload));
    c.on('error', () => undefined);
    c.on('end', () => {
      if (closed || conn !== c) return;
      conn = null;
      setTimeout(() => void retry(), delay).unref();
    });
    await c.connect();
    await c.query(`LISTEN ${quoted}`);
    conn = c;
    delay = 250;
  };
  const retry = async () => {
    if (closed) return;
    try {
      await connect();
      onReconnect?.();
    } catch (e) {
      delay = Math.min(delay * 2, 10_000);
      console.warn(`realtime listener: ${(e as Error).message}; retrying in ${delay} ms`);
      setTimeout(() => void retry(), delay).unref();
    }
  };
  await connect();
  return async () => {
    closed = true;
    const c = conn;
    conn = null;
    await c?.end().catch(() => undefined);
  };
}
