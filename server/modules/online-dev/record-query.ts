import { sql, type SQL } from 'drizzle-orm';
import { RANGE_SEPARATOR, SYSTEM_COLUMNS, valueFields, valueKind, type ModelDefinition, type ModelField } from '../../../src/contracts/online-dev-model';
import type { RecordListQuery } from '../../../src/contracts/online-dev-schemas';
import { isSearchable } from '../../../src/contracts/online-dev-define';
import { badRequest } from '../../lib/errors';
import { likePattern } from '../../lib/records';
import { CONTAINS_TYPES, eqExpr, listExpr, numExpr, sortExpr, textExpr } from './indexes';

/**
 * The list query of a model (spec 7.6 List: currentPage, pageSize, sort, keyword and the search
 * fields) turned into SQL over online_records, with the very expressions the per-model indexes are
 * built on (indexes.ts), so the planner can use them.
 */

/** Which records of a model the caller may see (the data scope of its roles, spec 6). */
export type RecordScope = { kind: 'all' } | { kind: 'company'; organizeId: string } | { kind: 'departments'; ids: string[] } | { kind: 'self'; userId: string };

export function scopeCondition(scope: RecordScope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'company':
      return sql`organize_id = ${scope.organizeId}`;
    case 'departments':
      return scope.ids.length ? sql`department_id in (${sql.join(scope.ids.map((id) => sql`${id}`), sql`, `)})` : sql`false`;
    case 'self':
      return sql`creator_user_id = ${scope.userId}`;
  }
}

/** The query parameter of the tree on the left: a node of the tree (its field's value, and what is under it). */
export const TREE_PARAM = '_tree';

const DATE_VALUE = /^\d{4}(-\d{2}(-\d{2}( \d{2}:\d{2}(:\d{2})?)?)?)?$|^\d{2}:\d{2}(:\d{2})?$/;
const NUMBER_VALUE = /^[+-]?(\d{1,30}(\.\d{0,20})?|\.\d{1,20})$/;

/** A condition of the list; `equals`: the values an equality (or a tree node) asks the field for. */
interface Condition {
  sql: SQL;
  equals?: string[];
}

/** One search field's condition from its query value; refused when the value does not fit the field. */
function fieldCondition(f: ModelField, raw: string, label: string): Condition | undefined {
  const value = raw.trim();
  if (!value) return undefined;
  const kind = valueKind(f);
  const bad = () => badRequest('查询条件「{label}」格式不正确', { label });
  if (kind === 'list') return { sql: sql`${sql.raw(listExpr(f.key))} @> ${JSON.stringify([value])}::jsonb` };
  if (kind === 'number' || f.type === 'date' || f.type === 'time') {
    const [from = '', to = ''] = value.includes(RANGE_SEPARATOR) ? value.split(RANGE_SEPARATOR) : [value, value];
    const ok = kind === 'number' ? NUMBER_VALUE : DATE_VALUE;
    if ((from && !ok.test(from)) || (to && !ok.test(to))) throw bad();
    const parts: SQL[] = [];
    if (kind === 'number') {
      if (from) parts.push(sql`${sql.raw(numExpr(f.key))} >= ${from}::numeric`);
      if (to) parts.push(sql`${sql.raw(numExpr(f.key))} <= ${to}::numeric`);
    } else {
      // Texts compared byte by byte: a day as `to` takes in every time of that day.
      if (from) parts.push(sql`${sql.raw(textExpr(f.key))} >= ${from} collate "C"`);
      if (to) parts.push(sql`${sql.raw(textExpr(f.key))} < ${`${to}\uffff`} collate "C"`);
    }
    return parts.length ? { sql: sql.join(parts, sql` and `) } : undefined;
  }
  if (kind === 'boolean') {
    if (value !== 'true' && value !== 'false' && value !== '1' && value !== '0') throw bad();
    const equal = value === 'true' || value === '1' ? 'true' : 'false';
    return { sql: sql`${sql.raw(eqExpr(f.key))} = ${equal}`, equals: [equal] };
  }
  if (CONTAINS_TYPES.includes(f.type)) return { sql: sql`${sql.raw(eqExpr(f.key))} ilike ${likePattern(value)}` };
  return { sql: sql`${sql.raw(eqExpr(f.key))} = ${value}`, equals: [value] };
}

/** A list's order, and the same order reversed (a page past the middle is read from the other end). */
export interface ListOrder {
  sql: SQL;
  reverse: SQL;
}

export interface ListPlan {
  where: SQL[];
  /** When `where` is one equality (or a tree node): the field and the values it asks for (a total from online_record_counts). */
  tally: { field: string; values: string[] } | null;
  order: ListOrder;
  pageSize: number;
  currentPage: number;
}

/**
 * The grams a keyword's records must hold in search_grams: each pair of neighbouring characters, or
 * the character of a one-character keyword, line by line like online_grams(). A pair holds its two
 * characters, so asking for those as well finds no fewer records but makes the GIN index read their
 * long posting lists (digits, the KH of every customer number): 1.3-2× slower on 100,000 records
 * (tests/bench/online-dev-list.mjs). The LIKE on search_text beside it decides.
 */
export function keywordGrams(keyword: string): string[] {
  const grams = new Set<string>();
  for (const line of keyword.split('\n')) {
    const chars = [...line];
    if (chars.length === 1) grams.add(chars[0]!);
    for (let i = 0; i + 1 < chars.length; i++) grams.add(chars[i]! + chars[i + 1]!);
  }
  return [...grams];
}

/**
 * `sortKey dir, id dir` and its reverse. created_at sorts through online_records_time_idx, built
 * `(model_id, created_at desc nulls last, id desc nulls last)`: a bare `desc` means NULLS FIRST, which
 * the planner does not match to that index (NOT NULL columns included), so it sorted every record of
 * the model for each page (100-250 ms at 100,000 records). The field indexes are `(expr, id)` with the
 * default null order, which `asc` / `desc` match as they are.
 */
function orderOf(expr: string, dir: 'asc' | 'desc'): ListOrder {
  const by = (d: 'asc' | 'desc') => (expr === 'created_at' ? `created_at ${d === 'desc' ? 'desc nulls last' : 'asc nulls first'}, id ${d === 'desc' ? 'desc nulls last' : 'asc nulls first'}` : `${expr} ${d}, id ${d}`);
  return { sql: sql.raw(by(dir)), reverse: sql.raw(by(dir === 'desc' ? 'asc' : 'desc')) };
}

/**
 * Conditions and order of a list query. `treeValues`: the values the tree's chosen node stands for
 * (itself and what is under it), worked out by the caller.
 */
export function planList(def: ModelDefinition, q: RecordListQuery, treeValues: readonly string[] | null): ListPlan {
  const fields = new Map(valueFields(def.form.fields).map((f) => [f.key, f]));
  const where: SQL[] = [];
  const tallies: { field: string; values: string[] }[] = [];
  if (q.keyword && def.list.keywordFields.length) {
    const kw = q.keyword.toLowerCase();
    const grams = keywordGrams(kw);
    if (grams.length) where.push(sql`search_grams @> ${sql.param(grams)}::text[]`);
    where.push(sql`search_text like ${likePattern(kw)}`);
  }
  for (const key of def.list.searchFields) {
    const f = fields.get(key);
    const raw = Object.hasOwn(q, key) ? q[key] : undefined;
    if (!f || !isSearchable(f) || typeof raw !== 'string') continue;
    const cond = fieldCondition(f, raw, f.label || key);
    if (!cond) continue;
    where.push(cond.sql);
    if (cond.equals) tallies.push({ field: key, values: cond.equals });
  }
  if (def.list.tree && treeValues) {
    const f = fields.get(def.list.tree.field);
    if (f) {
      where.push(treeValues.length ? sql`${sql.raw(eqExpr(f.key))} in (${sql.join(treeValues.map((v) => sql`${v}`), sql`, `)})` : sql`false`);
      tallies.push({ field: f.key, values: [...treeValues] });
    }
  }
  // The order: the column asked for when the list lets it be sorted, else the list's default.
  const sortable = new Set([def.list.sort.field, ...def.list.columns.filter((c) => c.sortable).map((c) => c.key), ...SYSTEM_COLUMNS]);
  const asked = q.sidx && sortable.has(q.sidx) ? q.sidx : undefined;
  const key = asked ?? def.list.sort.field;
  const dir = (asked ? (q.sort ?? 'asc') : def.list.sort.order) === 'desc' ? 'desc' : 'asc';
  const expr = sortExpr(fields.get(key), key);
  const tally = where.length === 1 && tallies.length === 1 ? tallies[0]! : null;
  return { where, tally, order: orderOf(expr ?? 'created_at', dir), pageSize: q.pageSize ?? def.list.pageSize, currentPage: q.currentPage };
}
