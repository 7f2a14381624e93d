import { ulid } from 'ulid';
import { ApiError } from '@/lib/errors';
import { loadKeptBlob, useBlobUrl } from '@/lib/kept-blob';
import { network } from '@/lib/network';
import { currentUserDb } from '@/lib/sync/engine';
import { checkImageUpload } from '@/lib/upload';
import type { FileEntry, UploadRequest } from '../form/services';
import { isLocalUrl, keptFilesOf, LOCAL_FILE_PREFIX } from '../table';
import { uploadKept } from './send';

/**
 * Files of a form's upload fields. A chosen file is kept on this device first; online it is then
 * uploaded (its key is the upload's Idempotency-Key) and its stored entry used; offline — or when the
 * network fails on the way — the form keeps `local:<key>` and the sync queue uploads it before the
 * record. A refusal by the server (wrong type, too large) drops the file and is thrown with its msg.
 */

/** Files downloaded to show are kept on this device up to this size (larger ones, e.g. videos, are fetched each time). */
const KEEP_DOWNLOADS_UP_TO = 5 * 1024 * 1024;

export async function storeFile(req: UploadRequest): Promise<FileEntry> {
  // An image's first bytes are checked before it is kept (src/lib/upload.ts, as the avatar picker
  // does): a renamed non-image is refused at once with the server's words, not — offline — only
  // when the queue sends the record.
  if (req.kind === 'image' || req.kind === 'imageCard') {
    const problem = await checkImageUpload(req.file);
    if (problem) throw new Error(problem);
  }
  const db = currentUserDb();
  if (!db) throw new Error('no database');
  const key = `${LOCAL_FILE_PREFIX}${ulid()}`;
  const kept = { key, blob: req.file, name: req.file.name, kind: req.kind, modelId: req.modelId, flowId: req.flowId, field: req.field, savedAt: Date.now() };
  await keptFilesOf(db).put(kept);
  const local: FileEntry = { name: req.file.name, fileId: key.slice(LOCAL_FILE_PREFIX.length), url: key, fileName: req.file.name, size: req.file.size };
  if (!network.online) return local;
  try {
    return await uploadKept(db, kept);
  } catch (e) {
    if (e instanceof ApiError) {
      await keptFilesOf(db).delete(key);
      throw e;
    }
    return local;
  }
}

/** The bytes of a file entry: kept here (chosen here, or fetched before), else downloaded with the session's token. */
export async function loadFile(entry: FileEntry, signal?: AbortSignal): Promise<Blob> {
  const db = currentUserDb();
  return loadKeptBlob(
    {
      table: db ? keptFilesOf(db) : null,
      keys: [entry.url],
      path: isLocalUrl(entry.url) ? null : entry.url,
      keep: (blob, key) => (blob.size <= KEEP_DOWNLOADS_UP_TO ? { key, blob, name: entry.fileName, savedAt: Date.now() } : null),
    },
    signal,
  );
}

/** An object URL of a file entry for <img>/<video>/<a>; 'error' when it cannot be had, null while loading. */
export function useFileUrl(entry: FileEntry | null): string | null | 'error' {
  // A file is named by its url.
  return useBlobUrl(entry?.url ?? null, (signal) => (entry ? loadFile(entry, signal) : Promise.reject(new Error('no file'))));
}
