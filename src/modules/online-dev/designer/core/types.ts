import type { ModelCategory, ModelDefinition } from '@/contracts/online-dev-model';

/**
 * The model designer's document (issue 20): the model's name, code, category and description, and
 * the draft definition the administrator edits. Plain data: every change is a command applied by
 * `apply` (commands.ts), undone over snapshots (history.ts).
 */
export interface DesignDoc {
  fullName: string;
  enCode: string;
  category: ModelCategory;
  description: string;
  draft: ModelDefinition;
}

/** The right panel's tab: the selected item's properties, the form's settings, the list's settings. */
export type DesignPanel = 'field' | 'form' | 'list';
export const DESIGN_PANELS: readonly DesignPanel[] = ['field', 'form', 'list'];

/** The document with what is selected (an item id or null) and the right panel's tab. */
export interface DesignState {
  doc: DesignDoc;
  selection: string | null;
  panel: DesignPanel;
}

/**
 * Where items sit: the form's top level (`parent` null), the children of a card or row, a pane of
 * a tab item (`pane`), or the columns of an input table (`parent` is the table).
 */
export interface Slot {
  parent: string | null;
  pane?: number;
}
export interface Placement extends Slot {
  /** Position in that list as it is shown (before the moved item leaves it). */
  index: number;
}

/** Keys are unique in a scope: the form's value fields, or one input table's columns (by the table's id). */
export type KeyScope = { kind: 'form' } | { kind: 'table'; tableId: string; tableKey: string };
