import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { areaBodySchema, areaListQuerySchema, areaParentParamSchema, BILL_RULE_MODULE, billReleaseSchema, billReserveSchema, billRuleBodySchema, billRuleListQuerySchema, dictionaryDataBodySchema, dictionaryDataQuerySchema, dictionaryTypeBodySchema, regionQuerySchema } from '../../../src/contracts/base';
import { basePaths } from '../../../src/contracts/base-paths';
import { Code } from '../../../src/contracts/codes';
import { enCodeSchema, idOrCodeParamSchema } from '../../../src/contracts/common';
import { requestLanguage, translate } from '../../lib/messages';
import { cached, idParam as id, needs, stateBody as state } from '../../lib/route-options';
import { parse } from '../../lib/validate';
import { ifMatchVersion } from '../../lib/versions';
import { requireAuth } from '../../plugins/auth';
import { ok } from '../../plugins/errors';
import type { AreaService } from './area-service';
import type { BillRuleService } from './bill-rule-service';
import type { DictionaryService } from './dictionary-service';
import type { RegionService } from './region-service';

const AREA = 'system.area';
const DICTIONARY = 'systemData.dictionary';
const BILL_RULE = BILL_RULE_MODULE;

const selectorQuerySchema = z.object({ isTree: z.coerce.number().int().min(0).max(1).optional(), n: z.string().optional() });
const enCodeParamSchema = z.object({ enCode: enCodeSchema });

export interface BaseServices {
  areas: AreaService;
  dictionaries: DictionaryService;
  billRules: BillRuleService;
  regions: RegionService;
}

/** Base data of spec 7.5: areas, dictionaries, bill rules (with number generation) and regions. */
export function baseRoutes(app: FastifyInstance, { areas, dictionaries, billRules, regions }: BaseServices) {
  // ---- Area (`:id` of the list and selector is a parent, '-1' for the top level) --------------
  app.get(basePaths.area, needs(AREA), async (req) => {
    const { id: parentId } = parse(areaParentParamSchema, req.params);
    const { keyword } = parse(areaListQuerySchema, req.query);
    return ok({ list: await areas.areaList(parentId, keyword) });
  });
  app.get(basePaths.areaSelector, cached, async (req) => {
    const { id: parentId } = parse(areaParentParamSchema, req.params);
    return ok({ list: await areas.areaSelector(parentId) });
  });
  app.get(basePaths.areaInfo, needs(AREA), async (req) => ok(await areas.areaInfo(id(req))));
  app.post(basePaths.areas, needs(AREA, 'btn_add'), async (req) => ok(await areas.createArea(parse(areaBodySchema, req.body)), '新建成功'));
  app.put(basePaths.area, needs(AREA, 'btn_edit'), async (req) => {
    const areaId = id(req);
    const baseVersion = ifMatchVersion(req);
    return ok(await areas.updateArea(areaId, parse(areaBodySchema, req.body), baseVersion), '修改成功');
  });
  app.delete(basePaths.area, needs(AREA, 'btn_remove'), async (req) => {
    const areaId = id(req);
    await areas.deleteArea(areaId, ifMatchVersion(req));
    return ok(null, '删除成功');
  });
  app.put(basePaths.areaState, needs(AREA, 'btn_edit'), async (req) => {
    const areaId = id(req);
    const baseVersion = ifMatchVersion(req);
    return ok(await areas.setAreaState(areaId, state(req), baseVersion), '修改成功');
  });

  // ---- DictionaryType -------------------------------------------------------------------------
  app.get(basePaths.dictionaryTypes, needs(DICTIONARY), async (req) => {
    const { keyword } = parse(areaListQuerySchema, req.query);
    return ok({ list: await dictionaries.dictionaryTypeList(keyword) });
  });
  app.get(basePaths.dictionaryTypeSelector, cached, async () => ok({ list: await dictionaries.dictionaryTypeSelector() }));
  app.get(basePaths.dictionaryType, needs(DICTIONARY), async (req) => ok(await dictionaries.typeInfo(id(req))));
  app.post(basePaths.dictionaryTypes, needs(DICTIONARY, 'btn_add'), async (req) =>
    ok(await dictionaries.createDictionaryType(parse(dictionaryTypeBodySchema, req.body)), '新建成功'),
  );
  app.put(basePaths.dictionaryType, needs(DICTIONARY, 'btn_edit'), async (req) => {
    const typeId = id(req);
    const baseVersion = ifMatchVersion(req);
    return ok(await dictionaries.updateDictionaryType(typeId, parse(dictionaryTypeBodySchema, req.body), baseVersion), '修改成功');
  });
  app.delete(basePaths.dictionaryType, needs(DICTIONARY, 'btn_remove'), async (req) => {
    const typeId = id(req);
    await dictionaries.deleteDictionaryType(typeId, ifMatchVersion(req));
    return ok(null, '删除成功');
  });

  // ---- DictionaryData (`:id` of the list and selectors is a type) ------------------------------
  app.get(basePaths.dictionaryAll, cached, async () => ok({ list: await dictionaries.dictionaryAll() }));
  app.get(basePaths.dictionaryItem, needs(DICTIONARY), async (req) => {
    const typeId = id(req);
    return ok({ list: await dictionaries.dictionaryDataList(typeId, parse(dictionaryDataQuerySchema, req.query)) });
  });
  app.get(basePaths.dictionaryItemSelector, cached, async (req) => {
    const typeId = id(req);
    const { isTree } = parse(selectorQuerySchema, req.query);
    return ok({ list: await dictionaries.dictionaryDataSelector(typeId, isTree) });
  });
  app.get(basePaths.dictionaryOptions, cached, async (req) => {
    // A type id or a type code (form controls use codes such as `sex`).
    const { id: typeRef } = parse(idOrCodeParamSchema, req.params);
    return ok({ list: await dictionaries.dictionaryOptions(typeRef) });
  });
  app.get(basePaths.dictionaryItemInfo, needs(DICTIONARY), async (req) => ok(await dictionaries.itemInfo(id(req))));
  app.post(basePaths.dictionaryData, needs(DICTIONARY, 'btn_add'), async (req) =>
    ok(await dictionaries.createDictionaryItem(parse(dictionaryDataBodySchema, req.body)), '新建成功'),
  );
  app.put(basePaths.dictionaryItem, needs(DICTIONARY, 'btn_edit'), async (req) => {
    const itemId = id(req);
    const baseVersion = ifMatchVersion(req);
    return ok(await dictionaries.updateDictionaryItem(itemId, parse(dictionaryDataBodySchema, req.body), baseVersion), '修改成功');
  });
  app.delete(basePaths.dictionaryItem, needs(DICTIONARY, 'btn_remove'), async (req) => {
    const itemId = id(req);
    await dictionaries.deleteDictionaryItem(itemId, ifMatchVersion(req));
    return ok(null, '删除成功');
  });
  app.put(basePaths.dictionaryItemState, needs(DICTIONARY, 'btn_edit'), async (req) => {
    const itemId = id(req);
    const baseVersion = ifMatchVersion(req);
    return ok(await dictionaries.setItemState(itemId, state(req), baseVersion), '修改成功');
  });

  // ---- BillRule -------------------------------------------------------------------------------
  app.get(basePaths.billRules, needs(BILL_RULE), async (req) => ok(await billRules.billRuleList(parse(billRuleListQuerySchema, req.query))));
  app.get(basePaths.billRuleSelector, async () => ok({ list: await billRules.billRuleSelector() }));
  app.get(basePaths.billRule, needs(BILL_RULE), async (req) => ok(await billRules.billRuleInfo(id(req))));
  app.post(basePaths.billRules, needs(BILL_RULE, 'btn_add'), async (req) => ok(await billRules.createBillRule(parse(billRuleBodySchema, req.body)), '新建成功'));
  app.put(basePaths.billRule, needs(BILL_RULE, 'btn_edit'), async (req) => {
    const ruleId = id(req);
    const baseVersion = ifMatchVersion(req);
    return ok(await billRules.updateBillRule(ruleId, parse(billRuleBodySchema, req.body), baseVersion), '修改成功');
  });
  app.delete(basePaths.billRule, needs(BILL_RULE, 'btn_remove'), async (req) => {
    const ruleId = id(req);
    await billRules.deleteBillRule(ruleId, ifMatchVersion(req));
    return ok(null, '删除成功');
  });
  app.put(basePaths.billRuleState, needs(BILL_RULE, 'btn_edit'), async (req) => {
    const ruleId = id(req);
    const baseVersion = ifMatchVersion(req);
    return ok(await billRules.setBillRuleState(ruleId, state(req), baseVersion), '修改成功');
  });
  // Number generation (any signed-in user: every bill form takes numbers).
  app.post(basePaths.billNumber, async (req) => {
    const { enCode } = parse(enCodeParamSchema, req.params);
    return ok(await billRules.billNumber(enCode, requireAuth(req).userId));
  });
  // Blocks for offline use: only for users granted the screen that takes numbers (BILL_RULE_MODULE).
  app.post(basePaths.billNumberReserve, needs(BILL_RULE), async (req) => {
    const { enCode } = parse(enCodeParamSchema, req.params);
    const { count, deviceId } = parse(billReserveSchema, req.body);
    return ok(await billRules.reserveBillNumbers(enCode, count, requireAuth(req).userId, deviceId));
  });
  // Handing back: any signed-in user, for the blocks recorded for them and the device named (the
  // service ignores any other), so losing the grant never keeps a device from giving numbers back.
  app.post(basePaths.billNumberRelease, async (req) => {
    const { deviceId, blocks } = parse(billReleaseSchema, req.body);
    return ok(await billRules.releaseBillNumbers(blocks, requireAuth(req).userId, deviceId));
  });

  // ---- Regions (success code 0, spec 7.5) -----------------------------------------------------
  app.get(basePaths.regions, cached, async (req) => {
    const { grade, parentId } = parse(regionQuerySchema, req.query);
    const msg = translate('操作成功', requestLanguage(req.headers['accept-language']));
    return { code: Code.OK_ALT, msg, data: await regions.regions(parentId, grade) };
  });
}
