import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idSchema } from '../../../src/contracts/common';
import { NAME_MAX } from '../../../src/contracts/limits';
import { FIELD_KEY_MAX } from '../../../src/contracts/online-dev-model';
import { modelBodySchema, modelListQuerySchema, publishBodySchema, recordBodySchema, recordListQuerySchema } from '../../../src/contracts/online-dev-schemas';
import { MODEL_DESIGN_MODULE, onlineDevPaths } from '../../../src/contracts/online-dev-paths';
import { attachment } from '../../lib/download';
import { badRequest } from '../../lib/errors';
import { cached, idParam, needs } from '../../lib/route-options';
import { parse } from '../../lib/validate';
import { ifMatchVersion } from '../../lib/versions';
import { requireAuth } from '../../plugins/auth';
import { ok } from '../../plugins/errors';
import { exportWorkbook, TEMPLATE_SUFFIX, templateWorkbook, xlsxType } from './export';
import type { InterfaceService } from './interface-service';
import type { ModelService } from './model-service';
import { RELATION_OPTIONS_MAX, type RecordService } from './record-service';

const DESIGN = MODEL_DESIGN_MODULE;
const recordParams = z.object({ id: idSchema, recordId: idSchema });
const relationQuery = z.object({
  from: idSchema,
  field: z.string().min(1).max(FIELD_KEY_MAX),
  keyword: z.string().trim().max(NAME_MAX).default(''),
  /** Ids whose titles are wanted (a form showing its current value), comma-separated: at most RELATION_OPTIONS_MAX ids of 26 characters and a comma each. */
  ids: z
    .string()
    .max(27 * RELATION_OPTIONS_MAX)
    .optional()
    .transform((v) => (v ? v.split(',').filter(Boolean) : undefined))
    .pipe(z.array(idSchema).max(RELATION_OPTIONS_MAX).optional()),
  n: z.string().optional(),
});

const auth = (req: FastifyRequest) => requireAuth(req);
const records = (req: FastifyRequest) => parse(recordParams, req.params);

/** Online development's calls (spec 7.6, 7.7): the designer's models, a published model's records, data interfaces. */
export function onlineDevRoutes(app: FastifyInstance, s: { models: ModelService; records: RecordService; interfaces: InterfaceService }) {
  // ---- the designer (功能设计): the administrator's models ----------------------------------------
  app.get(onlineDevPaths.models, needs(DESIGN), async (req) => ok(await s.models.list(parse(modelListQuerySchema, req.query))));
  app.post(onlineDevPaths.models, needs(DESIGN, 'btn_add'), async (req) => ok(await s.models.create(parse(modelBodySchema, req.body), auth(req).userId), '新建成功'));
  app.get(onlineDevPaths.model, needs(DESIGN), async (req) => ok(await s.models.info(idParam(req))));
  app.put(onlineDevPaths.model, needs(DESIGN, 'btn_edit'), async (req) => {
    const id = idParam(req);
    const baseVersion = ifMatchVersion(req);
    return ok(await s.models.update(id, parse(modelBodySchema, req.body), baseVersion), '保存成功');
  });
  app.delete(onlineDevPaths.model, needs(DESIGN, 'btn_remove'), async (req) => {
    const id = idParam(req);
    await s.models.remove(id, ifMatchVersion(req));
    return ok(null, '删除成功');
  });
  // Outside a request-wide transaction: on PostgreSQL the list's indexes are built concurrently.
  app.post(onlineDevPaths.publish, { config: { ...needs(DESIGN, 'btn_edit').config, idempotency: false } }, async (req) =>
    ok(await s.models.publish(idParam(req), parse(publishBodySchema, req.body)), '发布成功'),
  );
  app.get(onlineDevPaths.selector, cached, async () => ok({ list: await s.models.selector() }));
  app.get(onlineDevPaths.fieldDataSelect, cached, async (req) => ok({ list: await s.models.fields(idParam(req)) }));

  // ---- a published model and its records (spec 7.6) ------------------------------------------------
  app.get(onlineDevPaths.config, cached, async (req) => ok(await s.records.config(auth(req), idParam(req))));
  app.get(onlineDevPaths.list, async (req) => ok(await s.records.list(auth(req), idParam(req), parse(recordListQuerySchema, req.query))));
  app.post(onlineDevPaths.create, async (req) => ok(await s.records.create(auth(req), idParam(req), parse(recordBodySchema, req.body)), '新建成功'));
  app.get(onlineDevPaths.record, async (req) => {
    const { id, recordId } = records(req);
    return ok(await s.records.get(auth(req), id, recordId));
  });
  app.put(onlineDevPaths.record, async (req) => {
    const { id, recordId } = records(req);
    const baseVersion = ifMatchVersion(req);
    const body = parse(recordBodySchema, req.body);
    if (body.id && body.id !== recordId) throw badRequest('记录ID与路径不一致');
    return ok(await s.records.update(auth(req), id, recordId, body, baseVersion), '修改成功');
  });
  app.delete(onlineDevPaths.record, async (req) => {
    const { id, recordId } = records(req);
    await s.records.remove(auth(req), id, recordId, ifMatchVersion(req));
    return ok(null, '删除成功');
  });
  app.get(onlineDevPaths.dataChange, async (req) => {
    const { id, recordId } = records(req);
    return ok(await s.records.dataChange(auth(req), id, recordId));
  });
  app.post(onlineDevPaths.export, async (req, reply) => {
    const q = parse(recordListQuerySchema, req.body ?? {});
    const { model, columns, rows, names } = await s.records.exportRows(auth(req), idParam(req), q);
    const file = await exportWorkbook(model.config, model.fullName, columns, rows, names);
    return reply.header('content-type', xlsxType).header('content-disposition', attachment(model.fullName, 'export')).header('cache-control', 'private, no-store').send(file);
  });
  app.get(onlineDevPaths.template, async (req, reply) => {
    const m = await s.records.published(idParam(req));
    await s.records.authorize(auth(req), m, 'btn_add');
    const file = await templateWorkbook(m.config, m.fullName);
    return reply.header('content-type', xlsxType).header('content-disposition', attachment(m.fullName + TEMPLATE_SUFFIX, 'template')).header('cache-control', 'private, no-store').send(file);
  });
  app.get(onlineDevPaths.relationOptions, async (req) => {
    const id = idParam(req);
    const q = parse(relationQuery, req.query);
    return ok({ list: await s.records.relationOptions(auth(req), id, q.from, q.field, q.keyword, q.ids) });
  });

  // ---- data interfaces (spec 7.7) --------------------------------------------------------------------
  app.get(onlineDevPaths.dataInterfaces, needs(DESIGN), async () => ok({ list: await s.interfaces.selector() }));
  app.get(onlineDevPaths.dataInterface, cached, async (req) => ok(await s.interfaces.info(auth(req), idParam(req))));
  app.get(onlineDevPaths.dataInterfaceResponse, async (req) => ok(await s.interfaces.response(auth(req), idParam(req))));
}
