import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const answers = new Map<string, unknown>();
const asked: { url: string; query: unknown }[] = [];
vi.mock('@/lib/http', () => ({
  request: vi.fn(async (_m: string, url: string, query: unknown) => {
    asked.push({ url, query });
    if (!answers.has(url)) throw new Error('offline');
    return answers.get(url);
  }),
}));

const { applyOverlay, defineRemoteList, stableKey } = await import('./remote-list');
const { enqueue, Replayer } = await import('./outbox');
const { registerSyncKinds } = await import('./kinds');
const { UserDb } = await import('./user-db');

interface Row {
  id: string;
  name: string;
  version: number;
  parentId?: string | null;
  children?: Row[];
}

let db: InstanceType<typeof UserDb>;
beforeEach(async () => {
  answers.clear();
  asked.length = 0;
  db = new UserDb(`rl-${Math.random()}`);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

let n = 0;
const users = () =>
  defineRemoteList<Row, { currentPage: number; pageSize: number; keyword: string }>({
    key: `test.users${++n}`,
    url: () => '/Permission/Users',
    paged: true,
    matches: (r, q) => !q.keyword || r.name.includes(q.keyword),
    label: (op) => `用户${op}`,
  });

describe('overlay of queued writes', () => {
  const rows: Row[] = [
    { id: 'a', name: '王一', version: 1 },
    { id: 'b', name: '李二', version: 3 },
  ];
  it('new rows come first, edits replace, deletes hide; writes no longer waiting do not count', () => {
    const ov = {
      c: { row: { id: 'c', name: '张三', version: 0 }, at: 2 },
      b: { row: { id: 'b', name: '李二改', version: 3 }, at: 1 },
      a: { deleted: true, at: 3 },
    };
    const all = applyOverlay(rows, ov, new Set(['a', 'b', 'c']));
    expect(all.rows.map((r) => r.name)).toEqual(['张三', '李二改']);
    expect([all.added, all.removed]).toEqual([1, 1]);
    // The delete of 'a' was discarded in the sync panel: 'a' shows again.
    expect(applyOverlay(rows, ov, new Set(['b', 'c'])).rows.map((r) => r.id)).toEqual(['c', 'a', 'b']);
  });

  it('in a tree a new row goes under its parent', () => {
    const tree: Row[] = [{ id: 'co', name: '公司', version: 1, children: [{ id: 'd1', name: '市场部', version: 1, parentId: 'co' }] }];
    const ov = { d2: { row: { id: 'd2', name: '电商部', version: 0, parentId: 'co' }, at: 1 } };
    const out = applyOverlay(tree, ov, new Set(['d2']), { tree: true });
    expect(out.rows[0]!.children!.map((r) => r.name)).toEqual(['市场部', '电商部']);
  });
});

describe('remote list cache', () => {
  it('caches each answer by query and, offline, searches the rows of all cached answers', async () => {
    const list = users();
    answers.set('/Permission/Users', { list: [{ id: 'a', name: '王一', version: 1 }, { id: 'b', name: '李二', version: 1 }], pagination: { total: 2 } });
    await list.fetch({ currentPage: 1, pageSize: 20, keyword: '' }, db);
    expect(await list.find('b', db)).toMatchObject({ name: '李二' });
    const rec = await db.kv.get(`rl:${list.def.key}:${stableKey({ currentPage: 1, pageSize: 20, keyword: '' })}`);
    expect((rec!.value as { total: number }).total).toBe(2);
  });

  it('a queued create shows at once; when the server accepts it the cached answers get the saved row and the overlay goes', async () => {
    const list = users();
    answers.set('/Permission/Users', { list: [{ id: 'a', name: '王一', version: 1 }], pagination: { total: 1 } });
    await list.fetch({ currentPage: 1, pageSize: 20, keyword: '' }, db);
    const entry = await enqueue(db, { entity: `${list.def.key}:x`, kind: `${list.def.key}.create`, request: { method: 'POST', url: '/Permission/Users', body: {} } }, () =>
      list.overlay(db, 'x', { row: { id: 'x', name: '新人', version: 0 } }),
    );
    expect(await list.find('x', db)).toMatchObject({ name: '新人' });
    // An edit of the same row waits behind the create: the overlay stays, on the saved version.
    await enqueue(db, { entity: `${list.def.key}:x`, kind: `${list.def.key}.update`, request: { method: 'PUT', url: '/Permission/Users/x', body: {} }, baseVersion: 0 }, () =>
      list.overlay(db, 'x', { row: { id: 'x', name: '新人改', version: 0 } }),
    );
    await list.settle(db, 'x', { id: 'x', name: '新人', version: 1 }, entry.id);
    expect(await list.find('x', db)).toMatchObject({ name: '新人改', version: 1 });
    // The edit arrives too: nothing waits, the overlay is gone.
    const edit = (await db.outbox.where('entity').equals(`${list.def.key}:x`).toArray()).find((e) => e.kind.endsWith('.update'))!;
    await db.outbox.delete(entry.id);
    await list.settle(db, 'x', { id: 'x', name: '新人改', version: 2 }, edit.id);
    const ov = (await db.kv.get(`ov:${list.def.key}`))!.value as Record<string, unknown>;
    expect(ov.x).toBeUndefined();
  });

  it('a server-accepted delete removes the row from every cached answer and lowers its total', async () => {
    const list = users();
    answers.set('/Permission/Users', { list: [{ id: 'a', name: '王一', version: 1 }, { id: 'b', name: '李二', version: 1 }], pagination: { total: 2 } });
    await list.fetch({ currentPage: 1, pageSize: 20, keyword: '' }, db);
    await list.fetch({ currentPage: 1, pageSize: 50, keyword: '' }, db);
    await list.settle(db, 'a', null);
    const recs = await db.kv.where('key').startsWith(`rl:${list.def.key}:`).toArray();
    expect(recs).toHaveLength(2);
    for (const r of recs) expect(r.value).toMatchObject({ total: 1, list: [{ id: 'b' }] });
  });

  it('a delete the server refuses for good is taken back on screen: the row shows again, the entry stays a dead letter', async () => {
    const list = users();
    registerSyncKinds(list.syncKinds);
    answers.set('/Permission/Users', { list: [{ id: 'a', name: '王一', version: 1 }], pagination: { total: 1 } });
    await list.fetch({ currentPage: 1, pageSize: 20, keyword: '' }, db);
    await enqueue(db, { entity: `${list.def.key}:a`, kind: `${list.def.key}.delete`, request: { method: 'DELETE', url: '/Permission/Users/a' }, baseVersion: 1 }, () =>
      list.overlay(db, 'a', { deleted: true }),
    );
    expect(await list.find('a', db)).toBeNull();
    const refuse = async () => ({ ok: false as const, code: 400, message: '该用户不能删除' });
    await new Replayer(db, refuse).drain(true);
    expect(await list.find('a', db)).toMatchObject({ name: '王一' });
    const [dead] = await db.outbox.toArray();
    expect(dead).toMatchObject({ state: 'dead', lastError: { message: '该用户不能删除' } });
  });
});
