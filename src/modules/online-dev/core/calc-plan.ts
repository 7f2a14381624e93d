import { CALC_DEBOUNCE_MS } from '@/contracts/online-dev';
import { compileCalc, type CompiledCalc } from './calc-parse';
import { calculate, defaultCalcLog, expressionText, formScope, type CalcExpression, type CalcLog, CALC_ERROR_LOG } from './calc';

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

/** The timer functions the scheduler uses (the global ones unless given; fake timers replace those). */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}
const globalTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};

export interface CalcScheduler {
  /** Notes a changed key and (re)starts the wait: the run comes `delay` ms after the last change. */
  touch(key: string): void;
  /** Runs now with what is pending (nothing when nothing is). */
  flush(): void;
  /** Drops what is pending (the form closed). */
  cancel(): void;
  readonly pending: boolean;
}

/**
 * The debounced recalculation of spec 9: changes are collected and, 500 ms after the last one,
 * `run` gets every key that changed meanwhile, once.
 */
export function createCalcScheduler(run: (changed: string[]) => void, delay: number = CALC_DEBOUNCE_MS, timers: Timers = globalTimers): CalcScheduler {
  const keys = new Set<string>();
  let handle: unknown = null;
  const stop = () => {
    if (handle !== null) timers.clearTimeout(handle);
    handle = null;
  };
  const flush = () => {
    stop();
    if (keys.size === 0) return;
    const changed = [...keys];
    keys.clear();
    run(changed);
  };
  return {
    touch(key) {
      keys.add(key);
      stop();
      handle = timers.setTimeout(flush, delay);
    },
    flush,
    cancel() {
      stop();
      keys.clear();
    },
    get pending() {
      return keys.size > 0;
    },
  };
}
