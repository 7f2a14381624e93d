import { createHash } from 'node:crypto';
import { and, asc, countDistinct, eq, gte, sql, sum } from 'drizzle-orm';
import { STATS_DAYS, type WorkStats } from '../../../src/contracts/h5-publish';
import type { Db } from '../../db/client';
import { h5WorkStats, h5WorkVisitors } from '../../db/schema';

/** yyyy-MM-dd in Asia/Shanghai (UTC+8, no daylight saving). */
export const shanghaiDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);

/** The stored form of a visitor id: a hash bound to the work, never the id the browser sent. */
export const visitorHash = (workId: string, visitorId: string) => createHash('sha256').update(`${workId}:${visitorId}`).digest('hex').slice(0, 32);

/** Views are written at least this often (and when the server stops). */
export const VIEW_FLUSH_MS = 5000;
/** Distinct visitors remembered per work and day between two flushes (more still count as views). */
const MAX_VISITORS_PER_BATCH = 50_000;
const INSERT_CHUNK = 1000;

interface Pending {
  views: number;
  visitors: Set<string>;
}

/**
 * Page views of published pages, counted cheaply (issue 19: a viral page must not cost a row or a
 * write per view). A view adds to an in-memory counter per work and day (Asia/Shanghai); every
 * VIEW_FLUSH_MS, and when the server stops, the counters go to the database in one statement per
 * work and day: `h5_work_stats.views += n`. Visitors: the page sends a random id it keeps per
 * browser; its hash joins a per-day set in memory and is written to `h5_work_visitors` (one row per
 * visitor and day, `on conflict do nothing`), and the rows that were new are added to the day's
 * `visitors`. So visitors per day are exact, rows grow with distinct visitors rather than views,
 * and the total counts distinct hashes over all days. Each instance flushes its own counters; they
 * add up in the database.
 */
export function viewCounter(db: Db, now: () => number = Date.now) {
  let pending = new Map<string, Pending>();
  let timer: NodeJS.Timeout | null = null;

  const keyOf = (workId: string, day: string) => `${workId}|${day}`;

  async function write(workId: string, day: string, p: Pending) {
    await db.transaction(async (tx) => {
      let fresh = 0;
      const hashes = [...p.visitors];
      for (let i = 0; i < hashes.length; i += INSERT_CHUNK) {
        const rows = await tx
          .insert(h5WorkVisitors)
          .values(hashes.slice(i, i + INSERT_CHUNK).map((visitorHash) => ({ workId, day, visitorHash })))
          .onConflictDoNothing()
          .returning({ h: h5WorkVisitors.visitorHash });
        fresh += rows.length;
      }
      await tx
        .insert(h5WorkStats)
        .values({ workId, day, views: p.views, visitors: fresh })
        .onConflictDoUpdate({
          target: [h5WorkStats.workId, h5WorkStats.day],
          set: { views: sql`${h5WorkStats.views} + excluded.views`, visitors: sql`${h5WorkStats.visitors} + excluded.visitors` },
        });
    });
  }

  /** Writes the counters of `only` (a work id) or of every work; counters that fail to write are kept for the next flush. */
  async function flush(only?: string) {
    const batch = new Map<string, Pending>();
    for (const [key, p] of pending) {
      if (only === undefined || key.startsWith(`${only}|`)) batch.set(key, p);
    }
    for (const key of batch.keys()) pending.delete(key);
    for (const [key, p] of batch) {
      const [workId, day] = key.split('|') as [string, string];
      try {
        await write(workId, day, p);
      } catch (e) {
        const back = pending.get(key);
        if (back) {
          back.views += p.views;
          for (const v of p.visitors) back.visitors.add(v);
        } else pending.set(key, p);
        throw e;
      }
    }
  }

  return {
    /** Counts one view of a published work (and its visitor, when the page sent an id). */
    record(workId: string, visitorId?: string) {
      const key = keyOf(workId, shanghaiDay(now()));
      let p = pending.get(key);
      if (!p) pending.set(key, (p = { views: 0, visitors: new Set() }));
      p.views += 1;
      if (visitorId && p.visitors.size < MAX_VISITORS_PER_BATCH) p.visitors.add(visitorHash(workId, visitorId));
    },
    flush,
    start(intervalMs = VIEW_FLUSH_MS, onError: (e: unknown) => void = () => {}) {
      if (timer) return;
      timer = setInterval(() => void flush().catch(onError), intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await flush();
    },
    /** Views and visitors of a work (its counters written first), totals and the last STATS_DAYS days. */
    async stats(workId: string): Promise<WorkStats> {
      await flush(workId);
      const since = shanghaiDay(now() - (STATS_DAYS - 1) * 24 * 3600_000);
      const days = await db
        .select({ day: h5WorkStats.day, views: h5WorkStats.views, visitors: h5WorkStats.visitors })
        .from(h5WorkStats)
        .where(and(eq(h5WorkStats.workId, workId), gte(h5WorkStats.day, since)))
        .orderBy(asc(h5WorkStats.day));
      const [views] = await db.select({ n: sum(h5WorkStats.views) }).from(h5WorkStats).where(eq(h5WorkStats.workId, workId));
      const [visitors] = await db.select({ n: countDistinct(h5WorkVisitors.visitorHash) }).from(h5WorkVisitors).where(eq(h5WorkVisitors.workId, workId));
      return { views: Number(views?.n ?? 0), visitors: Number(visitors?.n ?? 0), days };
    },
    /** Views waiting to be written (for tests and the bench). */
    pendingViews: () => [...pending.values()].reduce((n, p) => n + p.views, 0),
  };
}
export type ViewCounter = ReturnType<typeof viewCounter>;
