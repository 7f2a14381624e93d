import { t } from '@lingui/core/macro';
import { onlineFileType } from '@/contracts/online-dev';
import { UPLOAD_FIELDS, uploadPath } from '@/contracts/files';
import { LONG_CALL_TIMEOUT_MS } from '@/contracts/limits';
import { ApiError, NetworkError } from '@/lib/errors';
import { request } from '@/lib/http';
import { currentUserDb } from '@/lib/sync/engine';
import { httpSend } from '@/lib/sync/http-sender';
import type { SendResult } from '@/lib/sync/outbox';
import type { OutboxEntry, UserDb } from '@/lib/sync/user-db';
import type { FileEntry } from '../form/services';
import { isLocalUrl, keptFilesOf, LOCAL_FILE_PREFIX, type KeptFile } from '../table';

/**
 * Sending a queued record write (the `onlineDev.create` / `.update` kinds): every file of the record
 * that is only on this device is uploaded first — with its own Idempotency-Key, so an upload whose
 * answer was lost is not stored twice — its entry written into the queued record, and then the
 * record goes to its documented endpoint, exactly once by the entry's key.
 */

/** A queued record write's body: the call's own `{ id, data }`, its model and the sync panel's words. */
export interface QueuedRecordBody {
  id?: string;
  data: Record<string, unknown>;
  /** The model the record is of (its config is asked for again when the write is refused). */
  modelId: string;
  title?: string;
  modelName?: string;
}

const failure = (e: unknown): SendResult =>
  e instanceof NetworkError ? { ok: false, code: 0, message: e.message } : e instanceof ApiError ? { ok: false, code: e.code, message: e.message } : { ok: false, code: 0, message: e instanceof Error ? e.message : String(e) };

/** Each file entry of a record's values (input-table cells too), where it sits. */
function* fileEntries(data: Record<string, unknown>): Generator<{ list: FileEntry[]; index: number }> {
  const isEntry = (v: unknown): v is FileEntry => !!v && typeof v === 'object' && typeof (v as FileEntry).url === 'string' && 'fileName' in (v as object);
  for (const value of Object.values(data)) {
    if (!Array.isArray(value)) continue;
    if (value.every(isEntry)) for (let i = 0; i < value.length; i++) yield { list: value as FileEntry[], index: i };
    else for (const row of value) if (row && typeof row === 'object' && !Array.isArray(row)) yield* fileEntries(row as Record<string, unknown>);
  }
}

/** Uploads a kept file once (its key is the upload's Idempotency-Key) and remembers the stored entry. */
export async function uploadKept(db: UserDb, kept: KeptFile): Promise<FileEntry> {
  if (kept.uploaded) return kept.uploaded;
  const form = new FormData();
  form.append(UPLOAD_FIELDS[0]!, kept.blob, kept.name);
  // A flow's form names its flow (the server checks the field against the flow's published form).
  const owner = kept.flowId ? `flowId=${encodeURIComponent(kept.flowId)}` : `modelId=${encodeURIComponent(kept.modelId ?? '')}`;
  const url = `${uploadPath(onlineFileType(kept.kind ?? 'file'))}?${owner}&field=${encodeURIComponent(kept.field ?? '')}`;
  const stored = await request<FileEntry>('POST', url, form, {
    silent: true,
    endSessionOnExpiry: false,
    timeout: LONG_CALL_TIMEOUT_MS,
    headers: { 'Idempotency-Key': kept.key.slice(LOCAL_FILE_PREFIX.length) },
  });
  const entry: FileEntry = { name: stored.name, fileId: stored.fileId, url: stored.url, fileName: kept.name, size: kept.blob.size };
  await keptFilesOf(db).update(kept.key, { uploaded: entry });
  // The bytes stay here under the stored path too: the record shows its picture offline.
  await keptFilesOf(db).put({ key: entry.url, blob: kept.blob, name: kept.name, savedAt: Date.now() });
  return entry;
}

/** The record's values with every file kept on this device uploaded (null when a kept file is gone). */
async function withUploadedFiles(db: UserDb, data: Record<string, unknown>): Promise<{ data: Record<string, unknown>; changed: boolean } | null> {
  const next = structuredClone(data);
  let changed = false;
  for (const { list, index } of fileEntries(next)) {
    const entry = list[index]!;
    if (!isLocalUrl(entry.url)) continue;
    const kept = await keptFilesOf(db).get(entry.url);
    if (!kept) return null;
    list[index] = await uploadKept(db, kept);
    changed = true;
  }
  return { data: next, changed };
}

/**
 * Sends a queued write whose body holds a form's values under `field` (a record here, a launch's
 * `formData` in workflow): every file of those values that is only on this device is uploaded first,
 * the stored entries written into the queued body (a retry sends what was uploaded, not the files
 * again), then what `sent` makes of the body goes to the entry's endpoint, exactly once by the
 * entry's key. An upload refused (wrong type, too large) refuses the write; the network gone is retried.
 */
export async function sendWithUploadedFiles<K extends string, B extends Record<K, Record<string, unknown>>>(entry: OutboxEntry, field: K, sent: (body: B) => unknown): Promise<SendResult> {
  const db = currentUserDb();
  if (!db) return { ok: false, code: 0, message: 'no database' };
  let body = entry.request.body as B;
  try {
    const done = await withUploadedFiles(db, body[field]);
    if (!done) return { ok: false, code: 400, message: t`有文件已不在本机，请重新选择后再提交` };
    if (done.changed) {
      body = { ...body, [field]: done.data };
      await db.outbox.update(entry.id, { request: { ...entry.request, body } });
    }
  } catch (e) {
    return failure(e);
  }
  return httpSend({ ...entry, request: { ...entry.request, body: sent(body) } });
}

export function sendRecordWrite(entry: OutboxEntry): Promise<SendResult> {
  return sendWithUploadedFiles(entry, 'data', (body: QueuedRecordBody) => ({ ...(body.id ? { id: body.id } : {}), data: body.data }));
}
