import type { FastifyInstance } from 'fastify';
import { h5Messages } from '../../../src/contracts/h5';
import { notFound } from '../../lib/errors';
import type { ModuleDeps } from '../../lib/module';
import { pageTemplate } from './publish-html';
import { publishRepo } from './publish-repo';
import { publishRoutes } from './publish-routes';
import { publishService } from './publish-service';
import { datasourceProxy } from './datasource-proxy';
import { formRepo, formService } from './form-service';
import { publicDatasourceRoutes, publicFormRoutes, publicPageRoutes, publicViewRoutes } from './public-routes';
import type { RegionServices } from '../base/public';
import { publicRegionRoutes } from './public-regions';
import { VIEW_FLUSH_MS, viewCounter } from './view-counter';
import { templateRepo, templateService } from './template-service';
import { workRepo } from './work-repo';

/**
 * Part 2 of the page builder (issue 19), registered by the h5 module: publishing and the public
 * page. The published page's HTML comes from the runtime build in the static directory
 * (YUNMIAN_STATIC_DIR, `p/index.html`), as the server finds the PWA's.
 */
export function registerPublishing(app: FastifyInstance, { db, config, regions }: Pick<ModuleDeps, 'db' | 'config'> & { regions: RegionServices }) {
  const snapshots = publishRepo(db);
  const works = workRepo(db);
  const publish = publishService(snapshots);
  const forms = formService(formRepo(db), publish, snapshots, works, regions.names);
  const views = viewCounter(db);
  views.start(VIEW_FLUSH_MS, (e) => app.log.error({ err: e }, 'page views not written'));
  app.addHook('onClose', async () => views.stop());
  const stats = async (userId: string, workId: string) => {
    if (!(await works.get(userId, workId))) throw notFound(h5Messages.notFound);
    return views.stats(workId);
  };
  publishRoutes(app, { publish, templates: templateService(templateRepo(db), works), forms, stats });
  publicPageRoutes(app, publish, pageTemplate(config.staticDir));
  publicFormRoutes(app, forms);
  publicViewRoutes(app, publish, views);
  publicDatasourceRoutes(app, datasourceProxy(publish));
  publicRegionRoutes(app, regions);
}
