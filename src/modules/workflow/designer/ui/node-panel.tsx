import { Badge, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Trash2 } from 'lucide-react';
import { APPROVER_KINDS, NODE_NAME_MAX, RECEIVER_KINDS, type FlowNode } from '@/contracts/workflow-graph';
import { MultiSelect } from '@/components/multi-select';
import type { NodePatch } from '../core/commands';
import { modeName, nodeTypeName } from '../messages';
import { AssigneesEditor } from './assignees';
import { PropRow, TextProp } from './controls';
import { NODE_LOOK } from './flow-nodes';
import { useFlowDesigner, useFlowView } from './use-flow-designer';

/** The selected node's settings: its name; an approver's approvers, 或签 / 会签 and editable fields; a circulation's receivers; a condition's branches. */
export function NodePanel({ node }: { node: FlowNode }) {
  const { t } = useLingui();
  const designer = useFlowDesigner();
  const view = useFlowView();
  const patch = (p: NodePatch, merge?: string) => designer.dispatch({ type: 'updateNode', id: node.id, patch: p, ...(merge ? { merge } : {}) });
  const fields = view.fields;
  const graph = view.state.doc.draft.graph;
  const nameOf = (id: string) => graph.nodes.find((n) => n.id === id)?.name ?? id;
  const branches = graph.edges.filter((e) => e.source === node.id);
  return (
    <Stack gap="4" p="3" data-testid="flow-node-panel" data-id={node.id}>
      <Flex align="center" justify="space-between" gap="2">
        <Badge colorPalette={NODE_LOOK[node.type].palette} variant="subtle">
          {nodeTypeName(node.type)}
        </Badge>
        <Button size="xs" variant="ghost" colorPalette="red" onClick={() => designer.dispatch({ type: 'removeNode', id: node.id })} data-testid="flow-node-remove">
          <Trash2 />
          <Trans>删除节点</Trans>
        </Button>
      </Flex>
      <TextProp label={<Trans>节点名称</Trans>} value={node.name} maxLength={NODE_NAME_MAX} onChange={(name) => patch({ name }, `name:${node.id}`)} testId="flow-node-name-input" />
      {node.type === 'approver' ? (
        <>
          <AssigneesEditor value={node.approvers} kinds={APPROVER_KINDS} onChange={(approvers) => patch({ approvers })} testId="flow-approvers" label={t`审批人`} />
          <PropRow label={<Trans>审批方式</Trans>} helper={node.mode === 'all' ? <Trans>所有审批人都同意才通过，任一人拒绝即拒绝</Trans> : <Trans>任一审批人同意或拒绝即可</Trans>}>
            <HStack gap="1" role="radiogroup" aria-label={t`审批方式`}>
              {(['any', 'all'] as const).map((m) => (
                <Button
                  key={m}
                  size="xs"
                  role="radio"
                  aria-checked={node.mode === m}
                  variant={node.mode === m ? 'solid' : 'outline'}
                  colorPalette={node.mode === m ? 'brand' : undefined}
                  onClick={() => patch({ mode: m })}
                  data-testid={`flow-mode-${m}`}
                >
                  {modeName(m)}
                </Button>
              ))}
            </HStack>
          </PropRow>
          <PropRow label={<Trans>审批时可修改的字段</Trans>} helper={view.state.doc.draft.formId ? undefined : <Trans>请先在流程设置中选择表单</Trans>}>
            <MultiSelect
              items={fields ? [...fields].map(([key, f]) => ({ value: key, label: f.label || key })) : view.state.doc.draft.formId ? undefined : []}
              value={node.editableFields ?? []}
              onChange={(editableFields) => patch({ editableFields })}
              placeholder={t`选择字段`}
              chosenLabel={t`可修改的字段`}
              testId="flow-editable-fields"
            />
          </PropRow>
        </>
      ) : null}
      {node.type === 'circulate' ? <AssigneesEditor value={node.receivers} kinds={RECEIVER_KINDS} onChange={(receivers) => patch({ receivers })} testId="flow-receivers" label={t`抄送给`} pickerTitle={t`选择抄送人员`} /> : null}
      {node.type === 'condition' ? (
        <PropRow label={<Trans>分支（按优先级）</Trans>} helper={<Trans>从此节点拖出连线添加分支；点击分支设置条件。</Trans>}>
          <Stack gap="1" data-testid="flow-branches">
            {[...branches]
              .sort((a, b) => (a.isDefault ? 1 : 0) - (b.isDefault ? 1 : 0) || (a.priority ?? 0) - (b.priority ?? 0))
              .map((e) => (
                <Box
                  key={e.id}
                  as="button"
                  textAlign="start"
                  fontSize="sm"
                  px="2"
                  py="1"
                  rounded="l2"
                  borderWidth="1px"
                  _hover={{ bg: 'bg.muted' }}
                  onClick={() => designer.dispatch({ type: 'select', target: { kind: 'edge', id: e.id } })}
                  data-testid="flow-branch"
                >
                  <Text truncate>
                    → {nameOf(e.target)} {e.isDefault ? <Trans>（默认）</Trans> : null}
                  </Text>
                </Box>
              ))}
            {!branches.length ? (
              <Text fontSize="xs" color="fg.subtle">
                <Trans>还没有分支</Trans>
              </Text>
            ) : null}
          </Stack>
        </PropRow>
      ) : null}
    </Stack>
  );
}
