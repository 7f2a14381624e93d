import type { ModelConfig } from '@/contracts/online-dev-model';
import type { MenuRoute } from '@/lib/menu-routes';
import { warmDataset, warmListPage, type WarmEntry } from '@/lib/sync/warm';
import { session } from '@/modules/auth/public';
import { configDataset } from './data/config';
import { recordList, type RecordQuery } from './records';

/** The first page of a model's list exactly as its page first asks it (the model's page size, no keyword, its default order). */
export const firstPageQuery = (config: ModelConfig): RecordQuery => ({ modelId: config.id, currentPage: 1, pageSize: config.list.pageSize, keyword: '' });

/**
 * The cache warm-up of online development: for each model the user's menu grants (type 3), its
 * Config and the first page of its list, so a store clerk who signed in at the door finds the
 * forms and the latest records in the stockroom without a network.
 */
export function onlineDevWarm(): WarmEntry[] {
  const routes = ((session.routes ?? []) as MenuRoute[]).filter((r) => r.view === 'model' && r.moduleId);
  return routes.map((r) => {
    const ds = configDataset(r.moduleId!);
    return {
      pages: [r.urlAddress.replace(/^\/+/, '')],
      targets: [
        warmDataset(ds),
        warmListPage(recordList, async (db) => {
          const config = await ds.read(db);
          return config ? firstPageQuery(config) : null;
        }, { key: `rl:onlineDev:first:${r.moduleId}` }),
      ],
    };
  });
}
