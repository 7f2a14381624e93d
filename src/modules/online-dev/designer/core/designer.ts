import { apply, captureOf, type DesignCommand } from './commands';
import { History, HISTORY_LIMIT } from '@/lib/history';
import { problemsOf, type DesignProblem } from './problems';
import { findItem } from './tree';
import type { DesignDoc, DesignState } from './types';

/**
 * The designer's store: the state, the commands applied to it, undo / redo over document
 * snapshots (bounded), whether the document differs from the last saved one, and its problems.
 * Framework-free: the UI reads `view()` through useSyncExternalStore and sends commands.
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
  let state = initialState(doc);
  let saved: DesignDoc | null = opts.saved === undefined ? doc : opts.saved;
  const history = new History<DesignDoc>(opts.historyLimit ?? HISTORY_LIMIT);
  history.reset(doc);
  const listeners = new Set<() => void>();
  let current: DesignerView;

  // Whether the document differs from the saved one, worked out again only when the document (or
  // the saved one) changes — not on a selection or panel change — and with the saved document
  // serialised once per save rather than on every change.
  let savedText: string | undefined;
  let dirtyOf: { doc: DesignDoc; dirty: boolean } | null = null;
  const isDirty = () => {
    if (dirtyOf?.doc !== state.doc) {
      const dirty = saved === null || (state.doc !== saved && JSON.stringify(state.doc) !== (savedText ??= JSON.stringify(saved)));
      dirtyOf = { doc: state.doc, dirty };
    }
    return dirtyOf.dirty;
  };

  const publish = () => {
    current = {
      state,
      canUndo: history.canUndo,
      canRedo: history.canRedo,
      dirty: isDirty(),
      problems: problemsOf(state.doc),
    };
    for (const l of [...listeners]) l();
  };
  publish();

  const restore = (doc: DesignDoc | null) => {
    if (!doc) return;
    const keep = state.selection && findItem(doc.draft.form.fields, state.selection) ? state.selection : null;
    state = { ...state, doc, selection: keep };
    publish();
  };

  return {
    view: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch(command) {
      const next = apply(state, command);
      if (next === state) return;
      const docChanged = next.doc !== state.doc;
      state = next;
      if (docChanged) history.record(state.doc, captureOf(command));
      publish();
    },
    undo: () => restore(history.undo()),
    redo: () => restore(history.redo()),
    seal: () => history.seal(),
    markSaved(doc) {
      saved = doc;
      savedText = undefined;
      dirtyOf = null;
      publish();
    },
  };
}
