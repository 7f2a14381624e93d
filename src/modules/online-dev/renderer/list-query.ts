import { z } from 'zod';
import type { ModelConfig } from '@/contracts/online-dev-model';
import { defineListSearch, listParams, type ListPaging, type ListSearchDef } from '@/lib/list-search';
import type { RecordQuery } from '../records';

/**
 * A model list's query in the URL: page, size, keyword and sort as every list, the search fields as
 * one parameter `f` (`key=value&key=value`, values as the server takes them: a range `from,to`), and
 * the node of the tree beside the list as `node` (sent as `_tree`).
 */

export type ModelListValues = ListPaging & { f: string; node: string };

/** The list search of one model (its sortable columns; memoise it per config). */
export function modelListSearch(config: ModelConfig): ListSearchDef<ModelListValues> {
  const sortable = [...new Set([config.list.sort.field, ...config.list.columns.filter((c) => c.sortable).map((c) => c.key)])];
  const def = defineListSearch({ f: z.string().max(2000), node: z.string().max(60) }, { f: '', node: '' }, { sortable });
  // The model's own page size is its default (spec 9 default 20).
  return { ...def, defaults: { ...def.defaults, size: config.list.pageSize } };
}

/** The search fields' values from `f` (only the model's search fields, non-empty). */
export function searchValues(config: ModelConfig, f: string): Record<string, string> {
  const params = new URLSearchParams(f);
  const out: Record<string, string> = {};
  for (const key of config.list.searchFields) {
    const v = params.get(key);
    if (v) out[key] = v;
  }
  return out;
}

export function encodeSearch(values: Record<string, string>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v) params.set(k, v);
  return params.toString();
}

/** The remote list's query for these values (what the List call is asked, and the cache's key). */
export function recordQuery(config: ModelConfig, values: ModelListValues): RecordQuery {
  return {
    modelId: config.id,
    ...listParams(values),
    ...searchValues(config, values.f),
    ...(values.node ? { _tree: values.node } : {}),
  } as RecordQuery;
}
