import type { FlowGraph } from '@/contracts/workflow-graph';

/**
 * Why a connection from `source` to `target` cannot be drawn — what checkFlow would refuse at once
 * (src/contracts/workflow-graph.ts): into the start, out of an end, a second way out of a node
 * that is not a condition, a node to itself, the same connection twice, or a loop. null: it may be.
 * The message is the contract's Chinese; the UI translates it (messages.ts).
 */
export const CONNECT_REFUSALS = {
  missing: '连线两端必须是节点',
  self: '节点不能连向自己',
  intoStart: '发起节点不能有连入的连线',
  outOfEnd: '结束节点不能有连出的连线',
  secondWayOut: '只有条件节点可以有多条连出的连线',
  duplicate: '这两个节点之间已有连线',
  loop: '流程中不能有回路',
} as const;
export type ConnectRefusal = (typeof CONNECT_REFUSALS)[keyof typeof CONNECT_REFUSALS];

export function connectRefusal(graph: FlowGraph, source: string, target: string): ConnectRefusal | null {
  const from = graph.nodes.find((n) => n.id === source);
  const to = graph.nodes.find((n) => n.id === target);
  if (!from || !to) return CONNECT_REFUSALS.missing;
  if (source === target) return CONNECT_REFUSALS.self;
  if (to.type === 'start') return CONNECT_REFUSALS.intoStart;
  if (from.type === 'end') return CONNECT_REFUSALS.outOfEnd;
  if (graph.edges.some((e) => e.source === source && e.target === target)) return CONNECT_REFUSALS.duplicate;
  if (from.type !== 'condition' && graph.edges.some((e) => e.source === source)) return CONNECT_REFUSALS.secondWayOut;
  if (reaches(graph, target, source)) return CONNECT_REFUSALS.loop;
  return null;
}

/** Whether `to` is reached from `from` along the edges. */
export function reaches(graph: FlowGraph, from: string, to: string): boolean {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length) {
    const at = stack.pop()!;
    if (at === to) return true;
    if (seen.has(at)) continue;
    seen.add(at);
    for (const e of graph.edges) if (e.source === at) stack.push(e.target);
  }
  return false;
}
