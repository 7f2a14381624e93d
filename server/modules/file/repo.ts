import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files, users } from '../../db/schema';

export type NewFile = typeof files.$inferInsert;

export function fileRepo(db: Db) {
  return {
    /** Runs `fn` in one transaction (a savepoint inside a request-wide one); the repos join it. */
    transaction<T>(fn: () => Promise<T>): Promise<T> {
      return db.transaction(() => fn());
    },
    async insert(file: NewFile) {
      await db.insert(files).values(file);
    },
    /** The stored file with its bytes, or null. */
    async get(type: string, name: string) {
      const rows = await db
        .select()
        .from(files)
        .where(and(eq(files.type, type), eq(files.name, name)))
        .limit(1);
      return rows[0] ?? null;
    },
    /** A file the user uploaded under this Idempotency-Key (no bytes read), or null. */
    async byUploadKey(userId: string, key: string) {
      const rows = await db
        .select({ id: files.id, name: files.name, type: files.type })
        .from(files)
        .where(and(eq(files.creatorUserId, userId), eq(files.uploadKey, key)))
        .limit(1);
      return rows[0] ?? null;
    },
    /** Name, type, size and uploader of stored files (no bytes read), by name. */
    async infoOf(names: readonly string[]) {
      if (!names.length) return [];
      return db
        .select({ name: files.name, type: files.type, size: files.size, creatorUserId: files.creatorUserId })
        .from(files)
        .where(inArray(files.name, [...names]));
    },
    /** Who uploaded a file (no bytes read), or null when there is no such file. */
    async creatorOf(type: string, name: string) {
      const rows = await db
        .select({ creatorUserId: files.creatorUserId })
        .from(files)
        .where(and(eq(files.type, type), eq(files.name, name)))
        .limit(1);
      return rows[0]?.creatorUserId ?? null;
    },
    /**
     * Deletes a user's uploads of one type except the `keep` newest and the one the user has as
     * avatar now, so abandoned uploads do not pile up. Returns how many were deleted.
     */
    async prune(type: string, userId: string, keep: number) {
      const newest = db
        .select({ id: files.id })
        .from(files)
        .where(and(eq(files.type, type), eq(files.creatorUserId, userId)))
        .orderBy(desc(files.id))
        .limit(keep);
      const inUse = db.select({ name: users.headIcon }).from(users).where(eq(users.id, userId));
      const deleted = await db
        .delete(files)
        .where(
          and(
            eq(files.type, type),
            eq(files.creatorUserId, userId),
            notInArray(files.id, newest),
            sql`${files.name} not in (${inUse})`,
          ),
        )
        .returning({ id: files.id });
      return deleted.length;
    },
  };
}
export type FileRepo = ReturnType<typeof fileRepo>;
