import { enCodeSchema, fullNameSchema } from '@/contracts/common';
import { checkFlow, type FlowProblem, type FormFields } from '@/contracts/workflow-graph';
import type { FlowDoc } from './types';

/**
 * The problems of a flow, checked on every change: the graph's (checkFlow of the contract, the
 * check the server runs before publishing, with the form's fields once they are read), the form
 * not chosen, and the flow's name and code. Each says where to fix it: a node or an edge (selected
 * on click), or the flow's settings (`info`).
 */
export interface DesignProblem extends FlowProblem {
  /** Fixed in the flow's settings (nothing selected) rather than on a node or edge. */
  info?: boolean;
}

export const NO_FORM = '请选择流程表单';

const cache = new WeakMap<FlowDoc, WeakMap<object, DesignProblem[]>>();
const NO_FIELDS = {};

export function problemsOf(doc: FlowDoc, fields?: FormFields): DesignProblem[] {
  const byFields = cache.get(doc) ?? new WeakMap<object, DesignProblem[]>();
  cache.set(doc, byFields);
  const known = byFields.get(fields ?? NO_FIELDS);
  if (known) return known;
  const out: DesignProblem[] = [];
  for (const [value, schema] of [[doc.fullName, fullNameSchema] as const, [doc.enCode, enCodeSchema] as const]) {
    const r = schema.safeParse(value);
    if (!r.success) out.push({ message: r.error.issues[0]?.message ?? '', info: true });
  }
  if (!doc.draft.formId) out.push({ message: NO_FORM, info: true });
  out.push(...checkFlow(doc.draft.graph, doc.draft.formId ? fields : undefined));
  byFields.set(fields ?? NO_FIELDS, out);
  return out;
}

/** The nodes and edges that have a problem (the canvas marks them). */
export function problemTargets(problems: readonly FlowProblem[]): { nodes: Set<string>; edges: Set<string> } {
  const nodes = new Set<string>();
  const edges = new Set<string>();
  for (const p of problems) {
    if (p.edgeId) edges.add(p.edgeId);
    else if (p.nodeId) nodes.add(p.nodeId);
  }
  return { nodes, edges };
}
