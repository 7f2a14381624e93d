import { t } from '@lingui/core/macro';
import { proxy, subscribe as watch } from 'valtio';
import type { Work } from '@/contracts/h5';
import { network } from '@/lib/network';
import { currentUserDb } from '@/lib/sync/engine';
import { lazyLiveQuery } from '@/lib/sync/dexie-lazy';
import type { WriteOutcome } from '@/lib/sync/outcome';
import type { OutboxEntry } from '@/lib/sync/user-db';
import { entriesOf, outcomeOf, saveDraft, storeDraft } from './drafts';
import { h5WorksOf } from './table';

/**
 * Automatic saving of the work open in the editor: each change is written to this device within
 * DRAFT_MAX_WAIT_MS (a closed tab or a crash loses at most that), and queued for the server as one
 * save of the whole work SERVER_DEBOUNCE_MS after the last change (at the latest SERVER_MAX_WAIT_MS
 * after the first), at once when the page is hidden or left. The status says honestly where the
 * work is: 已保存 only once the server has accepted every change.
 */

export const DRAFT_DEBOUNCE_MS = 400;
export const DRAFT_MAX_WAIT_MS = 800;
export const SERVER_DEBOUNCE_MS = 3000;
export const SERVER_MAX_WAIT_MS = 15_000;

/** saved 已保存 · saving 保存中 · local 已保存到本机，联网后同步 · failed 保存失败 · conflict 已在别处修改. */
export type AutosaveState = 'saved' | 'saving' | 'local' | 'failed' | 'conflict';

export function autosaveLabel(state: AutosaveState): string {
  if (state === 'saved') return t`已保存`;
  if (state === 'saving') return t`保存中`;
  if (state === 'local') return t`已保存到本机，联网后同步`;
  if (state === 'conflict') return t`作品已在别处修改`;
  return t`保存失败`;
}

export interface AutosaveOptions {
  workId: string;
  /** The document as the editor holds it now (null before one is loaded). */
  getWork: () => Work | null;
  /** Grows with every change of the document (the editor store's `revision`). */
  revision: () => number;
  /** Calls back on changes (e.g. valtio's subscribe on the editor store); without it, call `changed()`. */
  subscribe?: (onChange: () => void) => () => void;
  /** Listens to pagehide / visibilitychange (default true). */
  pageEvents?: boolean;
}

export interface Autosave {
  /** A valtio proxy: read it with useSnapshot. */
  readonly status: { state: AutosaveState };
  /** The document may have changed (compares the revision). */
  changed(): void;
  /** Writes and queues what is not yet queued, now (route leave, page hidden); starts synchronously. */
  flush(): void;
  /** The save button: queues now and, online, waits briefly for the server's answer. */
  saveNow(): Promise<WriteOutcome>;
  /** Flushes, then stops listening. */
  stop(): void;
}

interface WorkView {
  dirty: boolean;
  conflict: boolean;
  failed: boolean;
  /** The last write waits for the network (offline, or tried and not answered). */
  waitingForNetwork: boolean;
  last: OutboxEntry | null;
}

export function startAutosave(opts: AutosaveOptions): Autosave {
  const { workId, getWork, revision } = opts;
  const status = proxy({ state: 'saved' as AutosaveState });
  let storedRev = revision();
  let queuedRev = storedRev;
  let firstUnstored: number | null = null;
  let firstUnqueued: number | null = null;
  let draftTimer: ReturnType<typeof setTimeout> | null = null;
  let serverTimer: ReturnType<typeof setTimeout> | null = null;
  let writeFailed = false;
  let writes = 0;
  let view: WorkView = { dirty: false, conflict: false, failed: false, waitingForNetwork: false, last: null };
  let stopped = false;

  const compute = () => {
    const rev = revision();
    const unqueued = rev !== queuedRev;
    let state: AutosaveState;
    if (writeFailed) state = 'failed';
    else if (view.conflict) state = 'conflict';
    else if (view.failed && !unqueued) state = 'failed';
    else if (!view.dirty && !unqueued) state = 'saved';
    else if ((!network.online || view.waitingForNetwork) && rev === storedRev) state = 'local';
    else state = 'saving';
    if (status.state !== state) status.state = state;
  };

  const clear = (timer: ReturnType<typeof setTimeout> | null) => timer !== null && clearTimeout(timer);

  /** A write to the device: its success moves the marks (`after`), a failure shows 保存失败 until one succeeds. */
  const track = <T>(p: Promise<T>, after: () => void): Promise<T | null> => {
    const mine = ++writes;
    return p.then(
      (v) => {
        if (mine === writes) writeFailed = false;
        after();
        compute();
        return v;
      },
      (e: unknown) => {
        console.warn('h5 autosave', e);
        writeFailed = true;
        compute();
        return null;
      },
    );
  };

  const writeDraftNow = () => {
    draftTimer = null;
    const rev = revision();
    const work = getWork();
    if (rev === storedRev || !work) return;
    firstUnstored = null;
    void track(storeDraft(work), () => {
      storedRev = rev;
    });
  };

  const queueNow = (): Promise<OutboxEntry | null> => {
    clear(draftTimer);
    clear(serverTimer);
    draftTimer = serverTimer = null;
    const rev = revision();
    const work = getWork();
    if (rev === queuedRev || !work) return Promise.resolve(null);
    firstUnstored = firstUnqueued = null;
    // The transaction starts before this returns (pagehide gives no later chance).
    return track(saveDraft(work), () => {
      storedRev = queuedRev = rev;
    });
  };

  const changed = () => {
    if (stopped) return;
    const rev = revision();
    if (rev === storedRev && rev === queuedRev) return;
    const now = Date.now();
    firstUnstored ??= now;
    firstUnqueued ??= now;
    if (rev !== storedRev) {
      clear(draftTimer);
      draftTimer = setTimeout(writeDraftNow, Math.max(0, Math.min(DRAFT_DEBOUNCE_MS, firstUnstored + DRAFT_MAX_WAIT_MS - now)));
    }
    clear(serverTimer);
    serverTimer = setTimeout(() => void queueNow(), Math.max(0, Math.min(SERVER_DEBOUNCE_MS, firstUnqueued + SERVER_MAX_WAIT_MS - now)));
    compute();
  };

  const flush = () => {
    void queueNow();
  };

  // Where the work stands in the user's database and queue.
  const db = currentUserDb();
  const live = db
    ? lazyLiveQuery(async () => ({ row: await h5WorksOf(db).get(workId), entries: await entriesOf(db, workId) })).subscribe({
        next: ({ row, entries }) => {
          const open = entries.filter((e) => e.state !== 'dead');
          const last = open.at(-1) ?? null;
          const lastAll = entries.at(-1);
          view = {
            dirty: !!row?.dirty || open.length > 0,
            conflict: open.some((e) => e.state === 'conflict'),
            failed: lastAll?.state === 'dead',
            waitingForNetwork: !!last && last.state === 'pending' && last.attempts > 0 && (last.lastError?.code === 0 || (last.lastError?.code ?? 0) >= 500),
            last,
          };
          compute();
        },
        error: (e: unknown) => console.warn('h5 autosave status', e),
      })
    : null;
  const offNetwork = watch(network, compute);
  const offChanges = opts.subscribe?.(changed);
  const onHide = () => flush();
  const onVisibility = () => document.visibilityState === 'hidden' && flush();
  const pageEvents = (opts.pageEvents ?? true) && typeof window !== 'undefined';
  if (pageEvents) {
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
  }
  // Changes written here by an earlier visit (a crash, a tab closed within the debounce) are queued.
  if (db) void saveDraft(null, workId).catch(() => undefined);

  return {
    status,
    changed,
    flush,
    async saveNow() {
      const entry = (await queueNow()) ?? view.last;
      if (writeFailed) return { state: 'refused', conflict: false, message: t`保存失败` };
      return outcomeOf(entry);
    },
    stop() {
      if (stopped) return;
      flush();
      stopped = true;
      clear(draftTimer);
      clear(serverTimer);
      live?.unsubscribe();
      offNetwork();
      offChanges?.();
      if (pageEvents) {
        window.removeEventListener('pagehide', onHide);
        document.removeEventListener('visibilitychange', onVisibility);
      }
    },
  };
}
