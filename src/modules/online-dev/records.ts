import { fillPath } from '@/contracts/api-path';
import type { RecordRow } from '@/contracts/online-dev-model';
import { onlineDevPaths } from '@/contracts/online-dev-paths';
import type { SyncKind } from '@/lib/sync/kinds';
import { defineRemoteList, type ListParams } from '@/lib/sync/remote-list';
import type { OutboxEntry } from '@/lib/sync/user-db';
import type { QueuedRecordBody } from './data/send';
import { recordLabel } from './declared';

/**
 * The records of every published model as one remote list (`onlineDev`): each answer cached per
 * query (the model is part of it), every write queued (entity `onlineDev:<recordId>`), a refused
 * write kept on screen as failed until it is fixed and sent again or discarded. The session
 * declares the kinds (module.ts: their labels, declared.ts) and loads this file when the queue first
 * needs one (background.ts), or with the pages.
 */

/** One query of a model's list: the model, the spec's list query and its search fields. */
export type RecordQuery = ListParams & { modelId: string; currentPage: number; pageSize: number; keyword: string };

/** What offline searching knows of each model's list (set when a model's page reads its config). */
export const offlineMatchers = new Map<string, (row: RecordRow, q: RecordQuery) => boolean>();

export const recordList = defineRemoteList<RecordRow, RecordQuery>({
  key: 'onlineDev',
  url: (q) => fillPath(onlineDevPaths.list, { id: q.modelId }),
  params: ({ modelId: _model, ...rest }) => rest,
  paged: true,
  matches: (row, q) => row.modelId === q.modelId && (offlineMatchers.get(q.modelId)?.(row, q) ?? true),
  label: recordLabel,
  keepRefused: true,
});

/** The queue's send of a record write: files kept on this device are uploaded first (send.ts, loaded then). */
async function sendWithFiles(entry: OutboxEntry) {
  return (await import('./data/send')).sendRecordWrite(entry);
}

/** The model a queued record write is for (its body carries it: data/send.ts QueuedRecordBody). */
const modelOf = (entry: OutboxEntry) => (entry.request.body as Partial<QueuedRecordBody> | undefined)?.modelId || null;

/**
 * The kinds of the list: record writes send their files first; a refused one also asks for its
 * model's config again (the model may have changed: the form to fix it follows the new one).
 */
export function recordSyncKinds(): Record<string, SyncKind> {
  const kinds = { ...recordList.syncKinds };
  for (const op of ['create', 'update'] as const) {
    const kind = kinds[`onlineDev.${op}`]!;
    kinds[`onlineDev.${op}`] = {
      ...kind,
      send: sendWithFiles,
      async rejected(entry, db) {
        await kind.rejected?.(entry, db);
        const model = modelOf(entry);
        if (model) void import('./data/config').then(({ configDataset }) => configDataset(model).refresh({ db, force: true })).catch(() => undefined);
      },
    };
  }
  return kinds;
}
