import { checkImageFile, fileExtension, type UploadResult } from '@/contracts/files';
import {
  FILE_DEFAULT_SIZE,
  FILE_DEFAULT_UNIT,
  FILE_MAX_FILES,
  IMAGE_MAX_FILES,
  onlineUploadMessages,
  SIZE_UNIT_BYTES,
  UPLOAD_METHOD_NOT_ALLOWED_LOG,
  VIDEO_EXTENSIONS,
  VIDEO_MAX_BYTES,
  VIDEO_MAX_FILES,
  type SizeUnit,
  type UploadKind,
} from '@/contracts/online-dev';

/**
 * The upload components' checks of spec 5.3 before a file is sent, and the reading of the upload
 * call's answer (spec 4 Upload, 8). Pure: a file is its name and size; each check gives the
 * problem to show, or null.
 *
 * - video: mp4, ogg, flv, avi, wmv, rmvb; at most 50 MB (exactly 50 MB passes); 10 files.
 * - image and image card: jpg, jpeg, png; under 20 MB (exactly 20 MB fails); 10 files.
 * - file: the configured size and unit (2 MB by default), that size itself passes; 9 files.
 */

export interface FileLike {
  readonly name: string;
  readonly size: number;
}

/** A problem to show: the message (a spec text, or an id with `{…}` values) and how loudly. */
export interface UploadProblem {
  readonly message: string;
  readonly values?: Readonly<Record<string, string | number>>;
  /** The image card's count limit is a warning (spec 5.3); the others are errors. */
  readonly level: 'error' | 'warning';
}

/** A component's settings (the model's field config); unset ones take the spec defaults. */
export interface UploadSettings {
  /** How many files the list may hold. */
  readonly limit?: number;
  /** Generic file: the size limit, in `unit`s. */
  readonly fileSize?: number;
  readonly sizeUnit?: SizeUnit;
}

const error = (message: string, values?: UploadProblem['values']): UploadProblem => ({ message, values, level: 'error' });

export const isVideoName = (name: string) => (VIDEO_EXTENSIONS as readonly string[]).includes(fileExtension(name));

/** Video: the extension, then at most 50 MB. */
export function checkVideoFile(file: FileLike): UploadProblem | null {
  if (!isVideoName(file.name)) return error(onlineUploadMessages.videoType);
  if (file.size > VIDEO_MAX_BYTES) return error(onlineUploadMessages.videoSize);
  return null;
}

/** Image (and image card): the shared image rule of src/contracts/files.ts, as the server applies it. */
export function checkImageUploadFile(file: FileLike): UploadProblem | null {
  const message = checkImageFile(file);
  return message ? error(message) : null;
}

/** The generic file's size limit in bytes. */
export function fileSizeLimitBytes(settings: UploadSettings = {}): number {
  const size = settings.fileSize && settings.fileSize > 0 ? settings.fileSize : FILE_DEFAULT_SIZE;
  return size * SIZE_UNIT_BYTES[settings.sizeUnit ?? FILE_DEFAULT_UNIT];
}

/** Generic file: at most the configured size (`file size exceeds {size}{unit}`). */
export function checkGenericFile(file: FileLike, settings: UploadSettings = {}): UploadProblem | null {
  if (file.size <= fileSizeLimitBytes(settings)) return null;
  const size = settings.fileSize && settings.fileSize > 0 ? settings.fileSize : FILE_DEFAULT_SIZE;
  return error(onlineUploadMessages.fileSize, { size, unit: settings.sizeUnit ?? FILE_DEFAULT_UNIT });
}

const DEFAULT_LIMITS: Record<UploadKind, number> = { video: VIDEO_MAX_FILES, image: IMAGE_MAX_FILES, imageCard: IMAGE_MAX_FILES, file: FILE_MAX_FILES };

/** How many files a component of this kind may hold. */
export const fileLimit = (kind: UploadKind, settings: UploadSettings = {}): number =>
  settings.limit && settings.limit > 0 ? Math.trunc(settings.limit) : DEFAULT_LIMITS[kind];

/** Adding `adding` files to a list of `current`: null while the total stays within the limit. */
export function checkFileCount(kind: UploadKind, current: number, adding: number, settings: UploadSettings = {}): UploadProblem | null {
  const limit = fileLimit(kind, settings);
  if (current + adding <= limit) return null;
  const pictures = kind === 'image' || kind === 'imageCard';
  return {
    message: pictures ? onlineUploadMessages.imageCount : onlineUploadMessages.fileCount,
    values: { limit },
    level: kind === 'imageCard' ? 'warning' : 'error',
  };
}

/** One file's checks of its kind (type and size). */
export function checkUploadFile(kind: UploadKind, file: FileLike, settings: UploadSettings = {}): UploadProblem | null {
  if (kind === 'video') return checkVideoFile(file);
  if (kind === 'file') return checkGenericFile(file, settings);
  return checkImageUploadFile(file);
}

/**
 * A selection of files for a list already holding `current`: a count over the limit refuses the
 * whole selection; otherwise the first file that fails gives its problem.
 */
export function checkUploadSelection(kind: UploadKind, files: readonly FileLike[], current: number, settings: UploadSettings = {}): UploadProblem | null {
  const count = checkFileCount(kind, current, files.length, settings);
  if (count) return count;
  for (const file of files) {
    const problem = checkUploadFile(kind, file, settings);
    if (problem) return problem;
  }
  return null;
}

/** The message with its `{…}` values filled in (before translation, or for a log). */
export const fillMessage = (problem: Pick<UploadProblem, 'message' | 'values'>): string =>
  problem.message.replace(/\{(\w+)\}/g, (whole, name: string) => (problem.values && name in problem.values ? String(problem.values[name]) : whole));

/** The upload call's answer (spec 7.8): `data` is the stored file (or its url alone). */
export interface UploadAnswer {
  readonly code?: number;
  readonly msg?: string;
  readonly data?: UploadResult | string | null;
}

/** Spec 3 Uploaded file entry. */
export type UploadedFileEntry = UploadResult;

export type UploadOutcome =
  /** Added to the list. */
  | { readonly ok: true; readonly entry: UploadedFileEntry }
  /**
   * Removed from the list (spec 4): `message` is shown for 1.5 s (the server's msg; none when it
   * gave none); `log` is written to the console (405: `wrong request method`, spec 8).
   */
  | { readonly ok: false; readonly message: string | null; readonly log?: string };

/** What to do with an upload's answer: add the file, or drop it with the server's message. */
export function uploadOutcome(status: number, answer: UploadAnswer | null | undefined, file: FileLike): UploadOutcome {
  if (status === 405) return { ok: false, message: null, log: UPLOAD_METHOD_NOT_ALLOWED_LOG };
  if (status >= 200 && status < 300 && answer?.code === 200 && answer.data) {
    const data = answer.data;
    if (typeof data === 'string') {
      const name = data.slice(data.lastIndexOf('/') + 1);
      return { ok: true, entry: { name, fileId: name.replace(/\.[^.]*$/, ''), url: data, fileName: file.name } };
    }
    return { ok: true, entry: { ...data, fileName: data.fileName || file.name } };
  }
  return { ok: false, message: answer?.msg || null };
}
