import { describe, expect, it } from 'vitest';
import { nextSort, parseSort, sortParams, sortRows, sortValue } from './list-sort';

const rows = [
  { id: 'a', name: 'ym0002', n: 3, on: true, time: '2024-01-02', phone: null as string | null },
  { id: 'b', name: 'ym0010', n: 1, on: false, time: '2023-05-01', phone: '138' },
  { id: 'c', name: 'ym0001', n: 3, on: true, time: null as string | null, phone: '137' },
  { id: 'd', name: 'ym0003', n: 2, on: false, time: '2025-01-01', phone: undefined as string | null | undefined },
];
const ids = (list: { id: string }[]) => list.map((r) => r.id).join('');

describe('list sort', () => {
  it('reads and writes the URL value: field ascending, -field descending', () => {
    expect(parseSort('realName')).toEqual({ field: 'realName', dir: 'asc' });
    expect(parseSort('-realName')).toEqual({ field: 'realName', dir: 'desc' });
    for (const bad of ['', null, undefined, '-', '--x', 'a b', 'x;y', '1abc', 'a'.repeat(41)]) expect(parseSort(bad)).toBeNull();
    expect(sortValue({ field: 'account', dir: 'desc' })).toBe('-account');
    expect(sortValue({ field: 'account', dir: 'asc' })).toBe('account');
    expect(sortValue(null)).toBe('');
    expect(sortParams('-entryDate')).toEqual({ sidx: 'entryDate', sort: 'desc' });
    expect(sortParams('')).toEqual({});
  });

  it('a header click goes ascending, descending, then back to the default order; another column starts ascending', () => {
    expect(nextSort(null, 'name')).toEqual({ field: 'name', dir: 'asc' });
    expect(nextSort({ field: 'name', dir: 'asc' }, 'name')).toEqual({ field: 'name', dir: 'desc' });
    expect(nextSort({ field: 'name', dir: 'desc' }, 'name')).toBeNull();
    expect(nextSort({ field: 'name', dir: 'desc' }, 'n')).toEqual({ field: 'n', dir: 'asc' });
  });

  it('sorts text, numbers, booleans and dates as the server does; ties keep their order', () => {
    expect(ids(sortRows(rows, { sidx: 'name', sort: 'asc' }))).toBe('cadb');
    expect(ids(sortRows(rows, { sidx: 'name', sort: 'desc' }))).toBe('bdac');
    // Numbers by value (10 after 2), equal ones in the order given.
    expect(ids(sortRows(rows, { sidx: 'n', sort: 'asc' }))).toBe('bdac');
    expect(ids(sortRows(rows, { sidx: 'n', sort: 'desc' }))).toBe('acdb');
    expect(ids(sortRows(rows, { sidx: 'on', sort: 'asc' }))).toBe('bdac');
    expect(ids(sortRows(rows, { sidx: 'time' }))).toBe('badc');
  });

  it('puts missing values last either way', () => {
    expect(ids(sortRows(rows, { sidx: 'phone', sort: 'asc' }))).toBe('cbad');
    expect(ids(sortRows(rows, { sidx: 'phone', sort: 'desc' }))).toBe('bcad');
    expect(ids(sortRows(rows, { sidx: 'time', sort: 'desc' }))).toBe('dabc');
  });

  it('without a field (or with a field the rows do not have) keeps the order, as a copy', () => {
    const same = sortRows(rows, {});
    expect(same).not.toBe(rows);
    expect(ids(same)).toBe('abcd');
    expect(ids(sortRows(rows, { sidx: 'nothing', sort: 'desc' }))).toBe('abcd');
    expect(ids(sortRows(rows, { sidx: 'constructor', sort: 'desc' }))).toBe('abcd');
    expect(ids(sortRows(rows, { sidx: 'bad field' }))).toBe('abcd');
  });
});
