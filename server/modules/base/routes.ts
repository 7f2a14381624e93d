import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  areaBodySchema,
  areaListQuerySchema,
  areaParentParamSchema,
  billReserveSchema,
  billRuleBodySchema,
  billRuleListQuerySchema,
  dictionaryDataBodySchema,
  dictionaryDataQuerySchema,
  dictionaryTypeBodySchema,
  regionQuerySchema,
} from '../../../src/contracts/base';
import { enCodeSchema, idParamSchema, stateBodySchema } from '../../../src/contracts/common';
import { Code } from '../../../src/contracts/codes';
import { NAME_MAX } from '../../../src/contracts/limits';
import { requestLanguage, translate } from '../../lib/messages';
import { parse } from '../../lib/validate';
import { ifMatchVersion } from '../../lib/versions';
import { requireAuth } from '../../plugins/auth';
import type { PermissionRule } from '../../plugins/permissions';
import { ok } from '../../plugins/errors';
import type { BaseService } from './service';

const AREA = 'system.area';
const DICTIONARY = 'systemData.dictionary';
const BILL_RULE = 'system.billRule';
const BILL = '/api/craft/Base/BillRule';

/** Route options needing the module (and button) right. */
const needs = (module: string, button?: PermissionRule['button']) => ({ config: { permission: button ? { module, button } : { module } } });
/** Any signed-in user; the answer carries an ETag (304 on If-None-Match). */
const cached = { config: { etag: true } };

/** A dictionary type named by id or by code in the path (form controls use codes such as `sex`). */
const typeRefParamSchema = z.object({ id: z.string().trim().min(1).max(NAME_MAX) });
const selectorQuerySchema = z.object({ isTree: z.coerce.number().int().min(0).max(1).optional(), n: z.string().optional() });
const enCodeParamSchema = z.object({ enCode: enCodeSchema });

/** Base data of spec 7.5: areas, dictionaries, bill rules (with number generation) and regions. */
export function baseRoutes(app: FastifyInstance, service: BaseService) {
  const id = (req: { params: unknown }) => parse(idParamSchema, req.params).id;
  const state = (req: { body: unknown }) => parse(stateBodySchema, req.body).enabledMark;

  // ---- Area (`{id}` of the list and selector is a parent, '-1' for the top level) -------------
  app.get('/Base/Area/:id', needs(AREA), async (req) => {
    const { id: parentId } = parse(areaParentParamSchema, req.params);
    const { keyword } = parse(areaListQuerySchema, req.query);
    return ok({ list: await service.areaList(parentId, keyword) });
  });
  app.get('/Base/Area/:id/Selector', cached, async (req) => {
    const { id: parentId } = parse(areaParentParamSchema, req.params);
    return ok({ list: await service.areaSelector(parentId) });
  });
  app.get('/Base/Area/:id/Info', needs(AREA), async (req) => ok(await service.areaInfo(id(req))));
  app.post('/Base/Area', needs(AREA, 'btn_add'), async (req) => ok(await service.createArea(parse(areaBodySchema, req.body)), '新建成功'));
  app.put('/Base/Area/:id', needs(AREA, 'btn_edit'), async (req) => {
    const areaId = id(req);
    const baseVersion = ifMatchVersion(req);
    return ok(await service.updateArea(areaId, parse(areaBodySchema, req.body), baseVersion), '修改成功');
  });
  app.delete('/Base/Area/:id', needs(AREA, 'btn_remove'), async (req) => {
    const areaId = id(req);
    await service.deleteArea(areaId, ifMatchVersion(req));
    return ok(null, '删除成功');
  });
  app.put('/Base/Area/:id/Actions/State', needs(AREA, 'btn_edit'), async (req) => {
    const areaId = id(req);
    const baseVersion = ifMatchVersion(req);
    return ok(await service.setAreaState(areaId, state(req), baseVersion), '修改成功');
  });

  // ---- DictionaryType -------------------------------------------------------------------------
  app.get('/Base/DictionaryType', needs(DICTIONARY), async (req) => {
    const { keyword } = parse(areaListQuerySchema, req.query);
    return ok({ list: await service.dictionaryTypeList(keyword) });
  });
  app.get('/Base/DictionaryType/Selector', cached, async () => ok({ list: await service.dictionaryTypeSelector() }));
  app.get('/Base/DictionaryType/:id', needs(DICTIONARY), async (req) => ok(await service.typeInfo(id(req))));
  app.post('/Base/DictionaryType', needs(DICTIONARY, 'btn_add'), async (req) =>
    ok(await service.createDictionaryType(parse(dictionaryTypeBodySchema, req.body)), '新建成功'),
  );
  app.put('/Base/DictionaryType/:id', needs(DICTIONARY, 'btn_edit'), async (req) => {
    const typeId = id(req);
    const baseVersion = ifMatchVersion(req);
    return ok(await service.updateDictionaryType(typeId, parse(dictionaryTypeBodySchema, req.body), baseVersion), '修改成功');
  });
  app.delete('/Base/DictionaryType/:id', needs(DICTIONARY, 'btn_remove'), async (req) => {
    const typeId = id(req);
    await service.deleteDictionaryType(typeId, ifMatchVersion(req));
    return ok(null, '删除成功');
  });

  // ---- DictionaryData (`{id}` of the list and selectors is a type) -----------------------------
  app.get('/Base/DictionaryData/All', cached, async () => ok({ list: await service.dictionaryAll() }));
  app.get('/Base/DictionaryData/:id', needs(DICTIONARY), async (req) => {
    const typeId = id(req);
    return ok({ list: await service.dictionaryDataList(typeId, parse(dictionaryDataQuerySchema, req.query)) });
  });
  app.get('/Base/DictionaryData/:id/Selector', cached, async (req) => {
    const typeId = id(req);
    const { isTree } = parse(selectorQuerySchema, req.query);
    return ok({ list: await service.dictionaryDataSelector(typeId, isTree) });
  });
  app.get('/Base/DictionaryData/:id/Data/Selector', cached, async (req) => {
    const { id: typeRef } = parse(typeRefParamSchema, req.params);
    return ok({ list: await service.dictionaryOptions(typeRef) });
  });
  app.get('/Base/DictionaryData/:id/Info', needs(DICTIONARY), async (req) => ok(await service.itemInfo(id(req))));
  app.post('/Base/DictionaryData', needs(DICTIONARY, 'btn_add'), async (req) =>
    ok(await service.createDictionaryItem(parse(dictionaryDataBodySchema, req.body)), '新建成功'),
  );
  app.put('/Base/DictionaryData/:id', needs(DICTIONARY, 'btn_edit'), async (req) => {
    const itemId = id(req);
    const baseVersion = ifMatchVersion(req);
    return ok(await service.updateDictionaryItem(itemId, parse(dictionaryDataBodySchema, req.body), baseVersion), '修改成功');
  });
  app.delete('/Base/DictionaryData/:id', needs(DICTIONARY, 'btn_remove'), async (req) => {
    const itemId = id(req);
    await service.deleteDictionaryItem(itemId, ifMatchVersion(req));
    return ok(null, '删除成功');
  });
  app.put('/Base/DictionaryData/:id/Actions/State', needs(DICTIONARY, 'btn_edit'), async (req) => {
    const itemId = id(req);
    const baseVersion = ifMatchVersion(req);
    return ok(await service.setItemState(itemId, state(req), baseVersion), '修改成功');
  });

  // ---- BillRule -------------------------------------------------------------------------------
  app.get(BILL, needs(BILL_RULE), async (req) => ok(await service.billRuleList(parse(billRuleListQuerySchema, req.query))));
  app.get(`${BILL}/Selector`, async () => ok({ list: await service.billRuleSelector() }));
  app.get(`${BILL}/:id`, needs(BILL_RULE), async (req) => ok(await service.billRuleInfo(id(req))));
  app.post(BILL, needs(BILL_RULE, 'btn_add'), async (req) => ok(await service.createBillRule(parse(billRuleBodySchema, req.body)), '新建成功'));
  app.put(`${BILL}/:id`, needs(BILL_RULE, 'btn_edit'), async (req) => {
    const ruleId = id(req);
    const baseVersion = ifMatchVersion(req);
    return ok(await service.updateBillRule(ruleId, parse(billRuleBodySchema, req.body), baseVersion), '修改成功');
  });
  app.delete(`${BILL}/:id`, needs(BILL_RULE, 'btn_remove'), async (req) => {
    const ruleId = id(req);
    await service.deleteBillRule(ruleId, ifMatchVersion(req));
    return ok(null, '删除成功');
  });
  app.put(`${BILL}/:id/Actions/State`, needs(BILL_RULE, 'btn_edit'), async (req) => {
    const ruleId = id(req);
    const baseVersion = ifMatchVersion(req);
    return ok(await service.setBillRuleState(ruleId, state(req), baseVersion), '修改成功');
  });
  // Number generation (any signed-in user: every bill form takes numbers).
  app.post(`${BILL}/BillNumber/:enCode`, async (req) => {
    const { enCode } = parse(enCodeParamSchema, req.params);
    return ok(await service.billNumber(enCode, requireAuth(req).userId));
  });
  app.post(`${BILL}/BillNumber/:enCode/Actions/Reserve`, async (req) => {
    const { enCode } = parse(enCodeParamSchema, req.params);
    const { count, deviceId } = parse(billReserveSchema, req.body);
    return ok(await service.reserveBillNumbers(enCode, count, requireAuth(req).userId, deviceId));
  });

  // ---- Regions (success code 0, spec 7.5) -----------------------------------------------------
  app.get('/api/integration/district/select', cached, async (req) => {
    const { grade, parentId } = parse(regionQuerySchema, req.query);
    const msg = translate('操作成功', requestLanguage(req.headers['accept-language']));
    return { code: Code.OK_ALT, msg, data: await service.regions(parentId, grade) };
  });
}
