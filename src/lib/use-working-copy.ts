import { useEffect, useMemo, useRef, useState } from 'react';
import type { CopyKeeper, LocalCopy } from './local-copy';

/** What the working copy needs of a designer's store (src/lib/designer-store.ts). */
export interface WorkingCopyDesigner<Doc> {
  view(): { state: { doc: Doc }; dirty: boolean };
  subscribe(listener: () => void): () => void;
  dispatch(command: { type: 'replaceDoc'; doc: Doc }): void;
  markSaved(doc: Doc): void;
}

/** A designer's copies on this device by its document's id (its local-copy.ts). */
export interface WorkingCopyStore<Doc, Row> {
  createCopyKeeper(id: string, base: () => Row): CopyKeeper<Doc>;
  clearLocalCopy(id: string): Promise<void>;
}

export interface WorkingCopyOptions<Doc, Info extends { id: string; version: number }, Row, Conflict> {
  designer: WorkingCopyDesigner<Doc>;
  /** The document as it was opened (from the server, or from this device's copy). */
  loaded: Info;
  /** A copy kept on this device that differs from the server's draft: offered back, not kept over until restored or discarded. */
  pendingCopy: LocalCopy<Doc, Row> | null;
  copies: WorkingCopyStore<Doc, NoInfer<Row>>;
  /** The document's row (without its draft), kept with the copy to open it offline. */
  rowOf(info: Info): Row;
  /** Saves the document on the version it was made on; a conflict throws what `isConflict` accepts. */
  save(doc: Doc, version: number): Promise<Info>;
  isConflict(e: unknown): e is Conflict;
  onSaved(): void;
  /** A save that failed for another reason than a conflict. */
  onSaveFailed(e: unknown): void;
}

/**
 * A designer's working copy, for the model designer and the flow designer: the copy kept on this
 * device follows the document as it changes (written a moment after the last change, and when the
 * page goes), a copy offered back is restored or discarded, and saving sends the document on the
 * version it was opened at — cleared here once saved; on a conflict the edits are kept here before
 * the conflict is shown.
 */
export function useWorkingCopy<Doc, Info extends { id: string; version: number }, Row, Conflict>(options: WorkingCopyOptions<Doc, Info, Row, Conflict>) {
  const { designer, loaded, copies } = options;
  const latest = useRef(options);
  latest.current = options;
  const [info, setInfoState] = useState<Info>(loaded);
  const infoRef = useRef(info);
  infoRef.current = info;
  const [pending, setPending] = useState<LocalCopy<Doc, Row> | null>(options.pendingCopy);
  const [dirty, setDirty] = useState(designer.view().dirty);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const id = loaded.id;

  // The working copy follows the document (once a copy offered back was restored or discarded).
  const keeper = useMemo(() => copies.createCopyKeeper(id, () => latest.current.rowOf(infoRef.current)), [copies, id]);
  useEffect(() => {
    let doc = designer.view().state.doc;
    return designer.subscribe(() => {
      const v = designer.view();
      setDirty(v.dirty);
      if (v.state.doc === doc) return;
      doc = v.state.doc;
      if (!pending) keeper.keep(doc, v.dirty);
    });
  }, [designer, keeper, pending]);
  useEffect(() => {
    const flush = () => void keeper.flush();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [keeper]);

  /** The server's row changed (saved, published). */
  const setInfo = (next: Info) => {
    setInfoState(next);
    infoRef.current = next;
  };

  const restore = () => {
    if (!pending) return;
    designer.dispatch({ type: 'replaceDoc', doc: pending.doc });
    setPending(null);
    keeper.keep(designer.view().state.doc, designer.view().dirty);
  };
  const discard = () => {
    setPending(null);
    void copies.clearLocalCopy(id);
  };

  const save = async (): Promise<boolean> => {
    const doc = designer.view().state.doc;
    setSaving(true);
    try {
      const saved = await latest.current.save(doc, infoRef.current.version);
      setInfo(saved);
      designer.markSaved(doc);
      keeper.cancel();
      // Saved on the server: a copy left here that cannot be cleared does not make the save fail.
      await copies.clearLocalCopy(id).catch(() => undefined);
      setPending(null);
      // Edits made while the save was on its way stay unsaved (and kept here).
      const now = designer.view();
      if (now.dirty) keeper.keep(now.state.doc, true);
      latest.current.onSaved();
      return true;
    } catch (e) {
      if (latest.current.isConflict(e)) {
        // These edits are kept on this device before anything else happens.
        keeper.keep(doc, true);
        await keeper.flush().catch(() => undefined);
        setConflict(e);
      } else {
        latest.current.onSaveFailed(e);
      }
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { info, setInfo, pending, restore, discard, dirty, saving, save, conflict, closeConflict: () => setConflict(null) };
}
