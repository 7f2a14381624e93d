import { fillPath } from '@/contracts/api-path';
import type { Paged } from '@/contracts/common';
import { fileExtension, IMAGE_MAX_BYTES, IMAGE_SNIFF_BYTES, sniffImage, UPLOAD_FIELDS, uploadMessages, uploadPath, type UploadResult } from '@/contracts/files';
import { H5_FILE_TYPE, H5_IMAGE_EXTENSIONS, h5Messages, h5Paths, type BgImage, type Work, type WorkListBody, type WorkSummary } from '@/contracts/h5';
import { LONG_CALL_TIMEOUT_MS } from '@/contracts/limits';
import { translateContractMessage } from '@/lib/contract-messages';
import { request, type RequestOptions } from '@/lib/http';
import { httpSend } from '@/lib/sync/http-sender';
import type { SendResult } from '@/lib/sync/outbox';
import type { OutboxEntry } from '@/lib/sync/user-db';
import { signedUrl } from './sign';

/**
 * The page-builder calls (spec 7.9), each signed when it leaves (spec 7.1, sign.ts). Reads are
 * online calls; writes of works go through the sync queue (kinds.ts, drafts.ts).
 */

export const workUrl = (workId: string) => fillPath(h5Paths.get, { workId });

/** My works, one page (newest change first). */
export function fetchWorkPage(body: WorkListBody, opts: RequestOptions = {}): Promise<Paged<WorkSummary>> {
  return request<Paged<WorkSummary>>('POST', signedUrl(h5Paths.list), body, { silent: true, ...opts });
}

/** One work of mine, whole. */
export function fetchWork(workId: string, opts: RequestOptions = {}): Promise<Work> {
  return request<Work>('GET', signedUrl(workUrl(workId)), undefined, { silent: true, ...opts });
}

/** My image library, one page. */
export function fetchBgImagePage(body: WorkListBody, opts: RequestOptions = {}): Promise<Paged<BgImage>> {
  return request<Paged<BgImage>>('POST', signedUrl(h5Paths.bgList), body, { silent: true, ...opts });
}

/** Removes an image from my library (an online call: the page disables it offline). */
export function deleteBgImage(id: string): Promise<unknown> {
  return request('POST', signedUrl(h5Paths.bgInvalid), { id });
}

/** Replays a queued write of a work: the signature is made now, when it is sent. */
export function sendSigned(entry: OutboxEntry): Promise<SendResult> {
  return httpSend(entry, { url: (url) => signedUrl(url) });
}

// ---- Images for works ----------------------------------------------------------------------------

export const H5_IMAGE_ACCEPT = H5_IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',');

/**
 * Checks an image before uploading it to the library, as the server does: its extension
 * (jpg/jpeg/png/gif/webp), its size (under 20 MB) and its first bytes (an image of one of those
 * formats: a renamed text file is caught without a round trip). The message to show (in the UI
 * language), or null when the file may go.
 */
export async function checkH5Image(file: Blob & { name: string }): Promise<string | null> {
  const tr = (m: string) => translateContractMessage(m) ?? m;
  if (!(H5_IMAGE_EXTENSIONS as readonly string[]).includes(fileExtension(file.name))) return tr(h5Messages.imageType);
  if (file.size >= IMAGE_MAX_BYTES) return tr(uploadMessages.imageSize);
  const head = new Uint8Array(await file.slice(0, IMAGE_SNIFF_BYTES).arrayBuffer());
  return sniffImage(head) ? null : tr(h5Messages.imageContent);
}

/** Uploads an image for works (POST multipart /api/file/Uploader/h5); the server adds it to the library. */
export function uploadH5Image(file: Blob & { name: string }): Promise<UploadResult> {
  const form = new FormData();
  form.append(UPLOAD_FIELDS[0]!, file, file.name);
  return request<UploadResult>('POST', uploadPath(H5_FILE_TYPE), form, { timeout: LONG_CALL_TIMEOUT_MS });
}
