import { network } from '../network';
import { loadDexie } from './dexie-lazy';
import type { OutboxEntry, UserDb } from './user-db';

/** What became of a queued write a short while after it was made. */
export type WriteOutcome =
  | { state: 'sent' }
  /** The server refused it (a dead letter), or holds a newer version (a conflict): its message. */
  | { state: 'refused'; conflict: boolean; message: string }
  /** Still on the device: offline, a slow answer, or a sign-in needed first. */
  | { state: 'waiting' };

/**
 * Watches one outbox entry for up to `ms`: gone from the outbox means the server accepted it (the
 * leader tab replays, whichever tab made it); dead or in conflict means refused. Offline it does
 * not wait.
 */
export async function watchOutcome(db: UserDb, entry: Pick<OutboxEntry, 'id'>, ms: number): Promise<WriteOutcome> {
  if (!network.online) return { state: 'waiting' };
  // Loaded already: a write needs the open database.
  const { liveQuery } = await loadDexie();
  return new Promise((resolve) => {
    let done = false;
    const finish = (o: WriteOutcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      // Unsubscribed after the first answer (the subscription may still be in its first call).
      queueMicrotask(() => sub.unsubscribe());
      resolve(o);
    };
    const timer = setTimeout(() => finish({ state: 'waiting' }), ms);
    const sub = liveQuery(async () => ({ row: await db.outbox.get(entry.id), needsAuth: (await db.meta.get('needsAuth'))?.value === true })).subscribe({
      next: ({ row, needsAuth }) => {
        if (!row) finish({ state: 'sent' });
        else if (row.state === 'dead' || row.state === 'conflict') finish({ state: 'refused', conflict: row.state === 'conflict', message: row.lastError?.message ?? '' });
        else if (needsAuth) finish({ state: 'waiting' });
      },
      error: () => finish({ state: 'waiting' }),
    });
  });
}
