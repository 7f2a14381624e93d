import { proxy } from 'valtio';
import { t } from '@lingui/core/macro';
import type { CurrentUser, PermissionEntry, UserInfo } from '@/contracts/auth';
import { layoutTypes } from '@/contracts/session';
import type { MenuItem } from '@/contracts/menu';
import { ApiError, NetworkError } from '@/lib/errors';
import type { RequestOptions } from '@/lib/http';
import { storage, StorageKey } from '@/lib/storage';
import { buildMenuRoutes, type MenuRoute } from '@/lib/menu-routes';
import { authApi } from './api';
import { loadCachedUser, saveCachedUser, type CachedCurrentUser } from './cache';

export interface SessionState {
  token: string | null;
  menuList: MenuItem[] | null;
  userInfo: UserInfo | null;
  permissionList: PermissionEntry[];
  /** Routes generated from the menu (spec 2.2). */
  routes: MenuRoute[];
  isLock: boolean;
  /** The shell was started from the local cache because the server could not be reached. */
  fromCache: boolean;
  /** Set by a sign-in from /login; the shell consumes it to show the previous-login notice once. */
  justLoggedIn: boolean;
  /**
   * The user asked to sign out: the websocket closes before the server revokes the session, and
   * the revocation's logout message is not shown as an expired session.
   */
  signingOut: boolean;
}

export const session = proxy<SessionState>({
  token: storage.get(StorageKey.token),
  menuList: null,
  userInfo: null,
  permissionList: [],
  routes: [],
  isLock: storage.get(StorageKey.isLock) === '1',
  fromCache: false,
  justLoggedIn: false,
  signingOut: false,
});

/** The store gets its own copy: valtio turns what it is given into proxies, which IndexedDB cannot clone. */
function apply(raw: CurrentUser, fromCache: boolean) {
  const payload = structuredClone(raw);
  if (!payload?.userInfo) throw new Error(t`验证失败，请重新登录。`);
  if (!payload.menuList?.length) throw new Error(t`您的权限不足，请联系管理员`);
  session.userInfo = payload.userInfo;
  session.menuList = payload.menuList;
  session.permissionList = payload.permissionList ?? [];
  session.routes = buildMenuRoutes(payload.menuList);
  session.fromCache = fromCache;
  storage.set(StorageKey.userId, payload.userInfo.userId);
}

export function setToken(token: string) {
  session.token = token;
  storage.set(StorageKey.token, token);
}

/** Clears token, menu, user info, permissions and the stored token (spec 4 Session). */
export function resetToken() {
  session.token = null;
  session.menuList = null;
  session.userInfo = null;
  session.permissionList = [];
  session.routes = [];
  session.fromCache = false;
  session.isLock = false;
  storage.remove(StorageKey.token);
  storage.remove(StorageKey.isLock);
}

/** Signs in; sets the layout type from the user's theme (classic, functional or plain; else classic). */
export async function login(account: string, password: string) {
  const result = await authApi.login(account, password);
  setToken(result.token);
  const layout = (layoutTypes as readonly string[]).includes(result.theme) ? result.theme : 'classic';
  storage.set(StorageKey.layoutType, layout);
  try {
    await loadCurrentUser();
  } catch (e) {
    resetToken();
    throw e;
  }
  session.justLoggedIn = true;
}

/**
 * CurrentUser from the server, revalidating this device's copy of the last user's payload: a 304
 * answer means the copy is current (no menu transferred). A new answer replaces the copy.
 */
async function fetchCurrentUser(cached: CachedCurrentUser | null, opts: RequestOptions): Promise<CurrentUser> {
  let res = await authApi.currentUser(cached?.etag ?? null, opts);
  if (res.notModified && cached) return cached.payload;
  if (res.notModified) res = await authApi.currentUser(null, opts);
  if (res.notModified) throw new Error('CurrentUser: 304 without a cached copy');
  await saveCachedUser(res.data, res.etag).catch((e: unknown) => console.warn('could not cache the current user', e));
  return res.data;
}

const lastUsersCopy = () => loadCachedUser(storage.get(StorageKey.userId)).catch(() => null);

/**
 * Fills menu, user info and permissions. Online the server wins and the cache is refreshed;
 * when the server cannot be reached, the last cached payload of this user starts the shell.
 */
export async function loadCurrentUser() {
  const cached = await lastUsersCopy();
  try {
    // The caller (guard, sign-in) handles a failure: no toast, no session-end reload here.
    apply(await fetchCurrentUser(cached, { silent: true, endSessionOnExpiry: false }), false);
  } catch (e) {
    if (e instanceof NetworkError && cached) {
      apply(cached.payload, true);
      return;
    }
    throw e;
  }
}

/**
 * A reload or a restart with a session on this device: the shell starts at once from this device's
 * copy of the user's payload, and the server is asked behind it (a 304 when nothing changed), so a
 * slow or hanging connection does not hold the first screen. A session the server has ended ends
 * then (the http client's session-end handling: reset, back to sign-in); when the server cannot
 * answer, the shell says it shows the device's copy. Without a copy it waits, as loadCurrentUser.
 */
export async function restoreSession() {
  const cached = await lastUsersCopy();
  if (!cached) return loadCurrentUser();
  apply(cached.payload, false);
  const token = session.token;
  void fetchCurrentUser(cached, { silent: true }).then(
    (payload) => {
      if (session.token === token) apply(payload, false);
    },
    (e: unknown) => {
      if (session.token === token && !(e instanceof ApiError && e.code < 500)) session.fromCache = true;
    },
  );
}

/** Refreshes from the server after an offline start, when the connection is back. */
export async function refreshCurrentUser() {
  if (!session.token) return;
  apply(await fetchCurrentUser(await lastUsersCopy(), { silent: true }), false);
}

/** Longest a sign-out waits for the work to do before it (then it goes on; that work may still finish). */
export const SIGN_OUT_STEPS_MS = 1000;

const signOutSteps = new Set<() => Promise<unknown>>();

/**
 * Work to do while the session still holds (e.g. handing back what the device reserved), run at
 * every sign-out before the token is revoked: all steps at once, best-effort, waited for at most
 * SIGN_OUT_STEPS_MS in all; a failure never stops the sign-out. Returns a function that removes it.
 */
export function beforeSignOut(step: () => Promise<unknown>): () => void {
  signOutSteps.add(step);
  return () => signOutSteps.delete(step);
}

async function runSignOutSteps() {
  if (!signOutSteps.size) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const steps = [...signOutSteps].map((step) =>
    Promise.resolve()
      .then(step)
      .catch((e: unknown) => console.warn('before sign-out', e)),
  );
  await Promise.race([Promise.all(steps), new Promise((resolve) => (timer = setTimeout(resolve, SIGN_OUT_STEPS_MS)))]);
  clearTimeout(timer);
}

export async function logout() {
  session.signingOut = true;
  try {
    await runSignOutSteps();
    // Revoke on the server when reachable; the local session ends either way.
    await authApi.logout().catch(() => undefined);
    resetToken();
  } finally {
    session.signingOut = false;
  }
}

export function lock() {
  session.isLock = true;
  storage.set(StorageKey.isLock, '1');
}

export async function unlock(account: string, password: string) {
  await authApi.unlock(account, password);
  session.isLock = false;
  storage.remove(StorageKey.isLock);
}

export function consumeJustLoggedIn(): boolean {
  const v = session.justLoggedIn;
  session.justLoggedIn = false;
  return v;
}
