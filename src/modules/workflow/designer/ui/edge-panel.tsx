import { Button, Flex, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Trash2, X } from 'lucide-react';
import { CLAUSES_MAX, CONDITION_OPS, CONDITION_VALUE_MAX, NODE_NAME_MAX, type ConditionClause, type ConditionOp, type FlowEdge } from '@/contracts/workflow-graph';
import type { EdgePatch } from '../core/commands';
import { opName } from '../messages';
import { PropRow, SelectBox, SwitchProp, TextProp } from './controls';
import { useFlowDesigner, useFlowView } from './use-flow-designer';

/**
 * The selected edge: where it goes; leaving a condition node, its clauses (a form field, an
 * operator of CONDITION_OP_NAMES, a value — all must hold), its priority (lower tried first) and
 * whether it is the default branch (taken when no other matches).
 */
export function EdgePanel({ edge }: { edge: FlowEdge }) {
  const { t } = useLingui();
  const designer = useFlowDesigner();
  const view = useFlowView();
  const graph = view.state.doc.draft.graph;
  const nameOf = (id: string) => graph.nodes.find((n) => n.id === id)?.name ?? id;
  const fromCondition = graph.nodes.find((n) => n.id === edge.source)?.type === 'condition';
  const patch = (p: EdgePatch, merge?: string) => designer.dispatch({ type: 'updateEdge', id: edge.id, patch: p, ...(merge ? { merge } : {}) });
  const clauses = edge.conditions ?? [];
  const fields = view.fields ? [...view.fields].map(([key, f]) => ({ value: key, label: f.label || key })) : [];
  const setClause = (i: number, c: Partial<ConditionClause>, merge?: string) => patch({ conditions: clauses.map((x, j) => (j === i ? { ...x, ...c } : x)) }, merge);
  const firstField = fields[0]?.value ?? '';

  return (
    <Stack gap="4" p="3" data-testid="flow-edge-panel" data-id={edge.id}>
      <Flex align="center" justify="space-between" gap="2">
        <Text fontSize="sm" fontWeight="medium" truncate>
          {nameOf(edge.source)} → {nameOf(edge.target)}
        </Text>
        <Button size="xs" variant="ghost" colorPalette="red" onClick={() => designer.dispatch({ type: 'removeEdge', id: edge.id })} data-testid="flow-edge-remove">
          <Trash2 />
          <Trans>删除连线</Trans>
        </Button>
      </Flex>
      <TextProp label={<Trans>连线名称</Trans>} value={edge.label} maxLength={NODE_NAME_MAX} placeholder={t`可选`} onChange={(label) => patch({ label: label || undefined }, `label:${edge.id}`)} testId="flow-edge-label" />
      {fromCondition ? (
        <>
          <SwitchProp label={<Trans>默认分支</Trans>} checked={!!edge.isDefault} onChange={(isDefault) => patch({ isDefault })} testId="flow-edge-default" />
          {edge.isDefault ? (
            <Text fontSize="xs" color="fg.muted">
              <Trans>其他分支的条件都不满足时走这个分支。</Trans>
            </Text>
          ) : (
            <>
              <PropRow label={<Trans>优先级</Trans>} helper={<Trans>数字小的分支先判断</Trans>}>
                <Input
                  size="sm"
                  type="number"
                  min={0}
                  max={1000}
                  value={edge.priority ?? 0}
                  onChange={(e) => {
                    const n = Math.trunc(Number(e.target.value));
                    if (Number.isFinite(n)) patch({ priority: Math.max(0, Math.min(1000, n)) }, `priority:${edge.id}`);
                  }}
                  onBlur={() => designer.seal()}
                  data-testid="flow-edge-priority"
                />
              </PropRow>
              <PropRow label={<Trans>条件（全部满足）</Trans>} helper={!view.state.doc.draft.formId ? <Trans>请先在流程设置中选择表单</Trans> : !fields.length ? <Trans>正在读取表单的字段…</Trans> : undefined}>
                <Stack gap="2" w="full" data-testid="flow-clauses">
                  {clauses.map((c, i) => (
                    <Stack key={i} gap="1" p="2" borderWidth="1px" rounded="l2" data-testid="flow-clause">
                      <Flex gap="1">
                        {fields.length ? (
                          <SelectBox value={c.field} options={fields.some((f) => f.value === c.field) ? fields : [...fields, { value: c.field, label: c.field }]} onChange={(field) => setClause(i, { field })} testId="flow-clause-field" ariaLabel={t`字段`} placeholder={t`字段`} />
                        ) : (
                          <Input size="sm" value={c.field} onChange={(e) => setClause(i, { field: e.target.value }, `field:${edge.id}:${i}`)} aria-label={t`字段`} data-testid="flow-clause-field" />
                        )}
                        <IconButton size="sm" variant="ghost" aria-label={t`删除条件`} onClick={() => patch({ conditions: clauses.filter((_, j) => j !== i) })} data-testid="flow-clause-remove">
                          <X />
                        </IconButton>
                      </Flex>
                      <Flex gap="1">
                        <SelectBox<ConditionOp> value={c.op} options={CONDITION_OPS.map((op) => ({ value: op, label: opName(op) }))} onChange={(op) => setClause(i, { op })} testId="flow-clause-op" ariaLabel={t`比较方式`} />
                        <Input
                          size="sm"
                          value={c.value}
                          maxLength={CONDITION_VALUE_MAX}
                          placeholder={t`值`}
                          aria-label={t`值`}
                          onChange={(e) => setClause(i, { value: e.target.value }, `value:${edge.id}:${i}`)}
                          onBlur={() => designer.seal()}
                          data-testid="flow-clause-value"
                        />
                      </Flex>
                    </Stack>
                  ))}
                  <Button size="xs" variant="outline" alignSelf="start" disabled={clauses.length >= CLAUSES_MAX || !firstField} onClick={() => patch({ conditions: [...clauses, { field: firstField, op: 'eq', value: '' }] })} data-testid="flow-clause-add">
                    <Plus />
                    <Trans>添加条件</Trans>
                  </Button>
                </Stack>
              </PropRow>
            </>
          )}
        </>
      ) : null}
    </Stack>
  );
}
