import { Box, Button } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { Settings } from 'lucide-react';
import { EdgePanel } from './edge-panel';
import { InfoPanel } from './info-panel';
import { NodePanel } from './node-panel';
import { useFlowDesigner, useFlowView } from './use-flow-designer';

/** The right panel: the selected node's or edge's settings, or the flow's when nothing is selected. */
export function PropertyPanel({ codeLocked }: { codeLocked: boolean }) {
  const designer = useFlowDesigner();
  const { state } = useFlowView();
  const sel = state.selection;
  const graph = state.doc.draft.graph;
  const node = sel?.kind === 'node' ? graph.nodes.find((n) => n.id === sel.id) : undefined;
  const edge = sel?.kind === 'edge' ? graph.edges.find((e) => e.id === sel.id) : undefined;
  return (
    <Box h="full" minH="0" overflowY="auto" data-testid="flow-props">
      {node || edge ? (
        <Box px="3" pt="2">
          <Button size="xs" variant="ghost" onClick={() => designer.dispatch({ type: 'select', target: null })} data-testid="flow-props-info">
            <Settings />
            <Trans>流程设置</Trans>
          </Button>
        </Box>
      ) : null}
      {node ? <NodePanel key={node.id} node={node} /> : edge ? <EdgePanel key={edge.id} edge={edge} /> : <InfoPanel codeLocked={codeLocked} />}
    </Box>
  );
}
