import type { UploadKind } from '@/contracts/online-dev';
import type { ModuleTables } from '@/lib/module';
import type { UserDb } from '@/lib/sync/user-db';

/**
 * Files of online-development forms on this device: a file chosen offline (kept until the sync
 * queue uploads it, before the record that refers to it: `local:<key>`), and files fetched to show
 * (downloads need the session's token, so they are kept here by their path and shown offline too).
 */
export interface KeptFile {
  /** `local:<ULID>` for a file chosen here and not uploaded yet (the ULID is its upload's Idempotency-Key), else the stored file's path. */
  key: string;
  blob: Blob;
  /** The name it was chosen under. */
  name: string;
  kind?: UploadKind;
  modelId?: string;
  /** Chosen in a flow's form (workflow): uploaded with `?flowId=…&field=…`. */
  flowId?: string;
  field?: string;
  /** Once uploaded: the stored file's entry (the queue writes it into the record before sending it). */
  uploaded?: { name: string; fileId: string; url: string; fileName: string; size?: number };
  savedAt: number;
}

export const onlineDevTables: ModuleTables = { version: 6, stores: { odFiles: 'key, savedAt' } };

export const keptFilesOf = (db: UserDb) => db.table<KeptFile, string>('odFiles');

/** The prefix of a file entry's url while its bytes are only on this device. */
export const LOCAL_FILE_PREFIX = 'local:';
export const isLocalUrl = (url: unknown): url is string => typeof url === 'string' && url.startsWith(LOCAL_FILE_PREFIX);
