import { useEffect } from 'react';
import { t } from '@lingui/core/macro';
import { subscribe } from 'valtio';
import { API_BASE } from '@/lib/http-config';
import { markReachable, network } from '@/lib/network';
import { notify } from '@/lib/notify';
import { realtimeStatus } from '@/lib/realtime';
import { refreshCachedDatasets } from '@/lib/sync/dataset';
import { currentUserDb, kickSync, syncStatus } from '@/lib/sync/engine';
import { refreshCurrentUser, session } from '@/modules/auth/store';

/** While offline, the server is probed this often (a cheap GET /health), so a return is noticed. */
export const PROBE_INTERVAL_MS = 10_000;
/** How long the catch-up waits for the queue to drain before it reports. */
const SETTLE_MS = 15_000;

type Source = () => Promise<string | null>;
const sources: Source[] = [];

/** Modules add what they re-pull after a reconnect; each returns a summary line or null (nothing new). */
export function registerCatchUpSource(source: Source) {
  sources.push(source);
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
export async function catchUp(sentBefore: number) {
  // One at a time: a return online and the websocket's reopening often come together.
  if (running) return running;
  running = runCatchUp(sentBefore).finally(() => (running = null));
  return running;
}
let running: Promise<void> | null = null;

async function runCatchUp(sentBefore: number) {
  const lines: string[] = [];
  const menuBefore = JSON.stringify(session.menuList);
  await refreshCurrentUser().catch(() => undefined);
  if (session.menuList && JSON.stringify(session.menuList) !== menuBefore) lines.push(t`菜单有更新`);
  kickSync();
  await waitForQueue(SETTLE_MS);
  const sent = syncStatus.sentThisSession - sentBefore;
  if (sent > 0) lines.push(t`${sent} 条离线修改已同步到服务器`);
  const db = currentUserDb();
  if (db) lines.push(...(await refreshCachedDatasets(db, true)));
  for (const source of sources) {
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

/** Watches connectivity in the shell: probes while offline, and catches up once on return. */
export function useCatchUp() {
  useEffect(() => {
    let offline = !network.online;
    let sentBefore = syncStatus.sentThisSession;
    let timer: ReturnType<typeof setInterval> | null = null;
    const update = () => {
      if (!network.online && !offline) {
        offline = true;
        sentBefore = syncStatus.sentThisSession;
      } else if (network.online && offline) {
        offline = false;
        void catchUp(sentBefore);
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
      if (reopened && network.online) void catchUp(syncStatus.sentThisSession);
    });
    return () => {
      unsubscribe();
      unsubscribeSocket();
      if (timer) clearInterval(timer);
    };
  }, []);
}
