import { Button, Flex, HStack, IconButton, Text } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useReactFlow } from '@xyflow/react';
import { ArrowLeft, Maximize, PanelLeft, PanelRight, Redo2, Save, Send, Undo2 } from 'lucide-react';
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
  const offline = online ? undefined : t`需要联网`;
  const own = view.problems;
  const problems = refused && refused.doc === view.state.doc ? [...own, ...refused.problems.filter((p) => !own.some((q) => q.message === p.message))] : own;
  const count = problems.length;
  // Published as it is now: nothing new to publish.
  const upToDate = info.publishedVersion > 0 && !info.changed && !view.dirty;
  return (
    <Flex wrap="wrap" gap="2" align="center" px="3" py="2" borderBottomWidth="1px" bg="bg" data-testid="flow-toolbar">
      <HStack gap="2" flex="1" minW="0">
        <IconButton size="sm" variant="ghost" aria-label={t`返回`} onClick={onBack} data-testid="flow-back">
          <ArrowLeft />
        </IconButton>
        <Text fontWeight="semibold" truncate data-testid="flow-title">
          {view.state.doc.fullName || t`未命名流程`}
        </Text>
        <FlowStatusBadge info={info} dirty={view.dirty} />
        {view.dirty ? (
          <Text fontSize="xs" color="fg.muted" flexShrink={0} data-testid="flow-dirty">
            <Trans>未保存</Trans>
          </Text>
        ) : null}
      </HStack>
      <HStack gap="1" wrap="wrap">
        {narrow ? (
          <>
            <IconButton size="sm" variant="outline" aria-label={t`节点`} onClick={() => onPanel('palette')} data-testid="flow-open-palette">
              <PanelLeft />
            </IconButton>
            <IconButton size="sm" variant="outline" aria-label={t`属性`} onClick={() => onPanel('props')} data-testid="flow-open-props">
              <PanelRight />
            </IconButton>
          </>
        ) : null}
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
        {offline ? (
          <Text fontSize="xs" color="fg.muted" data-testid="flow-offline">
            <Trans>需要联网</Trans>
          </Text>
        ) : null}
        <Button size="sm" variant="outline" colorPalette="brand" onClick={onSave} loading={saving} disabled={!online || !view.dirty} title={offline} data-testid="flow-save">
          <Save />
          <Trans>保存</Trans>
        </Button>
        <Button
          size="sm"
          colorPalette="brand"
          onClick={onPublish}
          disabled={!online || count > 0 || upToDate}
          title={offline ?? (count ? t`请先解决 ${count} 个问题` : upToDate ? t`已发布最新的设计` : undefined)}
          data-testid="flow-publish"
        >
          <Send />
          <Trans>发布</Trans>
        </Button>
      </HStack>
    </Flex>
  );
}
