import type { FlowInfo } from '@/contracts/workflow';
import * as copies from '@/lib/local-copy';
import { currentUserDb } from '@/lib/sync/engine';
import type { UserDb } from '@/lib/sync/user-db';
import type { FlowDoc } from './core/types';

type FlowBase = Omit<FlowInfo, 'draft'>;

/**
 * The flow designer's working copy (src/lib/local-copy.ts, as the model designer keeps its own),
 * key `workflow.design.<flowId>`; `info` is the flow as the server had it then, to open the copy
 * offline.
 */
export type LocalCopy = copies.LocalCopy<FlowDoc, FlowBase>;
export type CopyKeeper = copies.CopyKeeper<FlowDoc>;

export const localCopyKey = (flowId: string) => `workflow.design.${flowId}`;

export const readLocalCopy = (flowId: string, db: UserDb | null = currentUserDb()): Promise<LocalCopy | null> =>
  copies.readLocalCopy<FlowDoc, FlowBase>(localCopyKey(flowId), (value) => !!value.doc?.draft?.graph, db);

export const writeLocalCopy = (flowId: string, doc: FlowDoc, base: FlowBase, db: UserDb | null = currentUserDb()): Promise<void> =>
  copies.writeLocalCopy(localCopyKey(flowId), doc, base, db);

export const clearLocalCopy = (flowId: string, db: UserDb | null = currentUserDb()): Promise<void> => copies.clearLocalCopy(localCopyKey(flowId), db);

export const differsFrom: (copy: LocalCopy, doc: FlowDoc) => boolean = copies.differsFrom;

export const createCopyKeeper = (flowId: string, base: () => FlowBase, delay = 400, db: () => UserDb | null = currentUserDb): CopyKeeper =>
  copies.createCopyKeeper<FlowDoc, FlowBase>(localCopyKey(flowId), base, delay, db);
