import type { Work } from '@/contracts/h5';
import { ApiError, NetworkError } from '@/lib/errors';
import type { UserDb } from '@/lib/sync/user-db';

/**
 * For the h5 module's unit tests: a signed-in user's queue without the browser parts of the engine,
 * and a fake page-builder server behind `request` (works by id, versions, If-Match, 409 with the
 * current work). Use with
 * `vi.mock('@/lib/sync/engine', () => import('./test-support').then((m) => m.engineMock()))` and
 * `vi.mock('@/lib/http', () => import('./test-support').then((m) => m.httpMock()))`.
 */
export interface Call {
  method: string;
  /** As sent: path and query (the signature). */
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

export const fake = {
  db: null as UserDb | null,
  online: true,
  works: new Map<string, Work>(),
  calls: [] as Call[],
  /** Answers wait for this while set (a slow server: what happens while a write is on its way). */
  gate: null as Promise<void> | null,
  /** Network failure after the server applied the write (the answer is lost). */
  loseAnswer: false,
};

export function resetFake() {
  Object.assign(fake, { db: null, online: true, gate: null, loseAnswer: false });
  fake.works.clear();
  fake.calls.length = 0;
  answered.clear();
}

export async function engineMock() {
  const { enqueue } = await import('@/lib/sync/outbox');
  return {
    syncStatus: { active: true },
    currentUserDb: () => fake.db,
    kickSync: () => undefined,
    requestBackgroundSync: async () => undefined,
    queueWrite: (input: never, local?: (d: UserDb) => unknown, tables?: (d: UserDb) => never[]) => enqueue(fake.db!, input, () => local?.(fake.db!), tables?.(fake.db!) ?? []),
  };
}

const pathOf = (url: string) => url.split('?')[0]!;

function answer(method: string, url: string, body: unknown, headers: Record<string, string>): unknown {
  const path = pathOf(url);
  const now = new Date().toISOString();
  if (method === 'POST' && path === '/event/work') {
    const b = body as Partial<Work> & { id: string };
    const existing = fake.works.get(b.id);
    if (existing) return existing;
    const work = { ...(b as Work), title: b.title || '标题', version: 1, is_publish: false, is_template: false, creatorUserId: 'u1', created_time: now, updated_time: now };
    fake.works.set(b.id, work);
    return work;
  }
  if (method === 'POST' && path === '/event/work/update') {
    const b = body as Work;
    const cur = fake.works.get(b.id);
    if (!cur) throw new ApiError(404, '作品不存在或已删除');
    if (Number(headers['If-Match']) !== cur.version) throw new ApiError(409, '作品已在别处修改', cur);
    const next = { ...cur, ...b, version: cur.version + 1, updated_time: now };
    fake.works.set(b.id, next);
    return next;
  }
  if (method === 'POST' && path === '/event/work/invalid') {
    fake.works.delete((body as { id: string }).id);
    return null;
  }
  if (method === 'GET' && path.startsWith('/event/work/')) {
    const w = fake.works.get(path.slice('/event/work/'.length));
    if (!w) throw new ApiError(404, '作品不存在或已删除');
    return w;
  }
  if (method === 'POST' && path === '/event/work/list') {
    const list = [...fake.works.values()].map(({ pages, datasources: _d, ...rest }) => ({ ...rest, pageCount: pages.length, firstPage: pages[0] ?? null }));
    return { list, pagination: { currentPage: 1, pageSize: 20, total: list.length } };
  }
  throw new ApiError(404, `no route ${method} ${path}`);
}

const answered = new Map<string, unknown>();

export function httpMock() {
  return {
    request: async (method: string, url: string, body: unknown, opts: { headers?: Record<string, string> } = {}) => {
      if (!fake.online) throw new NetworkError('offline');
      const headers = opts.headers ?? {};
      fake.calls.push({ method, url, body: structuredClone(body), headers });
      if (fake.gate) await fake.gate;
      // Idempotency-Key: a repeat gets the first answer, the effect happens once.
      const key = headers['Idempotency-Key'];
      const data = key && answered.has(key) ? answered.get(key) : answer(method, url, body, headers);
      if (key) answered.set(key, data);
      if (fake.loseAnswer) throw new NetworkError('answer lost');
      return structuredClone(data);
    },
  };
}

/** Someone else saves the work on the server (a second device). */
export function changeElsewhere(id: string, title: string) {
  const cur = fake.works.get(id)!;
  fake.works.set(id, { ...cur, title, version: cur.version + 1 });
}

/** A fresh user database with the h5 tables, the kinds registered (as the session service does). */
export async function openTestDb(name: string): Promise<UserDb> {
  const [{ UserDb }, { registerSyncKinds }, { h5SyncKinds }, { h5Tables }] = await Promise.all([import('@/lib/sync/user-db'), import('@/lib/sync/kinds'), import('./kinds'), import('./table')]);
  registerSyncKinds(h5SyncKinds);
  const db = new UserDb(`${name}-${Math.random()}`, [h5Tables]);
  await db.open();
  return db;
}

/** Replays the queue to the fake server until nothing more goes (as the leader tab does). */
export async function replay(db: UserDb) {
  const { Replayer } = await import('@/lib/sync/outbox');
  // Every h5 kind sends itself (signed); the queue's own sender is never used.
  await new Replayer(db, async () => ({ ok: false, code: 500, message: 'unsigned send' })).drain(true);
}
