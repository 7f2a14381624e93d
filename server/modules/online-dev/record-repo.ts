import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { onlineRecordCounts, onlineRecordFiles, onlineRecords, organizes, positions, regions, users } from '../../db/schema';
import { atVersion, likePattern } from '../../lib/records';
import { eqExpr } from './indexes';
import { scopeCondition, type ListOrder, type RecordScope } from './record-query';

export type RecordRecord = typeof onlineRecords.$inferSelect;

/** From this offset on, a list page counts first and reads a page past the middle from the other end. */
const REVERSE_FROM = 1_000;

/** A keyword field's value as it enters the search text: at most this many characters of it. */
export const SEARCH_CHARS_PER_FIELD = 200;
const clip = (v: unknown) => (typeof v === 'string' && v ? [...v].slice(0, SEARCH_CHARS_PER_FIELD).join('') : null);

/**
 * The search text of a record (its keyword fields, lower-cased, one per line) and its grams, as SQL
 * over the given values; `backfill` reads them from the row itself instead (the very same text, so
 * a model whose keyword fields change gets its records' search text made again).
 */
export function searchColumns(keys: readonly string[], data: Readonly<Record<string, unknown>> | 'row') {
  const parts = keys.map((k) => (data === 'row' ? sql`left(${sql.raw(eqExpr(k))}, ${SEARCH_CHARS_PER_FIELD})` : sql`${clip(data[k])}::text`));
  const text = parts.length ? sql`lower(concat_ws(E'\n', ${sql.join(parts, sql`, `)}))` : sql`''`;
  return { searchText: text, searchGrams: sql`online_grams(${text})` };
}

/** online_records and what a record refers to (names for DataChange, existence checks). */
export function recordRepo(db: Db) {
  return {
    transaction<T>(fn: () => Promise<T>): Promise<T> {
      return db.transaction(() => fn());
    },
    /**
     * A page of a model's records and the total, for the conditions and order given. The total is
     * a sum over online_record_counts when there is no condition, or when `tally` names the one
     * condition's field and values (a field the model counts), else a count of the records. An
     * offset costs what it skips (every skipped record is read), so from REVERSE_FROM on the total
     * comes first and a page in the second half is read in the reverse order with the smaller
     * offset: page 4,000 of 5,004 skips 20,080 records instead of 79,980.
     */
    async page(modelId: string, scope: RecordScope, where: SQL[], order: ListOrder, limit: number, offset: number, tally: { field: string; values: string[] } | null = null) {
      const inScope = scopeCondition(scope);
      const cond = and(eq(onlineRecords.modelId, modelId), inScope, ...where);
      const read = (by: SQL, n: number, skip: number) => db.select().from(onlineRecords).where(cond).orderBy(by).limit(n).offset(skip);
      const kept = (field: string, values: readonly string[]) => {
        const c = onlineRecordCounts;
        // The scope's columns have the same names here as in online_records.
        return db
          .select({ n: sql<number>`coalesce(sum(${c.n}), 0)::int` })
          .from(c)
          .where(and(eq(c.modelId, modelId), eq(c.field, field), values.length === 1 ? eq(c.value, values[0]!) : inArray(c.value, [...values]), inScope));
      };
      const count = async () => {
        if (!where.length) return (await kept('', ['']))[0]?.n ?? 0;
        if (tally && where.length === 1) return tally.values.length ? ((await kept(tally.field, tally.values))[0]?.n ?? 0) : 0;
        return (await db.select({ n: sql<number>`count(*)::int` }).from(onlineRecords).where(cond))[0]?.n ?? 0;
      };
      if (offset < REVERSE_FROM) {
        const [rows, total] = await Promise.all([read(order.sql, limit, offset), count()]);
        return { rows, total };
      }
      const total = await count();
      if (offset >= total) return { rows: [], total };
      const after = total - offset - limit; // records after the page (negative: the last page is short)
      if (after >= offset) return { rows: await read(order.sql, limit, offset), total };
      const rows = await read(order.reverse, limit + Math.min(0, after), Math.max(0, after));
      return { rows: rows.reverse(), total };
    },
    /** Every record matching (the export), in order, at most `limit`. */
    async all(modelId: string, scope: RecordScope, where: SQL[], order: ListOrder, limit: number) {
      return db
        .select()
        .from(onlineRecords)
        .where(and(eq(onlineRecords.modelId, modelId), scopeCondition(scope), ...where))
        .orderBy(order.sql)
        .limit(limit);
    },
    async get(modelId: string, id: string) {
      const rows = await db
        .select()
        .from(onlineRecords)
        .where(and(eq(onlineRecords.modelId, modelId), eq(onlineRecords.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },
    async insert(row: Omit<typeof onlineRecords.$inferInsert, 'searchText' | 'searchGrams'>, keywordFields: readonly string[]) {
      const rows = await db
        .insert(onlineRecords)
        .values({ ...row, ...searchColumns(keywordFields, row.data) })
        .returning();
      return rows[0]!;
    },
    /** Saves a record's data when still at `baseVersion` (version + 1); null when it moved on or is gone. */
    async update(modelId: string, id: string, data: Record<string, unknown>, userId: string, baseVersion: number | undefined, keywordFields: readonly string[]) {
      const rows = await db
        .update(onlineRecords)
        .set({ data, lastModifyUserId: userId, updatedAt: new Date(), version: sql`${onlineRecords.version} + 1`, ...searchColumns(keywordFields, data) })
        .where(and(eq(onlineRecords.modelId, modelId), eq(onlineRecords.id, id), atVersion(onlineRecords.version, baseVersion)))
        .returning();
      return rows[0] ?? null;
    },
    async remove(modelId: string, id: string, baseVersion: number | undefined) {
      const rows = await db
        .delete(onlineRecords)
        .where(and(eq(onlineRecords.modelId, modelId), eq(onlineRecords.id, id), atVersion(onlineRecords.version, baseVersion)))
        .returning({ id: onlineRecords.id });
      if (rows.length) await db.delete(onlineRecordFiles).where(and(eq(onlineRecordFiles.modelId, modelId), eq(onlineRecordFiles.recordId, id)));
      return rows.length > 0;
    },
    /** The stored files a record refers to now (replacing what it referred to before). */
    async setFiles(modelId: string, recordId: string, names: readonly string[]) {
      await db.delete(onlineRecordFiles).where(and(eq(onlineRecordFiles.modelId, modelId), eq(onlineRecordFiles.recordId, recordId)));
      if (names.length) await db.insert(onlineRecordFiles).values([...new Set(names)].map((fileName) => ({ fileName, modelId, recordId })));
    },
    /** The models whose records refer to a stored file. */
    async modelsHoldingFile(fileName: string): Promise<string[]> {
      const rows = await db.selectDistinct({ modelId: onlineRecordFiles.modelId }).from(onlineRecordFiles).where(eq(onlineRecordFiles.fileName, fileName));
      return rows.map((r) => r.modelId);
    },
    /** Whether another record of the model holds this value in field `key` (bill numbers are unique per model). */
    async valueTaken(modelId: string, key: string, value: string, exceptId: string) {
      const rows = await db
        .select({ id: onlineRecords.id })
        .from(onlineRecords)
        .where(and(eq(onlineRecords.modelId, modelId), sql`${sql.raw(eqExpr(key))} = ${value}`, sql`${onlineRecords.id} <> ${exceptId}`))
        .limit(1);
      return rows.length > 0;
    },
    /** Which of these ids are records of the model. */
    async existing(modelId: string, ids: readonly string[]): Promise<Set<string>> {
      if (!ids.length) return new Set();
      const rows = await db
        .select({ id: onlineRecords.id })
        .from(onlineRecords)
        .where(and(eq(onlineRecords.modelId, modelId), inArray(onlineRecords.id, [...ids])));
      return new Set(rows.map((r) => r.id));
    },
    /** Records of a model with one field's text, for relation options (keyword contains), at most `limit`. */
    async titles(modelId: string, key: string, keyword: string, limit: number, ids?: readonly string[]) {
      const title = sql`${sql.raw(eqExpr(key))}`;
      const conds: SQL[] = [eq(onlineRecords.modelId, modelId)];
      if (keyword) conds.push(sql`${title} ilike ${likePattern(keyword)}`);
      if (ids) conds.push(inArray(onlineRecords.id, [...ids]));
      return db
        .select({ id: onlineRecords.id, fullName: sql<string | null>`${title}` })
        .from(onlineRecords)
        .where(and(...conds))
        // The null order of online_records_time_idx: a bare `desc` (nulls first) would sort every record of the model.
        .orderBy(sql`${onlineRecords.createdAt} desc nulls last`, sql`${onlineRecords.id} desc nulls last`)
        .limit(limit);
    },
    /** The search text and grams of every record of a model made again (its keyword fields changed). */
    async refreshSearch(modelId: string, keywordFields: readonly string[]) {
      await db.update(onlineRecords).set(searchColumns(keywordFields, 'row')).where(eq(onlineRecords.modelId, modelId));
    },
    /**
     * The per-value counts of a model made again for its counted fields (they changed at a
     * publish; online_models.counted_fields already holds the new ones). On PostgreSQL writes to
     * online_records wait meanwhile, so none is counted by the old fields and missed by the new.
     */
    async recount(modelId: string, fields: readonly string[], lock: boolean) {
      if (lock) await db.execute(sql`lock table online_records in share mode`);
      await db.delete(onlineRecordCounts).where(and(eq(onlineRecordCounts.modelId, modelId), sql`${onlineRecordCounts.field} <> ''`));
      if (!fields.length) return;
      await db.execute(sql`
        insert into online_record_counts (model_id, field, value, creator_user_id, department_id, organize_id, n)
        select model_id, f, data->>f, creator_user_id, coalesce(department_id, ''), coalesce(organize_id, ''), count(*)
        from online_records, unnest(${sql.param([...fields])}::text[]) f
        where model_id = ${modelId} and jsonb_typeof(data->f) in ('string', 'number', 'boolean')
        group by 1, 2, 3, 4, 5, 6`);
    },

    // ---- what records refer to ------------------------------------------------------------------
    async userNames(ids: readonly string[]) {
      if (!ids.length) return new Map<string, string>();
      const rows = await db.select({ id: users.id, name: users.realName, account: users.account }).from(users).where(inArray(users.id, [...ids]));
      return new Map(rows.map((r) => [r.id, `${r.name}/${r.account}`]));
    },
    async organizeNames(ids: readonly string[]) {
      if (!ids.length) return new Map<string, { name: string; category: string }>();
      const rows = await db.select({ id: organizes.id, name: organizes.fullName, category: organizes.category }).from(organizes).where(inArray(organizes.id, [...ids]));
      return new Map(rows.map((r) => [r.id, { name: r.name, category: r.category }]));
    },
    async positionNames(ids: readonly string[]) {
      if (!ids.length) return new Map<string, string>();
      const rows = await db.select({ id: positions.id, name: positions.fullName }).from(positions).where(inArray(positions.id, [...ids]));
      return new Map(rows.map((r) => [r.id, r.name]));
    },
    async regionNames(codes: readonly string[]) {
      if (!codes.length) return new Map<string, { name: string; parentId: string }>();
      const rows = await db.select({ id: regions.id, name: regions.name, parentId: regions.parentId }).from(regions).where(inArray(regions.id, [...codes]));
      return new Map(rows.map((r) => [r.id, { name: r.name, parentId: r.parentId }]));
    },
    /** The caller's company and department (data scopes, the record's organisation). */
    async placement(userId: string) {
      const rows = await db.select({ organizeId: users.organizeId, departmentId: users.departmentId }).from(users).where(eq(users.id, userId)).limit(1);
      return rows[0] ?? { organizeId: null, departmentId: null };
    },
    /** Departments (with everything under them) and companies' trees: id → parent. */
    async organizeLinks() {
      return db.select({ id: organizes.id, parentId: organizes.parentId }).from(organizes);
    },
  };
}
export type RecordRepo = ReturnType<typeof recordRepo>;
