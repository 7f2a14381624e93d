import { ulid } from 'ulid';
import { fillPath } from '@/contracts/api-path';
import { titleFieldOf } from '@/contracts/online-dev-define';
import type { ModelConfig, RecordRow } from '@/contracts/online-dev-model';
import { onlineDevPaths } from '@/contracts/online-dev-paths';
import { currentUserDb } from '@/lib/sync/engine';
import { queueRowWrite } from '@/lib/sync/remote-list';
import { recordList } from '../records';
import type { QueuedRecordBody } from './send';

/**
 * Writes of a model's records, through the sync queue (shown at once, 待同步 until the server has
 * them): create (the id made here), save with the version it was made on (If-Match), delete. A
 * write the server refused stays shown as failed; fixing it sends it again in place of the refused one.
 */

const titleOf = (config: ModelConfig, values: Record<string, unknown>) => {
  const key = titleFieldOf(config);
  const v = key ? values[key] : undefined;
  return typeof v === 'string' ? v.slice(0, 40) : '';
};

/** The refused write of a record still waiting in the queue (dead), if any. */
async function refusedWriteOf(recordId: string) {
  const db = currentUserDb();
  if (!db) return null;
  return (await db.outbox.where('entity').equals(`${recordList.def.key}:${recordId}`).filter((e) => e.state === 'dead').first()) ?? null;
}

/** Creates a record (no `current`) or saves one; answers its id. A failed write of it is replaced. */
export async function saveRecord(config: ModelConfig, values: Record<string, unknown>, current?: RecordRow | null): Promise<string> {
  const refused = current ? await refusedWriteOf(current.id) : null;
  const db = currentUserDb();
  // Fixing a refused write: the new one takes its place (a refused create is sent again as a create).
  if (refused && db) await db.outbox.delete(refused.id);
  const base = { modelId: config.id, modelName: config.fullName, title: titleOf(config, values) };
  const createAgain = refused?.kind === `${recordList.def.key}.create`;
  if (current && !createAgain) {
    const body: QueuedRecordBody = { id: current.id, data: values, ...base };
    await queueRowWrite(recordList, {
      op: 'update',
      id: current.id,
      method: 'PUT',
      url: fillPath(onlineDevPaths.record, { id: config.id, recordId: current.id }),
      body,
      row: { ...current, ...values, id: current.id },
      baseVersion: current.version,
    });
    return current.id;
  }
  const id = current?.id ?? ulid();
  const body: QueuedRecordBody = { id, data: values, ...base };
  const row: RecordRow = {
    ...values,
    id,
    modelId: config.id,
    version: 0,
    creatorUserId: '',
    creatorTime: current?.creatorTime ?? new Date().toISOString(),
    lastModifyUserId: null,
    lastModifyTime: null,
    organizeId: null,
  };
  await queueRowWrite(recordList, { op: 'create', id, method: 'POST', url: fillPath(onlineDevPaths.create, { id: config.id }), body, row, baseVersion: 0 });
  return id;
}

export async function deleteRecord(config: ModelConfig, row: RecordRow) {
  const refused = await refusedWriteOf(row.id);
  const db = currentUserDb();
  // A record whose create was refused never reached the server: discarding it is the delete.
  if (refused && db && refused.kind === `${recordList.def.key}.create`) {
    await db.outbox.delete(refused.id);
    await recordList.rollback(db, row.id, refused.id);
    return;
  }
  if (refused && db) await db.outbox.delete(refused.id);
  await queueRowWrite(recordList, {
    op: 'delete',
    id: row.id,
    method: 'DELETE',
    url: fillPath(onlineDevPaths.record, { id: config.id, recordId: row.id }),
    body: { modelName: config.fullName, title: titleOf(config, row) },
    baseVersion: row.version,
  });
}

/** Drops a refused write: the record shows as the server has it (or goes, when it was never created). */
export async function discardRefused(row: RecordRow) {
  const refused = await refusedWriteOf(row.id);
  const db = currentUserDb();
  if (!refused || !db) return;
  await db.outbox.delete(refused.id);
  await recordList.rollback(db, row.id, refused.id);
}
