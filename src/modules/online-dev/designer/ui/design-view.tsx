import { Trans } from '@lingui/react/macro';
import type { ModelInfo } from '@/contracts/online-dev-model';
import { DesignerOpenStatus } from '@/components/designer/open-status';
import { type DesignerSource, useDesignerOpen } from '@/lib/use-designer-open';
import { docOf, modelApi } from '../api';
import { differsFrom, readLocalCopy, type LocalCopy } from '../local-copy';
import { DesignEditor } from './design-editor';

/** A model opened from a copy on this device: what the server had when it was last read here, with the copy's draft. */
const infoFromCopy = (modelId: string, copy: LocalCopy): ModelInfo | null =>
  copy.info ? { ...copy.info, id: modelId, fullName: copy.doc.fullName, enCode: copy.doc.enCode, category: copy.doc.category, description: copy.doc.description, draft: copy.doc.draft } : null;

const source: DesignerSource<ModelInfo, LocalCopy> = {
  load: (modelId) => modelApi.get(modelId),
  readCopy: (modelId) => readLocalCopy(modelId),
  differs: (copy, info) => differsFrom(copy, docOf(info)),
  fromCopy: infoFromCopy,
};

/**
 * Opens a model in the designer: read from the server (an administrator's tool works online),
 * with the working copy this device kept offered back when it differs. Offline, a kept copy opens
 * by itself (saving waits for the connection).
 */
export function DesignView({ modelId, onBack }: { modelId: string; onBack(): void }) {
  const { loaded, attempt, retry } = useDesignerOpen(modelId, source);
  if (loaded.state === 'ready') {
    return <DesignEditor key={`${loaded.info.version}:${attempt}`} info={loaded.info} pendingCopy={loaded.copy} fromCopy={loaded.fromCopy} onBack={onBack} onReload={retry} />;
  }
  return (
    <DesignerOpenStatus
      state={loaded}
      testId="od-design-view"
      retryTestId="od-design-retry"
      loadingText={<Trans>正在打开功能设计…</Trans>}
      offlineText={<Trans>需要联网才能打开功能设计（本机没有这个功能的修改）。</Trans>}
      onBack={onBack}
      onRetry={retry}
    />
  );
}
