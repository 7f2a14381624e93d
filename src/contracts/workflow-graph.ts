/**
 * A flow's graph (issue 21): the nodes a task walks — start, approvers, condition branches,
 * circulate (copy-to) and end — and the edges between them, with the rules a graph must keep to be
 * published (checkFlow) and the walk itself (walkFrom): from a node, through conditions and
 * circulations, to the next approver node or the end. Plain data and pure functions, shared by the
 * server's engine (publish, launch, decisions) and the flow designer (its problems list), and
 * tested without either.
 *
 * A task is at one node at a time: a condition picks one outgoing edge, there are no parallel
 * branches. An approver node is decided by one of its approvers (`any`) or by all (`all`); a
 * rejection at any approver node ends the task rejected (back to the launcher).
 */

export const FLOW_NODE_TYPES = ['start', 'approver', 'condition', 'circulate', 'end'] as const;
export type FlowNodeType = (typeof FLOW_NODE_TYPES)[number];

/**
 * Who decides an approver node: named users, everyone of a role or of a position, the head of the
 * launcher's department (organizes.managerId), or users the launcher chooses at launch with the
 * approver picker (spec 5.4: leaf users only).
 */
export const APPROVER_KINDS = ['user', 'role', 'position', 'deptHead', 'launcherChoice'] as const;
export type ApproverKind = (typeof APPROVER_KINDS)[number];
/** Who receives a circulation (抄送). */
export const RECEIVER_KINDS = ['user', 'role', 'position'] as const;
export type ReceiverKind = (typeof RECEIVER_KINDS)[number];

export interface Assignees<K extends string> {
  kind: K;
  /** Users, roles or positions by id (empty for deptHead and launcherChoice). */
  ids: string[];
}

export const CONDITION_OPS = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'contains'] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];
/** One clause of an edge's condition: a form field compared with a value. */
export interface ConditionClause {
  field: string;
  op: ConditionOp;
  value: string;
}

export interface FlowNode {
  id: string;
  type: FlowNodeType;
  name: string;
  /** Where the designer draws it. */
  position: { x: number; y: number };
  /** approver: who decides, and whether one (`any`) or all (`all`) of them. */
  approvers?: Assignees<ApproverKind>;
  mode?: 'any' | 'all';
  /** approver: form fields this node's approvers may change as they approve. */
  editableFields?: string[];
  /** circulate: who receives a copy. */
  receivers?: Assignees<ReceiverKind>;
}

export interface FlowEdge {
  id: string;
  source: string;
  target: string;
  /** Edges leaving a condition node: all clauses must hold. Tried in the order of `priority` (lower first). */
  conditions?: ConditionClause[];
  priority?: number;
  /** The branch taken when no other edge of the condition node matches (exactly one per condition node). */
  isDefault?: boolean;
  label?: string;
}

export interface FlowGraph {
  nodes: FlowNode[];
  edges: FlowEdge[];
}

/** A flow's definition: the online-development model whose form the task fills, and the graph. */
export interface FlowDefinition {
  formId: string | null;
  graph: FlowGraph;
}

export const FLOW_NODES_MAX = 100;
export const FLOW_EDGES_MAX = 200;
export const NODE_NAME_MAX = 30;
export const ASSIGNEES_MAX = 100;
export const CLAUSES_MAX = 10;
export const CONDITION_VALUE_MAX = 100;

export const NODE_TYPE_NAMES: Record<FlowNodeType, string> = { start: '发起', approver: '审批', condition: '条件', circulate: '抄送', end: '结束' };
export const APPROVER_KIND_NAMES: Record<ApproverKind, string> = { user: '指定成员', role: '指定角色', position: '指定岗位', deptHead: '发起人部门主管', launcherChoice: '发起人自选' };
export const CONDITION_OP_NAMES: Record<ConditionOp, string> = { eq: '等于', ne: '不等于', gt: '大于', ge: '大于等于', lt: '小于', le: '小于等于', contains: '包含' };

/** A graph with a start, one approver and an end: what a new flow begins as. */
export function starterGraph(): FlowGraph {
  return {
    nodes: [
      { id: 'start', type: 'start', name: '发起', position: { x: 0, y: 0 } },
      { id: 'approve1', type: 'approver', name: '审批', position: { x: 0, y: 120 }, approvers: { kind: 'deptHead', ids: [] }, mode: 'any', editableFields: [] },
      { id: 'end', type: 'end', name: '结束', position: { x: 0, y: 240 } },
    ],
    edges: [
      { id: 'e-start-approve1', source: 'start', target: 'approve1' },
      { id: 'e-approve1-end', source: 'approve1', target: 'end' },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Checks before publishing

/** A problem of a graph: what is wrong, and the node or edge it is about (the designer selects it). */
export interface FlowProblem {
  message: string;
  nodeId?: string;
  edgeId?: string;
}

/** What a form offers the checks: its value fields by key (label and control type). */
export type FormFields = ReadonlyMap<string, { label: string; type: string }>;

/**
 * What keeps a graph from being published, in words: one start, at least one end, every node
 * reached from the start and reaching an end, no loop, one way out of every node but conditions
 * (two or more, exactly one default, the others with a condition over the form's fields) and ends
 * (none), approvers and receivers set. An empty list: it may be published.
 */
export function checkFlow(graph: FlowGraph, fields?: FormFields): FlowProblem[] {
  const problems: FlowProblem[] = [];
  const { nodes, edges } = graph;
  if (nodes.length > FLOW_NODES_MAX) problems.push({ message: `节点不能超过${FLOW_NODES_MAX}个` });
  if (edges.length > FLOW_EDGES_MAX) problems.push({ message: `连线不能超过${FLOW_EDGES_MAX}条` });
  const byId = new Map<string, FlowNode>();
  for (const n of nodes) {
    if (byId.has(n.id)) problems.push({ message: `节点标识重复：${n.id}`, nodeId: n.id });
    byId.set(n.id, n);
    if (!n.name.trim()) problems.push({ message: '节点名称不能为空', nodeId: n.id });
  }
  const starts = nodes.filter((n) => n.type === 'start');
  if (starts.length !== 1) problems.push({ message: starts.length ? '只能有一个发起节点' : '缺少发起节点' });
  if (!nodes.some((n) => n.type === 'end')) problems.push({ message: '缺少结束节点' });

  const out = new Map<string, FlowEdge[]>();
  const into = new Map<string, number>();
  for (const e of edges) {
    if (!byId.has(e.source) || !byId.has(e.target)) {
      problems.push({ message: '连线两端必须是节点', edgeId: e.id });
      continue;
    }
    if (e.source === e.target) problems.push({ message: '节点不能连向自己', edgeId: e.id });
    out.set(e.source, [...(out.get(e.source) ?? []), e]);
    into.set(e.target, (into.get(e.target) ?? 0) + 1);
  }

  for (const n of nodes) {
    const leaving = out.get(n.id) ?? [];
    const label = `「${n.name || NODE_TYPE_NAMES[n.type]}」`;
    if (n.type === 'start' && (into.get(n.id) ?? 0) > 0) problems.push({ message: '发起节点不能有连入的连线', nodeId: n.id });
    if (n.type === 'end') {
      if (leaving.length) problems.push({ message: `结束节点${label}不能有连出的连线`, nodeId: n.id });
    } else if (n.type === 'condition') {
      if (leaving.length < 2) problems.push({ message: `条件节点${label}至少需要两个分支`, nodeId: n.id });
      const defaults = leaving.filter((e) => e.isDefault);
      if (leaving.length >= 2 && defaults.length !== 1) problems.push({ message: `条件节点${label}需要且只能有一个默认分支`, nodeId: n.id });
      for (const e of leaving) {
        if (e.isDefault) continue;
        if (!e.conditions?.length) problems.push({ message: `条件节点${label}的分支缺少条件`, edgeId: e.id, nodeId: n.id });
        for (const c of e.conditions ?? []) {
          if (fields && !fields.has(c.field)) problems.push({ message: `分支条件的字段不存在：${c.field}`, edgeId: e.id });
          if (!CONDITION_OPS.includes(c.op)) problems.push({ message: '分支条件的比较方式无效', edgeId: e.id });
        }
        if ((e.conditions?.length ?? 0) > CLAUSES_MAX) problems.push({ message: `一个分支最多${CLAUSES_MAX}个条件`, edgeId: e.id });
      }
    } else if (leaving.length !== 1) {
      problems.push({ message: leaving.length ? `节点${label}只能有一条连出的连线` : `节点${label}没有连出的连线`, nodeId: n.id });
    }
    if (n.type === 'approver') {
      const a = n.approvers;
      if (!a || !APPROVER_KINDS.includes(a.kind)) problems.push({ message: `审批节点${label}未设置审批人`, nodeId: n.id });
      else if ((a.kind === 'user' || a.kind === 'role' || a.kind === 'position') && !a.ids.length) problems.push({ message: `审批节点${label}未选择审批人`, nodeId: n.id });
      if (a && a.ids.length > ASSIGNEES_MAX) problems.push({ message: `审批节点${label}的审批人不能超过${ASSIGNEES_MAX}个`, nodeId: n.id });
      if (n.mode !== 'any' && n.mode !== 'all') problems.push({ message: `审批节点${label}未设置审批方式`, nodeId: n.id });
      for (const key of n.editableFields ?? []) if (fields && !fields.has(key)) problems.push({ message: `审批节点${label}可编辑的字段不存在：${key}`, nodeId: n.id });
    }
    if (n.type === 'circulate') {
      const r = n.receivers;
      if (!r || !RECEIVER_KINDS.includes(r.kind) || !r.ids.length) problems.push({ message: `抄送节点${label}未选择抄送人`, nodeId: n.id });
      else if (r.ids.length > ASSIGNEES_MAX) problems.push({ message: `抄送节点${label}的抄送人不能超过${ASSIGNEES_MAX}个`, nodeId: n.id });
    }
  }

  // Reached from the start, reaching an end, no loop.
  const start = starts[0];
  if (start) {
    const reached = new Set<string>();
    const stack = [start.id];
    while (stack.length) {
      const id = stack.pop()!;
      if (reached.has(id)) continue;
      reached.add(id);
      for (const e of out.get(id) ?? []) stack.push(e.target);
    }
    for (const n of nodes) if (!reached.has(n.id)) problems.push({ message: `节点「${n.name}」无法从发起节点到达`, nodeId: n.id });
    if (hasCycle(nodes, out)) problems.push({ message: '流程中不能有回路' });
    const ending = new Set(nodes.filter((n) => n.type === 'end').map((n) => n.id));
    let grew = true;
    while (grew) {
      grew = false;
      for (const n of nodes) {
        if (ending.has(n.id)) continue;
        if ((out.get(n.id) ?? []).some((e) => ending.has(e.target))) {
          ending.add(n.id);
          grew = true;
        }
      }
    }
    for (const n of nodes) if (reached.has(n.id) && !ending.has(n.id)) problems.push({ message: `节点「${n.name}」无法到达结束节点`, nodeId: n.id });
  }
  return problems;
}

function hasCycle(nodes: readonly FlowNode[], out: ReadonlyMap<string, FlowEdge[]>): boolean {
  const state = new Map<string, 1 | 2>();
  const visit = (id: string): boolean => {
    const s = state.get(id);
    if (s === 1) return true;
    if (s === 2) return false;
    state.set(id, 1);
    for (const e of out.get(id) ?? []) if (visit(e.target)) return true;
    state.set(id, 2);
    return false;
  };
  return nodes.some((n) => visit(n.id));
}

// ---------------------------------------------------------------------------------------------
// Conditions and the walk

const asNumber = (v: unknown): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
};
const asText = (v: unknown): string => (v === null || v === undefined ? '' : Array.isArray(v) ? v.map(asText).join(',') : typeof v === 'object' ? JSON.stringify(v) : String(v));

/**
 * One clause over the form's data: numbers compare as numbers when both sides are numbers, else as
 * text; `contains` finds the value in a text or among a list's items; a missing field is empty.
 */
export function clauseHolds(c: ConditionClause, data: Readonly<Record<string, unknown>>): boolean {
  const raw = Object.prototype.hasOwnProperty.call(data, c.field) ? data[c.field] : undefined;
  if (c.op === 'contains') return Array.isArray(raw) ? raw.some((x) => asText(x) === c.value) : asText(raw).includes(c.value);
  const a = asNumber(raw);
  const b = asNumber(c.value);
  const cmp = a !== null && b !== null ? Math.sign(a - b) : asText(raw).localeCompare(c.value);
  switch (c.op) {
    case 'eq':
      return a !== null && b !== null ? a === b : asText(raw) === c.value;
    case 'ne':
      return a !== null && b !== null ? a !== b : asText(raw) !== c.value;
    case 'gt':
      return cmp > 0;
    case 'ge':
      return cmp >= 0;
    case 'lt':
      return cmp < 0;
    case 'le':
      return cmp <= 0;
  }
}

/** The edge a condition node takes for the data: the first whose clauses all hold (by priority), else the default. */
export function branchOf(edges: readonly FlowEdge[], data: Readonly<Record<string, unknown>>): FlowEdge | undefined {
  const ordered = [...edges].filter((e) => !e.isDefault).sort((x, y) => (x.priority ?? 0) - (y.priority ?? 0));
  return ordered.find((e) => (e.conditions ?? []).every((c) => clauseHolds(c, data))) ?? edges.find((e) => e.isDefault);
}

/** Where a walk stops: at an approver node (todos to create) or the end; the circulations passed on the way. */
export interface WalkResult {
  stop: FlowNode;
  circulated: FlowNode[];
  /** Every node passed, the stop included, in order (the task's progress). */
  passed: FlowNode[];
}

/**
 * Walks the graph from after `fromId` (the start, or an approver node just decided) through
 * condition and circulate nodes to the next approver or the end. The graph is a checked one
 * (checkFlow); a broken one throws.
 */
export function walkFrom(graph: FlowGraph, fromId: string, data: Readonly<Record<string, unknown>>): WalkResult {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const leaving = (id: string) => graph.edges.filter((e) => e.source === id);
  const circulated: FlowNode[] = [];
  const passed: FlowNode[] = [];
  const first = byId.get(fromId);
  if (!first) throw new Error(`flow: no node ${fromId}`);
  let at: FlowNode = first;
  for (let steps = 0; steps <= graph.nodes.length; steps++) {
    const edges = leaving(at.id);
    const edge: FlowEdge | undefined = at.type === 'condition' ? branchOf(edges, data) : edges[0];
    const next: FlowNode | undefined = edge && byId.get(edge.target);
    if (!next) throw new Error(`flow: node ${at.id} leads nowhere`);
    passed.push(next);
    if (next.type === 'approver' || next.type === 'end') return { stop: next, circulated, passed };
    if (next.type === 'circulate') circulated.push(next);
    at = next;
  }
  throw new Error('flow: the walk does not end');
}
