import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  messageListQuerySchema,
  messagePaths,
  noticeBodySchema,
  noticeListQuerySchema,
  readAllBodySchema,
  recordDeleteBodySchema,
} from '../../../src/contracts/message';
import { idParam as id, needs } from '../../lib/route-options';
import { parse } from '../../lib/validate';
import { ifMatchVersion } from '../../lib/versions';
import { requireAuth } from '../../plugins/auth';
import { ok } from '../../plugins/errors';
import type { MessageService } from './service';

const NOTICE = 'system.notice';

const userOf = (req: FastifyRequest) => requireAuth(req).userId;

/**
 * Messages (spec 7.4): what the signed-in user received (any user), and notice administration
 * (system.notice, checked on every call).
 */
export function messageRoutes(app: FastifyInstance, service: MessageService) {
  // ---- the user's own messages ---------------------------------------------------------------------
  app.get(messagePaths.messages, async (req) => ok(await service.received(userOf(req), parse(messageListQuerySchema, req.query))));
  app.get(messagePaths.readInfo, async (req) => {
    const messageId = id(req);
    return ok(await service.readInfo(userOf(req), messageId));
  });
  app.post(messagePaths.readAll, async (req) => ok(await service.readAll(userOf(req), parse(readAllBodySchema, req.body))));
  app.delete(messagePaths.records, async (req) => {
    const { ids } = parse(recordDeleteBodySchema, req.body);
    return ok(await service.deleteRecords(userOf(req), ids), '删除成功');
  });

  // ---- notice administration -------------------------------------------------------------------
  app.get(messagePaths.notices, needs(NOTICE), async (req) => ok(await service.noticeList(parse(noticeListQuerySchema, req.query))));
  app.post(messagePaths.messages, needs(NOTICE, 'btn_add'), async (req) => ok(await service.createNotice(userOf(req), parse(noticeBodySchema, req.body)), '新建成功'));
  app.get(messagePaths.notice, needs(NOTICE), async (req) => ok(await service.noticeInfo(id(req))));
  app.put(messagePaths.notice, needs(NOTICE, 'btn_edit'), async (req) => {
    const noticeId = id(req);
    const baseVersion = ifMatchVersion(req);
    return ok(await service.updateNotice(noticeId, parse(noticeBodySchema, req.body), baseVersion), '修改成功');
  });
  app.delete(messagePaths.notice, needs(NOTICE, 'btn_remove'), async (req) => {
    const noticeId = id(req);
    await service.deleteNotice(noticeId, ifMatchVersion(req));
    return ok(null, '删除成功');
  });
  app.put(messagePaths.release, needs(NOTICE, 'btn_release'), async (req) => {
    const noticeId = id(req);
    const baseVersion = ifMatchVersion(req);
    return ok(await service.releaseNotice(noticeId, baseVersion), '发布成功');
  });
}
