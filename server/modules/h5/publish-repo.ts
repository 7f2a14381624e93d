import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { h5Works, h5WorkSnapshots } from '../../db/schema';
import type { WorkRecord } from './work-repo';

/** The published state of a work, as the public calls need it. */
export interface PublishedHead {
  workId: string;
  /** The newest snapshot's number (what the page serves). */
  version: number;
  title: string;
}

const mine = (userId: string, id: string) => and(eq(h5Works.id, id), eq(h5Works.creatorUserId, userId), isNull(h5Works.deletedAt));
const live = (id: string) => and(eq(h5Works.id, id), eq(h5Works.isPublish, true), isNull(h5Works.deletedAt));

/** Published snapshots of works (SQL of publishing and of the public page). */
export function publishRepo(db: Db) {
  return {
    transaction<T>(fn: () => Promise<T>): Promise<T> {
      return db.transaction(() => fn());
    },
    /**
     * Marks one of the user's works published with the next snapshot number (the row stays locked
     * until the transaction ends, so two publishes get 1 and 2). The work as it is then, or null.
     */
    async markPublished(userId: string, id: string): Promise<WorkRecord | null> {
      const rows = await db
        .update(h5Works)
        .set({ isPublish: true, publishCount: sql`${h5Works.publishCount} + 1` })
        .where(mine(userId, id))
        .returning();
      return rows[0] ?? null;
    },
    async insertSnapshot(workId: string, version: number, work: Record<string, unknown>): Promise<Date> {
      const [row] = await db.insert(h5WorkSnapshots).values({ workId, version, work }).returning({ createdAt: h5WorkSnapshots.createdAt });
      return row!.createdAt;
    },
    /** Takes one of the user's works down; its row (publish count) or null. */
    async markUnpublished(userId: string, id: string): Promise<{ publishCount: number } | null> {
      const rows = await db.update(h5Works).set({ isPublish: false }).where(mine(userId, id)).returning({ publishCount: h5Works.publishCount });
      return rows[0] ?? null;
    },
    /** The published version and title of a work, or null when it is not published (or deleted). */
    async published(id: string): Promise<PublishedHead | null> {
      const rows = await db
        .select({ version: h5Works.publishCount, title: sql<string | null>`${h5WorkSnapshots.work} ->> 'title'` })
        .from(h5Works)
        .innerJoin(h5WorkSnapshots, and(eq(h5WorkSnapshots.workId, h5Works.id), eq(h5WorkSnapshots.version, h5Works.publishCount)))
        .where(live(id))
        .limit(1);
      const row = rows[0];
      if (!row) return null;
      return { workId: id, version: row.version, title: row.title ?? '' };
    },
    /** A snapshot of a work that is published now, at or below its current version; null otherwise. */
    async snapshot(id: string, version: number): Promise<{ work: Record<string, unknown>; createdAt: Date } | null> {
      const rows = await db
        .select({ work: h5WorkSnapshots.work, createdAt: h5WorkSnapshots.createdAt })
        .from(h5WorkSnapshots)
        .innerJoin(h5Works, eq(h5Works.id, h5WorkSnapshots.workId))
        .where(and(live(id), eq(h5WorkSnapshots.workId, id), eq(h5WorkSnapshots.version, version), lte(h5WorkSnapshots.version, h5Works.publishCount)))
        .limit(1);
      return rows[0] ?? null;
    },
    /** Every snapshot of a work (oldest first), for the data centre's labels. */
    async allSnapshots(id: string): Promise<{ version: number; work: Record<string, unknown> }[]> {
      return db
        .select({ version: h5WorkSnapshots.version, work: h5WorkSnapshots.work })
        .from(h5WorkSnapshots)
        .where(eq(h5WorkSnapshots.workId, id))
        .orderBy(h5WorkSnapshots.version);
    },
  };
}
export type PublishRepo = ReturnType<typeof publishRepo>;
