import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  h5Paths,
  workCreateBodySchema,
  workIdBodySchema,
  workIdParamSchema,
  workListBodySchema,
  workUpdateBodySchema,
} from '../../../src/contracts/h5';
import { needs } from '../../lib/route-options';
import { parse } from '../../lib/validate';
import { ifMatchVersion } from '../../lib/versions';
import { requireAuth } from '../../plugins/auth';
import { ok } from '../../plugins/errors';
import type { ImageService } from './images';
import { checkWorkSize, parseWork, WORK_BODY_LIMIT } from './work-body';
import type { WorkService } from './work-service';

/** Menu entries (enCode) whose grants the calls need: 我的作品 and 素材库 under 营销活动. */
export const WORKS_MODULE = 'h5.works';
export const IMAGES_MODULE = 'h5.images';

const userOf = (req: FastifyRequest) => requireAuth(req).userId;

/**
 * The calls that carry a whole work: Fastify reads bodies up to WORK_BODY_LIMIT here (1 MB
 * elsewhere) so that our WORK_MAX_BYTES check answers with its own message; a declared
 * Content-Length above it is refused before the body is read.
 */
const workBody = {
  bodyLimit: WORK_BODY_LIMIT,
  onRequest: async (req: FastifyRequest) => checkWorkSize(req.headers['content-length']),
};
/** The body's size once read (a request without Content-Length, e.g. chunked). */
const sizeOf = (req: FastifyRequest) => (req.headers['content-length'] === undefined ? checkWorkSize(undefined, req.body) : undefined);

/**
 * The page-builder calls (spec 7.9) at their documented paths. Every call is the caller's own: a
 * work or image of another user is answered as missing. Menu grants: h5.works (btn_add create,
 * btn_edit update, btn_remove delete), h5.images (btn_remove).
 */
export function h5Routes(app: FastifyInstance, works: WorkService, images: ImageService) {
  app.post(h5Paths.list, needs(WORKS_MODULE), async (req) => ok(await works.list(userOf(req), parse(workListBodySchema, req.body))));

  app.post(h5Paths.create, { ...needs(WORKS_MODULE, 'btn_add'), ...workBody }, async (req) => {
    const userId = userOf(req);
    sizeOf(req);
    return ok(await works.create(userId, parseWork(workCreateBodySchema, req.body)), '新建成功');
  });

  app.post(h5Paths.update, { ...needs(WORKS_MODULE, 'btn_edit'), ...workBody }, async (req) => {
    const userId = userOf(req);
    sizeOf(req);
    const baseVersion = ifMatchVersion(req);
    return ok(await works.update(userId, parseWork(workUpdateBodySchema, req.body), baseVersion), '修改成功');
  });

  app.post(h5Paths.invalid, needs(WORKS_MODULE, 'btn_remove'), async (req) => {
    const userId = userOf(req);
    const { id } = parse(workIdBodySchema, req.body);
    await works.invalid(userId, id, ifMatchVersion(req));
    return ok(null, '删除成功');
  });

  app.get(h5Paths.get, needs(WORKS_MODULE), async (req) => {
    const userId = userOf(req);
    return ok(await works.get(userId, parse(workIdParamSchema, req.params).workId));
  });

  app.post(h5Paths.bgList, needs(IMAGES_MODULE), async (req) => ok(await images.list(userOf(req), parse(workListBodySchema, req.body))));

  app.post(h5Paths.bgInvalid, needs(IMAGES_MODULE, 'btn_remove'), async (req) => {
    const userId = userOf(req);
    await images.invalid(userId, parse(workIdBodySchema, req.body).id);
    return ok(null, '删除成功');
  });
}
