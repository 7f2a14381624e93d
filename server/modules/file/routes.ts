import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  FILE_TYPES,
  fileExtension,
  filePaths,
  IMAGE_MAX_BYTES,
  isImageExtension,
  STORED_IMAGE_NAME,
  UPLOAD_FIELDS,
  uploadMessages,
} from '../../../src/contracts/files';
import { ApiError, badRequest, notFound } from '../../lib/errors';
import { parse } from '../../lib/validate';
import { requireAuth } from '../../plugins/auth';
import { ok } from '../../plugins/errors';
import { imageTooLarge, type FileService } from './service';

const typeParams = z.object({ type: z.enum(FILE_TYPES, { error: '文件类别不正确' }) });
const imageParams = typeParams.extend({ name: z.string() });

/** A year; names never change content (a new upload gets a new name). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Spec 7.8 files: image upload and serving, bytes stored in the database. */
export async function fileRoutes(app: FastifyInstance, service: FileService) {
  // Multipart parsing only in this scope: other routes keep refusing multipart bodies.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      // One file per request; the stream stops just past the spec 5.3 limit.
      limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
      throwFileSizeLimit: true,
    });

    // The file streams in inside the handler: no request-wide transaction (see plugins/idempotency.ts).
    scope.post(filePaths.upload, { config: { idempotency: false } }, async (req) => {
      const session = requireAuth(req);
      const { type } = parse(typeParams, req.params);
      if (!req.isMultipart()) throw badRequest(uploadMessages.noFile);
      let part;
      try {
        part = await req.file();
      } catch (e) {
        throw e instanceof ApiError ? e : badRequest('请求格式不正确');
      }
      if (!part || !UPLOAD_FIELDS.includes(part.fieldname)) {
        part?.file.resume();
        throw badRequest(uploadMessages.noFile);
      }
      // Refuse a wrong type before reading a byte of it.
      if (!isImageExtension(fileExtension(part.filename))) {
        part.file.resume();
        throw badRequest(uploadMessages.imageType);
      }
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (e) {
        if (e instanceof scope.multipartErrors.RequestFileTooLargeError) throw imageTooLarge();
        throw e;
      }
      return ok(await service.storeImage(session, type, part.filename, bytes), '上传成功');
    });

    // No session needed: an <img> tag cannot send the bearer token, and names are ULIDs (80 random
    // bits), so a file can only be fetched by someone who was given its name (e.g. as a headIcon).
    scope.get(filePaths.image, { config: { auth: false } }, async (req, reply) => {
      const { type, name } = parse(imageParams, req.params);
      if (!STORED_IMAGE_NAME.test(name)) throw notFound('文件不存在');
      const file = await service.image(type, name);
      const etag = `"${file.name}"`;
      reply
        .header('cache-control', IMMUTABLE)
        .header('etag', etag)
        // Served from the app's origin: never sniffed as anything but the checked image type,
        // and inert if opened directly.
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox");
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(file.mime).header('content-length', file.size).send(file.bytes);
    });
  });
}
