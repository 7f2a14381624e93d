import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { tokenExpired, tokenInvalid, tokenRevoked } from '../lib/errors';
import { tokenHash } from '../lib/passwords';

export interface AuthContext {
  userId: string;
  sessionId: string;
  account: string;
  isAdministrator: boolean;
  loginLogId: string | null;
  token: string;
  expiresAt: Date;
}

/**
 * Something another plugin reads about the request's user in the session's own query, so a call
 * costs one round trip less: SQL over the session's row (`sessions`, `users`), or null when this
 * request needs nothing. Its value lands in `request.alongSession[name]`.
 */
export type SessionLookup = (request: FastifyRequest) => SQL | null;

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /** What the session lookups (`app.alongSession`) read with the session, by name; null before the session is known. */
    alongSession: Record<string, unknown> | null;
  }
  interface FastifyInstance {
    /** Adds a lookup read in the same query as the session (see SessionLookup). Register before the routes. */
    alongSession(name: string, lookup: SessionLookup): void;
  }
  interface FastifyContextConfig {
    /** false: the route answers without a session (login, lock screen, health). */
    auth?: boolean;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const value = header.replace(/^Bearer\s+/i, '').trim();
  return value || null;
}

/**
 * Resolves a token to its session. Codes (spec 8): unknown or malformed → 601, expired → 600,
 * revoked or user disabled → 602. The session lives in the database, so any instance can check it.
 */
export async function resolveSession(db: Db, token: string | null): Promise<AuthContext> {
  return (await resolveSessionWith(db, token, {})).auth;
}

/** resolveSession, reading `along` (SQL over the session's row, by name) in the same query. */
export async function resolveSessionWith(db: Db, token: string | null, along: Record<string, SQL>): Promise<{ auth: AuthContext; along: Record<string, unknown> }> {
  if (!token || token.length > 200) throw tokenInvalid();
  const extra = Object.fromEntries(Object.entries(along).map(([name, q], i) => [name, q.as(`along_${i}`)]));
  const rows = await db
    .select({
      ...extra,
      sessionId: sessions.id,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      loginLogId: sessions.loginLogId,
      account: users.account,
      enabled: users.enabled,
      isAdministrator: users.isAdministrator,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash(token))))
    .limit(1);
  const row = rows[0];
  if (!row) throw tokenInvalid();
  if (row.revokedAt || !row.enabled) throw tokenRevoked();
  if (row.expiresAt.getTime() <= Date.now()) throw tokenExpired();
  const auth: AuthContext = {
    userId: row.userId,
    sessionId: row.sessionId,
    account: row.account,
    isAdministrator: row.isAdministrator,
    loginLogId: row.loginLogId,
    token,
    expiresAt: row.expiresAt,
  };
  const found = row as Record<string, unknown>;
  return { auth, along: Object.fromEntries(Object.keys(along).map((name) => [name, found[name]])) };
}

/**
 * Every route needs a valid session unless its config says `auth: false`. The session is read
 * from the database on every call (no cache: a session revoked on any instance is refused at
 * once), together with what the other plugins need of the same user (`app.alongSession`): the
 * route's permission, the stored answer of an Idempotency-Key.
 */
export function registerAuth(app: FastifyInstance, db: Db) {
  const lookups: Array<[string, SessionLookup]> = [];
  app.decorate('alongSession', (name: string, lookup: SessionLookup) => {
    if (lookups.some(([n]) => n === name)) throw new Error(`alongSession: "${name}" is registered already`);
    lookups.push([name, lookup]);
  });
  app.decorateRequest('auth', null);
  app.decorateRequest('alongSession', null);
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config?.auth === false) return;
    if (!request.routeOptions.url) return; // not-found handler
    const along: Record<string, SQL> = {};
    for (const [name, lookup] of lookups) {
      const q = lookup(request);
      if (q) along[name] = q;
    }
    const resolved = await resolveSessionWith(db, bearerToken(request), along);
    request.auth = resolved.auth;
    request.alongSession = resolved.along;
  });
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw tokenInvalid();
  return request.auth;
}
