import { t } from '@lingui/core/macro';
import type { Work } from '@/contracts/h5';
import { currentUserDb, kickSync } from '@/lib/sync/engine';
import { keepMine, keepTheirs } from '@/lib/sync/outbox';
import type { OutboxEntry, UserDb } from '@/lib/sync/user-db';
import { createWork } from './drafts';
import { H5_KINDS, h5WorksOf, workEntity } from './table';

/**
 * A stale save (the work was changed elsewhere: 409 with the server's current work) waits in the
 * queue in state conflict, with the server's copy on the entry. The user chooses: keep mine (send
 * my draft on top of their version), keep theirs (their copy replaces my draft), or save mine as a
 * copy (a new work from my draft, and theirs for the original).
 */

export interface WorkConflict {
  entry: OutboxEntry;
  /** The server's current work. */
  theirs: Work;
}

/** The work's save waiting in conflict, or null. */
export async function findConflict(db: UserDb, workId: string): Promise<WorkConflict | null> {
  const entry = await db.outbox
    .where('entity')
    .equals(workEntity(workId))
    .filter((e) => e.state === 'conflict' && e.kind === H5_KINDS.save)
    .first();
  const theirs = entry?.server as Work | undefined;
  return entry && theirs && typeof theirs === 'object' && Array.isArray(theirs.pages) ? { entry, theirs } : null;
}

/** Ids of the works with a save waiting in conflict (the works list marks them). */
export async function conflictedWorkIds(db: UserDb): Promise<Set<string>> {
  const entries = await db.outbox.where('state').equals('conflict').toArray();
  return new Set(entries.filter((e) => e.kind === H5_KINDS.save).map((e) => e.entity.slice(workEntity('').length)));
}

function requireDb(): UserDb {
  const db = currentUserDb();
  if (!db) throw new Error('no signed-in user');
  return db;
}

/** Keep mine: my draft is sent again on top of the server's version. */
export async function keepMyWork(workId: string): Promise<boolean> {
  const db = requireDb();
  const c = await findConflict(db, workId);
  if (!c) return false;
  await keepMine(db, c.entry.id);
  kickSync();
  return true;
}

/** Keep theirs: the server's copy replaces my draft here; resolves to it (the editor reloads it). */
export async function keepTheirWork(workId: string): Promise<Work | null> {
  const db = requireDb();
  const c = await findConflict(db, workId);
  if (!c) return null;
  await keepTheirs(db, c.entry.id);
  return (await h5WorksOf(db).get(workId))?.work ?? c.theirs;
}

/** The title of a copy of a work: `<title> (副本)`. */
export const copyTitle = (title: string) => t`${title} (副本)`;

/**
 * Save mine as a copy: a new work (new id) from my draft titled `<title> (副本)`, and the server's
 * copy for the original. Resolves to both (null when the conflict was resolved meanwhile).
 */
export async function saveMineAsCopy(workId: string): Promise<{ copy: Work; theirs: Work } | null> {
  const db = requireDb();
  const c = await findConflict(db, workId);
  const mine = (await h5WorksOf(db).get(workId))?.work;
  if (!c || !mine) return null;
  const { id: _id, version: _v, is_publish: _p, is_template: _t, creatorUserId: _c, created_time: _ct, updated_time: _ut, ...content } = mine;
  const copy = await createWork({ ...content, title: copyTitle(mine.title || c.theirs.title) }, { quiet: true });
  const theirs = (await keepTheirWork(workId)) ?? c.theirs;
  return { copy, theirs };
}
