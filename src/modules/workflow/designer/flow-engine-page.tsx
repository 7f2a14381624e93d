import { ID_PATTERN } from '@/contracts/ids';
import { useSearchId } from '@/lib/use-search-id';
import { FlowList } from './flow-list';
import { FlowView } from './ui/flow-view';

const isFlowId = (value: string) => ID_PATTERN.test(value);

/**
 * Menu page `workFlow/flowEngine` (流程设计, issue 21): the flows, and the designer of one
 * (`?flowId=<id>` in the URL — a list key of the tab bar, so the designer stays the page's one tab —
 * and a reload or a shared link opens it again; back returns to the list).
 * Loaded lazily with the canvas library: nothing of it is in the sign-in page or the shell.
 */
export function FlowEnginePage() {
  const [flow, open] = useSearchId('flowId', isFlowId);
  return flow ? <FlowView key={flow} flowId={flow} onBack={() => open(null)} /> : <FlowList onOpen={(id) => open(id)} />;
}
