import type { Work, WorkSummary } from '@/contracts/h5';
import type { ModuleTables } from '@/lib/module';
import type { UserDb } from '@/lib/sync/user-db';

/**
 * One work as this device keeps it (the works list and the editor open from it with no network):
 * what the list shows, the whole work once opened or created here, and the local draft's state.
 */
export interface WorkRow {
  id: string;
  /** What the works list shows (derived from `work` when the whole work is here). */
  summary: WorkSummary;
  /**
   * The whole work: the local draft when `dirty`, else the server's copy as last seen. Null for a
   * work only seen in the list (not opened on this device yet).
   */
  work: Work | null;
  /** The server's version the draft builds on (sent as If-Match); 0 while a work created here is not yet on the server. */
  serverVersion: number;
  /** The draft has changes the server has not accepted yet. */
  dirty: boolean;
  /** Local edits so far (grows with every draft written), and the edit the last queued save carried. */
  rev: number;
  queuedRev: number;
  /** Newest change first in the list: the local edit time, or the server's updated time. */
  updatedAt: number;
  /** Lower-case title, for the keyword search. */
  title: string;
  /** Deleted here; the delete waits for the server. */
  deleted?: boolean;
  /** The queued write of this work being sent right now (so a newer save never replaces it mid-flight). */
  sending?: string;
}

/**
 * The works of the user in their database (version 5: above message's 3 and chat's 4), newest
 * change first by `updatedAt`, searched by `title`.
 */
export const h5Tables: ModuleTables = { version: 5, stores: { h5Works: 'id, updatedAt, title' } };

export const h5WorksOf = (db: UserDb) => db.table<WorkRow, string>('h5Works');

/** The queue's entity of one work: its create, saves and delete replay in order. */
export const WORK_ENTITY_PREFIX = 'h5.work:';
export const workEntity = (id: string) => `${WORK_ENTITY_PREFIX}${id}`;
export const workIdOfEntity = (entity: string) => entity.slice(WORK_ENTITY_PREFIX.length);

/** Stored kind names of the h5 writes: never rename them. */
export const H5_KINDS = { create: 'h5.workCreate', save: 'h5.workSave', delete: 'h5.workDelete' } as const;
