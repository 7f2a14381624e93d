import { ulid } from 'ulid';
import { downloadPath, imagePath, type FileType, type UploadResult } from '../../../src/contracts/files';
import { badRequest, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/records';
import type { AuthContext } from '../../plugins/auth';
import type { FileRepo } from './repo';
import { uploadRules } from './rules';

/**
 * Who may download a stored file of one type besides its uploader: asked with the signed-in user
 * and the file's name. The module that owns a file type registers it (chat: the sender and the
 * recipient of a message holding the file), and others may add theirs (workflow: who may read a
 * task holding an online-development file); any one allowing is enough. A type without one is
 * served to its uploader only.
 */
export type DownloadCheck = (userId: string, name: string) => Promise<boolean>;

/** A file just stored, as the upload hooks of its type see it. */
export interface UploadedFile extends UploadResult {
  type: FileType;
  mime: string;
  size: number;
  bytes: Buffer;
  creatorUserId: string;
  /** The uploader is an administrator (who passes every permission check). */
  isAdministrator: boolean;
  /** The upload call's query (e.g. the model and field an online-development file is for). */
  query: Readonly<Record<string, string>>;
}

/**
 * Runs in the transaction that stores an upload of one type (the module that owns the type
 * records it: h5 adds the image to the uploader's library). A failure refuses the upload and
 * nothing is stored.
 */
export type UploadHook = (file: UploadedFile) => Promise<void>;

export interface StoreOptions {
  /** The uploader's Idempotency-Key: a repeat answers the file stored the first time. */
  uploadKey?: string;
  /** The upload call's query, handed to the type's upload hooks. */
  query?: Readonly<Record<string, string>>;
}

export function fileService(repo: FileRepo) {
  const checks = new Map<FileType, DownloadCheck[]>();
  const hooks = new Map<FileType, UploadHook[]>();
  return {
    /**
     * Stores an upload after its type's checks (uploadRules): extension, size, then the magic bytes;
     * with the type's upload hooks in the same transaction.
     */
    async store(session: AuthContext, type: FileType, fileName: string, bytes: Buffer, opts: StoreOptions = {}): Promise<UploadResult> {
      const rule = uploadRules[type];
      const resultOf = (row: { id: string; name: string; type: string }, originalName: string): UploadResult => ({
        name: row.name,
        fileId: row.id,
        url: rule.public ? imagePath(type, row.name) : downloadPath(type, row.name),
        fileName: originalName,
      });
      // The same upload again (its Idempotency-Key): the file stored the first time.
      const repeat = async () => {
        const earlier = opts.uploadKey ? await repo.byUploadKey(session.userId, opts.uploadKey) : null;
        if (earlier && earlier.type !== type) throw badRequest('该Idempotency-Key已用于另一个请求');
        return earlier ? resultOf(earlier, fileName) : null;
      };
      const before = await repeat();
      if (before) return before;
      if (!rule.nameAllowed(fileName)) throw rule.typeError();
      if (bytes.length >= rule.maxBytes) throw rule.tooLarge();
      const { ext, mime } = rule.stored(fileName, bytes);
      const id = ulid();
      const name = `${id}.${ext}`;
      const result = resultOf({ id, name, type }, fileName);
      const typeHooks = hooks.get(type) ?? [];
      const save = async () => {
        await repo.insert({ id, type, name, mime, size: bytes.length, bytes, creatorUserId: session.userId, uploadKey: opts.uploadKey ?? null });
        for (const hook of typeHooks) {
          await hook({ ...result, type, mime, size: bytes.length, bytes, creatorUserId: session.userId, isAdministrator: session.isAdministrator, query: opts.query ?? {} });
        }
        if (rule.keepPerUser !== null) await repo.prune(type, session.userId, rule.keepPerUser);
      };
      try {
        await (typeHooks.length ? repo.transaction(save) : save());
      } catch (e) {
        // The same key sent twice at once: the other request stored it.
        const other = isUniqueViolation(e) ? await repeat() : null;
        if (other) return other;
        throw e;
      }
      return result;
    },
    /** Registers what to do, in the storing transaction, with each upload of `type`. */
    onUploaded(type: FileType, hook: UploadHook) {
      hooks.set(type, [...(hooks.get(type) ?? []), hook]);
    },
    /** A file served without a session (public types only; 404 for any other). */
    async image(type: FileType, name: string) {
      const file = uploadRules[type].public ? await repo.get(type, name) : null;
      if (!file) throw notFound('文件不存在');
      return file;
    },
    /**
     * A file for a signed-in user: public types to anyone signed in, others to their uploader and
     * to whom the type's check allows. Not allowed is answered like missing (404), so a name tells
     * nobody that the file exists.
     */
    async download(userId: string, type: FileType, name: string) {
      const file = await repo.get(type, name);
      if (!file) throw notFound('文件不存在');
      if (uploadRules[type].public || file.creatorUserId === userId) return file;
      for (const check of checks.get(type) ?? []) if (await check(userId, name)) return file;
      throw notFound('文件不存在');
    },
    /** Registers who may download files of `type` (checks are asked in order; any may allow). */
    allowDownload(type: FileType, check: DownloadCheck) {
      checks.set(type, [...(checks.get(type) ?? []), check]);
    },
  };
}
export type FileService = ReturnType<typeof fileService>;
