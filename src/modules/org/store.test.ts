import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserRow } from '@/contracts/org';
import type { UserDb as UserDbType } from '@/lib/sync/user-db';

// The queue of a signed-in user, without the browser parts of the engine (leader tab, service worker).
let db: UserDbType;
const posted: { url: string; body: unknown }[] = [];
vi.mock('@/lib/sync/engine', async () => {
  const { enqueue } = await import('@/lib/sync/outbox');
  return {
    syncStatus: { active: true },
    currentUserDb: () => db,
    queueWrite: (input: never, local?: (d: UserDbType) => unknown, tables?: (d: UserDbType) => never[]) => enqueue(db, input, () => local?.(db), tables?.(db) ?? []),
  };
});
vi.mock('@/lib/http', () => ({
  http: { post: vi.fn(async (url: string, body: unknown) => void posted.push({ url, body })) },
  request: vi.fn(async () => {
    throw new Error('offline');
  }),
  conditionalGet: vi.fn(async () => {
    throw new Error('offline');
  }),
}));

const { UserDb } = await import('@/lib/sync/user-db');
const { registerSyncKinds, syncKind } = await import('@/lib/sync/kinds');
// The kinds of this module's writes, as the session service registers them from its module.ts.
registerSyncKinds((await import('./module')).orgModule.syncKinds ?? {});
const { orgTreeData, usersData } = await import('./data');
const { resetUserPassword, saveDepartment, setUserState, saveUser, userList } = await import('./store');

const HQ = '01J00000000000000000000HQ0';
const EC = '01J00000000000000000000EC0';

beforeEach(async () => {
  posted.length = 0;
  db = new UserDb(`org-store-${Math.random()}`);
  await db.open();
  await orgTreeData.store(
    await orgTreeData.def.parse({
      list: [{ id: HQ, parentId: '-1', fullName: '云眠集团', type: 'company', hasChildren: true, children: [{ id: EC, parentId: HQ, fullName: '电商部', type: 'department', hasChildren: false }] }],
    }),
    '"t1"',
    db,
  );
  await usersData.store([], '"u1"', db);
});
afterEach(async () => {
  await db.delete();
});

const form = {
  account: 'xiaoming',
  realName: '王晓明',
  organizeId: HQ,
  departmentId: EC,
  positionId: null,
  managerId: null,
  roleIds: [],
  sortCode: 0,
  enabledMark: 1 as const,
  password: 'abc12345',
};

describe('user writes through the sync queue', () => {
  it('a new user waits in the queue with an id made here and only the hash of its password, and shows at once', async () => {
    const row = await saveUser(form, null);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ entity: `org.user:${row.id}`, kind: 'org.user.create', request: { method: 'POST', url: '/Permission/Users' } });
    const body = entry!.request.body as { id: string; password: string };
    expect(body.id).toBe(row.id);
    expect(body.password).toMatch(/^[0-9a-f]{64}$/);
    // Nothing on the device holds the password as typed.
    const stored = JSON.stringify([await db.outbox.toArray(), await db.kv.toArray(), await db.chunks.toArray()]);
    expect(stored).not.toContain('abc12345');
    // The list shows it with the names of the cached tree; the sync panel names it.
    expect(await userList.find(row.id, db)).toMatchObject({ realName: '王晓明', department: '电商部', organize: '云眠集团', quickQuery: 'WXM' });
    expect(syncKind(entry!.kind)!.label(entry!)).toBe('新建用户「王晓明」');
    // Pickers (the cached user list) offer the new user already.
    expect((await usersData.read(db))!.map((u) => u.realName)).toEqual(['王晓明']);
  });

  it('disabling a user is queued on the version shown and takes it out of the pickers', async () => {
    const row = await saveUser(form, null);
    await setUserState({ ...row, version: 3 } as UserRow, false);
    const state = (await db.outbox.toArray()).find((e) => e.kind === 'org.user.state')!;
    expect(state).toMatchObject({ baseVersion: 3, request: { method: 'PUT', url: `/Permission/Users/${row.id}/Actions/State`, body: { enabledMark: 0 } } });
    expect(syncKind(state.kind)!.label(state)).toBe('禁用用户「王晓明」');
    expect(await usersData.read(db)).toEqual([]);
    expect(await userList.find(row.id, db)).toMatchObject({ enabledMark: 0 });
  });

  it('resetting a password is sent at once and never queued', async () => {
    await resetUserPassword({ id: 'x' } as UserRow, 'abc12345');
    expect(posted).toEqual([{ url: '/Permission/Users/x/Actions/ResetPassword', body: { userPassword: 'abc12345' } }]);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('department writes', () => {
  it('a new department appears in the cached organisation tree under its parent while it waits', async () => {
    const row = await saveDepartment({ parentId: EC, fullName: '直播组', enCode: 'LIVE', sortCode: 0, enabledMark: 1 }, null);
    const nodes = await orgTreeData.readRows<{ id: string; fullName: string }>(EC, db);
    expect(nodes.map((n) => n.fullName)).toEqual(['直播组']);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ entity: `org.unit.department:${row.id}`, request: { method: 'POST', url: '/Permission/Organize/Department', body: { id: row.id, parentId: EC } } });
    // A refresh does not overwrite the local copy while the write waits.
    expect(await orgTreeData.refresh({ db, force: true })).toBe('held');
  });
});
