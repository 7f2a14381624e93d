import { t } from '@lingui/core/macro';
import { subscribe } from 'valtio';
import { API_BASE } from '../http-config';
import { markReachable, network } from '../network';
import { notify } from '../notify';
import { realtimeStatus } from '../realtime';
import { refreshCachedDatasets, type CachedDataset } from './dataset';
import { currentUserDb, kickSync, syncStatus } from './engine';

/** While offline, the server is probed this often (a cheap GET /health), so a return is noticed. */
export const PROBE_INTERVAL_MS = 10_000;
/** How long the catch-up waits for the queue to drain before it reports. */
const SETTLE_MS = 15_000;

/** Re-pulls what may have changed while offline; a line for the notice, or null (nothing new). */
export type CatchUpSource = () => Promise<string | null>;

/** What a catch-up asks, in this order (the session service gives it from the modules' declarations). */
export interface CatchUpPlan {
  /** Before the queue replays: the session (menu, permissions) again; a line when the menu changed. */
  refreshSession: CatchUpSource;
  /** Revalidated after the replay (a 304 each when unchanged). */
  datasets: readonly CachedDataset[];
  /** The modules' own sources (messages that arrived, bill numbers topped up, …). */
  sources: readonly CatchUpSource[];
  /** Background work once the catch-up is over, not awaited (the cache warm-up of what is missing or stale). */
  afterwards?: () => void;
}

async function waitForQueue(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until && (syncStatus.syncing || (syncStatus.pending > 0 && network.online && !syncStatus.needsAuth))) {
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Shows what arrived while offline: an in-app notice, and a system notification when the page is hidden and allowed. */
async function report(lines: string[]) {
  const body = lines.join('；');
  notify({ kind: 'info', title: t`离线期间：${body}`, duration: 6000 });
  if (document.hidden && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
    const reg = await navigator.serviceWorker?.getRegistration();
    await reg?.showNotification(t`云眠：离线期间的更新`, { body, tag: 'yunmian-catch-up', data: { url: `${location.pathname}#/home` } });
  }
}

/**
 * Catch-up after a time offline: refresh the session (menu), let the queue replay, ask the modules
 * what arrived, then tell the user once (the leader tab reports; other tabs only refresh).
 */
export async function catchUp(plan: CatchUpPlan, sentBefore: number) {
  // One at a time: a return online and the websocket's reopening often come together.
  if (running) return running;
  running = runCatchUp(plan, sentBefore).finally(() => {
    running = null;
    plan.afterwards?.();
  });
  return running;
}
let running: Promise<void> | null = null;

async function runCatchUp(plan: CatchUpPlan, sentBefore: number) {
  const lines: string[] = [];
  const session = await plan.refreshSession().catch(() => null);
  if (session) lines.push(session);
  kickSync();
  await waitForQueue(SETTLE_MS);
  const sent = syncStatus.sentThisSession - sentBefore;
  if (sent > 0) lines.push(t`${sent} 条离线修改已同步到服务器`);
  const db = currentUserDb();
  if (db) lines.push(...(await refreshCachedDatasets(db, plan.datasets, true)));
  for (const source of plan.sources) {
    const line = await source().catch(() => null);
    if (line) lines.push(line);
  }
  if (lines.length && syncStatus.leader) await report(lines);
}

async function probe() {
  try {
    const res = await fetch(`${API_BASE}/health?n=${Date.now()}`, { cache: 'no-store' });
    if (res.ok) markReachable(true);
  } catch {
    /* still offline */
  }
}

/**
 * Watches connectivity while a user is signed in: probes the server while offline, and catches up
 * once on each return (and when the websocket comes back after a gap). Returns the stop function.
 */
export function watchConnectivity(plan: CatchUpPlan): () => void {
  let offline = !network.online;
  let sentBefore = syncStatus.sentThisSession;
  let timer: ReturnType<typeof setInterval> | null = null;
  const update = () => {
    if (!network.online && !offline) {
      offline = true;
      sentBefore = syncStatus.sentThisSession;
    } else if (network.online && offline) {
      offline = false;
      void catchUp(plan, sentBefore);
    }
    if (offline && !timer) timer = setInterval(() => void probe(), PROBE_INTERVAL_MS);
    if (!offline && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
  update();
  const unsubscribe = subscribe(network, update);
  // The websocket came back after a gap (server restart, sleep, a dropped connection the browser
  // never reported as offline): what was pushed meanwhile is missed, so catch up too.
  let opens = realtimeStatus.opens;
  const unsubscribeSocket = subscribe(realtimeStatus, () => {
    if (realtimeStatus.opens === opens) return;
    const reopened = realtimeStatus.opens > 1 && realtimeStatus.opens > opens;
    opens = realtimeStatus.opens;
    if (reopened && network.online) void catchUp(plan, syncStatus.sentThisSession);
  });
  return () => {
    unsubscribe();
    unsubscribeSocket();
    if (timer) clearInterval(timer);
  };
}
