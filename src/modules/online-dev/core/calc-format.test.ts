import { describe, expect, it } from 'vitest';
import { formatCalc } from './calc-format';

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
