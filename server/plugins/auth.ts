import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
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

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
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
  if (!token || token.length > 200) throw tokenInvalid();
  const rows = await db
    .select({
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
  return {
    userId: row.userId,
    sessionId: row.sessionId,
    account: row.account,
    isAdministrator: row.isAdministrator,
    loginLogId: row.loginLogId,
    token,
    expiresAt: row.expiresAt,
  };
}

/** Every route needs a valid session unless its config says `auth: false`. */
export function registerAuth(app: FastifyInstance, db: Db) {
  app.decorateRequest('auth', null);
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config?.auth === false) return;
    if (!request.routeOptions.url) return; // not-found handler
    request.auth = await resolveSession(db, bearerToken(request));
  });
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw tokenInvalid();
  return request.auth;
}
