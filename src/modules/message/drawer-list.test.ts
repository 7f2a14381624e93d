import { describe, expect, it } from 'vitest';
import { hasMoreMessages, nearBottom } from './drawer-list';

describe('message drawer paging', () => {
  it('loads the next page when the scroll is within 200 px of the bottom', () => {
    expect(nearBottom({ scrollHeight: 1000, clientHeight: 500, scrollTop: 299 })).toBe(false);
    expect(nearBottom({ scrollHeight: 1000, clientHeight: 500, scrollTop: 300 })).toBe(true);
    // Too short to scroll: already at the bottom.
    expect(nearBottom({ scrollHeight: 300, clientHeight: 500, scrollTop: 0 })).toBe(true);
  });

  it('has more while this device holds more than shown, or the server has pages not yet sent', () => {
    const base = { shown: 20, localTotal: 20, serverPages: 1, serverTotal: 20, online: true };
    expect(hasMoreMessages(base)).toBe(false);
    expect(hasMoreMessages({ ...base, localTotal: 21 })).toBe(true);
    expect(hasMoreMessages({ ...base, serverTotal: 41 })).toBe(true);
    expect(hasMoreMessages({ ...base, serverTotal: 41, online: false })).toBe(false);
    expect(hasMoreMessages({ ...base, serverPages: 3, serverTotal: 41 })).toBe(false);
  });
});
