import type { FormFields } from '@/contracts/workflow-graph';
import { History, HISTORY_LIMIT } from '@/lib/history';
import { apply, captureOf, type FlowCommand } from './commands';
import { problemsOf, type DesignProblem } from './problems';
import type { FlowDoc, FlowState } from './types';

/**
 * The flow designer's store (as the model designer's): the state, the commands applied to it,
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
  let state: FlowState = { doc, selection: null };
  let saved: FlowDoc | null = opts.saved === undefined ? doc : opts.saved;
  let fields: FormFields | undefined;
  const history = new History<FlowDoc>(opts.historyLimit ?? HISTORY_LIMIT);
  history.reset(doc);
  const listeners = new Set<() => void>();
  let current: FlowDesignerView;

  let savedText: string | undefined;
  let dirtyOf: { doc: FlowDoc; dirty: boolean } | null = null;
  const isDirty = () => {
    if (dirtyOf?.doc !== state.doc) {
      const dirty = saved === null || (state.doc !== saved && JSON.stringify(state.doc) !== (savedText ??= JSON.stringify(saved)));
      dirtyOf = { doc: state.doc, dirty };
    }
    return dirtyOf.dirty;
  };
  const publish = () => {
    current = { state, canUndo: history.canUndo, canRedo: history.canRedo, dirty: isDirty(), problems: problemsOf(state.doc, fields), fields };
    for (const l of [...listeners]) l();
  };
  publish();

  const restore = (next: FlowDoc | null) => {
    if (!next) return;
    state = apply(state, { type: 'replaceDoc', doc: next });
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
    markSaved(next) {
      saved = next;
      savedText = undefined;
      dirtyOf = null;
      publish();
    },
    setFields(next) {
      if (next === fields) return;
      fields = next;
      publish();
    },
  };
}
