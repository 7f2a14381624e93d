import type { ModelConfig, RecordRow } from '@/contracts/online-dev-model';
import { RANGE_SEPARATOR, valueFields, valueKind } from '@/contracts/online-dev-model';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { network } from '@/lib/network';
import { useDataset } from '@/lib/sync/dataset';
import { syncStatus } from '@/lib/sync/engine';
import { offlineMatchers, type RecordQuery } from '../records';
import { configDataset } from './config';

/**
 * The model's config as this device has it (undefined while read, null when never fetched). Each
 * time the page shows it online (and when the connection returns) it is asked again — a 304 when
 * unchanged (its ETag) — so a model published meanwhile is the one its form follows.
 */
export function useModelConfig(modelId: string) {
  const ds = configDataset(modelId);
  const view = useDataset(ds);
  const active = useSnapshot(syncStatus).active;
  const online = useSnapshot(network).online;
  useEffect(() => {
    if (!active || !online || !modelId) return;
    // useDataset's own refresh asks only for a stale copy: this joins that request, and when it
    // found the copy fresh asks once more, forced (a 304 when unchanged). One request either way.
    void ds
      .refresh()
      .then((outcome) => (outcome === 'fresh' ? ds.refresh({ force: true }) : outcome))
      .catch(() => undefined);
  }, [ds, modelId, active, online]);
  const config = view.data;
  // Offline searching of the list follows the config the page has (once per config, not per render).
  useEffect(() => {
    if (config) offlineMatchers.set(modelId, matcherOf(config));
  }, [modelId, config]);
  return view;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : Array.isArray(v) ? v.join(' ') : String(v)).toLowerCase();

/**
 * How a list query is answered from the rows this device has seen (offline, a query never asked
 * online): the keyword in the keyword fields, each search field as the server compares it.
 */
export function matcherOf(config: ModelConfig): (row: RecordRow, q: RecordQuery) => boolean {
  const fields = new Map(valueFields(config.form.fields).map((f) => [f.key, f]));
  return (row, q) => {
    if (q.keyword && !config.list.keywordFields.some((k) => text(row[k]).includes(q.keyword.toLowerCase()))) return false;
    for (const key of config.list.searchFields) {
      const f = fields.get(key);
      const want = q[key];
      if (!f || typeof want !== 'string' || !want) continue;
      const value = row[key];
      const kind = valueKind(f);
      if (kind === 'list') {
        if (!Array.isArray(value) || !value.includes(want)) return false;
      } else if (kind === 'number' || f.type === 'date' || f.type === 'time') {
        const [from = '', to = ''] = want.includes(RANGE_SEPARATOR) ? want.split(RANGE_SEPARATOR) : [want, want];
        if (value === null || value === undefined) return false;
        if (kind === 'number') {
          const n = Number(value);
          if ((from && n < Number(from)) || (to && n > Number(to))) return false;
        } else {
          const s = String(value);
          if ((from && s < from) || (to && s > `${to}\uffff`)) return false;
        }
      } else if (['comInput', 'textarea', 'billRule'].includes(f.type)) {
        if (!text(value).includes(want.toLowerCase())) return false;
      } else if (String(value ?? '') !== want) return false;
    }
    return true;
  };
}
