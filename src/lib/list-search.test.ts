import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineListSearch, listParams, listSearchParams, parseListSearch } from './list-search';
import { LIST_SEARCH_KEYS } from './list-search-keys';

const plain = defineListSearch();
const users = defineListSearch({ org: z.string() }, { org: '' });
const sorted = defineListSearch({ org: z.string() }, { org: '' }, { sortable: ['account', 'realName'] });
const messages = defineListSearch({ type: z.coerce.number().refine((n) => [1, 2, 3, 4].includes(n)).nullable() }, { type: null });

describe('list query in the URL', () => {
  it('missing keys take their defaults (page 1, 20 a page, no keyword)', () => {
    expect(parseListSearch(plain, {})).toEqual({ page: 1, size: 20, q: '', sort: '' });
    expect(parseListSearch(plain, undefined)).toEqual({ page: 1, size: 20, q: '', sort: '' });
    expect(parseListSearch(users, { section: 'all' })).toEqual({ page: 1, size: 20, q: '', sort: '', org: '' });
    expect(parseListSearch(messages, {})).toMatchObject({ type: null });
  });

  it('reads good values, as the router parses them (numbers, or their text)', () => {
    expect(parseListSearch(users, { page: 3, size: 50, q: '王', org: '01J00000000000000000000001' })).toEqual({ page: 3, size: 50, q: '王', sort: '', org: '01J00000000000000000000001' });
    expect(parseListSearch(plain, { page: '2', size: '100' })).toMatchObject({ page: 2, size: 100 });
    // `?q=138` arrives as a number; a keyword is text.
    expect(parseListSearch(plain, { q: 138 })).toMatchObject({ q: '138' });
    expect(parseListSearch(messages, { type: '2' })).toMatchObject({ type: 2 });
  });

  it('a bad value falls back to its default without touching the others, and never throws', () => {
    expect(parseListSearch(plain, { page: 0, size: 33, q: '王' })).toEqual({ page: 1, size: 20, q: '王', sort: '' });
    expect(parseListSearch(plain, { page: -2, size: 'lots' })).toMatchObject({ page: 1, size: 20 });
    expect(parseListSearch(plain, { page: 2.5, q: { a: 1 } })).toMatchObject({ page: 1, q: '' });
    expect(parseListSearch(plain, { page: 'abc', q: ['x'] })).toMatchObject({ page: 1, q: '' });
    expect(parseListSearch(users, { org: 42, page: 4 })).toMatchObject({ org: '', page: 4 });
    expect(parseListSearch(messages, { type: 99 })).toMatchObject({ type: null });
    expect(parseListSearch(messages, { type: 'notice' })).toMatchObject({ type: null });
  });

  it('writes only what differs from the defaults, and keeps the keys it does not own', () => {
    expect(listSearchParams(users, { section: 'all', page: 4 }, { page: 1, size: 20, q: '', sort: '', org: '' })).toEqual({ section: 'all' });
    expect(listSearchParams(users, {}, { page: 2, size: 50, q: '王', sort: '', org: '01J1' })).toEqual({ page: 2, size: 50, q: '王', org: '01J1' });
    expect(listSearchParams(messages, { type: 2, q: 'x' }, { page: 1, size: 20, q: '', sort: '', type: null })).toEqual({});
    expect(listSearchParams(messages, {}, { page: 1, size: 20, q: '', sort: '', type: 3 })).toEqual({ type: 3 });
  });

  it('reading what was written gives the same values back', () => {
    const values = { page: 5, size: 100, q: '2024', sort: '', org: '01J2' };
    expect(parseListSearch(users, listSearchParams(users, {}, values))).toEqual(values);
    const sortedValues = { page: 2, size: 20, q: '', sort: '-realName', org: '' };
    expect(parseListSearch(sorted, listSearchParams(sorted, {}, sortedValues))).toEqual(sortedValues);
  });

  it('keeps the sorted column of a list with sortable columns: one of them, either way; anything else is the default order', () => {
    expect(parseListSearch(sorted, { sort: 'realName' })).toMatchObject({ sort: 'realName' });
    expect(parseListSearch(sorted, { sort: '-account', page: 3 })).toMatchObject({ sort: '-account', page: 3 });
    for (const bad of ['password', '-password', '--account', 'account;drop', '', 7, ['account']]) expect(parseListSearch(sorted, { sort: bad })).toMatchObject({ sort: '' });
    // A list without sortable columns takes no sort from the URL.
    expect(parseListSearch(plain, { sort: 'account' })).toMatchObject({ sort: '' });
    expect(listSearchParams(sorted, { sort: 'account', page: 2 }, { page: 1, size: 20, q: '', sort: '', org: '' })).toEqual({});
    expect(listParams({ page: 2, size: 50, q: '王', sort: '-realName' })).toEqual({ currentPage: 2, pageSize: 50, keyword: '王', sidx: 'realName', sort: 'desc' });
    expect(listParams({ page: 1, size: 20, q: '', sort: '' })).toEqual({ currentPage: 1, pageSize: 20, keyword: '' });
  });

  it('every key a list may use is one the tab bar ignores', () => {
    for (const def of [plain, users, messages, sorted]) for (const key of Object.keys(def.shape)) expect(LIST_SEARCH_KEYS).toContain(key);
  });
});
