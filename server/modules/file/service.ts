import { ulid } from 'ulid';
import {
  checkImageContent,
  fileExtension,
  IMAGE_MAX_BYTES,
  IMAGE_MIME,
  imageKindOf,
  imagePath,
  isImageExtension,
  uploadMessages,
  type FileType,
  type UploadResult,
} from '../../../src/contracts/files';
import { Code } from '../../../src/contracts/codes';
import { ApiError, badRequest, notFound } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import type { FileRepo } from './repo';

/** Newest uploads of a user that are kept (besides the one in use); older ones go on upload. */
export const KEEP_UPLOADS_PER_USER = 5;

export const imageTooLarge = () => new ApiError(Code.PAYLOAD_TOO_LARGE, 413, uploadMessages.imageSize);

export function fileService(repo: FileRepo) {
  return {
    /** Stores an image upload after the spec 5.3 checks: extension, size, then the magic bytes. */
    async storeImage(session: AuthContext, type: FileType, fileName: string, bytes: Buffer): Promise<UploadResult> {
      const ext = fileExtension(fileName);
      if (!isImageExtension(ext)) throw badRequest(uploadMessages.imageType);
      if (bytes.length >= IMAGE_MAX_BYTES) throw imageTooLarge();
      const problem = checkImageContent(fileName, bytes);
      if (problem) throw badRequest(problem);
      const id = ulid();
      const name = `${id}.${ext}`;
      await repo.insert({
        id,
        type,
        name,
        mime: IMAGE_MIME[imageKindOf(ext)],
        size: bytes.length,
        bytes,
        creatorUserId: session.userId,
      });
      await repo.prune(type, session.userId, KEEP_UPLOADS_PER_USER);
      return { name, url: imagePath(type, name) };
    },
    async image(type: FileType, name: string) {
      const file = await repo.get(type, name);
      if (!file) throw notFound('文件不存在');
      return file;
    },
  };
}
export type FileService = ReturnType<typeof fileService>;
