import { describe, expect, it } from 'vitest';
import { splitAt, topMenuCount } from './top-menu-fit';

describe('top menu fit (spec 2.4: viewport ÷ 116, the rest under 更多)', () => {
  const five = [100, 128, 128, 128, 92];

  it('shows at most ⌊viewport ÷ 116⌋ entries, even with room for more', () => {
    const twelve = Array.from({ length: 12 }, () => 50);
    expect(topMenuCount(twelve, 10_000, 70, 1280)).toBe(11);
    expect(topMenuCount(twelve, 10_000, 70, 1000)).toBe(8);
    expect(topMenuCount(twelve, 10_000, 70, 116 * 12)).toBe(12);
    expect(topMenuCount(twelve, 10_000, 70, 115)).toBe(0);
  });

  it('shows all when they fit, with no 更多', () => {
    expect(topMenuCount(five, 576, 70, 1920)).toBe(5);
    expect(topMenuCount(five, 600, 70, 1920)).toBe(5);
  });

  it('shows fewer when the room beside the tools is short, keeping room for 更多', () => {
    // 100 + 128 + 128 = 356, + 70 for 更多 = 426.
    expect(topMenuCount(five, 426, 70, 1100)).toBe(3);
    expect(topMenuCount(five, 425, 70, 1100)).toBe(2);
    // All five would need 576 with no 更多; 575 is not enough, and four need 484 + 70.
    expect(topMenuCount(five, 575, 70, 1920)).toBe(4);
    expect(topMenuCount(five, 100, 70, 1920)).toBe(0);
  });

  it('splits the entries in menu order', () => {
    expect(splitAt(['a', 'b', 'c'], 2)).toEqual({ shown: ['a', 'b'], overflow: ['c'] });
    expect(splitAt(['a', 'b'], 5)).toEqual({ shown: ['a', 'b'], overflow: [] });
    expect(splitAt(['a'], 0)).toEqual({ shown: [], overflow: ['a'] });
  });
});
