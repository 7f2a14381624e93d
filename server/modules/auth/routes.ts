import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authPaths, loginBodySchema, loginQuerySchema, lockScreenBodySchema } from '../../../src/contracts/auth';
import { CLIENT_ID, CLIENT_SECRET, CLIENT_SCOPE, GRANT_TYPE } from '../../../src/contracts/limits';
import { clientRejected } from '../../lib/errors';
import { parse } from '../../lib/validate';
import { bearerToken, requireAuth, resolveSession } from '../../plugins/auth';
import { ok } from '../../plugins/errors';
import type { Db } from '../../db/client';
import type { AuthService, ClientInfo } from './service';

export const clientInfo = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

/** Session calls of spec 7.2. `db` resolves the token the lock screen may carry. */
export function authRoutes(app: FastifyInstance, service: AuthService, db: Db) {
  app.post(authPaths.login, { config: { auth: false } }, async (request) => {
    const query = parse(loginQuerySchema, request.query);
    if (
      query.client_id !== CLIENT_ID ||
      query.client_secret !== CLIENT_SECRET ||
      query.scope !== CLIENT_SCOPE ||
      query.grant_type !== GRANT_TYPE
    ) {
      throw clientRejected();
    }
    const body = parse(loginBodySchema, request.body);
    return ok(await service.login(body, clientInfo(request)), '登录成功');
  });

  app.post(authPaths.logout, async (request) => {
    await service.logout(requireAuth(request));
    return ok(null, '退出成功');
  });

  app.post(authPaths.lockScreen, { config: { auth: false } }, async (request) => {
    const body = parse(lockScreenBodySchema, request.body);
    const token = bearerToken(request);
    // Session codes are not raised here (spec 8); a token only binds the unlock to its own user.
    const session = token ? await resolveSession(db, token).catch(() => null) : null;
    await service.unlock(body, clientInfo(request), session);
    return ok(null, '解锁成功');
  });

  app.get(authPaths.currentUser, { config: { etag: true } }, async (request) => ok(await service.currentUser(requireAuth(request))));
}
