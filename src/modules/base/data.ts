import { t } from '@lingui/core/macro';
import type { TreeNode } from '@/contracts/common';
import { fillPath } from '@/contracts/api-path';
import type { BillRuleOption, DictionaryListEntry, DictionaryOption, Region } from '@/contracts/base';
import { basePaths } from '@/contracts/base-paths';
import { request } from '@/lib/http';
import { network } from '@/lib/network';
import { defineDataset, useDataset, type Dataset } from '@/lib/sync/dataset';
import { currentUserDb } from '@/lib/sync/engine';
import type { UserDb } from '@/lib/sync/user-db';

/**
 * Base data cached on this device (spec 3 Cached base data): the dictionary list, the dictionary
 * type tree, bill-rule options, regions (one cached level per grade and parent, spec 7.5 "cached
 * per level") and area levels for pickers. Reads come from the local database; the network only
 * revalidates it (ETag / If-None-Match).
 */

const REGION_URL = basePaths.regions;
const areaSelectorUrl = (parentId: string) => fillPath(basePaths.areaSelector, { id: parentId });

const MINUTE = 60_000;
/** Dictionaries, type tree and bill-rule options are edited from time to time. */
const EDITABLE_FRESH_MS = 5 * MINUTE;
/** Administrative divisions hardly ever change. */
const REGION_FRESH_MS = 30 * 24 * 60 * MINUTE;
const AREA_FRESH_MS = 10 * MINUTE;
/** Refreshes after replayed writes wait this long, so a burst of writes costs one request. */
const REFRESH_DEBOUNCE_MS = 300;

/** Thrown when a level is needed offline and this device never cached it. */
export class NotCachedError extends Error {
  constructor(message = t`这部分数据尚未缓存到本机，请联网后重试`) {
    super(message);
    this.name = 'NotCachedError';
  }
}

/** `data.list` of an answer (spec 7.5: dictionary responses are read from data.list). */
function listOf<T>(what: string, check: (item: unknown) => boolean = (i) => !!i && typeof i === 'object') {
  return (raw: unknown): T[] => {
    const list = (raw as { list?: unknown } | null)?.list;
    if (!Array.isArray(list) || !list.every(check)) throw new Error(`${what}: unexpected answer`);
    return list as T[];
  };
}
const hasId = (i: unknown) => !!i && typeof i === 'object' && typeof (i as { id?: unknown }).id === 'string';

export function parseRegions(raw: unknown): Region[] {
  if (!Array.isArray(raw) || !raw.every((r) => hasId(r) && typeof (r as Region).name === 'string')) throw new Error('regions: unexpected answer');
  return raw as Region[];
}

// ---- dictionaries -------------------------------------------------------------------------------

/** Spec 3 cached dictionary list: every type with its enabled data. */
export const dictionariesData = defineDataset<DictionaryListEntry[]>({
  key: 'base.dictionaries',
  shape: 1,
  url: basePaths.dictionaryAll,
  parse: listOf<DictionaryListEntry>('DictionaryData/All', (i) => hasId(i) && Array.isArray((i as DictionaryListEntry).dictionaryList)),
  freshForMs: EDITABLE_FRESH_MS,
  announce: () => t`数据字典有更新`,
});

/** The last dictionary list read here, for the synchronous dictionaryLabel. */
let knownDictionaries: readonly DictionaryListEntry[] | null = null;

/** The dictionary of a type code (or id): its options, nested for tree types ([] when unknown). */
export function dictionaryOptions(list: readonly DictionaryListEntry[] | null | undefined, enCode: string): DictionaryOption[] {
  return list?.find((e) => e.enCode === enCode || e.id === enCode)?.dictionaryList ?? [];
}

/**
 * The display name of a dictionary value (an option's id or code; several values joined), or the
 * value itself when it is not (or not yet) known.
 */
export function dictionaryLabel(enCode: string, value: unknown, list: readonly DictionaryListEntry[] | null = knownDictionaries): string {
  if (value === null || value === undefined || value === '') return '';
  const values = Array.isArray(value) ? value.map(String) : [String(value)];
  const options = dictionaryOptions(list, enCode);
  const find = (v: string, opts: readonly DictionaryOption[]): DictionaryOption | undefined => {
    for (const o of opts) {
      if (o.id === v || o.enCode === v) return o;
      const hit = o.children?.length ? find(v, o.children) : undefined;
      if (hit) return hit;
    }
    return undefined;
  };
  return values.map((v) => find(v, options)?.fullName ?? v).join(', ');
}

/** The cached dictionary list (undefined while it is read), revalidated when shown. */
export function useDictionaries(): DictionaryListEntry[] | null | undefined {
  const data = useDataset(dictionariesData).data;
  if (data) knownDictionaries = data;
  return data;
}

/** Options of one dictionary (by type code or id), from the cached list. */
export function useDictionary(enCode: string): DictionaryOption[] {
  return dictionaryOptions(useDictionaries(), enCode);
}

/** dictionaryLabel bound to the live list: re-renders when the dictionaries change. */
export function useDictionaryLabel(): (enCode: string, value: unknown) => string {
  const list = useDictionaries();
  return (enCode, value) => dictionaryLabel(enCode, value, list ?? null);
}

/** Reads the cached dictionary list (refreshing a stale one when online), e.g. before dictionaryLabel outside React. */
export async function loadDictionaries(): Promise<DictionaryListEntry[]> {
  const list = await loadCached(dictionariesData, async () => listOf<DictionaryListEntry>('DictionaryData/All')(await request('GET', basePaths.dictionaryAll, undefined, { silent: true })));
  knownDictionaries = list;
  return list;
}

// ---- dictionary type tree, bill-rule options ------------------------------------------------------

/** The dictionary type tree as picker nodes (each with isTree). */
export const dictionaryTypeNodes = defineDataset<TreeNode[]>({
  key: 'base.dictionaryTypeNodes',
  shape: 1,
  url: basePaths.dictionaryTypeSelector,
  parse: listOf<TreeNode>('DictionaryType/Selector', hasId),
  freshForMs: EDITABLE_FRESH_MS,
});

export function useDictionaryTypeNodes(): TreeNode[] | undefined {
  return useDataset(dictionaryTypeNodes).data ?? undefined;
}

/** Spec 3 bill-rule options: the enabled rules (enCode, fullName). */
export const billRuleOptions = defineDataset<BillRuleOption[]>({
  key: 'base.billRuleOptions',
  shape: 1,
  url: basePaths.billRuleSelector,
  parse: listOf<BillRuleOption>('BillRule/Selector', (i) => hasId(i) && typeof (i as BillRuleOption).enCode === 'string'),
  freshForMs: EDITABLE_FRESH_MS,
});

export function useBillRuleOptions(): BillRuleOption[] | undefined {
  return useDataset(billRuleOptions).data ?? undefined;
}

// ---- per-level caches: regions and areas ----------------------------------------------------------

/**
 * One cached level: the local copy when offline or fresh, else revalidated first (a failure falls
 * back to the copy). Before sign-in (no local database) it asks the server directly.
 */
async function loadCached<T>(ds: Dataset<T[]>, direct: () => Promise<T[]>): Promise<T[]> {
  if (!currentUserDb()) return direct();
  const cached = await ds.read();
  // Offline the server is not asked (the shell probes it and says when it is back).
  if (!network.online) {
    if (cached) return cached;
    throw new NotCachedError();
  }
  try {
    await ds.refresh();
  } catch (e) {
    if (cached) return cached;
    throw network.online ? e : new NotCachedError();
  }
  const fresh = await ds.read();
  if (fresh) return fresh;
  if (cached) return cached;
  throw new NotCachedError();
}

const regionLevels = new Map<string, Dataset<Region[]>>();

/** The cached level of regions under `parentId` ('-1' for provinces) at `grade` (1 to 3). */
export function regionDataset(grade: number, parentId: string): Dataset<Region[]> {
  const key = `base.region.${grade}.${parentId}`;
  let ds = regionLevels.get(key);
  if (!ds) {
    ds = defineDataset<Region[]>({
      key,
      shape: 1,
      url: REGION_URL,
      query: () => ({ grade, parentId }),
      parse: parseRegions,
      freshForMs: REGION_FRESH_MS,
      // Revalidated when used (long freshness), not on every reconnect.
      revalidate: false,
    });
    regionLevels.set(key, ds);
  }
  return ds;
}

/**
 * Regions of one level, for the region cascader (`load`): from this device when cached (offline
 * too), from the server otherwise. Offline and never cached: NotCachedError.
 */
export function loadRegions(grade: number, parentId: string): Promise<Region[]> {
  return loadCached(regionDataset(grade, parentId), async () => parseRegions(await request('GET', REGION_URL, { grade, parentId }, { silent: true })));
}

const areaLevels = new Map<string, Dataset<TreeNode[]>>();

/** The cached enabled children of an area (picker nodes), '-1' for the top level. */
export function areaNodesDataset(parentId: string): Dataset<TreeNode[]> {
  let ds = areaLevels.get(parentId);
  if (!ds) {
    ds = defineDataset<TreeNode[]>({
      key: `base.areaNodes.${parentId}`,
      shape: 1,
      url: areaSelectorUrl(parentId),
      parse: listOf<TreeNode>('Area/Selector', hasId),
      freshForMs: AREA_FRESH_MS,
      revalidate: false,
    });
    areaLevels.set(parentId, ds);
  }
  return ds;
}

/** Children of an area for a lazy area picker (TreeSelect loadChildren), cached per parent. */
export function loadAreaNodes(parentId: string): Promise<TreeNode[]> {
  return loadCached(areaNodesDataset(parentId), async () => listOf<TreeNode>('Area/Selector', hasId)(await request('GET', areaSelectorUrl(parentId), undefined, { silent: true })));
}

let areaTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * After area writes: the area levels cached on this device (in this session) are asked again
 * shortly, once per burst (a 304 when unchanged).
 */
export function refreshAreaLevelsSoon(db: UserDb) {
  if (areaTimer) clearTimeout(areaTimer);
  areaTimer = setTimeout(() => {
    areaTimer = null;
    for (const ds of areaLevels.values()) {
      void ds
        .meta(db)
        .then((meta) => (meta ? ds.refresh({ db, force: true }) : null))
        .catch(() => undefined);
    }
  }, REFRESH_DEBOUNCE_MS);
}

// ---- refresh after writes -----------------------------------------------------------------------

const timers = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * Asks the server for a dataset again shortly (a burst of replayed writes costs one request), not
 * inside the replay itself. The server wins: its copy replaces the cached one.
 */
export function refreshSoon<T>(ds: Dataset<T>, db: UserDb, then?: () => unknown) {
  const key = ds.def.key;
  const prev = timers.get(key);
  if (prev) clearTimeout(prev);
  timers.set(
    key,
    setTimeout(() => {
      timers.delete(key);
      void ds
        .refresh({ db, force: true })
        .catch(() => undefined)
        .then(() => then?.());
    }, REFRESH_DEBOUNCE_MS),
  );
}
