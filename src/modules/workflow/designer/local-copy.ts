import type { FlowInfo } from '@/contracts/workflow';
import { currentUserDb } from '@/lib/sync/engine';
import type { UserDb } from '@/lib/sync/user-db';
import type { FlowDoc } from './core/types';

/**
 * The flow designer's working copy, kept on this device as the administrator edits (the user's
 * local database, `kv` table, key `workflow.design.<flowId>`), as the model designer keeps its
 * own: a reload or a lost connection loses nothing; it is offered back when the flow is opened
 * again and cleared after a successful save.
 */
export interface LocalCopy {
  doc: FlowDoc;
  /** The server's version the edits started from. */
  version: number;
  /** The flow as the server had it then (to open the copy offline). */
  info?: Omit<FlowInfo, 'draft'>;
  savedAt: number;
}

export const localCopyKey = (flowId: string) => `workflow.design.${flowId}`;

export async function readLocalCopy(flowId: string, db: UserDb | null = currentUserDb()): Promise<LocalCopy | null> {
  const rec = await db?.kv.get(localCopyKey(flowId));
  const value = rec?.value as LocalCopy | undefined;
  return value && typeof value === 'object' && value.doc?.draft?.graph ? value : null;
}

export async function writeLocalCopy(flowId: string, doc: FlowDoc, base: Omit<FlowInfo, 'draft'>, db: UserDb | null = currentUserDb()): Promise<void> {
  const savedAt = Date.now();
  await db?.kv.put({ key: localCopyKey(flowId), value: { doc, version: base.version, info: base, savedAt } satisfies LocalCopy, updatedAt: savedAt });
}

export async function clearLocalCopy(flowId: string, db: UserDb | null = currentUserDb()): Promise<void> {
  await db?.kv.delete(localCopyKey(flowId));
}

export const differsFrom = (copy: LocalCopy, doc: FlowDoc) => JSON.stringify(copy.doc) !== JSON.stringify(doc);

export interface CopyKeeper {
  /** The document changed: written after `delay` ms of quiet (or cleared when it matches the server again). */
  keep(doc: FlowDoc, dirty: boolean): void;
  flush(): Promise<void>;
  cancel(): void;
}

export function createCopyKeeper(flowId: string, base: () => Omit<FlowInfo, 'draft'>, delay = 400, db: () => UserDb | null = currentUserDb): CopyKeeper {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: { doc: FlowDoc; dirty: boolean } | null = null;
  const write = async () => {
    timer = null;
    const p = pending;
    pending = null;
    if (!p) return;
    if (p.dirty) await writeLocalCopy(flowId, p.doc, base(), db());
    else await clearLocalCopy(flowId, db());
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
