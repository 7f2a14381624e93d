import type { SendResult } from './outbox';
import type { OutboxEntry, UserDb } from './user-db';

/**
 * What a module says about one kind of write. The engine calls these inside its own bookkeeping;
 * they keep the local cache in step with the server's answer.
 */
export interface SyncKind {
  /** Short text for the sync panel, in the UI language. */
  label(entry: OutboxEntry): string;
  /**
   * Sends the write its own way (chat: over the websocket when it is open, else HTTP); without it
   * the queue's sender replays `request` over HTTP.
   */
  send?(entry: OutboxEntry): Promise<SendResult>;
  /** The server accepted the write (its `data` is given): update the local copy (e.g. the new version). */
  applied?(entry: OutboxEntry, data: unknown, db: UserDb): Promise<void>;
  /**
   * The server refused the write for good (a dead letter: it stays in the sync panel for retry or
   * discard): undo what the write showed on this device, e.g. take a deleted row back.
   */
  rejected?(entry: OutboxEntry, db: UserDb): Promise<void>;
  /** The user chose the server's copy after a conflict: replace the local copy with it. */
  takeTheirs?(entry: OutboxEntry, server: unknown, db: UserDb): Promise<void>;
  /** The entity's version after this write was accepted (default: base version + 1). */
  versionAfter?(entry: OutboxEntry, data: unknown): number | undefined;
  /** Version of the server copy after a conflict, to retry "keep mine" on top of it. */
  versionOf?(server: unknown): number | undefined;
}

const kinds = new Map<string, SyncKind>();

/**
 * Registers the kinds a module declares (its module.ts `syncKinds`; the session service does this
 * before the queue replays). A name is a stored identifier: once shipped, it never changes.
 */
export function registerSyncKinds(declared: Record<string, SyncKind>) {
  for (const [name, kind] of Object.entries(declared)) kinds.set(name, kind);
}

/** The registered kind, or undefined: the queue does not replay an entry of an unknown kind (see Replayer). */
export function syncKind(name: string): SyncKind | undefined {
  return kinds.get(name);
}
