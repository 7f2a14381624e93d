import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors';

/**
 * The base version of a write from its `If-Match` header: a plain integer, quotes (and a weak
 * `W/` prefix) allowed. Absent or `*` → undefined (last writer wins); anything else → 400.
 */
export function ifMatchVersion(request: FastifyRequest): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined) return undefined;
  const value = String(header).trim();
  if (value === '*') return undefined;
  const m = /^(?:W\/)?"?(\d{1,10})"?$/.exec(value);
  const version = m ? Number(m[1]) : NaN;
  if (!Number.isSafeInteger(version) || version > 2_147_483_647) throw badRequest('If-Match格式不正确，应为版本号');
  return version;
}
