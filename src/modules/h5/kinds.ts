import { t } from '@lingui/core/macro';
import type { SyncKind } from '@/lib/sync/kinds';
import type { OutboxEntry } from '@/lib/sync/user-db';
import { H5_KINDS } from './table';

/**
 * The queued writes of the page builder, declared with the module (the queue must know them at
 * start); what they do lives in drafts-sync.ts, loaded on first use. Every one is sent signed, the
 * signature made when it leaves (spec 7.1). Names are stored with the writes: never rename them.
 */
const sync = () => import('./drafts-sync');

const titleOf = (e: OutboxEntry) => {
  const title = (e.request.body as { title?: unknown } | undefined)?.title;
  return typeof title === 'string' && title.trim() ? title.trim() : t`未命名作品`;
};

const versionOf = (server: unknown) => {
  const v = (server as { version?: unknown } | null)?.version;
  return typeof v === 'number' ? v : undefined;
};

/** A work's writes: the answer carries the work (create, save) with its new version. */
const workKind = (label: (e: OutboxEntry) => string): SyncKind => ({
  label,
  send: async (e) => (await sync()).sendQueued(e),
  applied: async (e, data, db) => (await sync()).workApplied(e, data, db),
  rejected: async (e, db) => (await sync()).workRejected(e, db),
  takeTheirs: async (e, server, db) => (await sync()).workTakeTheirs(e, server, db),
  versionAfter: (_e, data) => versionOf(data),
  versionOf,
});

export const h5SyncKinds: Record<string, SyncKind> = {
  [H5_KINDS.create]: workKind((e) => {
    const title = titleOf(e);
    return t`新建作品「${title}」`;
  }),
  [H5_KINDS.save]: workKind((e) => {
    const title = titleOf(e);
    return t`保存作品「${title}」`;
  }),
  [H5_KINDS.delete]: workKind(() => t`删除作品`),
};
