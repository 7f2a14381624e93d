import { t } from '@lingui/core/macro';
import { proxy, subscribe } from 'valtio';
import { ERROR_TOAST_MS, MOBILE_BREAKPOINT_PX } from '@/contracts/limits';
import { translateContractMessage } from '@/lib/contract-messages';
import { notify } from '@/lib/notify';
import { configureRealtime, onRealtimeMethods, startRealtime, stopRealtime } from '@/lib/realtime';
import { watchConnectivity, type CatchUpPlan } from '@/lib/sync/catch-up';
import { prepareDatasets, refreshCachedDatasets } from '@/lib/sync/dataset';
import { startSync } from '@/lib/sync/engine';
import { httpSend } from '@/lib/sync/http-sender';
import { registerSyncKinds } from '@/lib/sync/kinds';
import { loadDexie } from '@/lib/sync/dexie-lazy';
import { warmCache } from '@/lib/sync/warm';
import { beforeSignOut, refreshCurrentUser, resetToken, session } from '@/modules/auth/public';
import { modules } from './modules';

/**
 * The signed-in session's machinery, started when the signed-in area is entered (the layout route)
 * and then driven by the auth session: after every sign-in, unlock and reload it opens the user's
 * queue, revalidates the modules' datasets, starts the modules and opens the websocket; on lock or
 * sign-out it closes the websocket. A sign-out first runs the modules' `signOut` steps (bounded, see
 * beforeSignOut in auth). The layout only shows its state.
 */
export const sessionService = proxy({
  state: 'idle' as 'idle' | 'starting' | 'ready' | 'failed',
});

// What the modules declare, gathered once.
const datasets = modules.flatMap((m) => m.datasets ?? []);
const tables = modules.flatMap((m) => m.tables ?? []);
/** The granted pages' data, fetched in the background (after start and each catch-up; only what is missing or stale). */
const warmUp = () =>
  void warmCache(
    modules.flatMap((m) => m.warm?.() ?? []),
    () => session.routes.map((r) => r.urlAddress),
  );

const plan: CatchUpPlan = {
  async refreshSession() {
    const before = JSON.stringify(session.menuList);
    await refreshCurrentUser();
    return session.menuList && JSON.stringify(session.menuList) !== before ? t`菜单有更新` : null;
  },
  datasets,
  sources: modules.flatMap((m) => (m.catchUp ? [m.catchUp] : [])),
  afterwards: warmUp,
};

let wired = false;
/** Kinds, tables and websocket handlers: once per page, before any queue opens. */
function wire() {
  if (wired) return;
  wired = true;
  for (const m of modules) if (m.syncKinds) registerSyncKinds(m.syncKinds);
  for (const m of modules) if (m.realtime) onRealtimeMethods(m.realtime);
  for (const m of modules) if (m.signOut) beforeSignOut(m.signOut);
  configureRealtime({
    mobileDevice: () => window.innerWidth < MOBILE_BREAKPOINT_PX,
    // Spec 4 Session, 8: a websocket logout shows 登录过期,请重新登录, then resets the token and reloads.
    onLogout: (message) => {
      // The answer to our own sign-out (the socket may still be open for a moment): no alarm.
      if (session.signingOut || !session.token) return;
      notify({ kind: 'error', title: translateContractMessage(message) ?? message, duration: ERROR_TOAST_MS });
      resetToken();
      setTimeout(() => window.location.reload(), ERROR_TOAST_MS);
    },
  });
}

/** The identity of a running session: a new one (another user, a new token, after an unlock) starts again. */
const keyOf = () => (session.token && session.userInfo?.userId && !session.isLock && !session.signingOut ? `${session.userInfo.userId}\n${session.token}` : null);

let runningKey: string | null = null;
let stopWatching: (() => void) | null = null;

async function start(userId: string, token: string, key: string) {
  sessionService.state = 'starting';
  // The database's code: loaded with the session, not with the first paint (lib/sync/dexie-lazy.ts).
  const { setModuleTables } = await import('@/lib/sync/user-db');
  setModuleTables(tables);
  const db = await startSync(userId, httpSend);
  // Cached datasets: old shapes repaired or dropped, stale copies revalidated.
  await prepareDatasets(db, datasets);
  await refreshCachedDatasets(db, datasets, false);
  for (const m of modules) {
    try {
      await m.start?.({ userId, token, db });
    } catch (e) {
      console.warn(`module ${m.name} start`, e);
    }
  }
  // The websocket opens once the modules listen to it (initMessage, pushes).
  if (runningKey === key) startRealtime(token);
  sessionService.state = 'ready';
  if (runningKey === key) warmUp();
}

function update() {
  const key = keyOf();
  if (key === runningKey) return;
  runningKey = key;
  stopWatching?.();
  stopWatching = null;
  if (!key) {
    stopRealtime();
    sessionService.state = 'idle';
    return;
  }
  const [userId, token] = key.split('\n') as [string, string];
  // Dexie starts loading now, while the layout paints (the queue opens with it).
  void loadDexie().catch(() => undefined);
  stopWatching = watchConnectivity(plan);
  void navigator.storage?.persist?.().catch(() => false);
  void start(userId, token, key).catch((e: unknown) => {
    console.warn('session start', e);
    if (runningKey === key) sessionService.state = 'failed';
  });
}

let started = false;
/** Starts following the auth session (the layout route calls this on entry; later calls do nothing). */
export function startSessionService() {
  if (started) return;
  started = true;
  wire();
  subscribe(session, update);
  update();
}
