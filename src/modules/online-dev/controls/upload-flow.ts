import { IMAGE_ACCEPT } from '@/contracts/files';
import { VIDEO_EXTENSIONS, type UploadKind } from '@/contracts/online-dev';
import { uploadDefaults, type ModelField } from '@/contracts/online-dev-model';
import { uploadOutcome, type UploadOutcome, type UploadSettings } from '../core/upload-rules';
import type { FileEntry } from '../form/services';

/**
 * The upload field's plain parts (upload-flow.test.ts): its kind and limits with the spec 5.3
 * defaults, what the file chooser offers, the entries a value holds, and a failed upload read as
 * the core reads the upload call's answer (the server's msg; 405 logged as `wrong request method`).
 */

export interface UploadSetup {
  kind: UploadKind;
  settings: UploadSettings;
  limit: number;
  /** For `<input type="file" accept>`; '' takes anything. */
  accept: string;
}

export function uploadSetup(field: Pick<ModelField, 'upload' | 'type'>): UploadSetup {
  const s = uploadDefaults(field.upload, field.type);
  const accept =
    s.kind === 'video' ? VIDEO_EXTENSIONS.map((e) => `.${e}`).join(',') : s.kind === 'file' ? s.accept.map((e) => `.${e}`).join(',') : IMAGE_ACCEPT;
  return { kind: s.kind, settings: { limit: s.limit, fileSize: s.fileSize, sizeUnit: s.sizeUnit }, limit: s.limit, accept };
}

/** The file entries of a value (anything else in it is dropped). */
export function entriesOf(value: unknown): FileEntry[] {
  if (!Array.isArray(value)) return [];
  return value.filter((e): e is FileEntry => !!e && typeof e === 'object' && typeof (e as FileEntry).url === 'string');
}

/**
 * A rejected upload as an outcome of the upload call: the error's status (`status`, or the API's
 * `code`) and its message as the server's msg.
 */
export function uploadFailure(error: unknown, file: { name: string; size: number }): Extract<UploadOutcome, { ok: false }> {
  const e = (error ?? {}) as { status?: unknown; code?: unknown; message?: unknown };
  const status = typeof e.status === 'number' ? e.status : typeof e.code === 'number' ? e.code : 0;
  const msg = typeof e.message === 'string' ? e.message : undefined;
  const outcome = uploadOutcome(status === 200 ? 500 : status, { code: status, msg }, file);
  return outcome.ok ? { ok: false, message: msg ?? null } : outcome;
}
