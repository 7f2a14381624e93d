import {
  checkImageContent,
  fileExtension,
  IMAGE_KIND_EXTENSION,
  IMAGE_MAX_BYTES,
  IMAGE_MIME,
  imageKindOf,
  isImageExtension,
  sniffImage,
  uploadMessages,
  type FileType,
} from '../../../src/contracts/files';
import { CHAT_IMAGE_EXTENSIONS, CHAT_IMAGE_MAX_BYTES, chatMessages as chatTexts } from '../../../src/contracts/chat';
import { H5_IMAGE_EXTENSIONS, h5Messages } from '../../../src/contracts/h5';
import { Code } from '../../../src/contracts/codes';
import { FILE_DEFAULT_EXTENSIONS, FILE_HARD_MAX_BYTES, onlineUploadMessages, SIZE_UNIT_BYTES, VIDEO_EXTENSIONS, VIDEO_MAX_BYTES } from '../../../src/contracts/online-dev';
import { ApiError, badRequest } from '../../lib/errors';
import { sniffDocument, sniffVideo } from './sniff';

/** What an upload of one file type must be, and how it is stored. */
export interface UploadRule {
  /** A file of this many bytes or more is refused (the stream stops just past it). */
  maxBytes: number;
  tooLarge(): ApiError;
  /** The name's extension is one this type takes (checked before a byte is read). */
  nameAllowed(fileName: string): boolean;
  typeError(): ApiError;
  /** Checks the bytes; the stored name's extension and the MIME type it is served with. */
  stored(fileName: string, bytes: Buffer): { ext: string; mime: string };
  /** Newest uploads of a user kept (besides the one in use) when a new one comes; null: all kept. */
  keepPerUser: number | null;
  /** Served without a session at the image path (an <img> cannot send the token). */
  public: boolean;
}

/** Newest avatar uploads of a user that are kept (besides the one in use); older ones go on upload. */
export const KEEP_UPLOADS_PER_USER = 5;

export const imageTooLarge = () => new ApiError(Code.PAYLOAD_TOO_LARGE, 413, uploadMessages.imageSize);

const CHAT_EXTENSIONS: readonly string[] = CHAT_IMAGE_EXTENSIONS;
const VIDEO_NAMES: readonly string[] = VIDEO_EXTENSIONS;

/** A file whose bytes are not the format its name says. */
export const fileContentMessage = '文件内容与文件类型不符';
export const fileTypeMessage = '不支持此文件类型';

/** The spec 5.3 image rule, the same for avatars and online-development image fields. */
const imageRule = (keepPerUser: number | null, isPublic: boolean): UploadRule => ({
  maxBytes: IMAGE_MAX_BYTES,
  tooLarge: imageTooLarge,
  nameAllowed: (fileName) => isImageExtension(fileExtension(fileName)),
  typeError: () => badRequest(uploadMessages.imageType),
  stored(fileName, bytes) {
    const ext = fileExtension(fileName);
    if (!isImageExtension(ext)) throw badRequest(uploadMessages.imageType);
    const problem = checkImageContent(fileName, bytes);
    if (problem) throw badRequest(problem);
    return { ext, mime: IMAGE_MIME[imageKindOf(ext)] };
  },
  keepPerUser,
  public: isPublic,
});
const H5_EXTENSIONS: readonly string[] = H5_IMAGE_EXTENSIONS;

export const uploadRules: Record<FileType, UploadRule> = {
  /** Spec 5.3 image rule: jpg, jpeg, png, under 20 MB, the bytes the format the name says. */
  userAvatar: imageRule(KEEP_UPLOADS_PER_USER, true),
  /**
   * Spec 5.3 chat image: an image (jpg, jpeg, png, gif, webp by name), under 5 MB (5242880 bytes),
   * one at a time. The bytes decide: they must be one of those formats (a phone's JPEG named .png
   * is stored and served as the JPEG it is); anything else is refused whatever its name.
   */
  chat: {
    maxBytes: CHAT_IMAGE_MAX_BYTES,
    tooLarge: () => badRequest(chatTexts.imageSize),
    nameAllowed: (fileName) => CHAT_EXTENSIONS.includes(fileExtension(fileName)),
    typeError: () => badRequest(chatTexts.imageType),
    stored(fileName, bytes) {
      if (!CHAT_EXTENSIONS.includes(fileExtension(fileName))) throw badRequest(chatTexts.imageType);
      const kind = sniffImage(bytes);
      if (!kind) throw badRequest(chatTexts.imageContent);
      return { ext: IMAGE_KIND_EXTENSION[kind], mime: IMAGE_MIME[kind] };
    },
    keepPerUser: null,
    public: false,
  },
  /**
   * Images for campaign-page works: the spec 5.3 image rule (under 20 MB) with gif and webp besides
   * jpg, jpeg and png; the bytes decide the format, as for chat images. Served without a session:
   * published pages show them to anyone. Each upload lands in the uploader's image library (the h5
   * module's `onUploaded`).
   */
  h5: {
    maxBytes: IMAGE_MAX_BYTES,
    tooLarge: imageTooLarge,
    nameAllowed: (fileName) => H5_EXTENSIONS.includes(fileExtension(fileName)),
    typeError: () => badRequest(h5Messages.imageType),
    stored(fileName, bytes) {
      if (!H5_EXTENSIONS.includes(fileExtension(fileName))) throw badRequest(h5Messages.imageType);
      const kind = sniffImage(bytes);
      if (!kind) throw badRequest(h5Messages.imageContent);
      return { ext: IMAGE_KIND_EXTENSION[kind], mime: IMAGE_MIME[kind] };
    },
    keepPerUser: null,
    public: true,
  },
  /**
   * Online-development image fields (spec 5.3 image rule: jpg, jpeg, png, under 20 MB, the bytes
   * the format the name says). Downloaded with a session by whom may see a record holding them.
   */
  visualdevImage: imageRule(null, false),
  /** Video fields (spec 5.3): mp4, ogg, flv, avi, wmv, rmvb, at most 50 MB, the bytes that format. */
  visualdevVideo: {
    maxBytes: VIDEO_MAX_BYTES + 1,
    tooLarge: () => new ApiError(Code.PAYLOAD_TOO_LARGE, 413, onlineUploadMessages.videoSize),
    nameAllowed: (fileName) => VIDEO_NAMES.includes(fileExtension(fileName)),
    typeError: () => badRequest(onlineUploadMessages.videoType),
    stored(fileName, bytes) {
      const ext = fileExtension(fileName);
      if (!VIDEO_NAMES.includes(ext)) throw badRequest(onlineUploadMessages.videoType);
      const found = sniffVideo(bytes);
      if (!found || found.ext !== ext) throw badRequest(fileContentMessage);
      return found;
    },
    keepPerUser: null,
    public: false,
  },
  /**
   * Generic file fields (spec 5.3): documents, archives, images and videos by name, at most 50 MB
   * here (each field's own size and extensions are checked by the online-dev module's upload hook),
   * and the bytes must be the format the name says.
   */
  visualdevFile: {
    maxBytes: FILE_HARD_MAX_BYTES + 1,
    tooLarge: () => new ApiError(Code.PAYLOAD_TOO_LARGE, 413, onlineUploadMessages.fileSize, { size: FILE_HARD_MAX_BYTES / SIZE_UNIT_BYTES.MB, unit: 'MB' }),
    nameAllowed: (fileName) => FILE_DEFAULT_EXTENSIONS.includes(fileExtension(fileName)),
    typeError: () => badRequest(fileTypeMessage),
    stored(fileName, bytes) {
      const ext = fileExtension(fileName);
      if (!FILE_DEFAULT_EXTENSIONS.includes(ext)) throw badRequest(fileTypeMessage);
      const found = sniffDocument(ext, bytes);
      if (!found) throw badRequest(fileContentMessage);
      return found;
    },
    keepPerUser: null,
    public: false,
  },
};

/** The largest file any type takes (the multipart stream stops just past it). */
export const UPLOAD_MAX_BYTES = Math.max(...Object.values(uploadRules).map((r) => r.maxBytes));
