import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { FILE_TYPES, filePaths, STORED_FILE_NAME, UPLOAD_FIELDS, uploadMessages } from '../../../src/contracts/files';
import { ApiError, badRequest, notFound } from '../../lib/errors';
import { parse } from '../../lib/validate';
import { requireAuth } from '../../plugins/auth';
import { ok } from '../../plugins/errors';
import type { FileService } from './service';
import { UPLOAD_MAX_BYTES, uploadRules } from './rules';
import { IDEMPOTENCY_HEADER, parseIdempotencyKey } from '../../plugins/idempotency';

const typeParams = z.object({ type: z.enum(FILE_TYPES, { error: '文件类别不正确' }) });
const fileParams = typeParams.extend({ name: z.string() });

/** A year; names never change content (a new upload gets a new name). */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The same for a file that needs a session: kept by the browser only, never by a shared cache. */
const PRIVATE_IMMUTABLE = 'private, max-age=31536000, immutable';

type StoredFile = Awaited<ReturnType<FileService['image']>>;

/** Sends a stored file: immutable by name, its ETag, never sniffed as anything but its checked type. */
function sendFile(req: FastifyRequest, reply: FastifyReply, file: StoredFile, cacheControl: string) {
  const etag = `"${file.name}"`;
  reply
    .header('cache-control', cacheControl)
    .header('etag', etag)
    // Served from the app's origin: never sniffed as anything but the checked image type, and
    // inert if opened directly.
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox");
  if (req.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type(file.mime).header('content-length', file.size).send(file.bytes);
}

/** Spec 7.8 files: uploads per file type (server/modules/file/rules.ts), serving, download; bytes stored in the database. */
export async function fileRoutes(app: FastifyInstance, service: FileService) {
  // Multipart parsing only in this scope: other routes keep refusing multipart bodies.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      // One file per request; the stream stops just past the type's limit (the largest here).
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
      throwFileSizeLimit: true,
    });

    // The file streams in inside the handler: no request-wide transaction (see plugins/idempotency.ts).
    scope.post(filePaths.upload, { config: { idempotency: false } }, async (req) => {
      const session = requireAuth(req);
      const { type } = parse(typeParams, req.params);
      const keyHeader = req.headers[IDEMPOTENCY_HEADER];
      const uploadKey = typeof keyHeader === 'string' ? parseIdempotencyKey(keyHeader) : undefined;
      const query = Object.fromEntries(Object.entries((req.query ?? {}) as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'));
      const rule = uploadRules[type];
      if (!req.isMultipart()) throw badRequest(uploadMessages.noFile);
      let part;
      try {
        part = await req.file({ limits: { fileSize: rule.maxBytes } });
      } catch (e) {
        throw e instanceof ApiError ? e : badRequest('请求格式不正确');
      }
      if (!part || !UPLOAD_FIELDS.includes(part.fieldname)) {
        part?.file.resume();
        throw badRequest(uploadMessages.noFile);
      }
      // Refuse a wrong type before reading a byte of it.
      if (!rule.nameAllowed(part.filename)) {
        part.file.resume();
        throw rule.typeError();
      }
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (e) {
        if (e instanceof scope.multipartErrors.RequestFileTooLargeError) throw rule.tooLarge();
        throw e;
      }
      return ok(await service.store(session, type, part.filename, bytes, { uploadKey, query }), '上传成功');
    });

    // No session needed for the public types (avatars): an <img> tag cannot send the bearer token,
    // and names are ULIDs (80 random bits), so a file can only be fetched by someone who was given
    // its name (e.g. as a headIcon). Other types answer 404 here. Each type's rule decides which
    // formats it stores (avatars jpg and png; h5 images gif and webp too).
    scope.get(filePaths.image, { config: { auth: false } }, async (req, reply) => {
      const { type, name } = parse(fileParams, req.params);
      if (!STORED_FILE_NAME.test(name)) throw notFound('文件不存在');
      return sendFile(req, reply, await service.image(type, name), IMMUTABLE);
    });

    // Spec 7.8 download: a session is needed, and the file is served only to whom may see it (its
    // uploader; for chat images also the sender and recipient of a message that holds it). Anyone
    // else gets the same 404 as for a missing file.
    scope.get(filePaths.download, async (req, reply) => {
      const { userId } = requireAuth(req);
      const { type, name } = parse(fileParams, req.params);
      if (!STORED_FILE_NAME.test(name)) throw notFound('文件不存在');
      return sendFile(req, reply, await service.download(userId, type, name), PRIVATE_IMMUTABLE);
    });
  });
}
