/**
 * The calculation field's expression language (spec 9: + - × ÷ and parentheses), parsed by hand into
 * a small tree — never `eval` or `Function`, so a model's expression can only ever compute a number.
 *
 *   expression := term (('+' | '-') term)*
 *   term       := unary (('×' | '*' | '÷' | '/') unary)*
 *   unary      := ('-' | '+') unary | primary
 *   primary    := number | reference | 'SUM' '(' reference ')' | '(' expression ')'
 *   number     := digits ['.' digits] | '.' digits
 *   reference  := '{' key '}'          a form field
 *              |  '{' table '.' column '}'   an input-table column: the row's cell inside that
 *                                       table, the column's sum elsewhere
 *
 * `SUM({table.column})` is always the column's sum. Keys are letters, digits, `_`, `-` and `$`.
 * The JNPF designer's token list (`['(', {__vModel__: 'price'}, '×', '1', '.', '5', ')']`) turns
 * into the same text with `fromTokens`. Expressions are parsed once and cached by their text.
 */

export type CalcOp = '+' | '-' | '*' | '/';

export type CalcNode =
  | { readonly kind: 'num'; readonly value: number }
  | { readonly kind: 'field'; readonly key: string }
  | { readonly kind: 'column'; readonly table: string; readonly column: string }
  | { readonly kind: 'sum'; readonly table: string; readonly column: string }
  | { readonly kind: 'neg'; readonly arg: CalcNode }
  | { readonly kind: 'bin'; readonly op: CalcOp; readonly left: CalcNode; readonly right: CalcNode };

/** What an expression reads: form fields by key, input-table columns as `table.column`. */
export interface CalcDeps {
  readonly fields: readonly string[];
  readonly columns: readonly string[];
}

export interface CompiledCalc {
  readonly source: string;
  readonly ast: CalcNode;
  readonly deps: CalcDeps;
}

/** A malformed expression; `position` is the offset in the text where parsing stopped. */
export class CalcSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
    this.name = 'CalcSyntaxError';
  }
}

/** Longer expressions are refused (no designer writes one; a stored value could). */
export const CALC_MAX_LENGTH = 4000;
/** Deeper nesting (parentheses, unary signs) is refused, so parsing and evaluating cannot overflow the stack. */
export const CALC_MAX_DEPTH = 100;

type Token =
  | { t: 'num'; value: number; at: number }
  | { t: 'ref'; key: string; at: number }
  | { t: 'op'; op: CalcOp; at: number }
  | { t: '(' | ')' | 'sum'; at: number };

const OPS: Record<string, CalcOp> = { '+': '+', '-': '-', '*': '*', '×': '*', '/': '/', '÷': '/' };
const KEY = /^[A-Za-z0-9_$-]+(\.[A-Za-z0-9_$-]+)?$/;

function tokenize(source: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (/[0-9.]/.test(c)) {
      const m = /^(\d+(\.\d+)?|\.\d+)/.exec(source.slice(i));
      if (!m) throw new CalcSyntaxError(`bad number at ${i}`, i);
      out.push({ t: 'num', value: Number(m[0]), at: i });
      i += m[0].length;
    } else if (c === '{') {
      const end = source.indexOf('}', i);
      const key = end < 0 ? '' : source.slice(i + 1, end).trim();
      if (!KEY.test(key)) throw new CalcSyntaxError(`bad field reference at ${i}`, i);
      out.push({ t: 'ref', key, at: i });
      i = end + 1;
    } else if (c === '(' || c === ')') {
      out.push({ t: c, at: i });
      i++;
    } else if (/^sum\s*\(/i.test(source.slice(i))) {
      out.push({ t: 'sum', at: i });
      i += 3;
    } else if (c in OPS) {
      out.push({ t: 'op', op: OPS[c]!, at: i });
      i++;
    } else {
      throw new CalcSyntaxError(`unexpected '${c}' at ${i}`, i);
    }
  }
  return out;
}

function refNode(key: string, sum: boolean, at: number): CalcNode {
  const dot = key.indexOf('.');
  if (dot < 0) {
    if (sum) throw new CalcSyntaxError(`SUM needs a table column, got {${key}} at ${at}`, at);
    return { kind: 'field', key };
  }
  return { kind: sum ? 'sum' : 'column', table: key.slice(0, dot), column: key.slice(dot + 1) };
}

function parseTokens(tokens: Token[], length: number): CalcNode {
  let pos = 0;
  const peek = () => tokens[pos];
  const where = () => peek()?.at ?? length;
  const fail = (what: string): never => {
    throw new CalcSyntaxError(`${what} at ${where()}`, where());
  };
  const expect = (t: ')' | '(') => (peek()?.t === t ? pos++ : fail(`expected '${t}'`));

  const expression = (depth: number): CalcNode => {
    let left = term(depth);
    for (let tok = peek(); tok?.t === 'op' && (tok.op === '+' || tok.op === '-'); tok = peek()) {
      pos++;
      left = { kind: 'bin', op: tok.op, left, right: term(depth) };
    }
    return left;
  };
  const term = (depth: number): CalcNode => {
    let left = unary(depth);
    for (let tok = peek(); tok?.t === 'op' && (tok.op === '*' || tok.op === '/'); tok = peek()) {
      pos++;
      left = { kind: 'bin', op: tok.op, left, right: unary(depth) };
    }
    return left;
  };
  const unary = (depth: number): CalcNode => {
    if (depth > CALC_MAX_DEPTH) fail('expression nested too deeply');
    const tok = peek();
    if (tok?.t === 'op' && (tok.op === '-' || tok.op === '+')) {
      pos++;
      const arg = unary(depth + 1);
      return tok.op === '-' ? { kind: 'neg', arg } : arg;
    }
    return primary(depth);
  };
  const primary = (depth: number): CalcNode => {
    const tok = peek();
    if (!tok) return fail('unexpected end');
    pos++;
    switch (tok.t) {
      case 'num':
        return { kind: 'num', value: tok.value };
      case 'ref':
        return refNode(tok.key, false, tok.at);
      case 'sum': {
        expect('(');
        const ref = peek();
        if (ref?.t !== 'ref') return fail('SUM needs a table column');
        pos++;
        expect(')');
        return refNode(ref.key, true, ref.at);
      }
      case '(': {
        const inner = expression(depth + 1);
        expect(')');
        return inner;
      }
      default:
        pos--;
        return fail(`unexpected '${tok.t === 'op' ? tok.op : tok.t}'`);
    }
  };

  const ast = expression(0);
  if (pos < tokens.length) fail('unexpected token');
  return ast;
}

function collectDeps(ast: CalcNode): CalcDeps {
  const fields = new Set<string>();
  const columns = new Set<string>();
  const walk = (n: CalcNode): void => {
    if (n.kind === 'field') fields.add(n.key);
    else if (n.kind === 'column' || n.kind === 'sum') columns.add(`${n.table}.${n.column}`);
    else if (n.kind === 'neg') walk(n.arg);
    else if (n.kind === 'bin') {
      walk(n.left);
      walk(n.right);
    }
  };
  walk(ast);
  return { fields: [...fields], columns: [...columns] };
}

/** Parses an expression (no cache). Throws CalcSyntaxError. */
export function parseCalc(source: string): CompiledCalc {
  if (source.length > CALC_MAX_LENGTH) throw new CalcSyntaxError('expression too long', CALC_MAX_LENGTH);
  if (source.trim() === '') throw new CalcSyntaxError('empty expression', 0);
  const ast = parseTokens(tokenize(source), source.length);
  return { source, ast, deps: collectDeps(ast) };
}

/** How many parsed expressions are kept; the oldest goes first. */
export const CALC_CACHE_SIZE = 500;
const cache = new Map<string, CompiledCalc | CalcSyntaxError>();

/**
 * The parsed expression, from the cache after the first call: recalculating on each keystroke
 * walks the stored tree only. A malformed expression is remembered too (and thrown again).
 */
export function compileCalc(source: string): CompiledCalc {
  let hit = cache.get(source);
  if (hit === undefined) {
    try {
      hit = parseCalc(source);
    } catch (e) {
      if (!(e instanceof CalcSyntaxError)) throw e;
      hit = e;
    }
    if (cache.size >= CALC_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(source, hit);
  }
  if (hit instanceof CalcSyntaxError) throw hit;
  return hit;
}

/** Number of cached expressions (for tests and the bench). */
export const calcCacheSize = () => cache.size;

/** A token of the JNPF designer's expression list: an operator, a parenthesis, a digit or a field. */
export type CalcToken = string | number | { readonly __vModel__: string };

/**
 * The designer's token list as expression text. Adjacent digits and dots join into one number
 * (the designer adds them one key at a time); a field becomes `{key}` (`table.column` for a column).
 */
export function fromTokens(tokens: readonly CalcToken[]): string {
  let out = '';
  let prevDigit = false;
  for (const tok of tokens) {
    if (typeof tok === 'object') {
      out += `${out ? ' ' : ''}{${tok.__vModel__}}`;
      prevDigit = false;
      continue;
    }
    const text = String(tok).trim();
    const digit = /^[0-9.]+$/.test(text);
    out += (digit && prevDigit) || !out ? text : ` ${text}`;
    prevDigit = digit;
  }
  return out;
}
