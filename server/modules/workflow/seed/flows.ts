import type { FieldOption, ModelDefinition, ModelField } from '../../../../src/contracts/online-dev-model';
import { emptyDefinition } from '../../../../src/contracts/online-dev-model';
import type { FlowGraph, FlowNode } from '../../../../src/contracts/workflow-graph';

/**
 * The seeded flows' definitions: the 请假申请 form (an online-development model of its own) and the
 * graphs of 样品申领 and 请假申请, with the positions they name given by id.
 */

let seq = 0;
const field = (type: ModelField['type'], key: string, label: string, more: Partial<ModelField> = {}): ModelField => ({ id: `wf${++seq}`, key, type, label, span: 24, ...more });
const opts = (...pairs: [string, string][]): { kind: 'static'; items: FieldOption[] } => ({ kind: 'static', items: pairs.map(([value, label]) => ({ value, label })) });

export const LEAVE_TYPES: [string, string][] = [
  ['annual', '年假'],
  ['personal', '事假'],
  ['sick', '病假'],
  ['compensatory', '调休'],
];

export function leaveModel(): ModelDefinition {
  const def = emptyDefinition();
  return {
    form: {
      ...def.form,
      labelWidth: 100,
      titleField: 'leaveType',
      fields: [
        field('select', 'leaveType', '请假类型', { required: true, span: 12, options: opts(...LEAVE_TYPES) }),
        field('numInput', 'days', '请假天数', { required: true, span: 12, min: 0.5, max: 365, precision: 1 }),
        field('date', 'startDate', '开始日期', { required: true, span: 12 }),
        field('date', 'endDate', '结束日期', { required: true, span: 12 }),
        field('textarea', 'reason', '事由', { required: true, maxLength: 500 }),
      ],
    },
    list: { ...def.list, columns: [{ key: 'leaveType' }, { key: 'days' }, { key: 'startDate' }, { key: 'endDate' }] },
  };
}

const at = (x: number, y: number) => ({ x, y });
const approver = (id: string, name: string, y: number, approvers: FlowNode['approvers'], mode: 'any' | 'all' = 'any', x = 0): FlowNode => ({ id, type: 'approver', name, position: at(x, y), approvers, mode, editableFields: [] });

/** 样品申领: 部门主管 → 运营经理 (any) → 抄送 仓储物流部 (仓管员) → end. */
export function sampleGraph(positions: { OPSM: string; WH: string }): FlowGraph {
  return {
    nodes: [
      { id: 'start', type: 'start', name: '发起', position: at(0, 0) },
      approver('deptHead', '部门主管', 120, { kind: 'deptHead', ids: [] }),
      approver('opsManager', '运营经理', 240, { kind: 'position', ids: [positions.OPSM] }),
      { id: 'ccWarehouse', type: 'circulate', name: '抄送仓储物流部', position: at(0, 360), receivers: { kind: 'position', ids: [positions.WH] } },
      { id: 'end', type: 'end', name: '结束', position: at(0, 480) },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'deptHead' },
      { id: 'e2', source: 'deptHead', target: 'opsManager' },
      { id: 'e3', source: 'opsManager', target: 'ccWarehouse' },
      { id: 'e4', source: 'ccWarehouse', target: 'end' },
    ],
  };
}

/** 请假申请: 请假天数 > 3 → 部门主管 then 总经理; otherwise 部门主管 only. */
export function leaveGraph(positions: { GM: string }): FlowGraph {
  return {
    nodes: [
      { id: 'start', type: 'start', name: '发起', position: at(0, 0) },
      { id: 'days', type: 'condition', name: '请假天数', position: at(0, 120) },
      approver('longHead', '部门主管', 240, { kind: 'deptHead', ids: [] }, 'any', -160),
      approver('gm', '总经理', 360, { kind: 'position', ids: [positions.GM] }, 'any', -160),
      approver('shortHead', '部门主管', 240, { kind: 'deptHead', ids: [] }, 'any', 160),
      { id: 'end', type: 'end', name: '结束', position: at(0, 480) },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'days' },
      { id: 'e2', source: 'days', target: 'longHead', conditions: [{ field: 'days', op: 'gt', value: '3' }], priority: 0, label: '超过3天' },
      { id: 'e3', source: 'days', target: 'shortHead', isDefault: true, label: '其他' },
      { id: 'e4', source: 'longHead', target: 'gm' },
      { id: 'e5', source: 'gm', target: 'end' },
      { id: 'e6', source: 'shortHead', target: 'end' },
    ],
  };
}
