import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@/contracts/limits';
import { clampPage, pageCount, pageSizeOptions, parseJump } from './pagination-model';

describe('pagination model', () => {
  it('counts the pages, an empty list still showing page 1', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(1001, 500)).toBe(3);
    // A broken size falls back to the default instead of dividing by zero.
    expect(pageCount(45, 0)).toBe(Math.ceil(45 / DEFAULT_PAGE_SIZE));
  });

  it('keeps the page within the list (e.g. after deleting the last row of the last page)', () => {
    expect(clampPage(5, 81, 20)).toBe(5);
    expect(clampPage(6, 81, 20)).toBe(5);
    expect(clampPage(3, 40, 20)).toBe(2);
    expect(clampPage(0, 81, 20)).toBe(1);
    expect(clampPage(-4, 81, 20)).toBe(1);
    expect(clampPage(Number.NaN, 81, 20)).toBe(1);
  });

  it('the jumper goes to the typed page, clamped to the pages there are', () => {
    expect(parseJump('3', 100, 20)).toBe(3);
    expect(parseJump(' 4 ', 100, 20)).toBe(4);
    expect(parseJump('99', 100, 20)).toBe(5);
    expect(parseJump('0', 100, 20)).toBe(1);
    expect(parseJump('-2', 100, 20)).toBe(1);
    expect(parseJump('2.7', 100, 20)).toBe(2);
    // Full-width digits typed with a Chinese input method count too.
    expect(parseJump('３', 100, 20)).toBe(3);
  });

  it('the jumper ignores text that is not a page number', () => {
    expect(parseJump('', 100, 20)).toBeNull();
    expect(parseJump('abc', 100, 20)).toBeNull();
    expect(parseJump('2页', 100, 20)).toBeNull();
    expect(parseJump('1e3', 100, 20)).toBeNull();
  });

  it('offers the spec sizes, and keeps an unusual current size selectable', () => {
    expect(pageSizeOptions(20)).toEqual([...PAGE_SIZES]);
    expect(pageSizeOptions(10)).toEqual([10, 20, 50, 100, 500]);
    expect(pageSizeOptions(0)).toEqual([...PAGE_SIZES]);
  });
});
