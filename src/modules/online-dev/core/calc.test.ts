import { describe, expect, it, vi } from 'vitest';
import { CALC_MAX_DEPTH, CalcSyntaxError, calcCacheSize, compileCalc, fromTokens, parseCalc } from './calc-parse';
import { CALC_ERROR_LOG, calculate, formatCalc, formScope, roundTo, toNumber } from './calc';

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

describe('calculation display', () => {
  it('shows the precision with trailing zeros', () => {
    expect(formatCalc(3, { precision: 2 }).text).toBe('3.00');
    expect(formatCalc(0.1 + 0.2, { precision: 2 }).text).toBe('0.30');
    expect(formatCalc(0.1 + 0.2).text).toBe('0.3');
    expect(formatCalc(2.5, { precision: 0 }).text).toBe('3');
  });

  it('adds thousand separators to the integer part only', () => {
    expect(formatCalc(1234567.891, { precision: 2, thousands: true }).text).toBe('1,234,567.89');
    expect(formatCalc(-1234.5, { thousands: true }).text).toBe('-1,234.5');
    expect(formatCalc(999, { thousands: true }).text).toBe('999');
    expect(formatCalc(0.12345, { thousands: true }).text).toBe('0.12345');
  });

  it('gives the uppercase Chinese amount with the existing formatter', () => {
    expect(formatCalc(100, { amountChinese: true })).toEqual({ text: '100', chinese: '壹佰元整' });
    expect(formatCalc(1234.56, { precision: 2, amountChinese: true, thousands: true })).toEqual({ text: '1,234.56', chinese: '壹仟贰佰叁拾肆元伍角陆分' });
    expect(formatCalc(0.567, { precision: 1, amountChinese: true }).chinese).toBe('陆角');
    expect(formatCalc(1e13, { amountChinese: true }).chinese).toBe('金额过大无法计算');
    expect(formatCalc(5).chinese).toBeUndefined();
  });
});
