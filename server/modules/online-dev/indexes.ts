import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isSortable } from '../../../src/contracts/online-dev-define';
import { FIELD_KEY_PATTERN, SYSTEM_COLUMNS, valueFields, valueKind, type ModelDefinition, type ModelField } from '../../../src/contracts/online-dev-model';
import { ID_PATTERN } from '../../../src/contracts/common';

/**
 * The per-model partial indexes of online_records (docs/online-dev-storage.md): built when a
 * model is published, for what its list sorts and filters by, each `where model_id = '<id>'` so it
 * covers that model's records only. Named `rec_<model>_<hash of its definition>`: a publish
 * builds the ones it lacks and drops the ones the model no longer needs.
 */

export interface IndexPlan {
  name: string;
  /** The index's body: `(expression, …)` or `using gin (…)`, without the name or the where. */
  body: string;
}

/** A field key as a SQL string literal (keys are letters, digits and underscores; checked again here). */
const lit = (key: string) => {
  if (!FIELD_KEY_PATTERN.test(key)) throw new Error(`online-dev: not a field key: ${key}`);
  return `'${key}'`;
};
/** The expressions a record's value sorts and compares by (the list query uses the very same). */
export const textExpr = (key: string) => `((data->>${lit(key)}) collate "C")`;
export const numExpr = (key: string) => `online_num(data->>${lit(key)})`;
export const eqExpr = (key: string) => `(data->>${lit(key)})`;
export const listExpr = (key: string) => `(data->${lit(key)})`;

const SYSTEM_SORT: Record<string, string> = {
  creatorTime: 'created_at',
  lastModifyTime: 'updated_at',
  creatorUserId: 'creator_user_id',
  lastModifyUserId: 'last_modify_user_id',
  organizeId: 'organize_id',
};

/** The sort expression of a field or system column, or null when it cannot be sorted by. */
export function sortExpr(field: ModelField | undefined, key: string): string | null {
  if ((SYSTEM_COLUMNS as readonly string[]).includes(key)) return SYSTEM_SORT[key]!;
  if (!field || !isSortable(field)) return null;
  return valueKind(field) === 'number' ? numExpr(key) : textExpr(key);
}

/** Text fields whose search finds values containing the text (ILIKE), not equal to it. */
export const CONTAINS_TYPES: readonly string[] = ['comInput', 'textarea', 'billRule', 'colorPicker'];

/** The fields the list filters by or builds its tree on. */
const filterKeysOf = (def: ModelDefinition) => new Set([...def.list.searchFields, ...(def.list.tree ? [def.list.tree.field] : [])]);

/**
 * The list's equality filters (dictionary, select, radio, switch, pickers) and its tree's field:
 * online_record_counts keeps a count per value of each (migration 0011), so the total of a list
 * filtered by one of them is a sum, not a count over the records.
 */
export function countedFields(def: ModelDefinition): string[] {
  const fields = new Map(valueFields(def.form.fields).map((f) => [f.key, f]));
  return [...filterKeysOf(def)].filter((key) => {
    const f = fields.get(key);
    if (!f || f.type === 'date' || f.type === 'time' || CONTAINS_TYPES.includes(f.type)) return false;
    const kind = valueKind(f);
    return kind === 'text' || kind === 'boolean';
  }).sort();
}

/** The indexes a definition's list needs. */
export function planIndexes(modelId: string, def: ModelDefinition): IndexPlan[] {
  const fields = new Map(valueFields(def.form.fields).map((f) => [f.key, f]));
  const bodies = new Set<string>();
  const sortKeys = new Set([def.list.sort.field, ...def.list.columns.filter((c) => c.sortable).map((c) => c.key)]);
  for (const key of sortKeys) {
    const f = fields.get(key);
    if (!f) continue; // system columns: the time index of the migration, or none
    const expr = sortExpr(f, key);
    if (expr) bodies.add(`(${expr}, id)`);
  }
  for (const key of filterKeysOf(def)) {
    const f = fields.get(key);
    if (!f) continue;
    const kind = valueKind(f);
    if (kind === 'list') bodies.add(`using gin (${listExpr(key)} jsonb_path_ops)`);
    else if (kind === 'number') bodies.add(`(${numExpr(key)}, id)`);
    else if (f.type === 'date' || f.type === 'time') bodies.add(`(${textExpr(key)}, id)`);
    // The null order of online_records_time_idx, which the list's default order follows (record-query.ts orderOf).
    else if (kind === 'text' || kind === 'boolean') bodies.add(`(${eqExpr(key)}, created_at desc nulls last, id desc nulls last)`);
  }
  if (def.list.keywordFields.length) bodies.add('using gin (search_grams)');
  if (!ID_PATTERN.test(modelId)) throw new Error(`online-dev: not a model id: ${modelId}`);
  return [...bodies].map((body) => ({ name: `rec_${modelId.toLowerCase()}_${createHash('sha1').update(body).digest('hex').slice(0, 10)}`, body }));
}

/**
 * Builds the planned indexes that do not exist and drops the model's others (named in `previous`).
 * `concurrently` (PostgreSQL outside a transaction) keeps writes to the shared table going while an
 * index is built; PGlite has one connection and builds in place.
 */
export async function applyIndexes(db: Db, modelId: string, plan: IndexPlan[], previous: readonly string[], concurrently: boolean): Promise<string[]> {
  const how = concurrently ? 'concurrently ' : '';
  const wanted = new Set(plan.map((p) => p.name));
  const prefix = `rec_${modelId.toLowerCase()}_`;
  for (const name of previous) {
    if (!wanted.has(name) && name.startsWith(prefix) && /^rec_[a-z0-9]+_[0-9a-f]{10}$/.test(name)) await db.execute(sql.raw(`drop index ${how}if exists ${name}`));
  }
  for (const p of plan) {
    if (concurrently) {
      // A concurrent build that failed earlier leaves an invalid index of that name: build it again.
      const invalid = await db.execute(sql`select 1 from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = ${p.name} and not i.indisvalid`);
      if ((invalid as unknown as { rows: unknown[] }).rows.length) await db.execute(sql.raw(`drop index concurrently if exists ${p.name}`));
    }
    await db.execute(sql.raw(`create index ${how}if not exists ${p.name} on online_records ${p.body} where model_id = '${modelId}'`));
  }
  // The planner knows an expression's values only from ANALYZE (autovacuum, where there is one, waits
  // for rows to change): without it a new index's filter is guessed at 0.5 % of the records.
  if (plan.some((p) => !previous.includes(p.name))) await db.execute(sql`analyze online_records`);
  return plan.map((p) => p.name);
}
