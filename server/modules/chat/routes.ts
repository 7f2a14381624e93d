import type { FastifyInstance } from 'fastify';
import { chatPaths, chatSinceQuerySchema, readBodySchema, sendMessageBodySchema, type SendMessageFrame } from '../../../src/contracts/chat';
import { parse } from '../../lib/validate';
import { requireAuth } from '../../plugins/auth';
import { ok } from '../../plugins/errors';
import type { ChatService } from './service';

/**
 * Chat over HTTP: the drawer's contacts, the catch-up of a returning client, and sends and read
 * marks of the sync queue while the websocket is closed. Any signed-in
 * user, about their own conversations only (the session decides whose).
 */
export function chatRoutes(app: FastifyInstance, service: ChatService) {
  app.get(chatPaths.users, async (req) => ok(await service.contacts(requireAuth(req).userId)));
  app.get(chatPaths.since, async (req) => {
    const { userId } = requireAuth(req);
    return ok(await service.since(userId, parse(chatSinceQuerySchema, req.query)));
  });
  // SendMessage and UpdateReadMessage for the client's sync queue while its websocket is not open.
  // Idempotent by themselves (the device id; a read mark twice is one), so outside the Idempotency-Key
  // transaction: the send joins the group commit of its event-loop turn like a frame.
  app.post(chatPaths.send, { config: { idempotency: false } }, async (req) => {
    const { userId } = requireAuth(req);
    const body = parse(sendMessageBodySchema, req.body);
    const { message } = await service.send(userId, { method: 'SendMessage', token: '-', ...body } as SendMessageFrame);
    return ok(message);
  });
  app.post(chatPaths.read, { config: { idempotency: false } }, async (req) => {
    const { userId } = requireAuth(req);
    await service.read(userId, parse(readBodySchema, req.body).formUserId);
    return ok(null);
  });
}
