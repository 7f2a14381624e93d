import { CONTROL_TYPES, type ControlType } from '@/contracts/online-dev';
import { FIELD_KEY_MAX, FIELD_KEY_PATTERN, isLayoutField, RESERVED_FIELD_KEYS, valueFields, type ListConfig, type ModelDefinition, type ModelField } from '@/contracts/online-dev-model';
import { findItem, mapItems } from './tree';
import type { KeyScope } from './types';

/**
 * Field keys: new unique ones (`input_1`, `price_2`), and what follows a key when it changes or
 * goes away — the list settings that name it (columns, search and keyword fields, sort, the left
 * tree, the title field) and the calculation expressions that read `{key}` / `{table.column}`.
 */

/** The key prefix of a control type: its name in CONTROL_TYPES (`input`, `number`, `inputTable` …). */
const PREFIX: Record<string, string> = Object.fromEntries(Object.entries(CONTROL_TYPES).map(([name, key]) => [key, name]));
export const keyPrefix = (type: ControlType) => PREFIX[type] ?? 'field';

/** `prefix_n` with the smallest n ≥ 1 not in `used`. */
export function uniqueKey(prefix: string, used: ReadonlySet<string>): string {
  const base = prefix.slice(0, FIELD_KEY_MAX - 4) || 'field';
  for (let n = 1; ; n++) {
    const key = `${base}_${n}`;
    if (!used.has(key) && !RESERVED_FIELD_KEYS.includes(key)) return key;
  }
}

/** A copy's key: the original's stem (`input_3` → `input`, `price` → `price`) numbered anew. */
export const copyKey = (key: string, used: ReadonlySet<string>) => uniqueKey(key.replace(/_\d+$/, '') || 'field', used);

/** Whether a key can be used as it is (the pattern, length and reserved words of the contract). */
export const isUsableKey = (key: string) => FIELD_KEY_PATTERN.test(key) && key.length <= FIELD_KEY_MAX && !RESERVED_FIELD_KEYS.includes(key);

/** The keys taken in a scope: the form's value fields, or one table's columns. */
export function keysIn(fields: readonly ModelField[], scope: KeyScope): Set<string> {
  if (scope.kind === 'form') return new Set(valueFields(fields).map((f) => f.key).filter(Boolean));
  const table = findItem(fields, scope.tableId);
  return new Set((table?.columns ?? []).map((c) => c.key).filter(Boolean));
}

// ---------------------------------------------------------------------------------------------
// Calculation expressions

/** Rewrites each `{ref}` of an expression through `fn` (null keeps it). */
export function rewriteRefs(expression: string, fn: (ref: string) => string | null): string {
  return expression.replace(/\{([^{}]*)\}/g, (whole, inner: string) => {
    const next = fn(inner.trim());
    return next === null ? whole : `{${next}}`;
  });
}

/** The references an expression reads, as written (`price`, `items.qty`). */
export function refsOf(expression: string): string[] {
  return [...expression.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!.trim());
}

const rewriteExpressions = (fields: ModelField[], fn: (ref: string) => string | null) =>
  mapItems(fields, (f) => {
    if (f.type !== 'calculate' || !f.expression) return f;
    const expression = rewriteRefs(f.expression, fn);
    return expression === f.expression ? f : { ...f, expression };
  });

// ---------------------------------------------------------------------------------------------
// Renames and removals

const renameIn = (keys: readonly string[], from: string, to: string) => keys.map((k) => (k === from ? to : k));

/** The list with every mention of `from` renamed `to`. */
export function renameInList(list: ListConfig, from: string, to: string): ListConfig {
  return {
    ...list,
    columns: list.columns.map((c) => (c.key === from ? { ...c, key: to } : c)),
    searchFields: renameIn(list.searchFields, from, to),
    keywordFields: renameIn(list.keywordFields, from, to),
    sort: list.sort.field === from ? { ...list.sort, field: to } : list.sort,
    tree: list.tree?.field === from ? { ...list.tree, field: to } : list.tree,
  };
}

/**
 * The definition after item `item` (a value field in `scope`) changed its key from `from` to `to`:
 * in the form scope the list settings and title field follow and expressions reading `{from}`
 * (or, for a table, `{from.column}`) read the new key; in a table scope expressions reading
 * `{table.from}`. The item's own key is not touched here.
 */
export function renameRefs(def: ModelDefinition, item: Pick<ModelField, 'type'>, scope: KeyScope, from: string, to: string): ModelDefinition {
  if (!from || !to || from === to) return def;
  if (scope.kind === 'table') {
    const prefix = scope.tableKey;
    const fields = rewriteExpressions(def.form.fields, (ref) => (ref === `${prefix}.${from}` ? `${prefix}.${to}` : null));
    return fields === def.form.fields ? def : { ...def, form: { ...def.form, fields } };
  }
  const fields = rewriteExpressions(def.form.fields, (ref) => {
    if (ref === from) return to;
    if (item.type === 'table' && ref.startsWith(`${from}.`)) return `${to}${ref.slice(from.length)}`;
    return null;
  });
  return {
    form: { ...def.form, fields, ...(def.form.titleField === from ? { titleField: to } : {}) },
    list: renameInList(def.list, from, to),
  };
}

/** The list settings (and title field) without the form keys given (fields removed, or moved into a table). */
export function purgeRefs(def: ModelDefinition, keys: readonly string[]): ModelDefinition {
  const gone = new Set(keys.filter(Boolean));
  if (!gone.size) return def;
  const { list, form } = def;
  const nextList: ListConfig = {
    ...list,
    columns: list.columns.filter((c) => !gone.has(c.key)),
    searchFields: list.searchFields.filter((k) => !gone.has(k)),
    keywordFields: list.keywordFields.filter((k) => !gone.has(k)),
    sort: gone.has(list.sort.field) ? { field: 'creatorTime', order: 'desc' } : list.sort,
    tree: list.tree && gone.has(list.tree.field) ? null : list.tree,
  };
  const nextForm = { ...form };
  if (form.titleField && gone.has(form.titleField)) delete nextForm.titleField;
  return { form: nextForm, list: nextList };
}

/** The form keys an item and its contents hold (value fields; a table counts as one). */
export function formKeysOf(item: ModelField): string[] {
  return valueFields([item]).map((f) => f.key).filter(Boolean);
}

/** Layout items keep no key; value fields keep theirs. */
export const keyFor = (f: Pick<ModelField, 'type'>, key: string) => (isLayoutField(f) ? '' : key);
