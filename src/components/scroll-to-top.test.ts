import { describe, expect, it } from 'vitest';
import { PAGE_SCROLL_MS } from '@/contracts/limits';
import { easeInOutQuad, scrollPositionAt } from './scroll-to-top';

describe('scroll to top easing', () => {
  it('eases in and out: slow at both ends, half way at half time', () => {
    expect(easeInOutQuad(0)).toBe(0);
    expect(easeInOutQuad(0.5)).toBe(0.5);
    expect(easeInOutQuad(1)).toBe(1);
    expect(easeInOutQuad(0.1)).toBeCloseTo(0.02);
    expect(easeInOutQuad(0.9)).toBeCloseTo(0.98);
    // Out-of-range progress is clamped.
    expect(easeInOutQuad(-1)).toBe(0);
    expect(easeInOutQuad(2)).toBe(1);
  });

  it('moves from the current position to the top, never past it, within the 800 ms', () => {
    const from = 1200;
    expect(scrollPositionAt(from, 0, PAGE_SCROLL_MS)).toBe(from);
    expect(scrollPositionAt(from, PAGE_SCROLL_MS / 2, PAGE_SCROLL_MS)).toBe(600);
    expect(scrollPositionAt(from, PAGE_SCROLL_MS, PAGE_SCROLL_MS)).toBe(0);
    expect(scrollPositionAt(from, PAGE_SCROLL_MS + 50, PAGE_SCROLL_MS)).toBe(0);
    let prev = from;
    for (let ms = 0; ms <= PAGE_SCROLL_MS; ms += 16) {
      const top = scrollPositionAt(from, ms, PAGE_SCROLL_MS);
      expect(top).toBeLessThanOrEqual(prev);
      expect(top).toBeGreaterThanOrEqual(0);
      prev = top;
    }
    // The first frame barely moves (eased start) rather than jumping.
    expect(from - scrollPositionAt(from, 16, PAGE_SCROLL_MS)).toBeLessThan(5);
  });

  it('a zero duration goes straight to the top', () => {
    expect(scrollPositionAt(500, 0, 0)).toBe(0);
  });
});
