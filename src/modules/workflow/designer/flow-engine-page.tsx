import { useCallback } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { ID_PATTERN } from '@/contracts/ids';
import { FlowList } from './flow-list';
import { FlowView } from './ui/flow-view';

/**
 * Menu page `workFlow/flowEngine` (流程设计, issue 21): the flows, and the designer of one
 * (`?flowId=<id>` in the URL — a list key of the tab bar, so the designer stays the page's one tab —
 * and a reload or a shared link opens it again; back returns to the list).
 * Loaded lazily with the canvas library: nothing of it is in the sign-in page or the shell.
 */
export function FlowEnginePage() {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const flow = typeof search.flowId === 'string' && ID_PATTERN.test(search.flowId) ? search.flowId : null;
  const open = useCallback(
    (id: string | null) =>
      void navigate({
        to: '.',
        search: (prev: Record<string, unknown>) => {
          const next = { ...prev };
          if (id) next.flowId = id;
          else delete next.flowId;
          return next;
        },
      }),
    [navigate],
  );
  return flow ? <FlowView key={flow} flowId={flow} onBack={() => open(null)} /> : <FlowList onOpen={(id) => open(id)} />;
}
