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

/**
 * The version readers of a list row's writes (remote-list.ts): the version the server's answer
 * carries, and that of its copy after a conflict. Synchronous, so a lazy kind of rows declares them.
 */
export const rowVersions: Required<Pick<SyncKind, 'versionAfter' | 'versionOf'>> = {
  versionAfter: (_entry, data) => {
    const v = (data as { version?: unknown } | null)?.version;
    return typeof v === 'number' ? v : undefined;
  },
  versionOf: (server) => (server as { version?: number } | null)?.version,
};

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

/** The methods of a kind the queue awaits: a lazy kind loads their code when one is first called. */
export type LazySyncMethod = 'send' | 'applied' | 'rejected' | 'takeTheirs';

/** What a lazy kind answers at once: the sync panel's label, the version readers (called without waiting), and which methods the loaded kind has. */
export interface LazySyncKindDecl extends Pick<SyncKind, 'label' | 'versionAfter' | 'versionOf'> {
  methods: readonly LazySyncMethod[];
}

/**
 * A kind whose code loads when the queue first needs it, so that declaring it (module.ts) costs
 * the session only its label. The queue tells a kind with `send` from one without (and skips an
 * absent `applied`…), so only the methods named in `methods` are given — each imports the kind
 * with `load` (once; tried again after a failed load) and calls its own; a named method the loaded
 * kind lacks is an error. Everything not named is absent, as on the loaded kind.
 */
export function lazySyncKind(decl: LazySyncKindDecl, load: () => Promise<SyncKind>): SyncKind {
  let loading: Promise<SyncKind> | null = null;
  const { methods, ...declared } = decl;
  const kind: SyncKind = declared;
  const slots: Partial<Record<LazySyncMethod, unknown>> = kind;
  for (const method of methods) {
    slots[method] = async (...args: unknown[]) => {
      loading ??= load().catch((e: unknown) => {
        loading = null;
        throw e;
      });
      const real = await loading;
      const fn = real[method] as ((...a: unknown[]) => Promise<unknown>) | undefined;
      if (!fn) throw new Error(`sync kind: the loaded kind has no ${method}`);
      return fn.apply(real, args);
    };
  }
  return kind;
}
