/**
 * A list's sort: the field (a column key, also the row's field and the server's `sidx`, see
 * src/contracts/list-sort.ts) and the direction. In the URL it is one key, `sort=realName` (asc) or
 * `sort=-realName` (desc); the list calls take `sidx` and `sort`; a copy on the device is sorted here
 * the way the server sorts (nulls last either way, ties keep the order they came in).
 */

export type SortDir = 'asc' | 'desc';

export interface ListSort {
  field: string;
  dir: SortDir;
}

/** What a list call takes (spec 3 list query): the field and the direction; both absent for the default order. (A type, not an interface: list queries are records.) */
export type ListSortParams = {
  sidx?: string;
  sort?: SortDir;
};

const FIELD = /^[A-Za-z][A-Za-z0-9]{0,39}$/;

/** The sort in a URL value (`field` or `-field`), or null for none or a malformed value. */
export function parseSort(value: string | null | undefined): ListSort | null {
  if (!value) return null;
  const desc = value.startsWith('-');
  const field = desc ? value.slice(1) : value;
  return FIELD.test(field) ? { field, dir: desc ? 'desc' : 'asc' } : null;
}

/** The URL value of a sort ('' for none). */
export function sortValue(sort: ListSort | null): string {
  return sort ? `${sort.dir === 'desc' ? '-' : ''}${sort.field}` : '';
}

/** What a click on a column header does: ascending first, then descending, then the default order. */
export function nextSort(current: ListSort | null, field: string): ListSort | null {
  if (current?.field !== field) return { field, dir: 'asc' };
  return current.dir === 'asc' ? { field, dir: 'desc' } : null;
}

/** The list call's parameters for a URL sort value: `{ sidx, sort }`, or nothing. */
export function sortParams(value: string | null | undefined): ListSortParams {
  const sort = parseSort(value);
  return sort ? { sidx: sort.field, sort: sort.dir } : {};
}

const isNull = (v: unknown) => v === null || v === undefined;

/** Compares two field values as the server's ORDER BY does: numbers and booleans by value, text by code point. */
export function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'boolean') a = a ? 1 : 0;
  if (typeof b === 'boolean') b = b ? 1 : 0;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The rows in the order of a list call's `sidx` / `sort` (a copy; the rows as given without a
 * field). Nulls go last either way; equal values keep their order (the default order's ties).
 */
export function sortRows<T>(rows: readonly T[], params: ListSortParams): T[] {
  const field = params.sidx;
  if (!field || !FIELD.test(field)) return [...rows];
  const sign = params.sort === 'desc' ? -1 : 1;
  const valueOf = (row: T) => (Object.hasOwn(row as object, field) ? (row as Record<string, unknown>)[field] : undefined);
  return rows
    .map((row, i) => ({ row, i, v: valueOf(row) }))
    .sort((a, b) => {
      const an = isNull(a.v);
      const bn = isNull(b.v);
      if (an || bn) return an === bn ? a.i - b.i : an ? 1 : -1;
      return sign * compareValues(a.v, b.v) || a.i - b.i;
    })
    .map((x) => x.row);
}
