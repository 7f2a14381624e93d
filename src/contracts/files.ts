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
  /**
   * A stored file for a signed-in user allowed to see it (spec 7.8): a chat image to its uploader
   * and to the sender and recipient of a message that holds it. Fetched with the token (a blob).
   */
  download: '/api/file/Download/:type/:name',
} as const;

/**
 * Kinds of stored file; the kind is part of the upload and image URLs. userAvatar: spec 5.3 image
 * rule, served without a session; chat: spec 5.3 chat image (src/contracts/chat.ts), downloaded
 * with one; h5: images for campaign-page works (src/contracts/h5.ts H5_IMAGE_EXTENSIONS, under
 * 20 MB), served without a session (published pages show them) and kept in the uploader's image
 * library; visualdevImage / visualdevVideo / visualdevFile: the upload fields of online-development
 * forms (spec 5.3 image, video and generic file rules; src/contracts/online-dev.ts), downloaded with a
 * session by whom may see a record that holds them.
 */
export const FILE_TYPES = ['userAvatar', 'chat', 'h5', 'visualdevImage', 'visualdevVideo', 'visualdevFile'] as const;
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

export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
/** 'GIF8' then '7a' or '9a'. */
const GIF_SIGNATURE = [0x47, 0x49, 0x46, 0x38];
/** 'RIFF', four bytes of length, 'WEBP'. */
const RIFF_SIGNATURE = [0x52, 0x49, 0x46, 0x46];
const WEBP_SIGNATURE = [0x57, 0x45, 0x42, 0x50];
/** How many leading bytes `sniffImage` needs. */
export const IMAGE_SNIFF_BYTES = 12;

/** The image format told by the file's first bytes (magic numbers), or null. */
export function sniffImage(head: Uint8Array): ImageKind | null {
  const at = (sig: number[], from = 0) => head.length >= from + sig.length && sig.every((b, i) => head[from + i] === b);
  if (at(PNG_SIGNATURE)) return 'png';
  if (at(JPEG_SIGNATURE)) return 'jpeg';
  if (at(GIF_SIGNATURE) && (head[4] === 0x37 || head[4] === 0x39) && head[5] === 0x61) return 'gif';
  if (at(RIFF_SIGNATURE) && at(WEBP_SIGNATURE, 8)) return 'webp';
  return null;
}

export const imageKindOf = (ext: ImageExtension): ImageKind => (ext === 'png' ? 'png' : 'jpeg');
export const IMAGE_MIME: Record<ImageKind, string> = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' };
/** The extension a stored file of this format gets. */
export const IMAGE_KIND_EXTENSION: Record<ImageKind, string> = { jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp' };

/** Content check of the image rule: the bytes are the format the extension names. */
export function checkImageContent(name: string, head: Uint8Array): string | null {
  const ext = fileExtension(name);
  if (!isImageExtension(ext)) return uploadMessages.imageType;
  return sniffImage(head) === imageKindOf(ext) ? null : uploadMessages.imageContent;
}

/** A stored file's name: a ULID and the lower-case extension. */
export const STORED_IMAGE_NAME = /^[0-9A-HJKMNP-TV-Z]{26}\.(jpg|jpeg|png)$/;
/** Any stored file's name (the download path): a ULID and a lower-case extension (images, videos, documents). */
export const STORED_FILE_NAME = /^[0-9A-HJKMNP-TV-Z]{26}\.[a-z0-9]{1,10}$/;

export const uploadPath = (type: FileType) => fillPath(filePaths.upload, { type });
/** Relative to the API base. */
export const imagePath = (type: FileType, name: string) => fillPath(filePaths.image, { type, name });
/** Relative to the API base; needs the session's token. */
export const downloadPath = (type: FileType, name: string) => fillPath(filePaths.download, { type, name });

/** The answer to an upload (spec 3 Uploaded file entry). */
export interface UploadResult {
  /** The stored name: ULID + extension. */
  name: string;
  /** The stored file's id (the ULID of its name). */
  fileId: string;
  /** Path of the stored file, relative to the API base: the image path (userAvatar) or the download path (chat). */
  url: string;
  /** The name the file was uploaded under. */
  fileName: string;
}

export const isBuiltInAvatar = (name: string) => AVATARS.includes(name);
/** Names PUT Avatar/{name} accepts by form: a built-in avatar or an uploaded userAvatar. */
export const isAvatarName = (name: string) => isBuiltInAvatar(name) || STORED_IMAGE_NAME.test(name);
