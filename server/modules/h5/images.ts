import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Paged } from '../../../src/contracts/common';
import { imagePath } from '../../../src/contracts/files';
import { H5_FILE_TYPE, h5Messages, type BgImage, type workListBodySchema } from '../../../src/contracts/h5';
import type { Db } from '../../db/client';
import { h5Images } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import { keywordFilter, paged, pageWindow } from '../../lib/records';
import type { UploadedFile } from '../file/public';
import { imageSize } from './image-size';

type ListInput = z.output<typeof workListBodySchema>;
type ImageRecord = typeof h5Images.$inferSelect;

/** The longest upload name kept (a browser may send anything). */
const NAME_MAX = 200;

const mine = (userId: string, id?: string) =>
  and(eq(h5Images.creatorUserId, userId), isNull(h5Images.deletedAt), id === undefined ? undefined : eq(h5Images.id, id));

export function imageRepo(db: Db) {
  return {
    async insert(row: typeof h5Images.$inferInsert) {
      await db.insert(h5Images).values(row).onConflictDoNothing({ target: h5Images.id });
    },
    /** A page of the user's images, newest first, the keyword on the upload name; and how many match. */
    async page(userId: string, q: ListInput) {
      const where = and(mine(userId), keywordFilter(q.keyword, [h5Images.name]));
      const { limit, offset } = pageWindow(q);
      const rows = await db.select().from(h5Images).where(where).orderBy(desc(h5Images.createdAt), desc(h5Images.id)).limit(limit).offset(offset);
      const [total] = await db.select({ n: count() }).from(h5Images).where(where);
      return { rows, total: total?.n ?? 0 };
    },
    /** Takes one of the user's images out of the library (the file stays: works may show it); whether it did. */
    async softDelete(userId: string, id: string): Promise<boolean> {
      const rows = await db.update(h5Images).set({ deletedAt: sql`now()` }).where(mine(userId, id)).returning({ id: h5Images.id });
      return rows.length > 0;
    },
  };
}
export type ImageRepo = ReturnType<typeof imageRepo>;

const present = (r: ImageRecord): BgImage => ({
  id: r.id,
  name: r.name,
  url: imagePath(H5_FILE_TYPE, r.fileName),
  width: r.width,
  height: r.height,
  size: r.size,
  created_time: r.createdAt.toISOString(),
});

/**
 * The image library (spec 7.9 bg/list, bg/invalid): the images each user uploaded for works.
 * `mayUpload`: whether a user may upload images for works (a grant of the page builder's menus).
 */
export function imageService(repo: ImageRepo, mayUpload: (userId: string) => Promise<boolean>) {
  return {
    /**
     * The file module's upload hook for type h5, in the transaction that stores the file: the new
     * image joins its uploader's library; a user without the page builder's grant is refused (403)
     * and nothing is stored.
     */
    async recordUpload(file: UploadedFile): Promise<void> {
      if (!file.isAdministrator && !(await mayUpload(file.creatorUserId))) throw forbidden('您没有此操作的权限');
      const size = imageSize(file.bytes);
      await repo.insert({
        id: file.fileId,
        creatorUserId: file.creatorUserId,
        fileName: file.name,
        name: (file.fileName.trim() || file.name).slice(0, NAME_MAX),
        size: file.size,
        width: size?.width ?? null,
        height: size?.height ?? null,
      });
    },
    async list(userId: string, q: ListInput): Promise<Paged<BgImage>> {
      const { rows, total } = await repo.page(userId, q);
      return paged(rows.map(present), q, total);
    },
    async invalid(userId: string, id: string): Promise<void> {
      if (!(await repo.softDelete(userId, id))) throw notFound(h5Messages.imageNotFound);
    },
  };
}
export type ImageService = ReturnType<typeof imageService>;
