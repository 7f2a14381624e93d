// Runs a bench on embedded PGlite (in memory), then on a fresh PostgreSQL database when
// DATABASE_URL is set (created for the run and dropped after it).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';

const { openDatabase } = await tsImport('../../server/db/client.ts', import.meta.url);

/** Calls `measure(label, database)` once per database. */
export async function onEachDatabase(measure) {
  const embedded = await openDatabase({ dataDir: 'memory://' });
  try {
    await measure('PGlite', embedded);
  } finally {
    await embedded.close();
  }
  if (!process.env.DATABASE_URL) return;
  const url = process.env.DATABASE_URL;
  const name = `yunmian_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString() });
  try {
    await measure('PostgreSQL', database);
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
