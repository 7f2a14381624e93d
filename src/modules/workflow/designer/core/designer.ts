import type { FormFields } from '@/contracts/workflow-graph';
import { createDesignerStore } from '@/lib/designer-store';
import { apply, captureOf, type FlowCommand } from './commands';
import { problemsOf, type DesignProblem } from './problems';
import type { FlowDoc, FlowState } from './types';

/**
 * The flow designer's store (src/lib/designer-store.ts, as the model designer's): the state, the commands applied to it,
 * undo / redo over document snapshots (bounded), whether the document differs from the saved one,
 * and its problems (with the form's fields once known). Framework-free: the UI reads `view()`
 * through useSyncExternalStore and sends commands.
 */
export interface FlowDesignerView {
  state: FlowState;
  canUndo: boolean;
  canRedo: boolean;
  dirty: boolean;
  problems: readonly DesignProblem[];
  /** The chosen form's value fields (undefined while unknown: no form, or not read yet). */
  fields: FormFields | undefined;
}

export interface FlowDesigner {
  view(): FlowDesignerView;
  subscribe(listener: () => void): () => void;
  dispatch(command: FlowCommand): void;
  undo(): void;
  redo(): void;
  /** Ends a typing gesture: the next change is a step of its own. */
  seal(): void;
  markSaved(doc: FlowDoc): void;
  /** The chosen form's fields were read (the checks then name missing fields). */
  setFields(fields: FormFields | undefined): void;
}

export interface FlowDesignerOptions {
  /** The document as the server has it; default the initial one; null: unknown (opened from this device's copy), dirty until saved. */
  saved?: FlowDoc | null;
  historyLimit?: number;
}

export function createFlowDesigner(doc: FlowDoc, opts: FlowDesignerOptions = {}): FlowDesigner {
  let fields: FormFields | undefined;
  const store = createDesignerStore<FlowDoc, FlowState, FlowCommand, FlowDesignerView>({
    initial: { doc, selection: null },
    saved: opts.saved === undefined ? doc : opts.saved,
    historyLimit: opts.historyLimit,
    apply,
    captureOf,
    restore: (state, next) => apply(state, { type: 'replaceDoc', doc: next }),
    viewOf: (base) => ({ ...base, problems: problemsOf(base.state.doc, fields), fields }),
  });
  return {
    ...store,
    setFields(next) {
      if (next === fields) return;
      fields = next;
      store.refresh();
    },
  };
}
