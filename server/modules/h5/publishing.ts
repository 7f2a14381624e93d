import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../lib/module';
import { pageTemplate } from './publish-html';
import { publishRepo } from './publish-repo';
import { publishRoutes } from './publish-routes';
import { publishService } from './publish-service';
import { formRepo, formService } from './form-service';
import { publicFormRoutes, publicPageRoutes } from './public-routes';
import { templateRepo, templateService } from './template-service';
import { workRepo } from './work-repo';

/**
 * Part 2 of the page builder (issue 19), registered by the h5 module: publishing and the public
 * page. The published page's HTML comes from the runtime build in the static directory
 * (YUNMIAN_STATIC_DIR, `p/index.html`), as the server finds the PWA's.
 */
export function registerPublishing(app: FastifyInstance, { db, config }: Pick<ModuleDeps, 'db' | 'rootDb' | 'config'>) {
  const snapshots = publishRepo(db);
  const works = workRepo(db);
  const publish = publishService(snapshots);
  const forms = formService(formRepo(db), publish, snapshots, works);
  publishRoutes(app, publish, templateService(templateRepo(db), works), forms);
  publicPageRoutes(app, publish, pageTemplate(config.staticDir));
  publicFormRoutes(app, forms);
}
