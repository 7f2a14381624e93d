import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idParamSchema } from '../../../src/contracts/common';
import {
  messageListQuerySchema,
  noticeBodySchema,
  noticeListQuerySchema,
  readAllBodySchema,
  recordDeleteBodySchema,
} from '../../../src/contracts/message';
import { parse } from '../../lib/validate';
import { ifMatchVersion } from '../../lib/versions';
import { requireAuth } from '../../plugins/auth';
import { ok } from '../../plugins/errors';
import type { RealtimeHub } from '../../plugins/realtime';
import { MESSAGE_EVENT, type MessageService } from './service';

/** Route options: the module (and button) the call needs (server/plugins/permissions.ts). */
const needs = (module: string, button?: string) => ({ config: { permission: button ? { module, button } : { module } } });

const NOTICE = 'system.notice';

const id = (req: FastifyRequest) => parse(idParamSchema, req.params).id;
const userOf = (req: FastifyRequest) => requireAuth(req).userId;

/**
 * Messages (spec 7.4): what the signed-in user received (any user), notice administration
 * (system.notice, checked on every call), and the realtime side: unread counts in initMessage and
 * a messagePush to the connected recipients of each message sent.
 */
export function messageRoutes(app: FastifyInstance, service: MessageService, realtime: RealtimeHub) {
  // ---- the user's own messages ---------------------------------------------------------------------
  app.get('/Message', async (req) => ok(await service.received(userOf(req), parse(messageListQuerySchema, req.query))));
  app.get('/Message/ReadInfo/:id', async (req) => {
    const messageId = id(req);
    return ok(await service.readInfo(userOf(req), messageId));
  });
  app.post('/Message/Actions/ReadAll', async (req) => ok(await service.readAll(userOf(req), parse(readAllBodySchema, req.body))));
  app.delete('/Message/Record', async (req) => {
    const { ids } = parse(recordDeleteBodySchema, req.body);
    return ok(await service.deleteRecords(userOf(req), ids), '删除成功');
  });

  // ---- notice administration -------------------------------------------------------------------
  app.get('/Message/Notice', needs(NOTICE), async (req) => ok(await service.noticeList(parse(noticeListQuerySchema, req.query))));
  app.post('/Message', needs(NOTICE, 'btn_add'), async (req) => ok(await service.createNotice(userOf(req), parse(noticeBodySchema, req.body)), '新建成功'));
  app.get('/Message/:id', needs(NOTICE), async (req) => ok(await service.noticeInfo(id(req))));
  app.put('/Message/:id', needs(NOTICE, 'btn_edit'), async (req) => {
    const noticeId = id(req);
    const baseVersion = ifMatchVersion(req);
    return ok(await service.updateNotice(noticeId, parse(noticeBodySchema, req.body), baseVersion), '修改成功');
  });
  app.delete('/Message/:id', needs(NOTICE, 'btn_remove'), async (req) => {
    const noticeId = id(req);
    await service.deleteNotice(noticeId, ifMatchVersion(req));
    return ok(null, '删除成功');
  });
  app.put('/Message/:id/Actions/Release', needs(NOTICE, 'btn_release'), async (req) => {
    const noticeId = id(req);
    const baseVersion = ifMatchVersion(req);
    return ok(await service.releaseNotice(noticeId, baseVersion), '发布成功');
  });

  // ---- realtime --------------------------------------------------------------------------------
  realtime.onInit((userId) => service.unreadCounts(userId));
  realtime.onEvent(MESSAGE_EVENT, (event, connectedUserIds) => service.pushes(String(event.id), connectedUserIds));
}
