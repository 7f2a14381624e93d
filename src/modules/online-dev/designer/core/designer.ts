import { apply, captureOf, type DesignCommand } from './commands';
import { createDesignerStore } from '@/lib/designer-store';
import { problemsOf, type DesignProblem } from './problems';
import { findItem } from './tree';
import type { DesignDoc, DesignState } from './types';

/**
 * The designer's store (src/lib/designer-store.ts): the state, the commands applied to it, undo /
 * redo over document snapshots (bounded), whether the document differs from the last saved one,
 * and its problems. Framework-free: the UI reads `view()` through useSyncExternalStore and sends commands.
 */

/** What the UI renders: one immutable object per change. */
export interface DesignerView {
  state: DesignState;
  canUndo: boolean;
  canRedo: boolean;
  /** The document differs from the saved one. */
  dirty: boolean;
  problems: readonly DesignProblem[];
}

export interface Designer {
  view(): DesignerView;
  subscribe(listener: () => void): () => void;
  dispatch(command: DesignCommand): void;
  undo(): void;
  redo(): void;
  /** Ends a typing gesture (a field lost the focus): the next change is a step of its own. */
  seal(): void;
  /** The document now matches the server (saved, or loaded). */
  markSaved(doc: DesignDoc): void;
}

export interface DesignerOptions {
  /** The document as the server has it (dirty compares against it); default: the initial one; null: unknown (opened from this device's copy), dirty until saved. */
  saved?: DesignDoc | null;
  historyLimit?: number;
}

export function initialState(doc: DesignDoc): DesignState {
  return { doc, selection: null, panel: 'field' };
}

export function createDesigner(doc: DesignDoc, opts: DesignerOptions = {}): Designer {
  return createDesignerStore<DesignDoc, DesignState, DesignCommand, DesignerView>({
    initial: initialState(doc),
    saved: opts.saved === undefined ? doc : opts.saved,
    historyLimit: opts.historyLimit,
    apply,
    captureOf,
    restore(state, next) {
      const keep = state.selection && findItem(next.draft.form.fields, state.selection) ? state.selection : null;
      return { ...state, doc: next, selection: keep };
    },
    viewOf: (base) => ({ ...base, problems: problemsOf(base.state.doc) }),
  });
}
