import { describe, expect, it } from 'vitest';
import { clampPage, keyStep, swipeStep, WHEEL_PAUSE_MS, wheelStep } from './swipe';

describe('paged mode (h5_swipper) page turns', () => {
  it('a swipe up goes to the next page, down to the previous one; a short drag is not a swipe', () => {
    expect(swipeStep(0, -120, 400)).toBe(1);
    expect(swipeStep(5, 90, 400)).toBe(-1);
    expect(swipeStep(0, -30, 400)).toBe(0);
  });

  it('a quick short flick turns the page; a mostly sideways move (a carousel) does not', () => {
    expect(swipeStep(0, -30, 60)).toBe(1);
    expect(swipeStep(0, -10, 10)).toBe(0);
    expect(swipeStep(-150, -80, 200)).toBe(0);
  });

  it('arrow and page keys, and the wheel once per gesture', () => {
    expect(keyStep('ArrowDown')).toBe(1);
    expect(keyStep('PageUp')).toBe(-1);
    expect(keyStep('a')).toBe(0);
    expect(wheelStep(100, 10_000, 0)).toBe(1);
    expect(wheelStep(-100, 10_000, 0)).toBe(-1);
    expect(wheelStep(100, 10_000, 10_000 - WHEEL_PAUSE_MS / 2)).toBe(0);
    expect(wheelStep(5, 10_000, 0)).toBe(0);
  });

  it('stays within the pages (no wrap-around)', () => {
    expect(clampPage(-1, 3)).toBe(0);
    expect(clampPage(3, 3)).toBe(2);
    expect(clampPage(1, 3)).toBe(1);
  });
});
