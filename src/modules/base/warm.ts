import type { DictionaryTypeRow } from '@/contracts/base';
import { ROOT_PARENT } from '@/contracts/base-values';
import { readCachedList } from '@/lib/sync/remote-list';
import type { UserDb } from '@/lib/sync/user-db';
import { FIRST_PAGE, warmDataset, warmListPage, type WarmEntry } from '@/lib/sync/warm';
import { billRuleOptions, dictionariesData, dictionaryTypeNodes, regionDataset } from './data';
import { areaList, billRuleList, dictionaryDataList, dictionaryTypeList } from './store';
import { flattenTree, nestRows } from './tree-rows';

/** The type list as the dictionary page asks it (no keyword). */
const TYPES = { keyword: '' };

/** The type the dictionary page opens on: the first that holds data (a leaf of the type tree), as the page picks it. */
async function firstTypeData(db: UserDb) {
  const types = (await readCachedList(dictionaryTypeList, db, TYPES)).cached?.list ?? [];
  const first = flattenTree(nestRows(flattenTree<DictionaryTypeRow>(types))).find((r) => !r.children?.length);
  return first ? { typeId: first.id, keyword: '' } : null;
}

/**
 * What the cache warm-up fetches of base data (see src/lib/sync/warm.ts): for every signed-in user
 * the dictionaries (labels everywhere) and the first level of the region pickers; for the users
 * granted a base-data page, its pickers and the first page of its list, as the page first asks it.
 */
export function baseWarm(): WarmEntry[] {
  return [
    { targets: [warmDataset(dictionariesData), warmDataset(regionDataset(1, ROOT_PARENT))] },
    {
      pages: ['systemData/dictionary'],
      targets: [warmListPage(dictionaryTypeList, TYPES), warmListPage(dictionaryDataList, firstTypeData, { key: 'rl:base.dictionaryData:first' }), warmDataset(dictionaryTypeNodes)],
    },
    { pages: ['system/billRule'], targets: [warmListPage(billRuleList, FIRST_PAGE), warmDataset(billRuleOptions)] },
    { pages: ['system/area'], targets: [warmListPage(areaList, { parentId: ROOT_PARENT, keyword: '' })] },
  ];
}
