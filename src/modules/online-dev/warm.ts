import type { ModelConfig } from '@/contracts/online-dev-model';
import { warmDataset, warmListPage, type WarmTarget } from '@/lib/sync/warm';
import { configDataset } from './data/config';
import { recordList, type RecordQuery } from './records';

/** The first page of a model's list exactly as its page first asks it (the model's page size, no keyword, its default order). */
export const firstPageQuery = (config: ModelConfig): RecordQuery => ({ modelId: config.id, currentPage: 1, pageSize: config.list.pageSize, keyword: '' });

/**
 * The cache warm-up's targets for a model the user's menu grants (type 3): its Config, then the
 * first page of its list (the query read from that Config), so a store clerk who signed in at the
 * door finds the forms and the latest records in the stockroom without a network. module.ts says
 * which models, and loads this file when the warm-up first asks one of them.
 */
export function modelWarmTargets(moduleId: string): [WarmTarget, WarmTarget] {
  const ds = configDataset(moduleId);
  return [
    warmDataset(ds),
    warmListPage(recordList, async (db) => {
      const config = await ds.read(db);
      return config ? firstPageQuery(config) : null;
    }, { key: `rl:onlineDev:first:${moduleId}` }),
  ];
}
