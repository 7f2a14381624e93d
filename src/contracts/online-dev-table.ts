import { INPUT_TABLE_REQUIRED_MESSAGE, MULTI_VALUE_CONTROL_TYPES, type ControlType } from './online-dev';

/**
 * The input table's rules (spec 3 Input-table, 4 Input table, 5.4): it starts with one empty row
 * when it has no initial value, rows are added and removed, and a required cell that is null,
 * undefined, '' or an empty array is invalid with `not empty`; submitting fails while any is.
 * Plain functions over plain rows; none changes its input.
 */

/** A column of the table (spec 3: label, required, jnpfKey, defaultValue, options, width …). */
export interface InputTableColumn {
  /** The cell's key in a row (`__vModel__`). */
  readonly key: string;
  readonly label?: string;
  readonly required?: boolean;
  readonly jnpfKey?: ControlType | string;
  /** A new row's value (copied for each row); otherwise empty for its control type. */
  readonly defaultValue?: unknown;
  readonly options?: readonly unknown[];
  readonly width?: number;
}

/** A row holds one value per column. */
export type InputTableRow = Record<string, unknown>;

export interface CellError {
  /** The row's index. */
  readonly row: number;
  /** The column's key. */
  readonly column: string;
  readonly message: typeof INPUT_TABLE_REQUIRED_MESSAGE;
}

export interface TableValidation {
  readonly valid: boolean;
  readonly errors: readonly CellError[];
}

const clone = <T>(value: T): T => (value === undefined || value === null || typeof value !== 'object' ? value : structuredClone(value));

/** A column's empty value: [] for control types that hold several values, else null. */
export const emptyCell = (column: InputTableColumn): unknown =>
  (MULTI_VALUE_CONTROL_TYPES as readonly string[]).includes(column.jnpfKey ?? '') ? [] : null;

/** A new row: each column's default value (its own copy) or its empty value. */
export function newRow(columns: readonly InputTableColumn[]): InputTableRow {
  const row: InputTableRow = {};
  for (const c of columns) row[c.key] = c.defaultValue === undefined ? emptyCell(c) : clone(c.defaultValue);
  return row;
}

/**
 * The rows the table starts with: the initial value's rows (copied), or one new row when there is
 * no initial value (none, not an array, or an empty array).
 */
export function initialRows(columns: readonly InputTableColumn[], value: unknown): InputTableRow[] {
  if (!Array.isArray(value) || value.length === 0) return [newRow(columns)];
  return value.map((r) => (r && typeof r === 'object' && !Array.isArray(r) ? clone(r as InputTableRow) : {}));
}

/** The rows with a new row added at the end. */
export const addRow = (columns: readonly InputTableColumn[], rows: readonly InputTableRow[]): InputTableRow[] => [...rows, newRow(columns)];

/** The rows without the one at `index` (unchanged when there is none). */
export const removeRow = (rows: readonly InputTableRow[], index: number): InputTableRow[] => rows.filter((_, i) => i !== index);

/** The rows with one cell set. */
export const setCell = (rows: readonly InputTableRow[], index: number, key: string, value: unknown): InputTableRow[] =>
  rows.map((r, i) => (i === index ? { ...r, [key]: value } : r));

/** Spec 5.4: null, undefined, '' or an empty array. */
export const isEmptyCell = (value: unknown): boolean =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** Every required cell that is empty, row by row, with the spec's message. */
export function validateTable(columns: readonly InputTableColumn[], rows: readonly InputTableRow[]): TableValidation {
  const required = columns.filter((c) => c.required);
  const errors: CellError[] = [];
  rows.forEach((row, index) => {
    for (const c of required) if (isEmptyCell(row?.[c.key])) errors.push({ row: index, column: c.key, message: INPUT_TABLE_REQUIRED_MESSAGE });
  });
  return { valid: errors.length === 0, errors };
}

/** The cell's message, or null: what the renderer shows under a cell. */
export const cellError = (validation: TableValidation, row: number, column: string): string | null =>
  validation.errors.find((e) => e.row === row && e.column === column)?.message ?? null;

/** Spec 5.4: submitting returns false while any required cell is invalid. */
export const submitTable = (columns: readonly InputTableColumn[], rows: readonly InputTableRow[]): boolean => validateTable(columns, rows).valid;
