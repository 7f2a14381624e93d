import { History, HISTORY_LIMIT, type Capture } from '@/lib/history';

/**
 * A designer's store, for the model designer and the flow designer: the state, the commands
 * applied to it, undo / redo over document snapshots (bounded, src/lib/history.ts), and whether the
 * document differs from the saved one. Framework-free: the UI reads `view()` through
 * useSyncExternalStore and sends commands; the designer adds what its view says more (its problems).
 */
export interface DesignerStoreBase<State> {
  state: State;
  canUndo: boolean;
  canRedo: boolean;
  /** The document differs from the saved one. */
  dirty: boolean;
}

export interface DesignerStore<Doc, Command, View> {
  view(): View;
  subscribe(listener: () => void): () => void;
  dispatch(command: Command): void;
  undo(): void;
  redo(): void;
  /** Ends a typing gesture (a field lost the focus): the next change is a step of its own. */
  seal(): void;
  /** The document now matches the server (saved, or loaded). */
  markSaved(doc: Doc): void;
  /** Something the view is made of besides the state changed: the view is made again. */
  refresh(): void;
}

export interface DesignerStoreSpec<Doc, State extends { doc: Doc }, Command, View> {
  initial: State;
  /** The document as the server has it (dirty compares against it); null: unknown, dirty until saved. */
  saved: Doc | null;
  historyLimit?: number;
  apply(state: State, command: Command): State;
  captureOf(command: Command): Capture;
  /** The state after undo / redo brought back `doc`. */
  restore(state: State, doc: Doc): State;
  /** The view the UI renders: one immutable object per change. */
  viewOf(base: DesignerStoreBase<State>): View;
}

export function createDesignerStore<Doc, State extends { doc: Doc }, Command, View>(spec: DesignerStoreSpec<Doc, State, Command, View>): DesignerStore<Doc, Command, View> {
  let state = spec.initial;
  let saved = spec.saved;
  const history = new History<Doc>(spec.historyLimit ?? HISTORY_LIMIT);
  history.reset(state.doc);
  const listeners = new Set<() => void>();
  let current: View;

  // Whether the document differs from the saved one, worked out again only when the document (or
  // the saved one) changes — not on a selection or panel change — and with the saved document
  // serialised once per save rather than on every change.
  let savedText: string | undefined;
  let dirtyOf: { doc: Doc; dirty: boolean } | null = null;
  const isDirty = () => {
    if (dirtyOf?.doc !== state.doc) {
      const dirty = saved === null || (state.doc !== saved && JSON.stringify(state.doc) !== (savedText ??= JSON.stringify(saved)));
      dirtyOf = { doc: state.doc, dirty };
    }
    return dirtyOf.dirty;
  };

  const publish = () => {
    current = spec.viewOf({ state, canUndo: history.canUndo, canRedo: history.canRedo, dirty: isDirty() });
    for (const l of [...listeners]) l();
  };
  publish();

  const restore = (doc: Doc | null) => {
    if (doc === null) return;
    state = spec.restore(state, doc);
    publish();
  };

  return {
    view: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch(command) {
      const next = spec.apply(state, command);
      if (next === state) return;
      const docChanged = next.doc !== state.doc;
      state = next;
      if (docChanged) history.record(state.doc, spec.captureOf(command));
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
    refresh: publish,
  };
}
