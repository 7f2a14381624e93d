import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthorityData, RoleRow } from '@/contracts/org';

/** The server: an answer per URL, or an error to throw. */
const answers = new Map<string, unknown>();
vi.mock('@/lib/http', () => ({
  request: vi.fn(async (_m: string, url: string) => {
    const a = answers.get(url);
    if (a instanceof Error) throw a;
    if (a === undefined) {
      const { NetworkError } = await import('@/lib/errors');
      throw new NetworkError('offline');
    }
    return a;
  }),
}));

/** The sync engine without replay: writes stay queued in a test database. */
let db: InstanceType<typeof UserDb>;
vi.mock('@/lib/sync/engine', async () => {
  const { proxy } = await import('valtio');
  const { enqueue } = await import('@/lib/sync/outbox');
  return {
    syncStatus: proxy({ active: true }),
    currentUserDb: () => db,
    queueWrite: (input: Parameters<typeof enqueue>[1], local?: (d: typeof db) => unknown, tables: (d: typeof db) => never[] = () => []) =>
      enqueue(db, input, () => local?.(db), tables(db)),
  };
});

const { UserDb } = await import('@/lib/sync/user-db');
const { ApiError } = await import('@/lib/errors');
const { network } = await import('@/lib/network');
const { registerSyncKinds, syncKind } = await import('@/lib/sync/kinds');
// The kinds of this module's writes, as the session service registers them from its module.ts.
registerSyncKinds((await import('./module')).permissionModule.syncKinds ?? {});
const store = await import('./store');

const ROLE_ID = '01J00000000000000000000001';
const authority = (granted: Partial<AuthorityData['granted']> = {}): AuthorityData => ({
  modules: [{ id: 'm1', parentId: null, fullName: '用户管理', enCode: 'permission.user', icon: '', type: 2 }],
  buttons: [{ id: 'b1', moduleId: 'm1', fullName: '新建', enCode: 'btn_add' }],
  columns: [{ id: 'c1', moduleId: 'm1', fullName: '账户', enCode: 'account' }],
  granted: { module: [], button: [], column: [], ...granted },
});
const url = `/Permission/Authority/Data/${ROLE_ID}`;

beforeEach(async () => {
  answers.clear();
  network.online = true;
  db = new UserDb(`perm-${Math.random()}`);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

describe('grants of a role', () => {
  it('loads from the server and keeps the answer; offline the kept copy opens (marked as from cache)', async () => {
    answers.set(url, authority({ module: ['m1'] }));
    const online = await store.loadAuthority(ROLE_ID);
    expect(online).toMatchObject({ fromCache: false, pending: false, data: { granted: { module: ['m1'] } } });
    expect(await db.kv.get(`permission.authority.${ROLE_ID}`)).toBeTruthy();

    network.online = false;
    const offline = await store.loadAuthority(ROLE_ID);
    expect(offline).toMatchObject({ fromCache: true, fetchedAt: online.fetchedAt, data: { granted: { module: ['m1'] } } });
  });

  it('the server unreachable while "online" also falls back to the copy; no copy at all is a clear error', async () => {
    await expect(store.loadAuthority(ROLE_ID)).rejects.toBeInstanceOf(store.NoCachedAuthorityError);
    answers.set(url, authority());
    await store.loadAuthority(ROLE_ID);
    answers.set(url, new ApiError(502, 'bad gateway'));
    expect((await store.loadAuthority(ROLE_ID)).fromCache).toBe(true);
  });

  it('a refusal of the server (the role is gone) is not hidden behind the copy', async () => {
    answers.set(url, authority());
    await store.loadAuthority(ROLE_ID);
    answers.set(url, new ApiError(404, '数据不存在'));
    await expect(store.loadAuthority(ROLE_ID)).rejects.toMatchObject({ code: 404 });
  });

  it('saving queues one replace of the grants: a newer set replaces a waiting one, and is what the dialog shows meanwhile', async () => {
    answers.set(url, authority());
    await store.loadAuthority(ROLE_ID);
    await store.saveAuthority(ROLE_ID, { module: ['m1'], button: [], column: [] }, '店长');
    await store.saveAuthority(ROLE_ID, { module: ['m1'], button: ['b1'], column: ['c1'] });
    const queued = await db.outbox.toArray();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      entity: `permission.authority:${ROLE_ID}`,
      kind: 'permission.authority',
      request: { method: 'PUT', url, body: { module: ['m1'], button: ['b1'], column: ['c1'] } },
    });
    expect(syncKind('permission.authority')!.label(queued[0]!)).toBe('角色「店长」授权');

    // Online, the server still has the old grants: the waiting set is shown, marked pending.
    const view = await store.loadAuthority(ROLE_ID);
    expect(view).toMatchObject({ pending: true, fromCache: false, data: { granted: { button: ['b1'] } } });
    // Offline too, over the kept copy.
    network.online = false;
    expect(await store.loadAuthority(ROLE_ID)).toMatchObject({ pending: true, fromCache: true, data: { granted: { column: ['c1'] } } });
    // A set the server refused for good (dead letter) is no longer shown as the role's.
    await db.outbox.toCollection().modify({ state: 'dead' });
    expect(await store.loadAuthority(ROLE_ID)).toMatchObject({ pending: false, data: { granted: { column: [] } } });
  });

  it('when the server accepts, its answer becomes the kept copy', async () => {
    await store.saveAuthority(ROLE_ID, { module: ['m1'], button: [], column: [] });
    const entry = (await db.outbox.toArray())[0]!;
    await syncKind('permission.authority')!.applied!(entry, authority({ module: ['m1'] }), db);
    await db.outbox.clear();
    network.online = false;
    expect(await store.loadAuthority(ROLE_ID)).toMatchObject({ fromCache: true, pending: false, data: { granted: { module: ['m1'] } } });
  });
});

describe('role writes', () => {
  const row: RoleRow = {
    id: '01J00000000000000000000002',
    fullName: '导购',
    enCode: 'guide',
    dataScope: 'self',
    description: null,
    sortCode: 0,
    enabledMark: 1,
    userCount: 0,
    creatorTime: '2024-01-01T00:00:00.000Z',
    version: 3,
  };

  it('a new role gets a client id and shows at once; the sync panel names it', async () => {
    const created = await store.createRole({ fullName: '店长', enCode: 'store.manager', dataScope: 'department', description: '', sortCode: 1, enabledMark: 1 });
    expect(created.id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'permission.role.create', entity: `permission.role:${created.id}`, request: { method: 'POST', url: '/Permission/Role', body: { id: created.id, fullName: '店长' } } });
    expect(entry!.baseVersion).toBeUndefined();
    expect(syncKind(entry!.kind)!.label(entry!)).toBe('新建角色「店长」');
    expect(await store.roleList.find(created.id, db)).toMatchObject({ fullName: '店长', version: 0, userCount: 0 });
  });

  it('edit, state and delete carry the version they were made on (If-Match) and are labelled with the role name', async () => {
    await store.updateRole(row, { fullName: '导购员', enCode: 'guide', dataScope: 'self', description: null, sortCode: 2, enabledMark: 1 });
    await store.setRoleState(row, 0);
    await store.deleteRole(row);
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => [e.kind, e.request.method, e.request.url, e.baseVersion])).toEqual([
      ['permission.role.update', 'PUT', `/Permission/Role/${row.id}`, 3],
      ['permission.role.state', 'PUT', `/Permission/Role/${row.id}/Actions/State`, 3],
      ['permission.role.delete', 'DELETE', `/Permission/Role/${row.id}`, 3],
    ]);
    expect(entries[1]!.request.body).toEqual({ enabledMark: 0 });
    expect(entries.map((e) => syncKind(e.kind)!.label(e))).toEqual(['修改角色「导购员」', '停用角色「导购」', '删除角色「导购」']);
    // Deleted: no longer found for editing.
    expect(await store.roleList.find(row.id, db)).toBeNull();
  });
});
