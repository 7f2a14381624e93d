import { afterEach, describe, expect, it, vi } from 'vitest';
import { CALC_DEBOUNCE_MS } from '@/contracts/online-dev';
import { createCalcScheduler } from './calc-scheduler';

describe('recalculation scheduler', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs 500 ms after the last change, once, with every key that changed', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const s = createCalcScheduler(run);
    expect(CALC_DEBOUNCE_MS).toBe(500);
    s.touch('a');
    vi.advanceTimersByTime(400);
    s.touch('b');
    vi.advanceTimersByTime(499);
    expect(run).not.toHaveBeenCalled();
    expect(s.pending).toBe(true);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledOnce();
    expect(run).toHaveBeenCalledWith(['a', 'b']);
    expect(s.pending).toBe(false);
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledOnce();
  });

  it('collects repeated keys once and starts afresh after a run', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const s = createCalcScheduler(run);
    s.touch('a');
    s.touch('a');
    vi.advanceTimersByTime(500);
    s.touch('c');
    vi.advanceTimersByTime(500);
    expect(run.mock.calls).toEqual([[['a']], [['c']]]);
  });

  it('flushes at once and cancels pending work', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const s = createCalcScheduler(run);
    s.flush();
    expect(run).not.toHaveBeenCalled();
    s.touch('a');
    s.flush();
    expect(run).toHaveBeenCalledWith(['a']);
    s.touch('b');
    s.cancel();
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledOnce();
    expect(s.pending).toBe(false);
  });
});
