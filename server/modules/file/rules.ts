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
import { ApiError, badRequest } from '../../lib/errors';

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
const H5_EXTENSIONS: readonly string[] = H5_IMAGE_EXTENSIONS;

export const uploadRules: Record<FileType, UploadRule> = {
  /** Spec 5.3 image rule: jpg, jpeg, png, under 20 MB, the bytes the format the name says. */
  userAvatar: {
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
    keepPerUser: KEEP_UPLOADS_PER_USER,
    public: true,
  },
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
};
