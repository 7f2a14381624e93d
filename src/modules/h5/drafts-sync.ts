import type { Work } from '@/contracts/h5';
import { currentUserDb } from '@/lib/sync/engine';
import type { SendResult } from '@/lib/sync/outbox';
import type { OutboxEntry, UserDb } from '@/lib/sync/user-db';
import { sendSigned } from './api';
import { entriesOf, serverRow, unsent } from './drafts';
import { H5_KINDS, h5WorksOf, workIdOfEntity } from './table';

/**
 * What the sync queue does with the h5 writes (the kinds in kinds.ts load this on first use):
 * send them signed, keep the server's answer, take the server's copy after a conflict, bring a
 * refused delete back.
 */

const isWork = (v: unknown): v is Work => !!v && typeof v === 'object' && typeof (v as Work).id === 'string' && typeof (v as Work).version === 'number' && Array.isArray((v as Work).pages);

/** The answer `sendQueued` gives for a write replaced before it left (nothing was sent). */
interface Skipped {
  skipped: true;
  version?: number;
}
const isSkipped = (v: unknown): v is Skipped => !!v && typeof v === 'object' && (v as Skipped).skipped === true;

/** The work's version after a queued write: from the server's answer (a create's too). */
export function versionAfterWrite(data: unknown): number | undefined {
  const v = (data as { version?: unknown } | null)?.version;
  return typeof v === 'number' ? v : undefined;
}

/**
 * Sends a queued write of a work, signed now. First, in one transaction, the work is marked as
 * being sent by this write (so a newer save queued meanwhile follows it instead of replacing it)
 * and the write is read again: a save replaced, or a create given a newer draft, since the queue
 * picked it up goes as it is now; one no longer queued is not sent at all.
 */
export async function sendQueued(entry: OutboxEntry): Promise<SendResult> {
  const db = currentUserDb();
  let toSend = entry;
  if (db) {
    const id = workIdOfEntity(entry.entity);
    const stored = await db.transaction('rw', [db.outbox, h5WorksOf(db)], async () => {
      const s = await db.outbox.get(entry.id);
      if (s) await h5WorksOf(db).update(id, { sending: entry.id });
      return s;
    });
    if (!stored) return { ok: true, data: { skipped: true, version: entry.baseVersion } satisfies Skipped };
    toSend = { ...stored, baseVersion: entry.baseVersion };
  }
  return sendSigned(toSend);
}

/**
 * The server accepted a write of a work. A delete: the row goes. A create or save: the server's
 * version is kept; when no later write of the work waits and nothing was edited since this one was
 * queued, the server's copy becomes the row (no local changes left). Earlier writes still in the
 * outbox were accepted already (a lane sends in order), so only later ones count.
 */
export async function workApplied(entry: OutboxEntry, data: unknown, db: UserDb): Promise<void> {
  if (isSkipped(data)) return;
  const id = workIdOfEntity(entry.entity);
  const table = h5WorksOf(db);
  if (entry.kind === H5_KINDS.delete) {
    await table.delete(id);
    return;
  }
  if (!isWork(data)) return;
  await db.transaction('rw', [table, db.outbox], async () => {
    const row = await table.get(id);
    if (!row || row.deleted) return;
    const later = (await entriesOf(db, id)).some((e) => e.seq > entry.seq && e.state !== 'dead');
    if (!later && row.rev === row.queuedRev) await table.put(serverRow(data, row));
    else await table.put({ ...row, serverVersion: data.version });
  });
}

/**
 * After a conflict the user chose the server's copy (keep theirs): it replaces the draft, and the
 * saves of the draft still waiting are dropped with it.
 */
export async function workTakeTheirs(entry: OutboxEntry, server: unknown, db: UserDb): Promise<void> {
  if (!isWork(server)) return;
  const id = workIdOfEntity(entry.entity);
  const table = h5WorksOf(db);
  await db.transaction('rw', [table, db.outbox], async () => {
    const row = await table.get(id);
    const dropped = (await entriesOf(db, id)).filter((e) => e.id !== entry.id && e.kind === H5_KINDS.save && unsent(e, row));
    await db.outbox.bulkDelete(dropped.map((e) => e.id));
    await table.put(serverRow(server, row));
  });
}

/** The server refused a write for good: a refused delete brings the work back to the list. */
export async function workRejected(entry: OutboxEntry, db: UserDb): Promise<void> {
  if (entry.kind !== H5_KINDS.delete) return;
  const id = workIdOfEntity(entry.entity);
  await h5WorksOf(db).update(id, { deleted: false });
}
