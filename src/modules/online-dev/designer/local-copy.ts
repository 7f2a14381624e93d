import type { ModelRow } from '@/contracts/online-dev-model';
import * as copies from '@/lib/local-copy';
import { currentUserDb } from '@/lib/sync/engine';
import type { UserDb } from '@/lib/sync/user-db';
import type { DesignDoc } from './core/types';

/**
 * The designer's working copy (src/lib/local-copy.ts), key `onlineDev.design.<modelId>`; `info`
 * is the model as the server had it then (its state, menu, version), to open the copy offline.
 */
export type LocalCopy = copies.LocalCopy<DesignDoc, ModelRow>;
export type CopyKeeper = copies.CopyKeeper<DesignDoc>;

export const localCopyKey = (modelId: string) => `onlineDev.design.${modelId}`;

export const readLocalCopy = (modelId: string, db: UserDb | null = currentUserDb()): Promise<LocalCopy | null> =>
  copies.readLocalCopy<DesignDoc, ModelRow>(localCopyKey(modelId), (value) => !!value.doc?.draft, db);

export const writeLocalCopy = (modelId: string, doc: DesignDoc, base: ModelRow | number, db: UserDb | null = currentUserDb()): Promise<void> =>
  copies.writeLocalCopy(localCopyKey(modelId), doc, base, db);

export const clearLocalCopy = (modelId: string, db: UserDb | null = currentUserDb()): Promise<void> => copies.clearLocalCopy(localCopyKey(modelId), db);

export const differsFrom: (copy: LocalCopy, doc: DesignDoc) => boolean = copies.differsFrom;

export const createCopyKeeper = (modelId: string, base: () => ModelRow | number, delay = 400, db: () => UserDb | null = currentUserDb): CopyKeeper =>
  copies.createCopyKeeper<DesignDoc, ModelRow>(localCopyKey(modelId), base, delay, db);
