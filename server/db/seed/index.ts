import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { dataMigrations, users } from '../schema';
import { seedStepsOf, type SeedStep } from '../../lib/module';
import { serverModules } from '../../modules/index';
import { seedDemo } from './demo';
import { foundationMenus, upsertMenus } from './menus';

/**
 * Data migrations, applied once each, in order: the foundation's menu, then the modules' steps in
 * the order of server/modules/index.ts. A module that adds screens adds a step to its `seeds` that
 * adds its menu entries and grants, so existing databases get them on their next start.
 * (This file imports the module list; modules import only menus.ts and controls.ts of this folder.)
 */
export function dataMigrationSteps(): SeedStep[] {
  return [{ id: '2026-11-20-foundation-menus', run: (db) => upsertMenus(db, foundationMenus) }, ...seedStepsOf(serverModules)];
}

export interface SeedResult {
  /** The generated admin password when this start created the admin and none was configured. */
  generatedPassword: string | null;
  created: boolean;
}

export async function seed(db: Db, opts: { adminPassword?: string; demoData: boolean }): Promise<SeedResult> {
  let result: SeedResult = { generatedPassword: null, created: false };
  const count = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((count[0]?.n ?? 0) === 0) {
    const generated = opts.adminPassword ? null : generatePassword();
    await seedDemo(db, { adminPassword: opts.adminPassword ?? generated!, withStaff: opts.demoData });
    result = { generatedPassword: generated, created: true };
  }
  const done = new Set((await db.select({ id: dataMigrations.id }).from(dataMigrations)).map((r) => r.id));
  for (const step of dataMigrationSteps()) {
    if (done.has(step.id)) continue;
    await db.transaction(async (tx) => {
      await step.run(tx as unknown as Db);
      await tx.insert(dataMigrations).values({ id: step.id });
    });
  }
  return result;
}

/** Letters and digits, both present: satisfies the spec 5.1 password rule. */
function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const bytes = randomBytes(10);
  const letters = Array.from(bytes.subarray(0, 7), (b) => alphabet[b % alphabet.length]).join('');
  const digits = Array.from(bytes.subarray(7), (b) => String(b % 10)).join('');
  return letters + digits;
}
