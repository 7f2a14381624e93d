import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { FlowNodeType } from '@/contracts/workflow-graph';
import { nodeTypeName } from '../messages';
import { NODE_DRAG_TYPE } from './flow-canvas';
import { NODE_LOOK } from './flow-nodes';
import { useFlowDesigner, useFlowView } from './use-flow-designer';

const OFFERED: readonly FlowNodeType[] = ['approver', 'condition', 'circulate', 'end', 'start'];

/**
 * The node types to add: a click adds one below the selected node (joined to it), a drag drops
 * one where it is let go. A second start is not offered.
 */
export function FlowPalette({ onPicked }: { onPicked?: () => void }) {
  const designer = useFlowDesigner();
  const hasStart = useFlowView().state.doc.draft.graph.nodes.some((n) => n.type === 'start');
  return (
    <Stack gap="2" p="3" data-testid="flow-palette">
      <Text fontSize="xs" color="fg.muted">
        <Trans>点击添加到所选节点下方，或拖到画布上</Trans>
      </Text>
      {OFFERED.filter((type) => type !== 'start' || !hasStart).map((type) => {
        const look = NODE_LOOK[type];
        const Icon = look.icon;
        return (
          <Box
            key={type}
            as="button"
            draggable
            onDragStart={(e: React.DragEvent) => {
              e.dataTransfer.setData(NODE_DRAG_TYPE, type);
              e.dataTransfer.effectAllowed = 'copy';
            }}
            onClick={() => {
              designer.dispatch({ type: 'addNode', nodeType: type });
              onPicked?.();
            }}
            textAlign="start"
            rounded="l2"
            borderWidth="1px"
            borderColor={`${look.palette}.muted`}
            bg={`${look.palette}.subtle`}
            color={`${look.palette}.fg`}
            px="3"
            py="2"
            cursor="grab"
            _hover={{ borderColor: `${look.palette}.solid` }}
            data-testid={`flow-palette-${type}`}
          >
            <Flex align="center" gap="2">
              <Icon size={16} aria-hidden />
              <Text fontSize="sm" fontWeight="medium">
                {nodeTypeName(type)}
              </Text>
            </Flex>
          </Box>
        );
      })}
    </Stack>
  );
}
