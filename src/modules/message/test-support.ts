import type { MessagePage } from '@/contracts/message';
import type { UserDb } from '@/lib/sync/user-db';

/**
 * For the message module's unit tests: the queue of a signed-in user without the browser parts of
 * the engine (leader tab, service worker), and a server that is offline unless a test gives the
 * next answer of GET /Message. Use with
 * `vi.mock('@/lib/sync/engine', () => import('./test-support').then((m) => m.engineMock()))` and
 * `vi.mock('@/lib/http', () => import('./test-support').then((m) => m.httpMock()))`.
 */
export const fake = {
  db: null as UserDb | null,
  answer: null as MessagePage | null,
  /** The payloads of the calls made, in order. */
  asked: [] as unknown[],
};

export async function engineMock() {
  const { enqueue } = await import('@/lib/sync/outbox');
  return {
    syncStatus: { active: true },
    currentUserDb: () => fake.db,
    queueWrite: (input: never, local?: (d: UserDb) => unknown, tables?: (d: UserDb) => never[]) => enqueue(fake.db!, input, () => local?.(fake.db!), tables?.(fake.db!) ?? []),
  };
}

export function httpMock() {
  return {
    request: async (_method: string, _url: string, payload: unknown) => {
      fake.asked.push(payload);
      if (!fake.answer) throw new Error('offline');
      return fake.answer;
    },
  };
}

/** A fresh user database with the message module's tables, its kinds registered (as the session service does). */
export async function openTestDb(name: string): Promise<UserDb> {
  const [{ UserDb }, { registerSyncKinds }, { messageModule }] = await Promise.all([import('@/lib/sync/user-db'), import('@/lib/sync/kinds'), import('./module')]);
  registerSyncKinds(messageModule.syncKinds ?? {});
  const db = new UserDb(`${name}-${Math.random()}`, messageModule.tables);
  await db.open();
  return db;
}
