import type { Capture } from '@/lib/history';
import { NODE_TYPE_NAMES, type FlowEdge, type FlowGraph, type FlowNode, type FlowNodeType } from '@/contracts/workflow-graph';
import { connectRefusal } from './graph';
import { placeBelow, type Point } from './layout';
import { COLUMN_GAP, ROW_GAP, type FlowDoc, type FlowSelection, type FlowState } from './types';

/**
 * The flow designer's operations as data: every change is a `FlowCommand` applied by the one pure
 * `apply(state, command)`. `captureOf` says how a command enters history: a selection does not;
 * typed values carry a `merge` key so a word is one step. A command that cannot apply (a connection
 * the graph refuses, a node that is not there) returns the same state.
 */

export type NodePatch = Partial<Pick<FlowNode, 'name' | 'approvers' | 'mode' | 'editableFields' | 'receivers'>>;
export type EdgePatch = Partial<Pick<FlowEdge, 'conditions' | 'priority' | 'isDefault' | 'label'>>;
export type InfoPatch = Partial<Omit<FlowDoc, 'draft'>>;

export type FlowCommand =
  | { type: 'select'; target: FlowSelection }
  /**
   * A new node of a type. At `at` (dropped on the canvas): on its own. Without: below the selected
   * node and joined to it — spliced into its way out when it has one (an approver between two
   * nodes), a new branch of a selected condition — else below the lowest node.
   */
  | { type: 'addNode'; nodeType: FlowNodeType; at?: Point }
  /** Nodes dragged to new places (one step per drag). */
  | { type: 'moveNodes'; moves: { id: string; position: Point }[] }
  | { type: 'removeNode'; id: string }
  | { type: 'connect'; source: string; target: string }
  | { type: 'removeEdge'; id: string }
  | { type: 'updateNode'; id: string; patch: NodePatch; merge?: string }
  | { type: 'updateEdge'; id: string; patch: EdgePatch; merge?: string }
  /** The flow's form: the approvers' editable fields are cleared (they named the old form's fields). */
  | { type: 'setForm'; formId: string | null }
  | { type: 'setInfo'; patch: InfoPatch; merge?: string }
  /** The whole document (a copy kept on this device, restored): one step. */
  | { type: 'replaceDoc'; doc: FlowDoc };

export function captureOf(command: FlowCommand): Capture {
  if (command.type === 'select') return 'none';
  if ('merge' in command && command.merge) return { merge: command.merge };
  return 'step';
}

const withGraph = (state: FlowState, graph: FlowGraph): FlowState => ({ ...state, doc: { ...state.doc, draft: { ...state.doc.draft, graph } } });

/** `approver2`, `e-a-b-2`: ids not used yet (deterministic, so commands stay pure). */
export function freshId(base: string, used: ReadonlySet<string>): string {
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}
const nodeIdFor = (type: FlowNodeType, graph: FlowGraph) => {
  const used = new Set(graph.nodes.map((n) => n.id));
  for (let n = 1; ; n++) if (!used.has(`${type}${n}`)) return `${type}${n}`;
};
const edgeIdFor = (source: string, target: string, graph: FlowGraph) => freshId(`e-${source}-${target}`, new Set(graph.edges.map((e) => e.id)));

/** A node of a type as the palette adds it: named after its type, approvers 发起人部门主管 · 或签, no receivers yet. */
export function newNode(type: FlowNodeType, id: string, position: Point): FlowNode {
  const node: FlowNode = { id, type, name: NODE_TYPE_NAMES[type], position };
  if (type === 'approver') return { ...node, approvers: { kind: 'deptHead', ids: [] }, mode: 'any', editableFields: [] };
  if (type === 'circulate') return { ...node, receivers: { kind: 'user', ids: [] } };
  return node;
}

/** Nodes reached from `id` (itself included). */
function downstream(graph: FlowGraph, id: string): Set<string> {
  const seen = new Set<string>();
  const stack = [id];
  while (stack.length) {
    const at = stack.pop()!;
    if (seen.has(at)) continue;
    seen.add(at);
    for (const e of graph.edges) if (e.source === at) stack.push(e.target);
  }
  return seen;
}

function addNode(state: FlowState, type: FlowNodeType, at?: Point): FlowState {
  const graph = state.doc.draft.graph;
  if (type === 'start' && graph.nodes.some((n) => n.type === 'start')) return state;
  const id = nodeIdFor(type, graph);
  const sel = state.selection?.kind === 'node' ? graph.nodes.find((n) => n.id === state.selection!.id) : undefined;
  if (at || !sel || sel.type === 'end' || type === 'start') {
    const node = newNode(type, id, at ?? placeBelow(graph.nodes, sel ?? lowest(graph.nodes)));
    return { ...withGraph(state, { ...graph, nodes: [...graph.nodes, node] }), selection: { kind: 'node', id } };
  }
  const leaving = graph.edges.filter((e) => e.source === sel.id);
  const splice = sel.type !== 'condition' && leaving.length === 1 && type !== 'end' ? leaving[0]! : null;
  if (splice) {
    // Between the selected node and the one after it: that one and what follows move a row down.
    const below = downstream(graph, splice.target);
    const nodes = graph.nodes.map((n) => (below.has(n.id) ? { ...n, position: { x: n.position.x, y: n.position.y + ROW_GAP } } : n));
    const node = newNode(type, id, { x: sel.position.x, y: sel.position.y + ROW_GAP });
    const edges = graph.edges.filter((e) => e.id !== splice.id);
    const first: FlowEdge = { ...splice, id: edgeIdFor(sel.id, id, { nodes, edges }), target: id };
    const second: FlowEdge = { id: edgeIdFor(id, splice.target, { nodes, edges: [...edges, first] }), source: id, target: splice.target, ...(type === 'condition' ? { isDefault: true, priority: 0 } : {}) };
    return { ...withGraph(state, { nodes: [...nodes, node], edges: [...edges, first, second] }), selection: { kind: 'node', id } };
  }
  // A new way out of the selected node (a condition's next branch, or a node with none yet).
  const joins = sel.type === 'condition' || leaving.length === 0;
  const position = sel.type === 'condition' ? placeBelow(graph.nodes, sel, leaving.length * COLUMN_GAP) : placeBelow(graph.nodes, sel);
  const node = newNode(type, id, position);
  const edges = joins ? [...graph.edges, branchEdge(sel, node, graph, leaving.length)] : graph.edges;
  return { ...withGraph(state, { nodes: [...graph.nodes, node], edges }), selection: { kind: 'node', id } };
}

const lowest = (nodes: readonly FlowNode[]) => nodes.reduce<FlowNode | undefined>((low, n) => (!low || n.position.y > low.position.y ? n : low), undefined);

/** The edge from `source` to `target`; leaving a condition it is the next branch by priority. */
function branchEdge(source: FlowNode, target: FlowNode, graph: FlowGraph, branches: number): FlowEdge {
  const edge: FlowEdge = { id: edgeIdFor(source.id, target.id, graph), source: source.id, target: target.id };
  return source.type === 'condition' ? { ...edge, priority: branches, conditions: [] } : edge;
}

function removeNode(state: FlowState, id: string): FlowState {
  const graph = state.doc.draft.graph;
  if (!graph.nodes.some((n) => n.id === id)) return state;
  const into = graph.edges.filter((e) => e.target === id);
  const out = graph.edges.filter((e) => e.source === id);
  let edges = graph.edges.filter((e) => e.source !== id && e.target !== id);
  // A node on a straight way (one in, one out) leaves the way joined: its predecessor now leads to its successor.
  if (into.length === 1 && out.length === 1 && into[0]!.source !== out[0]!.target && !edges.some((e) => e.source === into[0]!.source && e.target === out[0]!.target)) {
    const nodes = graph.nodes.filter((n) => n.id !== id);
    edges = [...edges, { ...into[0]!, id: edgeIdFor(into[0]!.source, out[0]!.target, { nodes, edges }), target: out[0]!.target }];
  }
  const gone = state.selection && (state.selection.id === id || (state.selection.kind === 'edge' && !edges.some((e) => e.id === state.selection!.id)));
  return { ...withGraph(state, { nodes: graph.nodes.filter((n) => n.id !== id), edges }), selection: gone ? null : state.selection };
}

function connect(state: FlowState, source: string, target: string): FlowState {
  const graph = state.doc.draft.graph;
  if (connectRefusal(graph, source, target)) return state;
  const from = graph.nodes.find((n) => n.id === source)!;
  const to = graph.nodes.find((n) => n.id === target)!;
  const edge = branchEdge(from, to, graph, graph.edges.filter((e) => e.source === source).length);
  return { ...withGraph(state, { ...graph, edges: [...graph.edges, edge] }), selection: { kind: 'edge', id: edge.id } };
}

function updateNode(state: FlowState, id: string, patch: NodePatch): FlowState {
  const graph = state.doc.draft.graph;
  const node = graph.nodes.find((n) => n.id === id);
  if (!node) return state;
  const next: FlowNode = { ...node, ...patch };
  // Another kind of approver or receiver names other things: the ids chosen for the old kind go.
  if (patch.approvers && node.approvers && patch.approvers.kind !== node.approvers.kind && patch.approvers.ids === node.approvers.ids) next.approvers = { kind: patch.approvers.kind, ids: [] };
  if (patch.receivers && node.receivers && patch.receivers.kind !== node.receivers.kind && patch.receivers.ids === node.receivers.ids) next.receivers = { kind: patch.receivers.kind, ids: [] };
  if (JSON.stringify(next) === JSON.stringify(node)) return state;
  return withGraph(state, { ...graph, nodes: graph.nodes.map((n) => (n.id === id ? next : n)) });
}

function updateEdge(state: FlowState, id: string, patch: EdgePatch): FlowState {
  const graph = state.doc.draft.graph;
  const edge = graph.edges.find((e) => e.id === id);
  if (!edge) return state;
  const next: FlowEdge = { ...edge, ...patch };
  if (JSON.stringify(next) === JSON.stringify(edge)) return state;
  // One default branch per condition node: choosing this one unsets its siblings'.
  const edges = graph.edges.map((e) => (e.id === id ? next : patch.isDefault && e.source === edge.source && e.isDefault ? { ...e, isDefault: false } : e));
  return withGraph(state, { ...graph, edges });
}

function moveNodes(state: FlowState, moves: { id: string; position: Point }[]): FlowState {
  const graph = state.doc.draft.graph;
  const to = new Map(moves.map((m) => [m.id, m.position]));
  let changed = false;
  const nodes = graph.nodes.map((n) => {
    const p = to.get(n.id);
    if (!p || (p.x === n.position.x && p.y === n.position.y)) return n;
    changed = true;
    return { ...n, position: { x: Math.round(p.x), y: Math.round(p.y) } };
  });
  return changed ? withGraph(state, { ...graph, nodes }) : state;
}

function setForm(state: FlowState, formId: string | null): FlowState {
  const { draft } = state.doc;
  if (draft.formId === formId) return state;
  const nodes = draft.graph.nodes.map((n) => (n.editableFields?.length ? { ...n, editableFields: [] } : n));
  return { ...state, doc: { ...state.doc, draft: { formId, graph: { ...draft.graph, nodes } } } };
}

function setInfo(state: FlowState, patch: InfoPatch): FlowState {
  const doc = { ...state.doc, ...patch };
  return (Object.keys(patch) as (keyof InfoPatch)[]).every((k) => doc[k] === state.doc[k]) ? state : { ...state, doc };
}

/** Whether the selection still names something of the document. */
function selectionIn(doc: FlowDoc, sel: FlowSelection): FlowSelection {
  if (!sel) return null;
  const list = sel.kind === 'node' ? doc.draft.graph.nodes : doc.draft.graph.edges;
  return list.some((x) => x.id === sel.id) ? sel : null;
}

export function apply(state: FlowState, command: FlowCommand): FlowState {
  switch (command.type) {
    case 'select': {
      const target = selectionIn(state.doc, command.target);
      return target?.id === state.selection?.id && target?.kind === state.selection?.kind ? state : { ...state, selection: target };
    }
    case 'addNode':
      return addNode(state, command.nodeType, command.at);
    case 'moveNodes':
      return moveNodes(state, command.moves);
    case 'removeNode':
      return removeNode(state, command.id);
    case 'connect':
      return connect(state, command.source, command.target);
    case 'removeEdge': {
      const graph = state.doc.draft.graph;
      if (!graph.edges.some((e) => e.id === command.id)) return state;
      const next = withGraph(state, { ...graph, edges: graph.edges.filter((e) => e.id !== command.id) });
      return { ...next, selection: state.selection?.id === command.id ? null : state.selection };
    }
    case 'updateNode':
      return updateNode(state, command.id, command.patch);
    case 'updateEdge':
      return updateEdge(state, command.id, command.patch);
    case 'setForm':
      return setForm(state, command.formId);
    case 'setInfo':
      return setInfo(state, command.patch);
    case 'replaceDoc':
      return { doc: command.doc, selection: selectionIn(command.doc, state.selection) };
  }
}
