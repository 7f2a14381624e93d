import { fillPath } from './api-path';
import { AVATARS } from './limits';

/**
 * Uploads and stored files (spec 5.3 image rule, 7.8). Shared by the server, which enforces the
 * rule, and the client, which checks before sending. Messages are the Chinese source texts; the
 * server translates them through its catalog, the client through src/lib/contract-messages.ts.
 */

export const filePaths = {
  /** POST multipart (field file or myfile) of a file of kind `:type`. */
  upload: '/api/file/Uploader/:type',
  /** A stored image; needs no session (an <img> cannot send the token). */
  image: '/api/file/Image/:type/:name',
} as const;

/** Kinds of stored file; the kind is part of the upload and image URLs. */
export const FILE_TYPES = ['userAvatar'] as const;
export type FileType = (typeof FILE_TYPES)[number];

/** Spec 5.3 image rule: jpg, jpeg, png; each file under 20 MB. */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export type ImageExtension = (typeof IMAGE_EXTENSIONS)[number];
export const IMAGE_MAX_BYTES = 20 * 1024 * 1024;
/** For `<input type="file" accept>`. */
export const IMAGE_ACCEPT = IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',');

/** Multipart field names accepted by the upload call (spec 7.8). */
export const UPLOAD_FIELDS: readonly string[] = ['file', 'myfile'];

export const uploadMessages = {
  imageType: '请上传jpg/png/jpeg格式的文件',
  imageSize: '单个文件最大为20M',
  /** The extension is allowed but the bytes are not a JPEG or PNG image (or do not match it). */
  imageContent: '文件内容不是有效的jpg/png/jpeg图片',
  noFile: '请选择要上传的文件',
} as const;

/** Lower-case extension without the dot ('' when none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function isImageExtension(ext: string): ext is ImageExtension {
  return (IMAGE_EXTENSIONS as readonly string[]).includes(ext);
}

/** Name and size check of the spec 5.3 image rule; returns the message to show, or null. */
export function checkImageFile(file: { name: string; size: number }): string | null {
  if (!isImageExtension(fileExtension(file.name))) return uploadMessages.imageType;
  if (file.size >= IMAGE_MAX_BYTES) return uploadMessages.imageSize;
  if (file.size === 0) return uploadMessages.imageContent;
  return null;
}

export type ImageKind = 'jpeg' | 'png';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
/** How many leading bytes `sniffImage` needs. */
export const IMAGE_SNIFF_BYTES = PNG_SIGNATURE.length;

/** The image format told by the file's first bytes (magic numbers), or null. */
export function sniffImage(head: Uint8Array): ImageKind | null {
  const starts = (sig: number[]) => head.length >= sig.length && sig.every((b, i) => head[i] === b);
  if (starts(PNG_SIGNATURE)) return 'png';
  if (starts(JPEG_SIGNATURE)) return 'jpeg';
  return null;
}

export const imageKindOf = (ext: ImageExtension): ImageKind => (ext === 'png' ? 'png' : 'jpeg');
export const IMAGE_MIME: Record<ImageKind, string> = { jpeg: 'image/jpeg', png: 'image/png' };

/** Content check of the image rule: the bytes are the format the extension names. */
export function checkImageContent(name: string, head: Uint8Array): string | null {
  const ext = fileExtension(name);
  if (!isImageExtension(ext)) return uploadMessages.imageType;
  return sniffImage(head) === imageKindOf(ext) ? null : uploadMessages.imageContent;
}

/** A stored file's name: a ULID and the lower-case extension. */
export const STORED_IMAGE_NAME = /^[0-9A-HJKMNP-TV-Z]{26}\.(jpg|jpeg|png)$/;

export const uploadPath = (type: FileType) => fillPath(filePaths.upload, { type });
/** Relative to the API base. */
export const imagePath = (type: FileType, name: string) => fillPath(filePaths.image, { type, name });

export interface UploadResult {
  name: string;
  /** Path of the stored image, relative to the API base. */
  url: string;
}

export const isBuiltInAvatar = (name: string) => AVATARS.includes(name);
/** Names PUT Avatar/{name} accepts by form: a built-in avatar or an uploaded userAvatar. */
export const isAvatarName = (name: string) => isBuiltInAvatar(name) || STORED_IMAGE_NAME.test(name);
