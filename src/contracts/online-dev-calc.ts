import { CALC_MAX_PRECISION } from './online-dev';
import { compileCalc, fromTokens, type CalcNode, type CalcToken, type CompiledCalc } from './online-dev-calc-parse';

/**
 * Evaluating a calculation field (spec 8, 9). The expression is parsed once (online-dev-calc-parse.ts) and its
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


/**
 * Which calculation fields a change touches, and in what order to recompute them, so a keystroke
 * recomputes only the fields that read what changed (and the fields that read those).
 *
 * Change keys: a form field's key (`price`); an input-table cell's `table.column`; a row added or
 * removed is the table's key (`items`), which touches every column of that table. A calculation
 * that is itself a column of an input table (`table` set) produces `table.key`, computed per row.
 * A calculation that reads itself, directly or through others, is logged once and counts as 0.
 */

export interface CalcFieldDef {
  /** The field's key (`__vModel__`); within its table when `table` is set. */
  readonly key: string;
  readonly expression: CalcExpression;
  /** Decimal places the value is rounded to. */
  readonly precision?: number;
  /** The input table this calculation is a column of. */
  readonly table?: string;
}

interface PlannedCalc {
  readonly def: CalcFieldDef;
  /** The key others use to read it: `key`, or `table.key`. */
  readonly output: string;
  /** Null when the expression does not parse (it evaluates to 0, logged). */
  readonly compiled: CompiledCalc | null;
  readonly reads: readonly string[];
}

export interface CalcPlan {
  /** Every calculation in an order where each comes after those it reads (cycles left out). */
  readonly order: readonly string[];
  /** Outputs of calculations that read themselves; their value is 0. */
  readonly cycles: readonly string[];
  /** The calculations to recompute after these keys changed, in order. */
  affected(changed: Iterable<string>): string[];
  /** The planned calculation by output key. */
  get(output: string): PlannedCalc | undefined;
}

const outputOf = (def: CalcFieldDef) => (def.table ? `${def.table}.${def.key}` : def.key);

/** Does a change of `changed` touch a read of `read`? A table's key touches all its columns. */
const touches = (changed: string, read: string) => changed === read || read.startsWith(`${changed}.`);

export function planCalcs(defs: readonly CalcFieldDef[], log: CalcLog = defaultCalcLog): CalcPlan {
  const calcs = new Map<string, PlannedCalc>();
  for (const def of defs) {
    let compiled: CompiledCalc | null = null;
    try {
      compiled = compileCalc(expressionText(def.expression));
    } catch (error) {
      log(CALC_ERROR_LOG, { expression: expressionText(def.expression), error });
    }
    const reads = compiled ? [...compiled.deps.fields, ...compiled.deps.columns] : [];
    calcs.set(outputOf(def), { def, output: outputOf(def), compiled, reads });
  }

  // Edges: a calculation → the calculations that read its output.
  const readers = new Map<string, string[]>();
  for (const calc of calcs.values()) {
    for (const other of calcs.values()) {
      if (other.reads.some((r) => touches(calc.output, r))) readers.set(calc.output, [...(readers.get(calc.output) ?? []), other.output]);
    }
  }

  // Kahn's algorithm; what is left over sits on a cycle (or behind one).
  const inDegree = new Map([...calcs.keys()].map((k) => [k, 0]));
  for (const list of readers.values()) for (const r of list) inDegree.set(r, inDegree.get(r)! + 1);
  const queue = [...inDegree].filter(([, d]) => d === 0).map(([k]) => k);
  const order: string[] = [];
  while (queue.length) {
    const k = queue.shift()!;
    order.push(k);
    for (const r of readers.get(k) ?? []) {
      inDegree.set(r, inDegree.get(r)! - 1);
      if (inDegree.get(r) === 0) queue.push(r);
    }
  }
  const cycles = [...calcs.keys()].filter((k) => !order.includes(k));
  for (const k of cycles) log(CALC_ERROR_LOG, { expression: expressionText(calcs.get(k)!.def.expression), error: new Error(`circular reference: ${k}`) });
  const position = new Map(order.map((k, i) => [k, i]));

  return {
    order,
    cycles,
    get: (output) => calcs.get(output),
    affected(changed) {
      const hit = new Set<string>();
      const queue = [...changed];
      while (queue.length) {
        const key = queue.shift()!;
        for (const calc of calcs.values()) {
          if (hit.has(calc.output) || !position.has(calc.output)) continue;
          if (calc.reads.some((r) => touches(key, r))) {
            hit.add(calc.output);
            queue.push(calc.output);
          }
        }
      }
      return [...hit].sort((a, b) => position.get(a)! - position.get(b)!);
    },
  };
}

type Values = Readonly<Record<string, unknown>>;

/**
 * Recomputes `outputs` (all of the plan's when omitted) in the plan's order over the form's
 * values and gives the new values (the input is not changed; tables that change are copied).
 * Calculations on a cycle are set to 0.
 */
export function applyCalcs(plan: CalcPlan, values: Values, outputs: readonly string[] = plan.order, log: CalcLog = defaultCalcLog): Record<string, unknown> {
  const next: Record<string, unknown> = { ...values };
  const copied = new Set<string>();
  const set = (output: string, compute: (row?: { table: string; index: number }) => number) => {
    const calc = plan.get(output)!;
    const { table, key } = calc.def;
    if (!table) {
      next[key] = compute();
      return;
    }
    const rows = Array.isArray(next[table]) ? (next[table] as Record<string, unknown>[]) : [];
    if (!copied.has(table)) {
      next[table] = rows.map((r) => ({ ...r }));
      copied.add(table);
    }
    (next[table] as Record<string, unknown>[]).forEach((row, index) => {
      row[key] = compute({ table, index });
    });
  };
  for (const output of outputs) {
    const calc = plan.get(output);
    if (!calc) continue;
    set(output, (row) => (calc.compiled ? calculate(calc.compiled.source, formScope(next, row), calc.def.precision, log) : 0));
  }
  for (const output of plan.cycles) set(output, () => 0);
  return next;
}

