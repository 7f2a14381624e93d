import { memo } from 'react';
import { Box, Flex, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Handle, Position, type Node, type NodeProps, type NodeTypes } from '@xyflow/react';
import { CircleStop, GitBranch, Play, Send, UserCheck, type LucideIcon } from 'lucide-react';
import type { FlowNode, FlowNodeType } from '@/contracts/workflow-graph';
import { useOrgNames, useRoles } from '@/modules/org/public';
import { approverKindName, modeName, nodeTypeName } from '../messages';

/** What a node of the canvas carries: the flow's node and whether a problem names it. */
export type CanvasNodeData = { node: FlowNode; problem: boolean };
export type CanvasNode = Node<CanvasNodeData>;

/** Each type's colour (a Chakra palette) and icon. */
export const NODE_LOOK: Record<FlowNodeType, { palette: string; icon: LucideIcon }> = {
  start: { palette: 'green', icon: Play },
  approver: { palette: 'orange', icon: UserCheck },
  condition: { palette: 'purple', icon: GitBranch },
  circulate: { palette: 'blue', icon: Send },
  end: { palette: 'gray', icon: CircleStop },
};

export const NODE_WIDTH = 200;

const NAMES_SHOWN = 3;
/** `王晓明、李娜 等5人`: the first names of a list. */
function shortList(names: readonly string[], more: (n: number) => string): string {
  const head = names.slice(0, NAMES_SHOWN).join('、');
  return names.length > NAMES_SHOWN ? `${head} ${more(names.length)}` : head;
}

/** The names an assignment names, from this device's cached directory (ids as they are while unknown). */
export function useAssigneeNames(a: { kind: string; ids: readonly string[] } | undefined): string[] {
  const ids = a?.ids ?? [];
  const users = useOrgNames('user', a?.kind === 'user' ? ids : []);
  const positions = useOrgNames('position', a?.kind === 'position' ? ids : []);
  const roles = useRoles().data;
  if (a?.kind === 'user') return users;
  if (a?.kind === 'position') return positions;
  if (a?.kind === 'role') return ids.map((id) => roles?.find((r) => r.id === id)?.fullName ?? id);
  return [];
}

/** What a node does, in a line: 发起人部门主管 · 或签, 王晓明、李娜 · 会签, 抄送 仓库组. */
export function useNodeSummary(node: FlowNode): string {
  const { t } = useLingui();
  const assigned = node.type === 'approver' ? node.approvers : node.type === 'circulate' ? node.receivers : undefined;
  const names = useAssigneeNames(assigned);
  const more = (n: number) => t`等${n}人`;
  if (node.type === 'approver') {
    const kind = node.approvers?.kind;
    const who = !kind ? t`未设置审批人` : kind === 'deptHead' || kind === 'launcherChoice' ? approverKindName(kind) : names.length ? shortList(names, more) : t`未选择审批人`;
    return `${who} · ${modeName(node.mode)}`;
  }
  if (node.type === 'circulate') return names.length ? shortList(names, more) : t`未选择抄送人`;
  if (node.type === 'condition') return t`按条件选择分支`;
  if (node.type === 'start') return t`发起人提交表单`;
  return t`流程结束`;
}

function FlowNodeBox({ data, selected }: NodeProps<CanvasNode>) {
  const { node, problem } = data;
  const look = NODE_LOOK[node.type];
  const Icon = look.icon;
  const summary = useNodeSummary(node);
  return (
    <Box
      w={`${NODE_WIDTH}px`}
      bg="bg"
      rounded="l2"
      borderWidth="2px"
      borderColor={selected ? 'brand.solid' : problem ? 'red.solid' : `${look.palette}.muted`}
      boxShadow={selected ? 'md' : 'xs'}
      overflow="hidden"
      data-testid="flow-node"
      data-id={node.id}
      data-type={node.type}
      data-problem={problem || undefined}
    >
      {node.type !== 'start' ? <Handle type="target" position={Position.Top} className="flow-handle" /> : null}
      <Flex align="center" gap="1.5" px="2.5" py="1.5" bg={`${look.palette}.subtle`} color={`${look.palette}.fg`}>
        <Icon size={14} aria-hidden />
        <Text fontSize="xs" fontWeight="medium" flexShrink={0}>
          {nodeTypeName(node.type)}
        </Text>
        <Text fontSize="sm" fontWeight="semibold" truncate color="fg" data-testid="flow-node-name">
          {node.name}
        </Text>
      </Flex>
      <Text px="2.5" py="1.5" fontSize="xs" color={problem ? 'fg.error' : 'fg.muted'} truncate title={summary} data-testid="flow-node-summary">
        {summary}
      </Text>
      {node.type !== 'end' ? <Handle type="source" position={Position.Bottom} className="flow-handle" /> : null}
    </Box>
  );
}

const Memo = memo(FlowNodeBox);
export const flowNodeTypes: NodeTypes = { start: Memo, approver: Memo, condition: Memo, circulate: Memo, end: Memo };
