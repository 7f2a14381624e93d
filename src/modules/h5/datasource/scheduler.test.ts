import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRefreshScheduler, type Timers, type Visibility } from './scheduler';

const timers: Timers = { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>), now: () => Date.now() };

function fakeVisibility() {
  let hidden = false;
  const subs = new Set<() => void>();
  const v: Visibility & { set(h: boolean): void } = {
    hidden: () => hidden,
    subscribe: (cb) => {
      subs.add(cb);
      return () => subs.delete(cb);
    },
    set(h) {
      hidden = h;
      for (const cb of subs) cb();
    },
  };
  return v;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the refresh scheduler', () => {
  it('once (单次触发): one load when started, none after', async () => {
    const s = createRefreshScheduler(timers, fakeVisibility());
    const run = vi.fn();
    s.add(null, run);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('fixed (定时更新): at once, then every interval', async () => {
    const s = createRefreshScheduler(timers, fakeVisibility());
    const run = vi.fn();
    s.add(10, run);
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(run).toHaveBeenCalledTimes(5);
  });

  it('the next load counts from the end of a slow one: never two at once', async () => {
    const s = createRefreshScheduler(timers, fakeVisibility());
    let running = 0;
    let most = 0;
    const run = vi.fn(async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 8_000));
      running--;
    });
    s.add(5, run);
    await vi.advanceTimersByTimeAsync(8_000 + 5_000 + 8_000 + 5_000);
    expect(run).toHaveBeenCalledTimes(3);
    expect(most).toBe(1);
  });

  it('paused while the page is hidden; on show it loads at once if due, else when due', async () => {
    const vis = fakeVisibility();
    const s = createRefreshScheduler(timers, vis);
    const run = vi.fn();
    s.add(10, run);
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    vis.set(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(1);
    vis.set(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(2);
    // Hidden 3 s after that load, shown 2 s later: the next load waits for the remaining 5 s.
    await vi.advanceTimersByTimeAsync(3_000);
    vis.set(true);
    await vi.advanceTimersByTimeAsync(2_000);
    vis.set(false);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('a failing load does not stop the schedule; stop and stopAll do', async () => {
    const s = createRefreshScheduler(timers, fakeVisibility());
    const failing = vi.fn(() => Promise.reject(new Error('down')));
    const other = vi.fn();
    const stopFailing = s.add(5, failing);
    s.add(5, other);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(failing).toHaveBeenCalledTimes(3);
    stopFailing();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(failing).toHaveBeenCalledTimes(3);
    expect(other).toHaveBeenCalledTimes(5);
    s.stopAll();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(other).toHaveBeenCalledTimes(5);
  });
});
