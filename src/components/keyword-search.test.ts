import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from '@/contracts/limits';
import { createKeywordSearch } from './keyword-search';

describe('keyword search of the list toolbar', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('typing searches once, after the user pauses, with the trimmed keyword', () => {
    const searched: string[] = [];
    const s = createKeywordSearch((k) => searched.push(k), SEARCH_DEBOUNCE_MS);
    s.input('张');
    vi.advanceTimersByTime(100);
    s.input('张三 ');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    expect(searched).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(searched).toEqual(['张三']);
  });

  it('Enter searches at once, and the pending pause search does not repeat it', () => {
    const searched: string[] = [];
    const s = createKeywordSearch((k) => searched.push(k), SEARCH_DEBOUNCE_MS);
    s.input('销售');
    s.submit('销售');
    expect(searched).toEqual(['销售']);
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2);
    expect(searched).toEqual(['销售']);
    // Enter again on the same keyword refreshes the list.
    s.submit('销售');
    expect(searched).toEqual(['销售', '销售']);
  });

  it('typing back to the keyword already searched does not search again', () => {
    const searched: string[] = [];
    const s = createKeywordSearch((k) => searched.push(k), SEARCH_DEBOUNCE_MS);
    s.submit('a');
    s.input('ab');
    s.input('a');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    expect(searched).toEqual(['a']);
  });

  it('重置 clears the keyword at once and drops a pending search', () => {
    const searched: string[] = [];
    const s = createKeywordSearch((k) => searched.push(k), SEARCH_DEBOUNCE_MS);
    s.input('王');
    s.reset();
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    expect(searched).toEqual(['']);
  });

  it('a keyword set from outside is not searched again, and unmounting drops a pending search', () => {
    const searched: string[] = [];
    const s = createKeywordSearch((k) => searched.push(k), SEARCH_DEBOUNCE_MS);
    s.sync('北区');
    s.input('北区');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    s.input('北区门店');
    s.cancel();
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    expect(searched).toEqual([]);
  });
});
