import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alias } from 'drizzle-orm/pg-core';
import { moduleButtons, moduleColumns, modules, onlineModels, onlineRecordCounts, onlineRecords, roleAuthorize, roles } from '../../db/schema';
import { atVersion, likePattern, pageWindow } from '../../lib/records';
import type { ModelCategory, ModelDefinition } from '../../../src/contracts/online-dev-model';

export type ModelRecord = typeof onlineModels.$inferSelect;

/** The models of the designer and their menu entries (online_models, modules). */
export function modelRepo(db: Db) {
  return {
    transaction<T>(fn: () => Promise<T>): Promise<T> {
      return db.transaction(() => fn());
    },
    async page(q: { currentPage: number; pageSize: number; keyword: string; category?: ModelCategory }) {
      const conds: (SQL | undefined)[] = [];
      if (q.keyword) conds.push(or(ilike(onlineModels.fullName, likePattern(q.keyword)), ilike(onlineModels.enCode, likePattern(q.keyword))));
      if (q.category) conds.push(eq(onlineModels.category, q.category));
      const where = and(...conds);
      const { limit, offset } = pageWindow(q);
      const [rows, total] = await Promise.all([
        db.select().from(onlineModels).where(where).orderBy(desc(onlineModels.updatedAt), asc(onlineModels.id)).limit(limit).offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(onlineModels).where(where),
      ]);
      return { rows, total: total[0]?.n ?? 0 };
    },
    async byId(id: string) {
      const rows = await db.select().from(onlineModels).where(eq(onlineModels.id, id)).limit(1);
      return rows[0] ?? null;
    },
    async byCode(enCode: string) {
      const rows = await db.select().from(onlineModels).where(eq(onlineModels.enCode, enCode)).limit(1);
      return rows[0] ?? null;
    },
    async published() {
      return db
        .select({ id: onlineModels.id, fullName: onlineModels.fullName, enCode: onlineModels.enCode, category: onlineModels.category })
        .from(onlineModels)
        .where(sql`${onlineModels.config} is not null`)
        .orderBy(asc(onlineModels.category), asc(onlineModels.fullName));
    },
    /**
     * Record counts of these models: the sums of the totals online_record_counts keeps (field ''),
     * a few rows per model instead of a count over every record.
     */
    async recordCounts(ids: readonly string[]): Promise<Map<string, number>> {
      if (!ids.length) return new Map();
      const c = onlineRecordCounts;
      const rows = await db
        .select({ modelId: c.modelId, n: sql<number>`sum(${c.n})::int` })
        .from(c)
        .where(and(inArray(c.modelId, [...ids]), eq(c.field, '')))
        .groupBy(c.modelId);
      return new Map(rows.map((r) => [r.modelId, r.n]));
    },
    async insert(row: typeof onlineModels.$inferInsert) {
      await db.insert(onlineModels).values(row);
    },
    /** Saves the draft (and the names) when still at `baseVersion`; false when the row moved on or is gone. */
    async updateDraft(id: string, patch: { fullName: string; enCode: string; category: string; description: string | null; draft: ModelDefinition }, baseVersion: number | undefined) {
      const rows = await db
        .update(onlineModels)
        .set({ ...patch, version: sql`${onlineModels.version} + 1`, updatedAt: new Date() })
        .where(and(eq(onlineModels.id, id), atVersion(onlineModels.version, baseVersion)))
        .returning({ id: onlineModels.id });
      return rows.length > 0;
    },
    async markPublished(id: string, config: ModelDefinition, menuId: string, indexes: string[]) {
      await db
        .update(onlineModels)
        .set({ config, menuId, indexes, publishedVersion: sql`${onlineModels.publishedVersion} + 1`, publishedAt: new Date(), updatedAt: new Date() })
        .where(eq(onlineModels.id, id));
    },
    async setCountedFields(id: string, countedFields: string[]) {
      await db.update(onlineModels).set({ countedFields }).where(eq(onlineModels.id, id));
    },
    async setIndexes(id: string, indexes: string[]) {
      await db.update(onlineModels).set({ indexes }).where(eq(onlineModels.id, id));
    },
    async remove(id: string, baseVersion: number | undefined) {
      const rows = await db
        .delete(onlineModels)
        .where(and(eq(onlineModels.id, id), atVersion(onlineModels.version, baseVersion)))
        .returning({ id: onlineModels.id });
      return rows.length > 0;
    },
    async hasRecords(id: string) {
      const rows = await db.select({ id: onlineRecords.id }).from(onlineRecords).where(eq(onlineRecords.modelId, id)).limit(1);
      return rows.length > 0;
    },

    // ---- the model's menu entry (type 3) and its controls --------------------------------------
    async menuByCode(enCode: string) {
      const rows = await db.select().from(modules).where(eq(modules.enCode, enCode)).limit(1);
      return rows[0] ?? null;
    },
    async menuById(id: string) {
      const rows = await db.select().from(modules).where(eq(modules.id, id)).limit(1);
      return rows[0] ?? null;
    },
    /** The codes of these menu entries and of the directories they are under, by entry id, in one query. */
    async menuCodes(ids: readonly string[]): Promise<Map<string, { menuCode: string; menuParent: string | null }>> {
      if (!ids.length) return new Map();
      const parent = alias(modules, 'parent');
      const rows = await db
        .select({ id: modules.id, menuCode: modules.enCode, menuParent: parent.enCode })
        .from(modules)
        .leftJoin(parent, eq(parent.id, modules.parentId))
        .where(inArray(modules.id, [...ids]));
      return new Map(rows.map((r) => [r.id, { menuCode: r.menuCode, menuParent: r.menuParent }]));
    },
    async insertMenu(row: typeof modules.$inferInsert) {
      await db.insert(modules).values(row);
    },
    async updateMenu(id: string, patch: Partial<typeof modules.$inferInsert>) {
      await db
        .update(modules)
        .set({ ...patch, version: sql`${modules.version} + 1` })
        .where(eq(modules.id, id));
    },
    async deleteMenu(id: string) {
      const controls = [
        ...(await db.select({ id: moduleButtons.id }).from(moduleButtons).where(eq(moduleButtons.moduleId, id))),
        ...(await db.select({ id: moduleColumns.id }).from(moduleColumns).where(eq(moduleColumns.moduleId, id))),
      ].map((c) => c.id);
      if (controls.length) await db.delete(roleAuthorize).where(inArray(roleAuthorize.itemId, controls));
      await db.delete(roleAuthorize).where(and(eq(roleAuthorize.itemType, 'module'), eq(roleAuthorize.itemId, id)));
      await db.delete(moduleButtons).where(eq(moduleButtons.moduleId, id));
      await db.delete(moduleColumns).where(eq(moduleColumns.moduleId, id));
      await db.delete(modules).where(eq(modules.id, id));
    },
    async controls(menuId: string) {
      const [buttons, columns] = await Promise.all([
        db.select().from(moduleButtons).where(eq(moduleButtons.moduleId, menuId)),
        db.select().from(moduleColumns).where(eq(moduleColumns.moduleId, menuId)),
      ]);
      return { buttons, columns };
    },
    async insertControls(kind: 'button' | 'column', rows: { id: string; moduleId: string; enCode: string; fullName: string; sortCode: number }[]) {
      if (!rows.length) return;
      await db.insert(kind === 'button' ? moduleButtons : moduleColumns).values(rows);
    },
    async updateControl(kind: 'button' | 'column', id: string, patch: { fullName: string; sortCode: number }) {
      const table = kind === 'button' ? moduleButtons : moduleColumns;
      await db.update(table).set(patch).where(eq(table.id, id));
    },
    /** Removes controls and every grant of them. */
    async deleteControls(kind: 'button' | 'column', ids: readonly string[]) {
      if (!ids.length) return;
      const table = kind === 'button' ? moduleButtons : moduleColumns;
      await db.delete(roleAuthorize).where(and(eq(roleAuthorize.itemType, kind), inArray(roleAuthorize.itemId, [...ids])));
      await db.delete(table).where(inArray(table.id, [...ids]));
    },
    async roleIds(codes: readonly string[]) {
      if (!codes.length) return [];
      return db.select({ id: roles.id, enCode: roles.enCode }).from(roles).where(inArray(roles.enCode, [...codes]));
    },
    /** Roles granted the menu entry itself. */
    async moduleHolders(menuId: string): Promise<string[]> {
      const rows = await db
        .select({ roleId: roleAuthorize.roleId })
        .from(roleAuthorize)
        .where(and(eq(roleAuthorize.itemType, 'module'), eq(roleAuthorize.itemId, menuId)));
      return rows.map((r) => r.roleId);
    },
    async grant(rows: { roleId: string; itemType: string; itemId: string }[]) {
      if (rows.length) await db.insert(roleAuthorize).values(rows).onConflictDoNothing();
    },
    /** A directory (type 1) of the menu by its code. */
    async directory(enCode: string) {
      const rows = await db
        .select({ id: modules.id })
        .from(modules)
        .where(and(eq(modules.enCode, enCode), eq(modules.type, 1)))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}
export type ModelRepo = ReturnType<typeof modelRepo>;
