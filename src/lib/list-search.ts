import { useCallback, useMemo } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@/contracts/limits';
import type { ListFilterKey } from './list-search-keys';
import { parseSort, sortParams, type ListSortParams } from './list-sort';

/**
 * A list's query in the URL (router state, architecture rule 3): page, page size, keyword, the
 * sorted column (lists with sortable columns) and the page's own filters, so a refreshed, shared or reopened list shows the same rows. Values are read
 * key by key: a bad one falls back to its default without touching the others, and nothing throws.
 * Defaults are left out of the URL, and changes replace the history entry (the back button leaves
 * the list instead of walking through every keystroke and page).
 */

const baseShape = {
  page: z.coerce.number().int().min(1),
  size: z.coerce.number().int().refine((n) => PAGE_SIZES.includes(n)),
  // The router reads `?q=123` as a number.
  q: z.union([z.string(), z.number()]).transform((v) => String(v).trim()),
};

export interface ListPaging {
  /** 1-based. */
  page: number;
  size: number;
  /** The keyword ('' for none). */
  q: string;
  /** The sorted column: `field` (ascending) or `-field` (descending); '' for the list's default order. */
  sort: string;
}

type FilterShape = Partial<Record<ListFilterKey, z.ZodType>>;
type FilterValues<S extends FilterShape> = { -readonly [K in keyof S]-?: z.output<NonNullable<S[K]>> };

/** The keys, validation and defaults of one list's query; define it once per page, at module level. */
export interface ListSearchDef<V extends ListPaging> {
  readonly shape: Readonly<Record<string, z.ZodType>>;
  readonly defaults: Readonly<V>;
  /** The fields (column keys) the list sorts by; none when it does not sort. */
  readonly sortable: readonly string[];
}

/**
 * A list query of page, size and keyword, plus `filters` (with their defaults) and, with
 * `sortable`, the column it is sorted by (one of those fields, see src/contracts/list-sort.ts).
 */
export function defineListSearch<S extends FilterShape = Record<never, never>>(
  filters: S = {} as S,
  defaults: FilterValues<S> = {} as FilterValues<S>,
  opts: { sortable?: readonly string[] } = {},
): ListSearchDef<ListPaging & FilterValues<S>> {
  const sortable = opts.sortable;
  const sortShape: Record<string, z.ZodType> = sortable?.length ? { sort: z.string().refine((v) => sortable.includes(parseSort(v)?.field ?? '')) } : {};
  return {
    shape: { ...baseShape, ...sortShape, ...(filters as Record<string, z.ZodType>) },
    defaults: { page: 1, size: DEFAULT_PAGE_SIZE, q: '', sort: '', ...defaults } as ListPaging & FilterValues<S>,
    sortable: sortable ?? [],
  };
}

/** The list's values from the URL's search: each key validated on its own; missing or bad ones take their default. */
export function parseListSearch<V extends ListPaging>(def: ListSearchDef<V>, raw: Readonly<Record<string, unknown>> | null | undefined): V {
  const out: Record<string, unknown> = { ...def.defaults };
  for (const [key, schema] of Object.entries(def.shape)) {
    const value = raw?.[key];
    if (value === undefined || value === null) continue;
    const parsed = schema.safeParse(value);
    if (parsed.success && parsed.data !== undefined) out[key] = parsed.data;
  }
  return out as V;
}

/** The URL's search with these values: the list's defaults (and empty values) left out, other keys kept. */
export function listSearchParams<V extends ListPaging>(def: ListSearchDef<V>, current: Readonly<Record<string, unknown>> | null | undefined, values: V): Record<string, unknown> {
  const next: Record<string, unknown> = { ...current };
  const defaults = def.defaults as Readonly<Record<string, unknown>>;
  for (const key of Object.keys(def.shape)) {
    const value = (values as unknown as Record<string, unknown>)[key];
    if (value === undefined || value === null || value === '' || value === defaults[key]) delete next[key];
    else next[key] = value;
  }
  return next;
}

/** The paging, keyword and sort as the documented list calls take them (spec 3: currentPage, pageSize, keyword, sidx, sort). */
export function listParams({ page, size, q, sort }: ListPaging): { currentPage: number; pageSize: number; keyword: string } & ListSortParams {
  return { currentPage: page, pageSize: size, keyword: q, ...sortParams(sort) };
}

/** A list's query (see `defineListSearch`) and the ways to change it. */
export interface ListSearch<V extends ListPaging> {
  values: V;
  /** The fields (column keys) the list sorts by. */
  sortable: readonly string[];
  /** A new keyword: back to page 1. */
  search(q: string): void;
  /** New filters (and maybe a keyword): back to page 1. */
  filter(patch: Partial<V>): void;
  /** Another page or page size. */
  paginate(page: number, size: number): void;
  /** Another sort (`field`, `-field`, '' for the default order): back to page 1. */
  sortBy(sort: string): void;
}

/** The list's query from the current URL; changes replace the URL's search (other keys are kept). */
export function useListSearch<V extends ListPaging>(def: ListSearchDef<V>): ListSearch<V> {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const values = useMemo(() => parseListSearch(def, raw), [def, raw]);
  const set = useCallback(
    (patch: Partial<V>) =>
      void navigate({
        to: '.',
        // From the latest URL, not this render's values: two changes in a row both count.
        search: (prev: Record<string, unknown>) => listSearchParams(def, prev, { ...parseListSearch(def, prev), ...patch }),
        replace: true,
      }),
    [def, navigate],
  );
  return useMemo(
    () => ({
      values,
      sortable: def.sortable,
      search: (q) => set({ q, page: 1 } as Partial<V>),
      filter: (patch) => set({ ...patch, page: 1 }),
      paginate: (page, size) => set({ page, size } as Partial<V>),
      sortBy: (sort) => set({ sort, page: 1 } as Partial<V>),
    }),
    [values, set, def.sortable],
  );
}
