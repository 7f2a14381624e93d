import type { FlowBody, FlowCategory } from '@/contracts/workflow';
import type { FlowDefinition } from '@/contracts/workflow-graph';

/**
 * The flow designer's document (issue 21): the flow's name, code, category, icon and description
 * (FlowBody of src/contracts/workflow.ts) and the draft it edits — the form the task fills and the
 * graph of nodes. Plain data: every change is a command applied by `apply` (commands.ts), undone
 * over snapshots (src/lib/history.ts).
 */
export interface FlowDoc extends Required<Pick<FlowBody, 'fullName' | 'enCode'>> {
  category: FlowCategory;
  icon: string;
  description: string;
  draft: FlowDefinition;
}

/** What is selected on the canvas: a node, an edge, or nothing (the panel then shows the flow's settings). */
export type FlowSelection = { kind: 'node' | 'edge'; id: string } | null;

export interface FlowState {
  doc: FlowDoc;
  selection: FlowSelection;
}

/** Vertical distance between a node and the one added below it; horizontal distance between branches. */
export const ROW_GAP = 120;
export const COLUMN_GAP = 240;
