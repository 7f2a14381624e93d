import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isPglite, type Db } from '../db/client';

/** How often the tables' counters are looked at, and the first look after start. */
export const MAINTENANCE_EVERY_MS = 5 * 60_000;
const FIRST_LOOK_MS = 60_000;

/** A table's counters as pg_stat_user_tables keeps them. */
export interface TableStats {
  relname: string;
  n_live_tup: number;
  n_dead_tup: number;
  n_ins_since_vacuum: number;
  n_mod_since_analyze: number;
}

export type Upkeep = { table: string; action: 'vacuum' | 'analyze' };

/**
 * What autovacuum would do now, with its default settings (PostgreSQL 13+): VACUUM (ANALYZE) a
 * table with more dead rows than 50 + 20 % of the live ones, or more rows inserted since its last
 * vacuum than 1,000 + 20 %; ANALYZE one with more rows changed since its last analyze than 50 + 10 %.
 */
export function upkeepDue(tables: readonly TableStats[]): Upkeep[] {
  const due: Upkeep[] = [];
  for (const t of tables) {
    const live = Number(t.n_live_tup);
    if (Number(t.n_dead_tup) > 50 + 0.2 * live || Number(t.n_ins_since_vacuum) > 1000 + 0.2 * live) due.push({ table: t.relname, action: 'vacuum' });
    else if (Number(t.n_mod_since_analyze) > 50 + 0.1 * live) due.push({ table: t.relname, action: 'analyze' });
  }
  return due;
}

const rowsOf = <T>(res: unknown): T[] => ((res as { rows?: T[] }).rows ?? (res as T[]));

/** Whether this database vacuums itself: PostgreSQL with autovacuum on does, PGlite has no autovacuum. */
export async function needsOwnUpkeep(db: Db): Promise<boolean> {
  if (isPglite(db)) return true;
  const [row] = rowsOf<{ on: string }>(await db.execute(sql`select current_setting('autovacuum') as on`));
  return row?.on !== 'on';
}

/** VACUUM (ANALYZE) / ANALYZE the tables of the current schema that are due; what was done. */
export async function runUpkeep(db: Db): Promise<Upkeep[]> {
  // The counters reach pg_stat_user_tables at most once a second, at the end of a statement.
  await db.execute(sql`select pg_stat_force_next_flush()`).catch(() => undefined);
  const stats = rowsOf<TableStats>(
    await db.execute(sql`
      select relname, n_live_tup, n_dead_tup, n_ins_since_vacuum, n_mod_since_analyze
      from pg_stat_user_tables where schemaname = current_schema()`),
  );
  const due = upkeepDue(stats);
  for (const u of due) {
    const table = sql.identifier(u.table);
    await db.execute(u.action === 'vacuum' ? sql`vacuum (analyze) ${table}` : sql`analyze ${table}`);
  }
  return due;
}

/**
 * The upkeep autovacuum does, for a database without it (the embedded PGlite, or a PostgreSQL with
 * autovacuum off). Without it a table's visibility map stays empty, so counting a model's 100,000
 * records reads every row instead of an index alone (the lists' totals, online development), and
 * the planner works on statistics taken before the rows came. Every MAINTENANCE_EVERY_MS, in the
 * background; on a busy PGlite a vacuum waits its turn with the requests (one connection).
 */
export function registerDbMaintenance(app: FastifyInstance, rootDb: Db) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;
  const look = async () => {
    timer = null;
    try {
      const done = await runUpkeep(rootDb);
      if (done.length) app.log.info({ upkeep: done }, 'database upkeep');
    } catch (err) {
      app.log.warn({ err }, 'database upkeep failed');
    }
    if (!closed) schedule(MAINTENANCE_EVERY_MS);
  };
  const schedule = (ms: number) => {
    timer = setTimeout(() => void look(), ms);
    timer.unref();
  };
  app.addHook('onReady', async () => {
    if (await needsOwnUpkeep(rootDb)) schedule(FIRST_LOOK_MS);
  });
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearTimeout(timer);
  });
}
