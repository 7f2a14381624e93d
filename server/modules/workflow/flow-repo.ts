import { and, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { flowEngines, flowTasks, flowVersions, onlineModels } from '../../db/schema';
import { keywordFilter } from '../../lib/records';

export type FlowRecord = typeof flowEngines.$inferSelect;
export type FlowVersionRecord = typeof flowVersions.$inferSelect;

/** The flows (流程设计) and their released versions. */
export function flowRepo(db: Db) {
  /** The newest release's definition differs from the draft (never released: changed). */
  // Written out with the table's name: drizzle leaves a single table's columns unqualified, and inside
  // a subquery "id" would be the subquery's own.
  const changed = sql<boolean>`(flow_engines.draft is distinct from (select v.definition from ${flowVersions} v where v.flow_id = flow_engines.id and v.version = flow_engines.published_version))`;
  const formName = sql<string | null>`(select m.full_name from ${onlineModels} m where m.id = flow_engines.draft->>'formId')`;
  const taskCount = sql<number>`(select count(*)::int from ${flowTasks} t where t.flow_id = flow_engines.id)`;
  // Released versions never change: read once per process.
  const versions = new Map<string, FlowVersionRecord>();

  return {
    async byId(id: string): Promise<(FlowRecord & { changed: boolean }) | null> {
      const rows = await db.select({ flow: flowEngines, changed }).from(flowEngines).where(eq(flowEngines.id, id)).limit(1);
      return rows[0] ? { ...rows[0].flow, changed: rows[0].changed } : null;
    },
    async page(q: { keyword: string; category?: string; limit: number; offset: number }) {
      const where = and(keywordFilter(q.keyword, [flowEngines.fullName, flowEngines.enCode]), q.category ? eq(flowEngines.category, q.category) : undefined);
      const [rows, count] = await Promise.all([
        db
          .select({ flow: flowEngines, changed, formName, taskCount })
          .from(flowEngines)
          .where(where)
          .orderBy(desc(flowEngines.createdAt), desc(flowEngines.id))
          .limit(q.limit)
          .offset(q.offset),
        db.select({ n: sql<number>`count(*)::int` }).from(flowEngines).where(where),
      ]);
      return { rows: rows.map((r) => ({ ...r.flow, changed: r.changed, formName: r.formName, taskCount: r.taskCount })), total: count[0]?.n ?? 0 };
    },
    async insert(values: typeof flowEngines.$inferInsert) {
      await db.insert(flowEngines).values(values);
    },
    async remove(id: string, baseVersion: number | undefined): Promise<boolean> {
      const rows = await db
        .delete(flowEngines)
        .where(
          and(
            eq(flowEngines.id, id),
            baseVersion === undefined ? undefined : eq(flowEngines.version, baseVersion),
            sql`not exists (select 1 from ${flowTasks} t where t.flow_id = flow_engines.id and t.status = 1)`,
          ),
        )
        .returning({ id: flowEngines.id });
      if (rows.length) await db.delete(flowVersions).where(and(eq(flowVersions.flowId, id), sql`not exists (select 1 from ${flowTasks} t where t.flow_version_id = flow_versions.id)`));
      return rows.length > 0;
    },
    async hasUnfinished(id: string): Promise<boolean> {
      const rows = await db.select({ id: flowTasks.id }).from(flowTasks).where(and(eq(flowTasks.flowId, id), eq(flowTasks.status, 1))).limit(1);
      return rows.length > 0;
    },
    /** Stores the next release and moves the flow's published version to it (in the caller's transaction). */
    async release(flow: FlowRecord, version: Omit<typeof flowVersions.$inferInsert, 'flowId' | 'version'>): Promise<number> {
      const rows = await db
        .update(flowEngines)
        .set({ publishedVersion: sql`${flowEngines.publishedVersion} + 1`, version: sql`${flowEngines.version} + 1`, updatedAt: new Date() })
        .where(eq(flowEngines.id, flow.id))
        .returning({ publishedVersion: flowEngines.publishedVersion });
      const next = rows[0]!.publishedVersion;
      await db.insert(flowVersions).values({ ...version, flowId: flow.id, version: next });
      return next;
    },
    async versionById(id: string): Promise<FlowVersionRecord | null> {
      const kept = versions.get(id);
      if (kept) return kept;
      const rows = await db.select().from(flowVersions).where(eq(flowVersions.id, id)).limit(1);
      if (rows[0]) versions.set(id, rows[0]);
      return rows[0] ?? null;
    },
    async latestVersion(flowId: string): Promise<FlowVersionRecord | null> {
      const rows = await db
        .select()
        .from(flowVersions)
        .where(and(eq(flowVersions.flowId, flowId), eq(flowVersions.version, sql`(select f.published_version from ${flowEngines} f where f.id = ${flowId})`)))
        .limit(1);
      return rows[0] ?? null;
    },
    /** Released flows with their newest version (发起流程), by name. */
    async published(where?: SQL) {
      return db
        .select({ flow: flowEngines, version: flowVersions })
        .from(flowEngines)
        .innerJoin(flowVersions, and(eq(flowVersions.flowId, flowEngines.id), eq(flowVersions.version, flowEngines.publishedVersion)))
        .where(and(gt(flowEngines.publishedVersion, 0), where))
        .orderBy(flowEngines.fullName);
    },
    /** Who holds a flow's draft form now: its model's current name (null when gone). */
    async modelName(modelId: string): Promise<string | null> {
      const rows = await db.select({ fullName: onlineModels.fullName }).from(onlineModels).where(eq(onlineModels.id, modelId)).limit(1);
      return rows[0]?.fullName ?? null;
    },
  };
}
export type FlowRepo = ReturnType<typeof flowRepo>;
