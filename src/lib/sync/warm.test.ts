import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fake server: what it answers per URL, and what it was asked (with the fetch priority). */
const answers = new Map<string, unknown>();
const asked: { url: string; query: unknown; priority?: string }[] = [];
vi.mock('@/lib/http', () => ({
  request: vi.fn(async (_m: string, url: string, query: unknown, opts?: { priority?: string; background?: boolean }) => {
    asked.push({ url, query, priority: opts?.background ? `${opts.priority} background` : opts?.priority });
    if (!answers.has(url)) throw new Error('refused');
    const answer = answers.get(url);
    if (answer instanceof Error) throw answer;
    return answer;
  }),
  conditionalGet: vi.fn(async (url: string, _etag: unknown, query: unknown, opts?: { priority?: string; background?: boolean }) => {
    asked.push({ url, query, priority: opts?.background ? `${opts.priority} background` : opts?.priority });
    if (!answers.has(url)) throw new Error('refused');
    const answer = answers.get(url);
    if (answer instanceof Error) throw answer;
    return { notModified: false, data: answers.get(url), etag: '"1"' };
  }),
}));

const { NetworkError } = await import('@/lib/errors');
const { defineDataset } = await import('./dataset');
const { defineRemoteList, readCachedList } = await import('./remote-list');
const { FIRST_PAGE, WARM_LIST_FRESH_MS, grantedPages, planWarmUp, runWarmUp, warmDataset, warmListPage } = await import('./warm');
const { UserDb } = await import('./user-db');
type WarmTarget = import('./warm').WarmTarget;

let db: InstanceType<typeof UserDb>;
beforeEach(async () => {
  answers.clear();
  asked.length = 0;
  db = new UserDb(`warm-${Math.random()}`);
  await db.open();
});
afterEach(async () => {
  vi.useRealTimers();
  await db.delete();
});

const target = (key: string): WarmTarget => ({ key, stale: async () => true, fill: async () => undefined });
const keys = (targets: readonly WarmTarget[]) => targets.map((t) => t.key);
const online = { online: true, saveData: false };
const run = (targets: readonly WarmTarget[], go = () => true) => runWarmUp(targets, db, { go, pause: async () => undefined });

describe('the warm-up plan', () => {
  const entries = [
    { targets: [target('dictionaries'), target('regions')] },
    { pages: ['permission/user'], targets: [target('org.tree'), target('users'), target('user list')] },
    { pages: ['/permission/position'], targets: [target('org.tree'), target('position list')] },
    { pages: ['system/notice'], targets: [target('notice list')] },
  ];

  it('takes what every user gets, then what the granted pages need, each once, in the declared order', () => {
    expect(keys(planWarmUp(entries, grantedPages(['/permission/position', 'permission/user']), online))).toEqual(['dictionaries', 'regions', 'org.tree', 'users', 'user list', 'position list']);
    expect(keys(planWarmUp(entries, grantedPages(['permission/position']), online))).toEqual(['dictionaries', 'regions', 'org.tree', 'position list']);
  });

  it('a user granted none of the pages gets only what every user gets', () => {
    expect(keys(planWarmUp(entries, grantedPages(['system/log', '/help/index.html']), online))).toEqual(['dictionaries', 'regions']);
    expect(keys(planWarmUp(entries, new Set(), online))).toEqual(['dictionaries', 'regions']);
  });

  it('plans nothing offline, nor when the browser asks to save data', () => {
    const all = grantedPages(['permission/user', 'permission/position', 'system/notice']);
    expect(planWarmUp(entries, all, { online: false, saveData: false })).toEqual([]);
    expect(planWarmUp(entries, all, { online: true, saveData: true })).toEqual([]);
  });
});

interface Row {
  id: string;
  name: string;
  parentId?: string | null;
}
let n = 0;
const names = () =>
  defineDataset<string[]>({ key: `test.names${++n}`, shape: 1, url: '/api/names', parse: (raw) => raw as string[], freshForMs: 60_000 });
const rows = () => defineRemoteList<Row, { currentPage: number; pageSize: number; keyword: string }>({ key: `test.rows${++n}`, url: () => '/api/rows', paged: true, label: () => '' });
const types = () => defineRemoteList<Row, { keyword: string }>({ key: `test.types${++n}`, url: () => '/api/types', paged: false, label: () => '' });
const items = () => defineRemoteList<Row, { typeId: string; keyword: string }>({ key: `test.items${++n}`, url: () => '/api/items', paged: false, label: () => '' });

describe('running the plan', () => {
  it('fills what is missing, one target at a time at low priority (in the background); a page of a list is then found offline as the page asks it', async () => {
    const ds = names();
    const list = rows();
    answers.set('/api/names', ['甲', '乙']);
    answers.set('/api/rows', { list: [{ id: 'r1', name: '一' }], pagination: { total: 1 } });
    const result = await run([warmDataset(ds), warmListPage(list, FIRST_PAGE)]);
    expect(result).toMatchObject({ filled: [`ds:${ds.def.key}`, expect.stringContaining(list.def.key)], failed: [], stopped: false });
    expect(asked.map((a) => a.priority)).toEqual(['low background', 'low background']);
    expect(await ds.read(db)).toEqual(['甲', '乙']);
    // The page's own query (keyword '' and no sort) is the same query: its answer is exact.
    const copy = await readCachedList(list, db, { currentPage: 1, pageSize: FIRST_PAGE.pageSize, keyword: '' });
    expect(copy).toMatchObject({ exact: true, cached: { list: [{ id: 'r1' }], total: 1 } });
  });

  it('again (a reconnect): only what is stale is asked', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const ds = names();
    const list = rows();
    answers.set('/api/names', ['甲']);
    answers.set('/api/rows', { list: [], pagination: { total: 0 } });
    const plan = [warmDataset(ds), warmListPage(list, FIRST_PAGE)];
    await run(plan);
    expect(asked).toHaveLength(2);

    // Soon after: both fresh, nothing asked.
    vi.setSystemTime(Date.now() + 30_000);
    expect(await run(plan)).toMatchObject({ filled: [], fresh: keys(plan) });
    expect(asked).toHaveLength(2);

    // The dataset's freshness (a minute) has passed, the list's (ten minutes) has not.
    vi.setSystemTime(Date.now() + 60_000);
    expect((await run(plan)).filled).toEqual([`ds:${ds.def.key}`]);
    vi.setSystemTime(Date.now() + WARM_LIST_FRESH_MS);
    expect((await run(plan)).filled).toEqual(keys(plan));
    expect(asked).toHaveLength(5);
  });

  it('a query that depends on an earlier target reads what it stored (the first type, then its data)', async () => {
    const typeList = types();
    const itemList = items();
    answers.set('/api/types', { list: [{ id: 't1', name: '性别' }] });
    answers.set('/api/items', { list: [{ id: 'i1', name: '男' }] });
    const first = async (d: typeof db) => {
      const t = (await readCachedList(typeList, d, { keyword: '' })).cached?.list[0];
      return t ? { typeId: t.id, keyword: '' } : null;
    };
    const plan = [warmListPage(typeList, { keyword: '' }), warmListPage(itemList, first, { key: 'items:first' })];
    expect((await run(plan)).filled).toEqual(keys(plan));
    expect(asked.map((a) => [a.url, a.query])).toEqual([
      ['/api/types', { keyword: '' }],
      ['/api/items', { typeId: 't1', keyword: '' }],
    ]);
    expect((await readCachedList(itemList, db, { typeId: 't1', keyword: '' })).exact).toBe(true);
  });

  it('a refused answer does not stop the others; a network failure, going offline or signing out stops the run', async () => {
    const broken = names();
    const ok = names();
    answers.set('/api/rows', { list: [], pagination: { total: 0 } });
    const failing = { ...warmDataset(broken), key: 'broken' };
    const list = rows();
    expect(await run([failing, warmListPage(list, FIRST_PAGE)])).toMatchObject({ failed: ['broken'], filled: [expect.stringContaining(list.def.key)] });

    // The server cannot be reached: the rest is not tried (the next start or reconnect runs it again).
    answers.set('/api/names', new NetworkError('Failed to fetch'));
    const cut = await run([warmDataset(names()), warmListPage(rows(), FIRST_PAGE)]);
    expect(cut).toMatchObject({ stopped: true, filled: [] });
    expect(cut.failed).toHaveLength(1);

    let allowed = 1;
    answers.set('/api/names', ['甲']);
    const stopped = await run([warmDataset(ok), warmDataset(names())], () => allowed-- > 0);
    expect(stopped.stopped).toBe(true);
    expect(stopped.filled).toEqual([]);
  });
});
