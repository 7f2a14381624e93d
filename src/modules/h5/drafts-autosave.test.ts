import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Work } from '@/contracts/h5';

/** What reached the device (storeDraft) and the queue (saveDraft), with the fake clock's time. */
const log: Array<{ what: 'store' | 'queue'; at: number; title: string }> = [];
vi.mock('@/lib/sync/engine', () => ({ currentUserDb: () => null }));
vi.mock('./drafts', () => ({
  storeDraft: vi.fn(async (w: Work) => void log.push({ what: 'store', at: Date.now(), title: w.title })),
  saveDraft: vi.fn((w: Work | null) => {
    if (w) log.push({ what: 'queue', at: Date.now(), title: w.title });
    return Promise.resolve(w ? { id: 'E1' } : null);
  }),
  entriesOf: async () => [],
  outcomeOf: async () => ({ state: 'sent' }),
}));
const { startAutosave, DRAFT_MAX_WAIT_MS, SERVER_DEBOUNCE_MS } = await import('./drafts-autosave');
const { network } = await import('@/lib/network');

/** The editor's document: each edit bumps the revision and tells the autosave. */
function editor() {
  let work = { id: 'W1', title: 't0' } as Work;
  let revision = 0;
  let notify: () => void = () => undefined;
  const saver = startAutosave({
    workId: 'W1',
    getWork: () => work,
    revision: () => revision,
    subscribe: (cb) => {
      notify = cb;
      return () => undefined;
    },
  });
  return {
    saver,
    edit(title: string) {
      work = { ...work, title };
      revision++;
      notify();
    },
  };
}

const page = new EventTarget();
const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
beforeEach(() => {
  log.length = 0;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.stubGlobal('window', page);
  vi.stubGlobal('document', doc);
  network.online = true;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('autosave', () => {
  it('writes to the device at most 800 ms after a change, even while edits keep coming, and queues one save 3 s after the last', async () => {
    const { saver, edit } = editor();
    const start = Date.now();
    // Typing for 3 s, a change every 100 ms.
    for (let i = 1; i <= 30; i++) {
      edit(`t${i}`);
      await vi.advanceTimersByTimeAsync(100);
    }
    const stores = log.filter((l) => l.what === 'store');
    expect(stores.length).toBeGreaterThanOrEqual(3);
    // Never more than DRAFT_MAX_WAIT_MS between a change and the device having it.
    let last = start;
    for (const s of stores) {
      expect(s.at - last).toBeLessThanOrEqual(DRAFT_MAX_WAIT_MS + 100);
      last = s.at;
    }
    expect(log.filter((l) => l.what === 'queue')).toEqual([]);
    expect(saver.status.state).toBe('saving');
    const lastEdit = Date.now() - 100;
    await vi.advanceTimersByTimeAsync(SERVER_DEBOUNCE_MS);
    const queued = log.filter((l) => l.what === 'queue');
    expect(queued).toHaveLength(1);
    expect(queued[0]!.title).toBe('t30');
    expect(queued[0]!.at - lastEdit).toBe(SERVER_DEBOUNCE_MS);
    saver.stop();
  });

  it('queues at once, synchronously, when the page is hidden or left, and when stopped (route leave)', async () => {
    const { saver, edit } = editor();
    edit('a');
    page.dispatchEvent(new Event('pagehide'));
    // Started before the event handler returned: nothing awaited.
    expect(log.map((l) => [l.what, l.title])).toEqual([['queue', 'a']]);
    edit('b');
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    doc.visibilityState = 'visible';
    expect(log.map((l) => l.title)).toEqual(['a', 'b']);
    edit('c');
    saver.stop();
    expect(log.map((l) => l.title)).toEqual(['a', 'b', 'c']);
    // Stopped: later edits and timers do nothing.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(log).toHaveLength(3);
  });

  it('the save button queues now and resolves with the server’s answer; nothing changed, nothing is queued', async () => {
    const { saver, edit } = editor();
    expect(await saver.saveNow()).toEqual({ state: 'sent' });
    expect(log).toEqual([]);
    edit('x');
    expect(await saver.saveNow()).toEqual({ state: 'sent' });
    expect(log.map((l) => [l.what, l.title])).toEqual([['queue', 'x']]);
    saver.stop();
  });

  it('offline, a change written to the device says 已保存到本机，联网后同步 (never 已保存)', async () => {
    network.online = false;
    const { saver, edit } = editor();
    expect(saver.status.state).toBe('saved');
    edit('离线');
    expect(saver.status.state).toBe('saving');
    await vi.advanceTimersByTimeAsync(DRAFT_MAX_WAIT_MS);
    expect(saver.status.state).toBe('local');
    saver.stop();
  });
});
