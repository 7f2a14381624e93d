import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formListBodySchema, h5PublishMessages, h5PublishPaths, templateFlagQuerySchema, templateListBodySchema, type WorkStats } from '../../../src/contracts/h5-publish';
import { workIdParamSchema } from '../../../src/contracts/h5';
import { attachment } from '../../lib/download';
import { needs } from '../../lib/route-options';
import { parse } from '../../lib/validate';
import { requireAuth } from '../../plugins/auth';
import { ok } from '../../plugins/errors';
import { formWorkbook } from './form-export';
import type { FormService } from './form-service';
import type { PublishService } from './publish-service';
import type { TemplateService } from './template-service';
import { WORKS_MODULE } from './routes';

const userOf = (req: FastifyRequest) => requireAuth(req).userId;
const workIdOf = (req: FastifyRequest) => parse(workIdParamSchema, req.params).workId;

/**
 * Publishing calls (issue 19), the caller's own works, 我的作品 grant: publish (a new snapshot,
 * answers its number and the public URL) and unpublish with its edit button; the template centre
 * (spec 7.9): set / unset (edit button), list, use (add button: it creates a work); the data
 * centre: a work's submissions (paged, searched), their Excel export, views and visitors.
 */
export interface PublishingServices {
  publish: PublishService;
  templates: TemplateService;
  forms: FormService;
  /** Views and visitors of one of the user's works. */
  stats(userId: string, workId: string): Promise<WorkStats>;
}

export function publishRoutes(app: FastifyInstance, { publish, templates, forms, stats }: PublishingServices) {
  app.post(h5PublishPaths.publish, needs(WORKS_MODULE, 'btn_edit'), async (req) => {
    const userId = userOf(req);
    return ok(await publish.publish(userId, workIdOf(req)), h5PublishMessages.published);
  });

  app.post(h5PublishPaths.unpublish, needs(WORKS_MODULE, 'btn_edit'), async (req) => {
    const userId = userOf(req);
    return ok(await publish.unpublish(userId, workIdOf(req)), h5PublishMessages.unpublished);
  });

  app.post(h5PublishPaths.templateList, needs(WORKS_MODULE), async (req) => {
    const userId = userOf(req);
    return ok(await templates.list(userId, parse(templateListBodySchema, req.body ?? {})));
  });

  app.post(h5PublishPaths.template, needs(WORKS_MODULE, 'btn_edit'), async (req) => {
    const userId = userOf(req);
    const workId = workIdOf(req);
    const { flag } = parse(templateFlagQuerySchema, req.query);
    return ok(await templates.setFlag(userId, workId, flag));
  });

  app.post(h5PublishPaths.templateUse, needs(WORKS_MODULE, 'btn_add'), async (req) => {
    const userId = userOf(req);
    return ok(await templates.use(userId, workIdOf(req)), '新建成功');
  });

  app.post(h5PublishPaths.formList, needs(WORKS_MODULE), async (req) => {
    const userId = userOf(req);
    const workId = workIdOf(req);
    return ok(await forms.list(userId, workId, parse(formListBodySchema, req.body ?? {})));
  });

  app.get(h5PublishPaths.formExport, needs(WORKS_MODULE), async (req, reply) => {
    const userId = userOf(req);
    const data = await forms.all(userId, workIdOf(req));
    const file = await formWorkbook(data);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', attachment(data.title || 'form', 'form-data'))
      .header('cache-control', 'private, no-store')
      .send(file);
  });

  app.post(h5PublishPaths.stats, needs(WORKS_MODULE), async (req) => {
    const userId = userOf(req);
    return ok(await stats(userId, workIdOf(req)));
  });
}
