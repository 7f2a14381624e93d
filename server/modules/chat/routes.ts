import type { FastifyInstance } from 'fastify';
import { chatPaths, chatSinceQuerySchema } from '../../../src/contracts/chat';
import { parse } from '../../lib/validate';
import { requireAuth } from '../../plugins/auth';
import { ok } from '../../plugins/errors';
import type { ChatService } from './service';

/**
 * Chat over HTTP: the drawer's contacts and the catch-up of a returning client. Any signed-in
 * user, about their own conversations only (the session decides whose).
 */
export function chatRoutes(app: FastifyInstance, service: ChatService) {
  app.get(chatPaths.users, async (req) => ok(await service.contacts(requireAuth(req).userId)));
  app.get(chatPaths.since, async (req) => {
    const { userId } = requireAuth(req);
    return ok(await service.since(userId, parse(chatSinceQuerySchema, req.query)));
  });
}
