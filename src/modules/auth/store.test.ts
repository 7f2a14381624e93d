import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@/contracts/auth';
import { NetworkError } from '@/lib/errors';

vi.mock('./api', () => ({ authApi: { currentUser: vi.fn(), login: vi.fn(), logout: vi.fn(), unlock: vi.fn() } }));

const memory = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => memory.get(k) ?? null,
  setItem: (k: string, v: string) => void memory.set(k, v),
  removeItem: (k: string) => void memory.delete(k),
});

const { authApi } = await import('./api');
const store = await import('./store');
const { hasPermission } = await import('./permissions');

const payload: CurrentUser = {
  menuList: [
    {
      id: 'm1', parentId: null, enCode: 'workbench', fullName: '工作台', icon: '', type: 1, urlAddress: '', linkTarget: null,
      propertyJson: {}, hasChildren: true, sortCode: 1,
      children: [{ id: 'm2', parentId: 'm1', enCode: 'system.log', fullName: '登录日志', icon: '', type: 2, urlAddress: 'system/log', linkTarget: null, propertyJson: {}, hasChildren: false, children: [], sortCode: 2 }],
    },
  ],
  userInfo: {
    userId: 'u1', userAccount: 'admin', userName: '管理员', headIcon: '001.svg', portalId: '', theme: 'functional', language: 'zh-CN',
    organizeName: '', departmentName: '', positionName: '', roleName: '', isAdministrator: true,
    prevLogin: 0, prevLoginTime: null, prevLoginIPAddress: null, prevLoginIPAddressName: null,
  },
  permissionList: [{ modelId: 'm2', moduleName: '登录日志', column: [{ enCode: 'F_Name', fullName: '' }], button: [{ enCode: 'btn_add', fullName: '' }] }],
};

/** A 200 answer of CurrentUser with an ETag. */
const fresh = (data: CurrentUser, etag = '"e1"') => ({ notModified: false as const, data, etag });

describe('session store', () => {
  beforeEach(() => {
    memory.clear();
    store.resetToken();
    vi.mocked(authApi.currentUser).mockReset();
  });

  it('login stores the token with the prefix, sets the layout from the theme and loads menu routes', async () => {
    vi.mocked(authApi.login).mockResolvedValue({ token: 'tok', theme: 'functional' });
    vi.mocked(authApi.currentUser).mockResolvedValue(fresh(payload));
    await store.login(' admin ', 'Admin123');
    expect(memory.get('yunmian_token')).toBe('tok');
    expect(memory.get('yunmian_layoutType')).toBe('functional');
    expect(store.session.routes.map((r) => r.path)).toEqual(['/workbench', '/system/log']);
    expect(store.consumeJustLoggedIn()).toBe(true);
    expect(store.consumeJustLoggedIn()).toBe(false);
  });

  it('an unknown theme gives the classic layout', async () => {
    vi.mocked(authApi.login).mockResolvedValue({ token: 'tok', theme: 'blue' });
    vi.mocked(authApi.currentUser).mockResolvedValue(fresh(payload));
    await store.login('admin', 'Admin123');
    expect(memory.get('yunmian_layoutType')).toBe('classic');
  });

  it('rejects a user with an empty menu and clears the token (spec 5.2)', async () => {
    vi.mocked(authApi.login).mockResolvedValue({ token: 'tok', theme: 'classic' });
    vi.mocked(authApi.currentUser).mockResolvedValue(fresh({ ...payload, menuList: [] }));
    await expect(store.login('admin', 'Admin123')).rejects.toThrow('您的权限不足，请联系管理员');
    expect(store.session.token).toBeNull();
    expect(memory.has('yunmian_token')).toBe(false);
  });

  it('rejects a missing user info with 验证失败，请重新登录。', async () => {
    vi.mocked(authApi.login).mockResolvedValue({ token: 'tok', theme: 'classic' });
    vi.mocked(authApi.currentUser).mockResolvedValue(fresh({ ...payload, userInfo: undefined as never }));
    await expect(store.login('admin', 'Admin123')).rejects.toThrow('验证失败，请重新登录。');
  });

  it('starts from the IndexedDB cache when the server cannot be reached, and the server wins when back', async () => {
    vi.mocked(authApi.currentUser).mockResolvedValueOnce(fresh(payload));
    store.setToken('tok');
    await store.loadCurrentUser();
    store.resetToken();
    store.setToken('tok');
    vi.mocked(authApi.currentUser).mockRejectedValueOnce(new NetworkError('offline'));
    await store.loadCurrentUser();
    expect(store.session.fromCache).toBe(true);
    expect(store.session.userInfo?.userName).toBe('管理员');
    vi.mocked(authApi.currentUser).mockResolvedValueOnce(fresh({ ...payload, userInfo: { ...payload.userInfo, userName: '新名字' } }));
    await store.refreshCurrentUser();
    expect(store.session.fromCache).toBe(false);
    expect(store.session.userInfo?.userName).toBe('新名字');
  });

  it('revalidates the cached payload with its ETag: a 304 starts the shell from the copy', async () => {
    vi.mocked(authApi.currentUser).mockResolvedValueOnce(fresh(payload, '"v7"'));
    store.setToken('tok');
    await store.loadCurrentUser();
    expect(vi.mocked(authApi.currentUser).mock.calls[0]![0]).toBeNull();
    store.resetToken();
    store.setToken('tok');
    vi.mocked(authApi.currentUser).mockResolvedValueOnce({ notModified: true });
    await store.loadCurrentUser();
    expect(vi.mocked(authApi.currentUser).mock.calls[1]![0]).toBe('"v7"');
    expect(store.session.fromCache).toBe(false);
    expect(store.session.routes.map((r) => r.path)).toEqual(['/workbench', '/system/log']);
  });

  it('a restart with a copy shows it at once and revalidates behind it: a hanging server holds nothing, its answer wins', async () => {
    vi.mocked(authApi.currentUser).mockResolvedValueOnce(fresh(payload, '"v1"'));
    store.setToken('tok');
    await store.loadCurrentUser();
    store.resetToken();
    store.setToken('tok');
    let answer!: (v: Awaited<ReturnType<typeof authApi.currentUser>>) => void;
    vi.mocked(authApi.currentUser).mockReturnValueOnce(new Promise((r) => (answer = r)));
    await store.restoreSession();
    expect(store.session.userInfo?.userName).toBe('管理员');
    expect(store.session.fromCache).toBe(false);
    answer(fresh({ ...payload, userInfo: { ...payload.userInfo, userName: '服务器上的名字' } }, '"v2"'));
    await vi.waitFor(() => expect(store.session.userInfo?.userName).toBe('服务器上的名字'));

    // The server cannot be reached: the shell says it shows the device's copy.
    store.resetToken();
    store.setToken('tok');
    vi.mocked(authApi.currentUser).mockRejectedValueOnce(new NetworkError('offline'));
    await store.restoreSession();
    await vi.waitFor(() => expect(store.session.fromCache).toBe(true));
  });

  it('moves a payload cached by the earlier shared database into the user\'s own database, once', async () => {
    const { default: Dexie } = await import('dexie');
    const legacy = new Dexie('yunmian_db');
    legacy.version(1).stores({ currentUser: 'userId' });
    await legacy.table('currentUser').put({ userId: 'legacy-u', payload: { ...payload, userInfo: { ...payload.userInfo, userId: 'legacy-u', userName: '旧缓存' } }, updatedAt: 1 });
    legacy.close();
    memory.set('yunmian_userId', 'legacy-u');
    store.setToken('tok');
    vi.mocked(authApi.currentUser).mockRejectedValueOnce(new NetworkError('offline'));
    await store.loadCurrentUser();
    expect(store.session.fromCache).toBe(true);
    expect(store.session.userInfo?.userName).toBe('旧缓存');
    expect(await Dexie.exists('yunmian_db')).toBe(false);
  });

  it('without a cache, an offline start fails (the guard then sends the user to /login)', async () => {
    memory.set('yunmian_userId', 'nobody');
    vi.mocked(authApi.currentUser).mockRejectedValueOnce(new NetworkError('offline'));
    await expect(store.loadCurrentUser()).rejects.toBeInstanceOf(NetworkError);
  });

  it('lock sets flag 1 in storage; unlock clears it', async () => {
    store.lock();
    expect(memory.get('yunmian_isLock')).toBe('1');
    vi.mocked(authApi.unlock).mockResolvedValue(null);
    await store.unlock('admin', 'Admin123');
    expect(memory.has('yunmian_isLock')).toBe(false);
    expect(store.session.isLock).toBe(false);
  });
});

describe('sign-out', () => {
  it('runs the steps before it while the session holds, then revokes; a failing step does not stop it', async () => {
    store.setToken('tok');
    const order: string[] = [];
    vi.mocked(authApi.logout).mockImplementation(async () => {
      order.push('revoke');
      return null;
    });
    const removeA = store.beforeSignOut(async () => {
      order.push(`hand back with ${store.session.token}`);
    });
    const removeB = store.beforeSignOut(async () => {
      throw new Error('broken step');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await store.logout();
    removeA();
    removeB();
    expect(warn).toHaveBeenCalledWith('before sign-out', expect.any(Error));
    warn.mockRestore();
    expect(order).toEqual(['hand back with tok', 'revoke']);
    expect(store.session.token).toBeNull();
    expect(memory.has('yunmian_token')).toBe(false);
  });

  it(`waits at most SIGN_OUT_STEPS_MS (${store.SIGN_OUT_STEPS_MS} ms) for a step that does not finish`, async () => {
    vi.useFakeTimers();
    try {
      store.setToken('tok');
      vi.mocked(authApi.logout).mockResolvedValue(null);
      const remove = store.beforeSignOut(() => new Promise(() => undefined));
      let done = false;
      const out = store.logout().then(() => (done = true));
      await vi.advanceTimersByTimeAsync(store.SIGN_OUT_STEPS_MS - 10);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(20);
      await out;
      expect(done).toBe(true);
      expect(store.session.token).toBeNull();
      remove();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('page permissions (spec 6)', () => {
  const list = payload.permissionList;
  it('allows a code in the model entry and refuses otherwise', () => {
    expect(hasPermission(list, 'm2', 'button', 'btn_add')).toBe(true);
    expect(hasPermission(list, 'm2', 'column', 'F_Name')).toBe(true);
    expect(hasPermission(list, 'm2', 'button', 'btn_remove')).toBe(false);
    expect(hasPermission(list, undefined, 'button', 'btn_add')).toBe(false);
    expect(hasPermission(list, 'other', 'button', 'btn_add')).toBe(false);
    expect(hasPermission([{ ...list[0]!, button: [] }], 'm2', 'button', 'btn_add')).toBe(false);
  });
});
