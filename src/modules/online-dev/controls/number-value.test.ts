import { describe, expect, it } from 'vitest';
import { numberText, parseNumberText, ratingAt, starFill, stepNumber } from './number-value';

describe('number text', () => {
  it('gives null for nothing, a number for numeric text, the text otherwise', () => {
    expect(parseNumberText('')).toBeNull();
    expect(parseNumberText(' 12.5 ')).toBe(12.5);
    expect(parseNumberText('1.')).toBe(1);
    expect(parseNumberText('-3')).toBe(-3);
    expect(parseNumberText('abc')).toBe('abc');
    expect(numberText(null)).toBe('');
    expect(numberText(3)).toBe('3');
    expect(numberText(Number.NaN)).toBe('');
  });

  it('steps within the bounds and to the precision', () => {
    expect(stepNumber(1, 1, {})).toBe(2);
    expect(stepNumber(0.1, 1, { step: 0.2 })).toBe(0.3);
    expect(stepNumber(9.5, 1, { max: 10 })).toBe(10);
    expect(stepNumber(1, -1, { min: 1 })).toBe(1);
    expect(stepNumber(null, 1, { min: 5 })).toBe(5);
    expect(stepNumber(1, 1, { step: 1, precision: 2 })).toBe(2);
  });

  it('reads half stars', () => {
    expect(ratingAt(2, 3, 20, true)).toBe(2.5);
    expect(ratingAt(2, 15, 20, true)).toBe(3);
    expect(ratingAt(2, 3, 20, false)).toBe(3);
    expect([0, 1, 2].map((i) => starFill(i, 1.5))).toEqual([1, 0.5, 0]);
  });
});
