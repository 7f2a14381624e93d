import { afterEach, describe, expect, it, vi } from 'vitest';
import { CALC_DEBOUNCE_MS } from '@/contracts/online-dev';
import { applyCalcs, createCalcScheduler, planCalcs, type CalcFieldDef } from './calc-plan';

const defs: CalcFieldDef[] = [
  // A column of the items table: computed per row.
  { key: 'amount', table: 'items', expression: '{items.qty} × {items.price}', precision: 2 },
  { key: 'total', expression: 'SUM({items.amount}) + {shipping}', precision: 2 },
  { key: 'withTax', expression: '{total} × 1.13', precision: 2 },
  { key: 'score', expression: '{a} + {b}' },
];

describe('calculation plan', () => {
  it('orders calculations after the ones they read', () => {
    const plan = planCalcs([...defs].reverse(), vi.fn());
    const order = plan.order;
    expect(order.indexOf('items.amount')).toBeLessThan(order.indexOf('total'));
    expect(order.indexOf('total')).toBeLessThan(order.indexOf('withTax'));
    expect(plan.cycles).toEqual([]);
  });

  it('recomputes only the calculations a change touches, in order', () => {
    const plan = planCalcs(defs, vi.fn());
    expect(plan.affected(['a'])).toEqual(['score']);
    expect(plan.affected(['shipping'])).toEqual(['total', 'withTax']);
    expect(plan.affected(['items.qty'])).toEqual(['items.amount', 'total', 'withTax']);
    // A row added or removed touches every column of the table.
    expect(plan.affected(['items'])).toEqual(['items.amount', 'total', 'withTax']);
    expect(plan.affected(['unrelated'])).toEqual([]);
    expect(plan.order).toEqual(['items.amount', 'score', 'total', 'withTax']);
    expect(plan.affected(['b', 'shipping'])).toEqual(['score', 'total', 'withTax']);
  });

  it('applies the calculations to the form values without changing them', () => {
    const plan = planCalcs(defs, vi.fn());
    const values = {
      a: 1,
      b: 2,
      shipping: '10',
      items: [
        { qty: 2, price: 0.1 },
        { qty: 3, price: 0.2 },
      ],
    };
    const next = applyCalcs(plan, values);
    expect(next.items).toEqual([
      { qty: 2, price: 0.1, amount: 0.2 },
      { qty: 3, price: 0.2, amount: 0.6 },
    ]);
    expect(next.total).toBe(10.8);
    expect(next.withTax).toBe(12.2);
    expect(next.score).toBe(3);
    expect(values.items[0]).toEqual({ qty: 2, price: 0.1 });
    expect('total' in values).toBe(false);

    const after = applyCalcs(plan, { ...next, shipping: 0 }, plan.affected(['shipping']));
    expect(after.total).toBe(0.8);
    expect(after.withTax).toBe(0.9);
    expect(after.items).toBe(next.items);
  });

  it('logs a circular reference once and counts those fields as 0', () => {
    const log = vi.fn();
    const plan = planCalcs(
      [
        { key: 'x', expression: '{y} + 1' },
        { key: 'y', expression: '{x} + 1' },
        { key: 'z', expression: '{a} × 2' },
      ],
      log,
    );
    expect([...plan.cycles].sort()).toEqual(['x', 'y']);
    expect(log).toHaveBeenCalledTimes(2);
    expect(plan.affected(['a'])).toEqual(['z']);
    const next = applyCalcs(plan, { a: 4, x: 9, y: 9 });
    expect(next).toMatchObject({ x: 0, y: 0, z: 8 });
  });

  it('logs a malformed expression once and its value is 0', () => {
    const log = vi.fn();
    const plan = planCalcs([{ key: 'bad', expression: '{a} +' }], log);
    expect(log).toHaveBeenCalledOnce();
    expect(applyCalcs(plan, { a: 3, bad: 7 }, plan.order, log).bad).toBe(0);
    expect(log).toHaveBeenCalledOnce();
  });
});

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
