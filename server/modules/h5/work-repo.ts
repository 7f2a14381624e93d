import { and, count, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { h5Works } from '../../db/schema';
import { atVersion, keywordFilter, pageWindow } from '../../lib/records';

export type WorkRecord = typeof h5Works.$inferSelect;
export type NewWork = typeof h5Works.$inferInsert;
/** What a save may change: the editable content (not owner, flags, times or version). */
export type WorkPatch = Pick<NewWork, 'title' | 'description' | 'pages' | 'datasources' | 'coverImageUrl' | 'width' | 'height' | 'pageMode' | 'schemaVersion'>;

/** A row of my works: everything but the pages and datasources, with the first page and the page count. */
export type WorkSummaryRecord = Omit<WorkRecord, 'pages' | 'datasources'> & { firstPage: unknown; pageCount: number };

const { pages: _pages, datasources: _datasources, ...summaryColumns } = getTableColumns(h5Works);

/** The caller's works only, and never a deleted one. */
const mine = (userId: string, id?: string) =>
  and(eq(h5Works.creatorUserId, userId), isNull(h5Works.deletedAt), id === undefined ? undefined : eq(h5Works.id, id));

export function workRepo(db: Db) {
  return {
    /** Runs `fn` in one transaction (a savepoint inside a request-wide one); the repos join it. */
    transaction<T>(fn: () => Promise<T>): Promise<T> {
      return db.transaction(() => fn());
    },
    /** A page of the user's works, newest change first, the keyword on the title; and how many match. */
    async page(userId: string, q: { currentPage: number; pageSize: number; keyword: string }) {
      const where = and(mine(userId), keywordFilter(q.keyword, [h5Works.title]));
      const { limit, offset } = pageWindow(q);
      const rows = await db
        .select({
          ...summaryColumns,
          firstPage: sql<unknown>`${h5Works.pages} -> 0`,
          pageCount: sql<number>`jsonb_array_length(${h5Works.pages})`,
        })
        .from(h5Works)
        .where(where)
        .orderBy(desc(h5Works.updatedAt), desc(h5Works.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(h5Works).where(where);
      return { rows: rows as WorkSummaryRecord[], total: total?.n ?? 0 };
    },
    /** One of the user's works (not deleted), or null. */
    async get(userId: string, id: string): Promise<WorkRecord | null> {
      const rows = await db.select().from(h5Works).where(mine(userId, id)).limit(1);
      return rows[0] ?? null;
    },
    /** Whose work an id is, and whether it is deleted, whoever made it (for a create that repeats an id). */
    async owner(id: string) {
      const rows = await db.select({ creatorUserId: h5Works.creatorUserId, deletedAt: h5Works.deletedAt }).from(h5Works).where(eq(h5Works.id, id)).limit(1);
      return rows[0] ?? null;
    },
    /** Inserts a new work; null when its id is taken. */
    async insert(work: NewWork): Promise<WorkRecord | null> {
      const rows = await db.insert(h5Works).values(work).onConflictDoNothing({ target: h5Works.id }).returning();
      return rows[0] ?? null;
    },
    /**
     * Saves the content of one of the user's works, version + 1, only while it is at `baseVersion`
     * (when given): checked and written in one statement. The saved row, or null.
     */
    async update(userId: string, id: string, patch: WorkPatch, baseVersion: number | undefined): Promise<WorkRecord | null> {
      const rows = await db
        .update(h5Works)
        .set({ ...patch, version: sql`${h5Works.version} + 1`, updatedAt: sql`now()` })
        .where(and(mine(userId, id), atVersion(h5Works.version, baseVersion)))
        .returning();
      return rows[0] ?? null;
    },
    /** Marks one of the user's works deleted (at `baseVersion` when given); whether it did. */
    async softDelete(userId: string, id: string, baseVersion: number | undefined): Promise<boolean> {
      const rows = await db
        .update(h5Works)
        .set({ deletedAt: sql`now()` })
        .where(and(mine(userId, id), atVersion(h5Works.version, baseVersion)))
        .returning({ id: h5Works.id });
      return rows.length > 0;
    },
    /** Brings a deleted work back (server-side restore: there is no call for it); whether it did. */
    async restore(id: string): Promise<boolean> {
      const rows = await db
        .update(h5Works)
        .set({ deletedAt: null })
        .where(and(eq(h5Works.id, id), sql`${h5Works.deletedAt} is not null`))
        .returning({ id: h5Works.id });
      return rows.length > 0;
    },
  };
}
export type WorkRepo = ReturnType<typeof workRepo>;
