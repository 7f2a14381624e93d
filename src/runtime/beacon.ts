import { VISITOR_KEY, viewPath } from '@/modules/h5/view/paths';

/**
 * The page-view beacon (issue 19: views counted cheaply): one POST per load with a random visitor
 * id kept in localStorage (the server hashes it and counts distinct ids), sent with
 * navigator.sendBeacon so it never holds the page up, or a keepalive fetch where sendBeacon is
 * missing or refuses.
 */

const VISITOR_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'[b & 63]).join('');
}

/** This browser's visitor id (made and kept on first use; a fresh one each load when storage is refused). */
export function visitorId(storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeLocalStorage()): string {
  try {
    const kept = storage?.getItem(VISITOR_KEY);
    if (kept && VISITOR_PATTERN.test(kept)) return kept;
  } catch {
    /* storage refused */
  }
  const id = randomId();
  try {
    storage?.setItem(VISITOR_KEY, id);
  } catch {
    /* storage refused or full: counted as a new visitor next time */
  }
  return id;
}

function safeLocalStorage() {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

let sent = false;

/** Counts this load's view once (later calls do nothing). Returns whether this call sent it. */
export function sendView(workId: string, nav: Navigator = navigator, fetchImpl: typeof fetch = fetch): boolean {
  if (sent) return false;
  sent = true;
  const url = viewPath(workId);
  const body = JSON.stringify({ visitorId: visitorId() });
  try {
    if (typeof nav.sendBeacon === 'function' && nav.sendBeacon(url, new Blob([body], { type: 'application/json' }))) return true;
  } catch {
    /* some browsers refuse a JSON blob: fall back to fetch */
  }
  fetchImpl(url, { method: 'POST', keepalive: true, credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body }).catch(() => undefined);
  return true;
}

/** Tests only: forget that this load's view was sent. */
export const resetViewForTests = () => {
  sent = false;
};
