import type { ModelRow } from '@/contracts/online-dev-model';
import { currentUserDb } from '@/lib/sync/engine';
import type { UserDb } from '@/lib/sync/user-db';
import type { DesignDoc } from './core/types';

/**
 * The designer's working copy, kept on this device as the administrator edits (the user's local
 * database, `kv` table, key `onlineDev.design.<modelId>`): a reload or a lost connection loses
 * nothing. It is offered back when the model is opened again and cleared after a successful save.
 */

export interface LocalCopy {
  doc: DesignDoc;
  /** The server's version the edits started from. */
  version: number;
  /** The model as the server had it then (its state, menu, version), to open the copy offline. */
  info?: ModelRow;
  /** When it was last written (ms). */
  savedAt: number;
}

export const localCopyKey = (modelId: string) => `onlineDev.design.${modelId}`;

export async function readLocalCopy(modelId: string, db: UserDb | null = currentUserDb()): Promise<LocalCopy | null> {
  const rec = await db?.kv.get(localCopyKey(modelId));
  const value = rec?.value as LocalCopy | undefined;
  return value && typeof value === 'object' && value.doc?.draft ? value : null;
}

export async function writeLocalCopy(modelId: string, doc: DesignDoc, base: ModelRow | number, db: UserDb | null = currentUserDb()): Promise<void> {
  const savedAt = Date.now();
  const value: LocalCopy = typeof base === 'number' ? { doc, version: base, savedAt } : { doc, version: base.version, info: base, savedAt };
  await db?.kv.put({ key: localCopyKey(modelId), value, updatedAt: savedAt });
}

export async function clearLocalCopy(modelId: string, db: UserDb | null = currentUserDb()): Promise<void> {
  await db?.kv.delete(localCopyKey(modelId));
}

/** Whether a kept copy holds something the server's document does not. */
export const differsFrom = (copy: LocalCopy, doc: DesignDoc) => JSON.stringify(copy.doc) !== JSON.stringify(doc);

export interface CopyKeeper {
  /** The document changed: written after `delay` ms of quiet (or cleared when it matches the server again). */
  keep(doc: DesignDoc, dirty: boolean): void;
  /** Writes what is pending now (leaving the page). */
  flush(): Promise<void>;
  cancel(): void;
}

/** Writes the working copy a moment after the last change, so typing does not write on every key. */
export function createCopyKeeper(modelId: string, base: () => ModelRow | number, delay = 400, db: () => UserDb | null = currentUserDb): CopyKeeper {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: { doc: DesignDoc; dirty: boolean } | null = null;
  const write = async () => {
    timer = null;
    const p = pending;
    pending = null;
    if (!p) return;
    if (p.dirty) await writeLocalCopy(modelId, p.doc, base(), db());
    else await clearLocalCopy(modelId, db());
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
