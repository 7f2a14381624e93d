import { IconButton } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useReactFlow } from '@xyflow/react';
import { Maximize, Redo2, Undo2 } from 'lucide-react';
import { DesignerToolbar } from '@/components/designer/toolbar';
import type { FlowInfo } from '@/contracts/workflow';
import { withShortcut } from '@/lib/shortcuts';
import { flowAction } from '../core/actions';
import type { DesignProblem } from '../core/problems';
import type { FlowDoc } from '../core/types';
import { FlowStatusBadge } from './flow-status';
import { ProblemsButton } from './problems-button';
import { useFlowDesigner, useFlowView } from './use-flow-designer';

/** Problems a refused release named, for the document as it was sent (shown until it changes). */
export interface RefusedRelease {
  doc: FlowDoc;
  problems: DesignProblem[];
}

export interface FlowToolbarProps {
  info: FlowInfo;
  refused: RefusedRelease | null;
  online: boolean;
  saving: boolean;
  narrow: boolean;
  onBack(): void;
  onSave(): void;
  onPublish(): void;
  onPanel(side: 'palette' | 'props'): void;
  onProblemShown(): void;
}

/** The designer's bar: back, the flow's name and state, 撤销 / 重做, 适应画布, the problems, 保存 and 发布 (online only). */
export function FlowToolbar({ info, refused, online, saving, narrow, onBack, onSave, onPublish, onPanel, onProblemShown }: FlowToolbarProps) {
  const { t } = useLingui();
  const designer = useFlowDesigner();
  const view = useFlowView();
  const flow = useReactFlow();
  const own = view.problems;
  const problems = refused && refused.doc === view.state.doc ? [...own, ...refused.problems.filter((p) => !own.some((q) => q.message === p.message))] : own;
  // Published as it is now: nothing new to publish.
  const upToDate = info.publishedVersion > 0 && !info.changed && !view.dirty;
  return (
    <DesignerToolbar
      testIdPrefix="flow"
      title={view.state.doc.fullName || t`未命名流程`}
      badge={<FlowStatusBadge info={info} dirty={view.dirty} />}
      dirty={view.dirty}
      online={online}
      saving={saving}
      narrow={narrow}
      paletteLabel={t`节点`}
      problemCount={problems.length}
      nothingToPublish={upToDate ? t`已发布最新的设计` : undefined}
      onBack={onBack}
      onSave={onSave}
      onPublish={onPublish}
      onPanel={onPanel}
      tools={
        <>
          {(['undo', 'redo'] as const).map((id) => {
            const a = flowAction(id);
            const label = i18n._(a.label);
            return (
              <IconButton key={id} size="sm" variant="ghost" aria-label={label} title={withShortcut(label, a)} disabled={!a.visible(view)} onClick={() => a.perform(designer)} data-testid={`flow-${id}`}>
                {id === 'undo' ? <Undo2 /> : <Redo2 />}
              </IconButton>
            );
          })}
          <IconButton size="sm" variant="ghost" aria-label={t`适应画布`} title={t`适应画布`} onClick={() => void flow.fitView({ padding: 0.2, maxZoom: 1, duration: 200 })} data-testid="flow-fit">
            <Maximize />
          </IconButton>
          <ProblemsButton problems={problems} onShown={onProblemShown} />
        </>
      }
    />
  );
}
