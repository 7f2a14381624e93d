import type { FastifyInstance } from 'fastify';
import { homePaths, homeSummarySchema } from '../../../src/contracts/home';
import { requireAuth } from '../../plugins/auth';
import { ok } from '../../plugins/errors';
import type { HomeService } from './service';

/** The /home dashboard figures. */
export function homeRoutes(app: FastifyInstance, service: HomeService) {
  // The shared schema is the response contract: what leaves here is exactly what the client types.
  app.get(homePaths.summary, { config: { etag: true } }, async (req) => ok(homeSummarySchema.parse(await service.summary(requireAuth(req)))));
}
