import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../test/helper';
import { runUpkeep, upkeepDue } from './db-maintenance';

describe('what autovacuum would do', () => {
  const t = (over: Partial<Parameters<typeof upkeepDue>[0][number]>) => ({ relname: 'x', n_live_tup: 10_000, n_dead_tup: 0, n_ins_since_vacuum: 0, n_mod_since_analyze: 0, ...over });
  it('vacuums a table with many dead rows or many rows inserted since its last vacuum', () => {
    expect(upkeepDue([t({ n_dead_tup: 2_051 })])).toEqual([{ table: 'x', action: 'vacuum' }]);
    expect(upkeepDue([t({ n_ins_since_vacuum: 3_001 })])).toEqual([{ table: 'x', action: 'vacuum' }]);
  });
  it('analyzes a table with many changes since its last analyze, and leaves a quiet one alone', () => {
    expect(upkeepDue([t({ n_mod_since_analyze: 1_051 })])).toEqual([{ table: 'x', action: 'analyze' }]);
    expect(upkeepDue([t({ n_dead_tup: 2_000, n_ins_since_vacuum: 3_000, n_mod_since_analyze: 1_000 })])).toEqual([]);
  });
});

describe('database upkeep', () => {
  let d: TestDatabase;
  beforeAll(async () => {
    d = await createTestDatabase();
  });
  afterAll(async () => {
    await d?.close();
  });

  it('vacuums a table that received many rows, which lets a count read the index alone, and then has nothing left to do', async () => {
    await d.db.execute(sql`create table upkeep_probe (id int primary key, v text)`);
    await d.db.execute(sql`insert into upkeep_probe select g, repeat('x', 200) from generate_series(1, 20000) g`);
    // On PostgreSQL another pooled connection may hold the insert's counters for up to a second.
    let first = await runUpkeep(d.db);
    for (let i = 0; i < 5 && !first.some((u) => u.table === 'upkeep_probe'); i++) {
      await new Promise((r) => setTimeout(r, 1_100));
      first = await runUpkeep(d.db);
    }
    expect(first).toContainEqual({ table: 'upkeep_probe', action: 'vacuum' });
    const rows = await d.db.execute(sql`select relallvisible, relpages from pg_class where relname = 'upkeep_probe'`);
    const [c] = ((rows as { rows?: unknown[] }).rows ?? rows) as { relallvisible: number; relpages: number }[];
    expect(c!.relpages).toBeGreaterThan(0);
    expect(c!.relallvisible).toBe(c!.relpages);
    expect((await runUpkeep(d.db)).find((u) => u.table === 'upkeep_probe')).toBeUndefined();
  });
});
