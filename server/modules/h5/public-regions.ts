import type { FastifyInstance } from 'fastify';
import { regionQuerySchema } from '../../../src/contracts/base';
import { h5PublicPaths } from '../../../src/contracts/h5-publish';
import { parse } from '../../lib/validate';
import type { RegionServices } from '../base/public';
import { publicRoute } from './public-routes';

/** Regions change with the divisions' package (a release), not during a day. */
const REGIONS_MAX_AGE = 86_400;

/**
 * The provinces / cities / districts a published page's region field offers (issue 19, spec 3
 * Event form data province / city): public like the page itself, read by grade and parent
 * (`?grade=1&parentId=-1` for the provinces), cached a day by the browser and any CDN.
 */
export function publicRegionRoutes(app: FastifyInstance, regions: RegionServices) {
  app.get(h5PublicPaths.regions, publicRoute, async (req, reply) => {
    const { grade, parentId } = parse(regionQuerySchema, req.query);
    const list = await regions.regions(parentId, grade);
    reply.header('cache-control', `public, max-age=${REGIONS_MAX_AGE}`);
    return list.map((r) => ({ id: r.id, name: r.name, leaf: r.leaf }));
  });
}
