/**
 * Response envelope and result codes shared by server and client (spec 7.1, 8).
 * Every API answer is `{ code, msg, data }`; `code` 200 (or 0 for the region service) is success.
 */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export const Code = {
  OK: 200,
  /** Region service success code (spec 7.5). */
  OK_ALT: 0,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  /** The write was based on an older version of the row (If-Match); `data` holds the current row. */
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** An Idempotency-Key reused for a different request (method or URL). */
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  SERVER_ERROR: 500,
  /** Token expired. */
  TOKEN_EXPIRED: 600,
  /** Token unknown or malformed. */
  TOKEN_INVALID: 601,
  /** Token revoked, or its user disabled. */
  TOKEN_REVOKED: 602,
} as const;

export type CodeValue = (typeof Code)[keyof typeof Code];

/** Codes that end the session (spec 4 Session, 8). */
export const SESSION_END_CODES: readonly number[] = [Code.TOKEN_EXPIRED, Code.TOKEN_INVALID, Code.TOKEN_REVOKED];

export function isSuccessCode(code: unknown): boolean {
  return code === Code.OK || code === Code.OK_ALT;
}
