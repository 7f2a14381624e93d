import type { FastifyInstance, FastifyRequest } from 'fastify';
import { h5PublishMessages, h5PublishPaths } from '../../../src/contracts/h5-publish';
import { workIdParamSchema } from '../../../src/contracts/h5';
import { needs } from '../../lib/route-options';
import { parse } from '../../lib/validate';
import { requireAuth } from '../../plugins/auth';
import { ok } from '../../plugins/errors';
import type { PublishService } from './publish-service';
import { WORKS_MODULE } from './routes';

const userOf = (req: FastifyRequest) => requireAuth(req).userId;
const workIdOf = (req: FastifyRequest) => parse(workIdParamSchema, req.params).workId;

/**
 * Publishing calls (issue 19), the caller's own works, 我的作品 grant with its edit button:
 * publish (a new snapshot, answers its number and the public URL) and unpublish.
 */
export function publishRoutes(app: FastifyInstance, publish: PublishService) {
  app.post(h5PublishPaths.publish, needs(WORKS_MODULE, 'btn_edit'), async (req) => {
    const userId = userOf(req);
    return ok(await publish.publish(userId, workIdOf(req)), h5PublishMessages.published);
  });

  app.post(h5PublishPaths.unpublish, needs(WORKS_MODULE, 'btn_edit'), async (req) => {
    const userId = userOf(req);
    return ok(await publish.unpublish(userId, workIdOf(req)), h5PublishMessages.unpublished);
  });
}
