import type { z } from 'zod';
import { h5Messages, LAST_PAGE_MESSAGE, WORK_MAX_BYTES } from '../../../src/contracts/h5';
import { Code } from '../../../src/contracts/codes';
import { ApiError, badRequest } from '../../lib/errors';
import { parse } from '../../lib/validate';

/**
 * Reading a work from a request body: its size, its shape (the contract's zod schemas) and text
 * PostgreSQL's jsonb can store. Every refusal happens before anything is written.
 */

export const workTooLarge = () => new ApiError(Code.PAYLOAD_TOO_LARGE, 413, h5Messages.tooLarge);

/** Fastify's body limit on the calls that carry a work: above ours, so our check (and message) decides up to it. */
export const WORK_BODY_LIMIT = WORK_MAX_BYTES + 1024 * 1024;

/**
 * Refuses a work body over WORK_MAX_BYTES: by its Content-Length when the request has one (checked
 * before the body is read), else by the size of its JSON.
 */
export function checkWorkSize(contentLength: string | undefined, body?: unknown) {
  const declared = contentLength === undefined ? NaN : Number(contentLength);
  const bytes = Number.isFinite(declared) ? declared : body === undefined ? 0 : Buffer.byteLength(JSON.stringify(body) ?? '');
  if (bytes > WORK_MAX_BYTES) throw workTooLarge();
}

/** `pages[0].elements[2].commonStyle.top` for a zod issue path. */
export function issuePath(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('');
}

/**
 * Parses a work body with its schema. A problem inside an element is `badElementAt` naming where
 * (data: `{ path }`); no page at all is the spec's last-page message; anything else is the usual
 * field message of `parse`.
 */
export function parseWork<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return wellFormed(result.data) as z.output<S>;
  const issue = result.error.issues[0]!;
  if (issue.path[0] === 'pages' && issue.path[2] === 'elements' && issue.path.length > 3) {
    const path = issuePath(issue.path);
    throw new ApiError(Code.BAD_REQUEST, 400, h5Messages.badElementAt, { path }, { path });
  }
  if (issue.message === LAST_PAGE_MESSAGE) throw badRequest(h5Messages.lastPage);
  return parse(schema, body);
}

/** Deepest nesting walked (zod has checked the shape; pluginProps may nest deeper). */
const MAX_DEPTH = 64;
const HAS_LONE_SURROGATE = /\p{Cs}/u;
const LONE_SURROGATES = /\p{Cs}/gu;
const fix = (s: string) => (HAS_LONE_SURROGATE.test(s) ? s.replace(LONE_SURROGATES, '\uFFFD') : s);

/**
 * The value with half surrogate pairs (a broken emoji) in its strings and keys turned into U+FFFD:
 * jsonb refuses them, and a work must not fail to save for one. Values deeper than MAX_DEPTH
 * become null.
 */
export function wellFormed(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return fix(value);
  if (!value || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) return value.map((v) => wellFormed(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    // A key `__proto__` (JSON may have one) stays a key, not the object's prototype.
    if (k === '__proto__') Object.defineProperty(out, k, { value: wellFormed(v, depth + 1), enumerable: true, writable: true, configurable: true });
    else out[fix(k)] = wellFormed(v, depth + 1);
  }
  return out;
}
