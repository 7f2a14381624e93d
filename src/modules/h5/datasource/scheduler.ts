/**
 * When datasources load (spec 3 Refresh triggers): once (单次触发) when started, or fixed (定时更新)
 * every N seconds. A fixed datasource is paused while the page is hidden (a phone in a pocket or a
 * background tab makes no calls) and, when the page shows again, loads at once if its time has
 * come, else when it comes. The next load is counted from the end of the last one, so a slow API
 * never has two loads of one datasource running. Plain TypeScript: timers and visibility are
 * injected (tests use fake timers; the runtime and the editor the document's visibility).
 */

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

export interface Visibility {
  hidden(): boolean;
  /** Calls `cb` when the page is hidden or shown; returns the unsubscribe. */
  subscribe(cb: () => void): () => void;
}

export const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

/** The document's visibility (always visible where there is no document). */
export const documentVisibility: Visibility = {
  hidden: () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
  subscribe: (cb) => {
    if (typeof document === 'undefined') return () => undefined;
    document.addEventListener('visibilitychange', cb);
    return () => document.removeEventListener('visibilitychange', cb);
  },
};

interface Job {
  every: number | null;
  run: () => unknown;
  timer: unknown;
  running: boolean;
  /** When the last load ended (ms), or null before the first. */
  lastEnd: number | null;
  stopped: boolean;
}

export interface RefreshScheduler {
  /**
   * Starts a job: `run` at once, then, when `everySeconds` is a number, again that many seconds after
   * each run ends, while the page is visible. Returns its stop.
   */
  add(everySeconds: number | null, run: () => unknown): () => void;
  /** Stops every job (the scheduler can take new ones). */
  stopAll(): void;
  /** Stops every job and stops watching the page's visibility. */
  dispose(): void;
}

export function createRefreshScheduler(timers: Timers = realTimers, visibility: Visibility = documentVisibility): RefreshScheduler {
  const jobs = new Set<Job>();

  const clear = (job: Job) => {
    if (job.timer !== null) timers.clearTimeout(job.timer);
    job.timer = null;
  };

  const plan = (job: Job) => {
    clear(job);
    if (job.stopped || job.every === null || job.running || visibility.hidden()) return;
    const wait = job.lastEnd === null ? 0 : Math.max(0, job.lastEnd + job.every * 1000 - timers.now());
    job.timer = timers.setTimeout(() => {
      job.timer = null;
      void fire(job);
    }, wait);
  };

  const fire = async (job: Job) => {
    if (job.stopped || job.running) return;
    job.running = true;
    try {
      await job.run();
    } catch {
      // a job reports its own errors; the schedule goes on
    } finally {
      job.running = false;
      job.lastEnd = timers.now();
      plan(job);
    }
  };

  const unsubscribe = visibility.subscribe(() => {
    for (const job of jobs) {
      if (visibility.hidden()) clear(job);
      else plan(job);
    }
  });

  return {
    add(everySeconds, run) {
      const job: Job = { every: everySeconds, run, timer: null, running: false, lastEnd: null, stopped: false };
      jobs.add(job);
      // Once: loads at once, hidden or not. Fixed: the first load too; later ones wait for a visible page.
      void fire(job);
      return () => {
        job.stopped = true;
        clear(job);
        jobs.delete(job);
      };
    },
    stopAll() {
      for (const job of jobs) {
        job.stopped = true;
        clear(job);
      }
      jobs.clear();
    },
    dispose() {
      this.stopAll();
      unsubscribe();
    },
  };
}
