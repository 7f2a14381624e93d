import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDb as UserDbType } from '@/lib/sync/user-db';

// The signed-in user's menu: one published model (type 3) and a page of another module.
vi.mock('@/modules/auth/public', () => ({
  session: {
    routes: [
      { menuId: '1', name: 'store-check', path: '/onlineDev/storeCheck', title: '门店巡检', icon: '', type: 3, view: 'model', urlAddress: '/onlineDev/storeCheck', moduleId: 'M1' },
      { menuId: '2', name: 'system-user', path: '/system/user', title: '用户管理', icon: '', type: 2, view: 'page', urlAddress: 'system/user' },
    ],
  },
}));
// The queue of a signed-in user, without the browser parts of the engine.
let db: UserDbType;
vi.mock('@/lib/sync/engine', () => ({ syncStatus: { active: true }, currentUserDb: () => db }));
// The server: a model's Config and its list, as the warm-up asks them.
const CONFIG_URL = '/api/craft/api/visualdev/OnlineDev/M1/Config';
const LIST_URL = '/api/craft/api/visualdev/OnlineDev/M1/List';
const config = { id: 'M1', form: { fields: [] }, list: { columns: [], pageSize: 20 } };
const sent: { url: string; query: unknown }[] = [];
vi.mock('@/lib/http', async () => {
  const { NetworkError } = await import('@/lib/errors');
  return {
    request: vi.fn(async (_method: string, url: string, query: unknown) => {
      sent.push({ url, query });
      if (url === LIST_URL) return { list: [], pagination: { total: 0 } };
      throw new NetworkError('offline');
    }),
    conditionalGet: vi.fn(async (url: string) => {
      sent.push({ url, query: undefined });
      if (url === CONFIG_URL) return { notModified: false, data: config, etag: null };
      throw new NetworkError('offline');
    }),
  };
});

const { onlineDevModule } = await import('./module');
const { UserDb } = await import('@/lib/sync/user-db');
const { onlineDevTables } = await import('./table');

beforeEach(async () => {
  sent.length = 0;
  db = new UserDb(`online-dev-${Math.random()}`, [onlineDevTables]);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

describe('what loads with the session (module.ts)', () => {
  it('declares each record write with its sync-panel label and the very methods of its code (records.ts), loaded when the queue needs it', async () => {
    const declared = onlineDevModule.syncKinds!;
    const { recordKinds } = await import('./background');
    expect(Object.keys(declared).sort()).toEqual(Object.keys(recordKinds).sort());
    // The queue tells a kind with send (or applied…) from one without: the same methods, no more, no fewer.
    for (const [name, real] of Object.entries(recordKinds)) expect(Object.keys(declared[name]!).sort(), name).toEqual(Object.keys(real).sort());
    const entry = (body: unknown) => ({ request: { method: 'POST', url: '/x', body } }) as never;
    expect(declared['onlineDev.create']!.label(entry({ modelName: '门店巡检', title: '西湖店' }))).toBe('门店巡检「西湖店」新建');
    expect(declared['onlineDev.delete']!.label(entry({}))).toBe('表单记录删除');
    for (const data of [{ version: 3 }, { version: '3' }, null]) {
      expect(declared['onlineDev.update']!.versionAfter!(entry({}), data)).toBe(recordKinds['onlineDev.update']!.versionAfter!(entry({}), data));
      expect(declared['onlineDev.update']!.versionOf!(data)).toBe(recordKinds['onlineDev.update']!.versionOf!(data));
    }
  });

  it('warms each model the menu grants, its Config first and then its list’s first page as the page asks it', async () => {
    const { planWarmUp, runWarmUp } = await import('@/lib/sync/warm');
    const entries = onlineDevModule.warm!();
    expect(entries.map((e) => e.pages)).toEqual([['onlineDev/storeCheck']]);
    const targets = planWarmUp(entries, new Set(['onlineDev/storeCheck']), { online: true, saveData: false });
    expect(targets).toHaveLength(2);
    const result = await runWarmUp(targets, db, { go: () => true, pause: async () => {} });
    expect(result).toMatchObject({ failed: [], stopped: false });
    expect(result.filled).toHaveLength(2);
    expect(sent).toEqual([
      { url: CONFIG_URL, query: undefined },
      { url: LIST_URL, query: { currentPage: 1, pageSize: 20, keyword: '' } },
    ]);
    expect(planWarmUp(entries, new Set(['system/user']), { online: true, saveData: false })).toEqual([]);
  });
});
