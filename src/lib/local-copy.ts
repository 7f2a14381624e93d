import { currentUserDb } from '@/lib/sync/engine';
import type { UserDb } from '@/lib/sync/user-db';

/**
 * A designer's working copy, kept on this device as the administrator edits (the user's local
 * database, `kv` table, under a key the designer names): a reload or a lost connection loses
 * nothing. It is offered back when the document is opened again and cleared after a successful save.
 */
export interface LocalCopy<Doc, Info> {
  doc: Doc;
  /** The server's version the edits started from. */
  version: number;
  /** The document's row as the server had it then, to open the copy offline. */
  info?: Info;
  /** When it was last written (ms). */
  savedAt: number;
}

/** The copy under `key`, when it is there and `isCopy` accepts it. */
export async function readLocalCopy<Doc, Info>(key: string, isCopy: (value: LocalCopy<Doc, Info>) => boolean, db: UserDb | null = currentUserDb()): Promise<LocalCopy<Doc, Info> | null> {
  const rec = await db?.kv.get(key);
  const value = rec?.value as LocalCopy<Doc, Info> | undefined;
  return value && typeof value === 'object' && isCopy(value) ? value : null;
}

/** `base`: the server's row the edits started from, or only its version. */
export async function writeLocalCopy<Doc, Info extends { version: number }>(key: string, doc: Doc, base: Info | number, db: UserDb | null = currentUserDb()): Promise<void> {
  const savedAt = Date.now();
  const value: LocalCopy<Doc, Info> = typeof base === 'number' ? { doc, version: base, savedAt } : { doc, version: base.version, info: base, savedAt };
  await db?.kv.put({ key, value, updatedAt: savedAt });
}

export async function clearLocalCopy(key: string, db: UserDb | null = currentUserDb()): Promise<void> {
  await db?.kv.delete(key);
}

/** Whether a kept copy holds something the server's document does not. */
export const differsFrom = <Doc>(copy: { doc: Doc }, doc: Doc) => JSON.stringify(copy.doc) !== JSON.stringify(doc);

export interface CopyKeeper<Doc> {
  /** The document changed: written after `delay` ms of quiet (or cleared when it matches the server again). */
  keep(doc: Doc, dirty: boolean): void;
  /** Writes what is pending now (leaving the page). */
  flush(): Promise<void>;
  cancel(): void;
}

/** Writes the working copy a moment after the last change, so typing does not write on every key. */
export function createCopyKeeper<Doc, Info extends { version: number }>(key: string, base: () => Info | number, delay = 400, db: () => UserDb | null = currentUserDb): CopyKeeper<Doc> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: { doc: Doc; dirty: boolean } | null = null;
  const write = async () => {
    timer = null;
    const p = pending;
    pending = null;
    if (!p) return;
    if (p.dirty) await writeLocalCopy(key, p.doc, base(), db());
    else await clearLocalCopy(key, db());
  };
  return {
    keep(doc, dirty) {
      pending = { doc, dirty };
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void write(), delay);
    },
    async flush() {
      if (timer) clearTimeout(timer);
      await write();
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = null;
    },
  };
}
