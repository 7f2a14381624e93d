import type { FieldError } from 'react-hook-form';
import { applyCalcs, planCalcs, type CalcLog, type CalcPlan } from '@/contracts/online-dev-calc';
import { isSystemField, valueFields, valueKind, type ModelField } from '@/contracts/online-dev-model';
import { calcDefs, recompute, type RecordIssue } from '@/contracts/online-dev-record';
import { initialRows, type InputTableColumn } from '@/contracts/online-dev-table';

/**
 * The model form's values as plain data (no React): where a form starts (defaults, one empty row
 * per input table, calculations worked out), which calculations a change touches and what they
 * give, and the check's issues as react-hook-form errors. Tested in form-values.test.ts.
 */

export type FormValues = Record<string, unknown>;
export type FormMode = 'create' | 'edit' | 'detail';

const clone = <T>(v: T): T => (v === null || typeof v !== 'object' ? v : structuredClone(v));

/** A field's empty value: [] for lists, files and rows, false for a switch, else null. */
export function emptyValue(f: Pick<ModelField, 'type' | 'multiple'>): unknown {
  const kind = valueKind(f);
  if (kind === 'list' || kind === 'files' || kind === 'rows') return [];
  if (kind === 'boolean') return false;
  return null;
}

/** An input table's columns as the row helpers of online-dev-table.ts take them. */
export const tableColumns = (f: ModelField): InputTableColumn[] =>
  (f.columns ?? []).map((c) => ({ key: c.key, label: c.label, required: c.required, jnpfKey: c.type, defaultValue: c.defaultValue }));

/**
 * Where the form starts. Creating: each field's default value (a prefill in `values` wins), input
 * tables with one empty row (spec 4, 5.4). Editing and showing: the record's values (an input
 * table without rows still gets its one empty row while editing). Calculations are worked out
 * over the result, except in detail mode, which shows what was stored.
 */
export function initialValues(fields: readonly ModelField[], mode: FormMode, values: Readonly<FormValues> = {}, log?: CalcLog): FormValues {
  const out: FormValues = {};
  for (const f of valueFields(fields)) {
    if (!f.key) continue;
    const given = Object.hasOwn(values, f.key) ? values[f.key] : undefined;
    const start = given !== undefined ? given : mode === 'create' && !isSystemField(f) && f.defaultValue !== undefined ? f.defaultValue : undefined;
    if (f.type === 'table') out[f.key] = mode === 'detail' ? (Array.isArray(start) ? clone(start) : []) : initialRows(tableColumns(f), start);
    else out[f.key] = start === undefined ? emptyValue(f) : clone(start);
  }
  return mode === 'detail' ? out : recompute(fields, out, log);
}

/** The plan of a form's calculations (columns of input tables included), or null when it has none. */
export function formCalcPlan(fields: readonly ModelField[], log?: CalcLog): CalcPlan | null {
  const defs = calcDefs(fields);
  return defs.length ? planCalcs(defs, log) : null;
}

/**
 * What the calculations touched by `changed` give: the top-level values to set (a calculation's
 * key, or the input table one of whose columns it is), only those that differ from `values`.
 */
export function recalculated(plan: CalcPlan, values: Readonly<FormValues>, changed: Iterable<string>, log?: CalcLog): FormValues {
  const outputs = plan.affected(changed);
  if (!outputs.length && !plan.cycles.length) return {};
  const next = applyCalcs(plan, values, outputs, log);
  const out: FormValues = {};
  for (const output of [...outputs, ...plan.cycles]) {
    const def = plan.get(output)?.def;
    if (!def) continue;
    const key = def.table ?? def.key;
    if (Object.hasOwn(out, key)) continue;
    if (!def.table) {
      if (!Object.is(next[key], values[key])) out[key] = next[key];
    } else if (!sameRows(next[key], values[key])) out[key] = next[key];
  }
  return out;
}

/** Two cell values the same for the eye: equal primitives, or arrays / objects of equal primitives (one level deep). */
export function sameCell(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => sameCell(x, bb[i]) || sameShallow(x, bb[i]));
  }
  return sameShallow(a, b);
}
function sameShallow(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(a) || Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.is((a as FormValues)[k], (b as FormValues)[k]));
}

/** Two rows the same in every cell (the table's rows skip rendering when so). */
export function sameRow(a: Readonly<FormValues> | undefined, b: Readonly<FormValues> | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if (!sameCell(a[k], b[k])) return false;
  return true;
}
function sameRows(a: unknown, b: unknown): boolean {
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((r, i) => sameRow(r as FormValues, b[i] as FormValues));
}

// ---------------------------------------------------------------------------------------------
// Errors

/** An input-table cell's key in its table's error (`types`): `row.column`. */
export const cellKey = (row: number, column: string) => `${row}.${column}`;

/**
 * The check's issues as react-hook-form errors, one per field: the field's message (translated by
 * `translate`); an input table's cell messages go in its error's `types` by `row.column` (the
 * table's own message, if any, in `message`).
 */
export function issuesToErrors(issues: readonly RecordIssue[], translate: (message: string, params: RecordIssue['params']) => string): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const issue of issues) {
    const [key, row, column] = issue.path;
    if (typeof key !== 'string' || !key) continue;
    const text = translate(issue.message, issue.params);
    const error = (errors[key] ??= { type: 'record', message: '' });
    if (typeof row === 'number' && typeof column === 'string') {
      const types = (error.types ??= {});
      types[cellKey(row, column)] ??= text;
      error.type = error.message ? error.type : 'cells';
    } else if (!error.message) {
      error.message = text;
      error.type = 'record';
    }
  }
  return errors;
}

/** The message of an input-table cell in its table's error, or undefined. */
export function cellMessage(error: unknown, row: number, column: string): string | undefined {
  const types = (error as FieldError | undefined)?.types;
  const m = types?.[cellKey(row, column)];
  return typeof m === 'string' ? m : undefined;
}
