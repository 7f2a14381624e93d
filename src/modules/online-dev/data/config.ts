import { fillPath } from '@/contracts/api-path';
import type { ModelConfig } from '@/contracts/online-dev-model';
import { onlineDevPaths } from '@/contracts/online-dev-paths';
import { defineDataset, type Dataset } from '@/lib/sync/dataset';

/**
 * A published model's Config (spec 7.6), cached per model on this device so its pages open
 * offline; refreshed when a page shows it (an ETag makes an unchanged one a 304) and by the cache
 * warm-up for the models the user's menu grants.
 */

const CONFIG_FRESH_MS = 5 * 60_000;
const configs = new Map<string, Dataset<ModelConfig>>();

function parseConfig(raw: unknown): ModelConfig {
  const c = raw as ModelConfig | null;
  if (!c || typeof c !== 'object' || typeof c.id !== 'string' || !c.form || !Array.isArray(c.form.fields) || !c.list || !Array.isArray(c.list.columns)) {
    throw new Error('online-dev: not a model config');
  }
  return c;
}

export function configDataset(modelId: string): Dataset<ModelConfig> {
  let ds = configs.get(modelId);
  if (!ds) {
    ds = defineDataset<ModelConfig>({
      key: `onlineDev.config.${modelId}`,
      shape: 1,
      url: fillPath(onlineDevPaths.config, { id: modelId }),
      parse: parseConfig,
      freshForMs: CONFIG_FRESH_MS,
      revalidate: false,
    });
    configs.set(modelId, ds);
  }
  return ds;
}
