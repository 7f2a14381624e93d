import { CALC_DEBOUNCE_MS } from '@/contracts/online-dev';

/** The timer functions the scheduler uses (the global ones unless given; fake timers replace those). */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}
const globalTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};

export interface CalcScheduler {
  /** Notes a changed key and (re)starts the wait: the run comes `delay` ms after the last change. */
  touch(key: string): void;
  /** Runs now with what is pending (nothing when nothing is). */
  flush(): void;
  /** Drops what is pending (the form closed). */
  cancel(): void;
  readonly pending: boolean;
}

/**
 * The debounced recalculation of spec 9: changes are collected and, 500 ms after the last one,
 * `run` gets every key that changed meanwhile, once.
 */
export function createCalcScheduler(run: (changed: string[]) => void, delay: number = CALC_DEBOUNCE_MS, timers: Timers = globalTimers): CalcScheduler {
  const keys = new Set<string>();
  let handle: unknown = null;
  const stop = () => {
    if (handle !== null) timers.clearTimeout(handle);
    handle = null;
  };
  const flush = () => {
    stop();
    if (keys.size === 0) return;
    const changed = [...keys];
    keys.clear();
    run(changed);
  };
  return {
    touch(key) {
      keys.add(key);
      stop();
      handle = timers.setTimeout(flush, delay);
    },
    flush,
    cancel() {
      stop();
      keys.clear();
    },
    get pending() {
      return keys.size > 0;
    },
  };
}
