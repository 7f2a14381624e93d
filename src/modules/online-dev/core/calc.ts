import { CALC_MAX_PRECISION } from '@/contracts/online-dev';
import { chineseAmount, thousands } from '@/lib/format';
import { compileCalc, fromTokens, type CalcNode, type CalcToken, type CompiledCalc } from './calc-parse';

/**
 * Evaluating a calculation field (spec 8, 9). The expression is parsed once (calc-parse.ts) and its
 * tree walked for each recalculation. Empty and non-numeric operands count as 0; any error
 * (division by zero, a malformed expression, a result that is not a finite number) is logged and
 * the field's value counts as 0 (spec 8). Each step drops binary floating-point noise (15
 * significant digits), and the result is rounded half away from zero to the field's precision, so
 * 0.1 + 0.2 is 0.3 and 1.005 at two places is 1.01.
 */

/** Where an expression's references are read. */
export interface CalcScope {
  /** A form field's value. */
  field(key: string): unknown;
  /** Every cell of an input-table column, row by row. */
  column(table: string, column: string): readonly unknown[];
  /** When the calculation is a column of an input table: that table and the row being computed. */
  readonly row?: { readonly table: string; readonly values: Readonly<Record<string, unknown>> };
}

/** Receives calculation errors (spec 8: logged). */
export type CalcLog = (message: string, detail: { expression: string; error: unknown }) => void;
export const defaultCalcLog: CalcLog = (message, detail) => console.error(message, detail);
export const CALC_ERROR_LOG = 'calculation field error';

/** A failure while evaluating (division by zero, an infinite result). */
export class CalcError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CalcError';
  }
}

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** An operand as a number: numbers and numeric text (thousands separators allowed); anything else is 0. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'string') {
    const text = value.trim().replace(/,/g, '');
    return NUMERIC.test(text) ? Number(text) || 0 : 0;
  }
  return 0;
}

/** Drops binary floating-point noise: 0.1 + 0.2 → 0.3, 1.1 × 3 → 3.3. */
export const normalize = (n: number): number => (n === 0 ? 0 : Number(n.toPrecision(15)));

/** n × 10^k done on the decimal text, so no binary rounding creeps in. */
function shift(n: number, k: number): number {
  const [mantissa, exp = '0'] = String(n).split('e');
  return Number(`${mantissa}e${Number(exp) + k}`);
}

/** Rounds half away from zero to `precision` decimal places (0 to CALC_MAX_PRECISION). */
export function roundTo(value: number, precision: number): number {
  if (!Number.isFinite(value)) return 0;
  const p = Math.min(CALC_MAX_PRECISION, Math.max(0, Math.trunc(precision) || 0));
  const abs = Math.abs(normalize(value));
  const rounded = shift(Math.round(shift(abs, p)), -p);
  return (value < 0 ? -rounded : rounded) || 0;
}

function sumOf(cells: readonly unknown[]): number {
  let total = 0;
  for (const cell of cells) total = normalize(total + toNumber(cell));
  return total;
}

function evalNode(node: CalcNode, scope: CalcScope): number {
  switch (node.kind) {
    case 'num':
      return node.value;
    case 'field':
      return toNumber(scope.field(node.key));
    case 'column':
      if (scope.row?.table === node.table) return toNumber(Object.hasOwn(scope.row.values, node.column) ? scope.row.values[node.column] : undefined);
      return sumOf(scope.column(node.table, node.column));
    case 'sum':
      return sumOf(scope.column(node.table, node.column));
    case 'neg':
      return -evalNode(node.arg, scope) || 0;
    case 'bin': {
      const a = evalNode(node.left, scope);
      const b = evalNode(node.right, scope);
      if (node.op === '/' && b === 0) throw new CalcError('division by zero');
      const r = node.op === '+' ? a + b : node.op === '-' ? a - b : node.op === '*' ? a * b : a / b;
      if (!Number.isFinite(r)) throw new CalcError('result is not a finite number');
      return normalize(r);
    }
  }
}

/** Evaluates a parsed expression; throws CalcError. */
export const evaluate = (compiled: CompiledCalc, scope: CalcScope): number => evalNode(compiled.ast, scope);

export type CalcExpression = string | readonly CalcToken[];
export const expressionText = (expression: CalcExpression): string =>
  typeof expression === 'string' ? expression : fromTokens(expression);

/**
 * A calculation field's value: the expression (text or the designer's token list) evaluated in the
 * scope, rounded to `precision` when given. Never throws: an error is logged and gives 0.
 */
export function calculate(expression: CalcExpression, scope: CalcScope, precision?: number, log: CalcLog = defaultCalcLog): number {
  const text = expressionText(expression);
  try {
    const value = evaluate(compileCalc(text), scope);
    return precision === undefined ? normalize(value) : roundTo(value, precision);
  } catch (error) {
    log(CALC_ERROR_LOG, { expression: text, error });
    return 0;
  }
}

/** A form's values as a scope: an input table's value is its array of rows. */
export function formScope(values: Readonly<Record<string, unknown>>, row?: { table: string; index: number }): CalcScope {
  const rowsOf = (table: string): readonly Record<string, unknown>[] => {
    const rows = values[table];
    return Array.isArray(rows) ? rows.filter((r): r is Record<string, unknown> => !!r && typeof r === 'object') : [];
  };
  const rowValues = row ? rowsOf(row.table)[row.index] : undefined;
  // Own properties only: `{constructor}` or `{__proto__}` reads nothing from the prototype chain.
  const own = (o: Readonly<Record<string, unknown>>, key: string) => (Object.hasOwn(o, key) ? o[key] : undefined);
  return {
    field: (key) => own(values, key),
    column: (table, column) => rowsOf(table).map((r) => own(r, column)),
    row: row && rowValues ? { table: row.table, values: rowValues } : undefined,
  };
}

/** How a calculation field shows its value. */
export interface CalcDisplayOptions {
  /** Decimal places (fixed: 2 shows 3 as 3.00); none shows the value as it is. */
  precision?: number;
  /** Thousand separators: 1234567.5 → 1,234,567.5. */
  thousands?: boolean;
  /** Also give the uppercase Chinese amount (壹佰元整). */
  amountChinese?: boolean;
}

/** The value as shown: the number, and the uppercase Chinese amount when asked for. */
export function formatCalc(value: number, options: CalcDisplayOptions = {}): { text: string; chinese?: string } {
  const v = Number.isFinite(value) ? value : 0;
  const { precision } = options;
  const rounded = precision === undefined ? normalize(v) : roundTo(v, precision);
  let text = precision === undefined ? String(rounded) : rounded.toFixed(Math.min(CALC_MAX_PRECISION, Math.max(0, Math.trunc(precision))));
  if (options.thousands && !text.includes('e')) {
    const negative = text.startsWith('-');
    const [int, frac] = text.replace('-', '').split('.');
    // Beyond 15 digits a double no longer holds every digit: group the text itself.
    const grouped = int!.length <= 15 ? thousands(Number(int)) : int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    text = `${negative ? '-' : ''}${grouped}${frac === undefined ? '' : `.${frac}`}`;
  }
  return options.amountChinese ? { text, chinese: chineseAmount(rounded) } : { text };
}
