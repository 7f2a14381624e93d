import { describe, expect, it, vi } from 'vitest';
import { CALC_MAX_DEPTH, CalcSyntaxError, calcCacheSize, compileCalc, fromTokens, parseCalc } from './online-dev-calc-parse';
import { applyCalcs, CALC_ERROR_LOG, calculate, formScope, planCalcs, roundTo, toNumber, type CalcFieldDef } from './online-dev-calc';

const values = {
  a: 2,
  b: '3',
  c: 4,
  price: 0.1,
  tax: 0.2,
  empty: '',
  text: 'abc',
  zero: 0,
  items: [
    { qty: 2, price: 1.1 },
    { qty: '3', price: 2.2 },
    { qty: '', price: 'n/a' },
  ],
};
const scope = formScope(values);
const run = (expr: string, precision?: number) => {
  const log = vi.fn();
  return { value: calculate(expr, scope, precision, log), log };
};
const calc = (expr: string, precision?: number) => run(expr, precision).value;

describe('calculation expressions', () => {
  it('gives × and ÷ precedence over + and -', () => {
    expect(calc('{a} + {b} × {c}')).toBe(14);
    expect(calc('{a} + {b} * {c}')).toBe(14);
    expect(calc('{c} - {a} ÷ {a}')).toBe(3);
    expect(calc('{c} - {a} / {a}')).toBe(3);
    expect(calc('10 - 4 - 3')).toBe(3);
    expect(calc('24 ÷ 4 ÷ 2')).toBe(3);
  });

  it('evaluates parentheses first, nested too', () => {
    expect(calc('({a} + {b}) × {c}')).toBe(20);
    expect(calc('(({a} + {b}) × ({c} - 1)) ÷ 5')).toBe(3);
  });

  it('supports unary minus and plus', () => {
    expect(calc('-{a} + 5')).toBe(3);
    expect(calc('{a} × -{b}')).toBe(-6);
    expect(calc('-(1 + 2) × -2')).toBe(6);
    expect(calc('--3')).toBe(3);
    expect(calc('+4')).toBe(4);
  });

  it('reads numbers with decimals', () => {
    expect(calc('1.5 × 2')).toBe(3);
    expect(calc('.5 + .25')).toBe(0.75);
  });

  it('counts empty and non-numeric operands as 0 without an error', () => {
    const r = run('{empty} + {text} + {missing} + {a}');
    expect(r.value).toBe(2);
    expect(r.log).not.toHaveBeenCalled();
    expect(toNumber('1,234.5')).toBe(1234.5);
    expect(toNumber(' 7 ')).toBe(7);
    expect(toNumber(null)).toBe(0);
    expect(toNumber(true)).toBe(0);
    expect(toNumber(['1'])).toBe(0);
    expect(toNumber(Number.NaN)).toBe(0);
    expect(toNumber('12abc')).toBe(0);
  });

  it('gives 0 on division by zero and logs the error', () => {
    const r = run('{a} + {b} ÷ {zero}');
    expect(r.value).toBe(0);
    expect(r.log).toHaveBeenCalledOnce();
    expect(r.log.mock.calls[0]![0]).toBe(CALC_ERROR_LOG);
    expect(r.log.mock.calls[0]![1].expression).toBe('{a} + {b} ÷ {zero}');
    expect(String(r.log.mock.calls[0]![1].error)).toMatch(/division by zero/);
    // An empty divisor is 0 too.
    expect(run('1 / {empty}').value).toBe(0);
  });

  it('reads only the form’s own values, never the prototype chain', () => {
    const r = run('{constructor} + {__proto__} + {toString} + {items.constructor} + {a}');
    expect(r.value).toBe(2);
    expect(r.log).not.toHaveBeenCalled();
  });

  it('logs a malformed expression and gives 0', () => {
    for (const bad of ['', '1 +', '(1 + 2', '1 + 2)', '{a} {b}', 'alert(1)', '{a', '{}', '1..2', 'SUM({a})', '2 ^ 3', 'constructor']) {
      const r = run(bad);
      expect(r.value, bad).toBe(0);
      expect(r.log, bad).toHaveBeenCalledWith(CALC_ERROR_LOG, expect.objectContaining({ error: expect.any(CalcSyntaxError) }));
    }
  });

  it('refuses nesting beyond the limit instead of overflowing the stack', () => {
    const deep = `${'('.repeat(CALC_MAX_DEPTH + 5)}1${')'.repeat(CALC_MAX_DEPTH + 5)}`;
    expect(() => parseCalc(deep)).toThrow(CalcSyntaxError);
    const ok = `${'('.repeat(50)}1${')'.repeat(50)}`;
    expect(calc(ok)).toBe(1);
  });

  it('sums an input-table column, empty and non-numeric cells as 0', () => {
    expect(calc('SUM({items.qty})')).toBe(5);
    expect(calc('sum( {items.price} )')).toBe(3.3);
    // A column read outside its table is its sum too (JNPF's main-form reference to a sub-table field).
    expect(calc('{items.qty} × 2')).toBe(10);
    expect(calc('SUM({nothing.qty})')).toBe(0);
  });

  it('reads the row’s own cell inside its table, and still sums with SUM', () => {
    const row1 = formScope(values, { table: 'items', index: 1 });
    expect(calculate('{items.qty} × {items.price}', row1)).toBe(6.6);
    expect(calculate('{items.qty} ÷ SUM({items.qty})', row1, 2)).toBe(0.6);
    expect(calculate('{items.qty} + {a}', formScope(values, { table: 'items', index: 2 }))).toBe(2);
  });

  it('rounds without binary floating-point artefacts', () => {
    expect(calc('{price} + {tax}')).toBe(0.3);
    expect(calc('{price} + {tax}', 2)).toBe(0.3);
    expect(calc('1.1 × 3')).toBe(3.3);
    expect(calc('1.005', 2)).toBe(1.01);
    expect(calc('2 ÷ 3', 2)).toBe(0.67);
    expect(calc('-2 ÷ 3', 2)).toBe(-0.67);
    expect(calc('-1.005', 2)).toBe(-1.01);
    expect(calc('2.5', 0)).toBe(3);
    expect(calc('-2.5', 0)).toBe(-3);
    expect(roundTo(1.23456e-7, 10)).toBe(0.0000001235);
    expect(roundTo(123456789.125, 2)).toBe(123456789.13);
    expect(Object.is(roundTo(-0.001, 2), 0)).toBe(true);
  });

  it('parses each expression once', () => {
    const expr = '{a} × 7 + {b} × 11';
    const first = compileCalc(expr);
    const size = calcCacheSize();
    for (let i = 0; i < 100; i++) expect(compileCalc(expr)).toBe(first);
    expect(calcCacheSize()).toBe(size);
    expect(first.deps).toEqual({ fields: ['a', 'b'], columns: [] });
    expect(compileCalc('{x} + SUM({t.y}) + {t.z} + {x}').deps).toEqual({ fields: ['x'], columns: ['t.y', 't.z'] });
  });

  it('turns the designer’s token list into the same expression', () => {
    const tokens = ['(', { __vModel__: 'a' }, '+', '1', '.', '5', ')', '×', { __vModel__: 'items.qty' }, '÷', 2];
    expect(fromTokens(tokens)).toBe('( {a} + 1.5 ) × {items.qty} ÷ 2');
    expect(calculate(tokens, scope)).toBe(8.75);
  });
});

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
