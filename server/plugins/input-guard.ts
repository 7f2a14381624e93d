import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors';

/** Deepest nesting of a JSON body walked; the body limit (1 MB) bounds the rest. */
const MAX_DEPTH = 32;

/** Whether a parsed query or JSON body holds a NUL character anywhere (a key or a string value). */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  for (const [k, v] of Object.entries(value)) if (k.includes('\u0000') || holdsNul(v, depth + 1)) return true;
  return false;
}

/**
 * PostgreSQL text cannot hold a NUL character: one in any field of a query string or JSON body would
 * reach the database as an error (a 500). Refused up front, for every route, with a 400. Path
 * parameters are not looked at here: each route parses its own with the shared id schemas
 * (src/contracts/common.ts), which give the clearer `ID格式不正确`.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    if (holdsNul(request.query) || holdsNul(request.body)) throw badRequest('请求内容含有不允许的字符');
  });
}
