import { useCallback, useState, useSyncExternalStore } from 'react';
import { storage, StorageKey } from '@/lib/storage';

/**
 * How one user likes one list's table: the columns they hid and the row density. Kept in local
 * storage per user and list (`yunmian_table_<userId>_<listKey>`), so it survives reloads and
 * sign-outs on this device and another account on the same device has its own.
 */

export type Density = 'comfortable' | 'compact';

export interface TableSettings {
  /** Keys of the columns the user hid. */
  hidden: string[];
  density: Density;
}

export const DEFAULT_TABLE_SETTINGS: TableSettings = { hidden: [], density: 'comfortable' };

const KEY = /^[A-Za-z0-9_.-]{1,60}$/;

/** The storage key (after the `yunmian_` prefix) of a user's settings of a list; null without a user or with an odd list key. */
export function tableSettingsKey(userId: string | null | undefined, listKey: string): string | null {
  if (!userId || !KEY.test(userId) || !KEY.test(listKey)) return null;
  return `table_${userId}_${listKey}`;
}

/** The settings in a stored value; anything unreadable or unknown falls back to the defaults, field by field. */
export function parseTableSettings(raw: string | null | undefined): TableSettings {
  if (!raw) return DEFAULT_TABLE_SETTINGS;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return DEFAULT_TABLE_SETTINGS;
  }
  if (!value || typeof value !== 'object') return DEFAULT_TABLE_SETTINGS;
  const v = value as { hidden?: unknown; density?: unknown };
  const hidden = Array.isArray(v.hidden) ? [...new Set(v.hidden.filter((k): k is string => typeof k === 'string' && KEY.test(k)))].slice(0, 100) : [];
  const density: Density = v.density === 'compact' ? 'compact' : 'comfortable';
  return { hidden, density };
}

/** The stored value of the settings; null when they are the defaults (nothing to keep). */
export function serializeTableSettings(s: TableSettings): string | null {
  if (!s.hidden.length && s.density === 'comfortable') return null;
  return JSON.stringify({ hidden: [...s.hidden].sort(), density: s.density });
}

/** The settings with a column shown or hidden. */
export function withColumn(s: TableSettings, key: string, visible: boolean): TableSettings {
  const hidden = s.hidden.filter((k) => k !== key);
  return { ...s, hidden: visible ? hidden : [...hidden, key] };
}

// One copy per storage key, shared by every component showing that list (the table and its menu).
const cache = new Map<string, TableSettings>();
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
function readStored(key: string): TableSettings {
  let settings = cache.get(key);
  if (!settings) {
    settings = parseTableSettings(storage.get(key));
    cache.set(key, settings);
  }
  return settings;
}
function writeStored(key: string, settings: TableSettings) {
  cache.set(key, settings);
  const value = serializeTableSettings(settings);
  if (value) storage.set(key, value);
  else storage.remove(key);
  for (const l of listeners) l();
}

/**
 * A list's settings for the signed-in user (read from local storage, written on each change).
 * Without `listKey` they live in this component only.
 */
export function useTableSettings(listKey: string | undefined): [TableSettings, (next: TableSettings) => void] {
  const key = listKey ? tableSettingsKey(storage.get(StorageKey.userId), listKey) : null;
  const [local, setLocal] = useState<TableSettings>(DEFAULT_TABLE_SETTINGS);
  const snapshot = () => (key ? readStored(key) : null);
  const stored = useSyncExternalStore(subscribe, snapshot, snapshot);
  const update = useCallback((next: TableSettings) => (key ? writeStored(key, next) : setLocal(next)), [key]);
  return [stored ?? local, update];
}
