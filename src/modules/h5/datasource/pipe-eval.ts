import jsonata from 'jsonata';
import type { PipeReply, PipeRequest } from './pipe-protocol';

/**
 * A datasource's pipe (spec 3: a response-handler expression) evaluated with JSONata: a JSON query
 * and transform language (`store.items[price > 100].{ "title": name }`), not JavaScript. An
 * expression can only read the data it is given and call JSONata's own functions: no `window`,
 * `document`, cookies, storage, `fetch` or any other JS global is reachable from it. What it cannot
 * be kept from is running long (a recursive function, a huge range, a slow regular expression):
 * that is why it runs in a worker that the page ends after PIPE_TIMEOUT_MS (pipe-runner.ts).
 *
 * This file is the worker's (pipe-worker.ts) and the tests'; the page never imports it.
 */

const isFunctionLike = (v: object) => typeof v === 'function' || '_jsonata_lambda' in v || '_jsonata_function' in v;

function plain(v: unknown, seen: Set<object>): unknown {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if ((typeof v !== 'object' && typeof v !== 'function') || isFunctionLike(v as object)) return undefined;
  const o = v as object;
  if (seen.has(o)) return undefined;
  seen.add(o);
  let out: unknown;
  if (Array.isArray(o)) out = o.map((x) => plain(x, seen) ?? null);
  else {
    const rec: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(o)) {
      const p = plain(x, seen);
      if (p !== undefined) rec[k] = p;
    }
    out = rec;
  }
  seen.delete(o);
  return out;
}

/** A JSONata result as plain JSON: sequences become arrays, functions are dropped, nothing (no match) is null. */
export function toPlainJson(value: unknown): unknown {
  return plain(value, new Set()) ?? null;
}

interface JsonataError {
  message?: string;
  code?: string;
  position?: number;
}

/** The words of a failed pipe: JSONata's message with its code and position when it has them. */
export function pipeErrorText(e: unknown): string {
  if (e && typeof e === 'object') {
    const { message, code, position } = e as JsonataError;
    const where = [code, typeof position === 'number' ? `@${position}` : ''].filter(Boolean).join(' ');
    if (message) return where ? `${message} (${where})` : message;
  }
  return String(e);
}

/** Runs `expr` over `input`; an empty pipe passes the data through. */
export async function evaluatePipe(expr: string, input: unknown): Promise<unknown> {
  if (!expr.trim()) return input;
  return toPlainJson(await jsonata(expr).evaluate(input));
}

/** One request of the worker's protocol answered. */
export async function handlePipeRequest(req: PipeRequest): Promise<PipeReply> {
  try {
    return { id: req.id, ok: true, value: await evaluatePipe(req.expr, req.input) };
  } catch (e) {
    return { id: req.id, ok: false, error: pipeErrorText(e) };
  }
}
