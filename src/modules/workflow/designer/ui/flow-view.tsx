import { Trans } from '@lingui/react/macro';
import type { FlowInfo } from '@/contracts/workflow';
import { DesignerOpenStatus } from '@/components/designer/open-status';
import { type DesignerSource, useDesignerOpen } from '@/lib/use-designer-open';
import { docOf, flowApi } from '../api';
import { differsFrom, readLocalCopy, type LocalCopy } from '../local-copy';
import { FlowEditor } from './flow-editor';

const source: DesignerSource<FlowInfo, LocalCopy> = {
  load: (flowId) => flowApi.get(flowId),
  readCopy: (flowId) => readLocalCopy(flowId),
  differs: (copy, info) => differsFrom(copy, docOf(info)),
  fromCopy: (_flowId, copy) => (copy.info ? { ...copy.info, ...copy.doc, draft: copy.doc.draft } : null),
};

/**
 * Opens a flow in the designer: read from the server, with the working copy this device kept
 * offered back when it differs. Offline, a kept copy opens by itself (saving waits for the connection).
 */
export function FlowView({ flowId, onBack }: { flowId: string; onBack(): void }) {
  const { loaded, attempt, retry } = useDesignerOpen(flowId, source);
  if (loaded.state === 'ready') {
    return <FlowEditor key={`${loaded.info.version}:${attempt}`} info={loaded.info} pendingCopy={loaded.copy} fromCopy={loaded.fromCopy} onBack={onBack} onReload={retry} />;
  }
  return (
    <DesignerOpenStatus
      state={loaded}
      testId="flow-editor"
      retryTestId="flow-retry"
      loadingText={<Trans>正在打开流程设计…</Trans>}
      offlineText={<Trans>需要联网才能打开流程设计（本机没有这个流程的修改）。</Trans>}
      onBack={onBack}
      onRetry={retry}
    />
  );
}
