import type { LaunchableFlow } from '@/contracts/workflow';
import { workflowPaths } from '@/contracts/workflow-paths';
import { defineDataset } from '@/lib/sync/dataset';

/**
 * The flows the user may launch, each with its published form (发起流程): cached, so a flow is
 * launched offline too (the launch waits in the queue). Revalidated when the launch page shows it
 * and by the warm-up for those granted 我发起的.
 */
export const launchableData = defineDataset<LaunchableFlow[]>({
  key: 'workflow.launchable',
  shape: 1,
  url: workflowPaths.launchable,
  parse: (raw) => {
    const list = Array.isArray(raw) ? raw : (raw as { list?: unknown } | null)?.list;
    if (!Array.isArray(list)) throw new Error('workflow: not a list of flows');
    return list as LaunchableFlow[];
  },
  freshForMs: 5 * 60_000,
  revalidate: false,
});
