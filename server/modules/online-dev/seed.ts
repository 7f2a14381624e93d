import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billNumberBlocks, billRules, dataInterfaces, dictionaryData, dictionaryTypes, modules, onlineModels, users } from '../../db/schema';
import { defaultButtons, upsertControls, type ModuleControls } from '../../db/seed/controls';
import { upsertMenus, type MenuSeed } from '../../db/seed/menus';
import { newId } from '../../lib/ids';
import type { SeedStep } from '../../lib/module';
import { MODEL_DESIGN_ADDRESS, MODEL_DESIGN_MODULE, modelMenuCode } from '../../../src/contracts/online-dev-paths';
import type { ModelCategory, ModelDefinition } from '../../../src/contracts/online-dev-model';
import type { InterfaceConfig, ReportDisplay } from '../../../src/contracts/online-dev-report';
import { modelRepo } from './model-repo';
import { modelService } from './model-service';
import { customerModel, inspectionModel, sampleModel } from './seed/models';
import { seedDemoRecords } from './seed/records';

/**
 * Online development's data migration (issue 20): the designer (在线开发 → 功能设计, administrators),
 * the 门店业务 directory with three published models (门店巡检, 客户登记, 样品申领), a dynamic
 * dictionary entry (客户来源, type 4) and a data report (巡检周报, type 5), the dictionary and bill
 * rules they use, and demo records.
 */

const MANAGERS = ['storeManager'];

export const onlineDevMenus: MenuSeed[] = [
  { enCode: 'onlineDev', fullName: '在线开发', icon: 'blocks', type: 1, sortCode: 70, roles: [] },
  { enCode: MODEL_DESIGN_MODULE, parent: 'onlineDev', fullName: '功能设计', icon: 'layout-template', type: 2, urlAddress: MODEL_DESIGN_ADDRESS, sortCode: 71, roles: [] },
  { enCode: 'storeBiz', fullName: '门店业务', icon: 'store', type: 1, sortCode: 15, roles: ['storeManager', 'staff'] },
];
const onlineDevControls: ModuleControls[] = [{ module: MODEL_DESIGN_MODULE, buttons: defaultButtons(), columns: [] }];

interface DemoModel {
  key: 'inspection' | 'customer' | 'sample';
  enCode: string;
  fullName: string;
  category: ModelCategory;
  description: string;
  def: () => ModelDefinition;
  icon: string;
  sortCode: number;
  /** Roles granted the entry with every button and column (store staff get the entry to add and read). */
  roles: string[];
}
const DEMO_MODELS: DemoModel[] = [
  { key: 'inspection', enCode: 'storeInspection', fullName: '门店巡检', category: 'store', description: '店长每周巡店：检查清单、得分与现场照片', def: inspectionModel, icon: 'clipboard-check', sortCode: 16, roles: MANAGERS },
  { key: 'customer', enCode: 'customerRegistration', fullName: '客户登记', category: 'customer', description: '进店与线上客户的登记与跟进', def: customerModel, icon: 'contact', sortCode: 17, roles: ['storeManager', 'staff'] },
  { key: 'sample', enCode: 'sampleRequest', fullName: '样品申领', category: 'product', description: '门店陈列、试睡与活动的样品申领，含金额大写', def: sampleModel, icon: 'package', sortCode: 18, roles: MANAGERS },
];

/** The 客户等级 dictionary (under 业务字典) when missing. */
async function seedCustomerLevels(db: Db) {
  if ((await db.select({ id: dictionaryTypes.id }).from(dictionaryTypes).where(eq(dictionaryTypes.enCode, 'customerLevel')).limit(1)).length) return;
  const biz = (await db.select({ id: dictionaryTypes.id }).from(dictionaryTypes).where(eq(dictionaryTypes.enCode, 'biz')).limit(1))[0];
  const typeId = newId();
  await db.insert(dictionaryTypes).values({ id: typeId, parentId: biz?.id ?? '-1', enCode: 'customerLevel', fullName: '客户等级', isTree: 0, sortCode: 20 });
  const levels = [
    ['normal', '普通会员'],
    ['silver', '银卡会员'],
    ['gold', '金卡会员'],
    ['diamond', '钻石会员'],
  ];
  await db.insert(dictionaryData).values(levels.map(([enCode, fullName], i) => ({ id: newId(), dictionaryTypeId: typeId, parentId: '0', enCode: enCode!, fullName: fullName!, sortCode: i })));
}

/** The bill rules of the models' number fields when missing (no reset: the numbers carry the month or day they were taken in). */
async function seedBillRules(db: Db) {
  const rules = [
    { enCode: 'Customer', fullName: '客户编号', prefix: 'KH', dateFormat: 'YYYYMM', digit: 4, sortCode: 5 },
    { enCode: 'SampleRequest', fullName: '样品申领单', prefix: 'YP', dateFormat: 'YYYYMMDD', digit: 4, sortCode: 6 },
  ];
  const have = new Set((await db.select({ enCode: billRules.enCode }).from(billRules).where(inArray(billRules.enCode, rules.map((r) => r.enCode)))).map((r) => r.enCode));
  const add = rules.filter((r) => !have.has(r.enCode));
  if (add.length) await db.insert(billRules).values(add.map((r) => ({ id: newId(), ...r, resetPeriod: 'never' })));
}

/** The demo took numbers 1..count of a rule: its sequence moves on, and the block is on record (for the administrator, device 'seed'). */
async function recordDemoNumbers(db: Db, taken: { enCode: string; count: number }[]) {
  const admin = (await db.select({ id: users.id }).from(users).where(eq(users.account, 'admin')).limit(1))[0];
  for (const t of taken) {
    const rule = (await db.select().from(billRules).where(eq(billRules.enCode, t.enCode)).limit(1))[0];
    if (!rule || !admin || t.count === 0 || rule.seq > 0) continue;
    await db.update(billRules).set({ seq: t.count }).where(eq(billRules.id, rule.id));
    await db.insert(billNumberBlocks).values({ ruleId: rule.id, periodKey: rule.periodKey, first: 1, last: t.count, userId: admin.id, deviceId: 'seed' });
  }
}

/** The dynamic dictionary (type 4) and the data report (type 5) of the demo. */
async function seedDictionaryAndReport(db: Db, inspectionId: string) {
  const source = (await db.select({ id: dictionaryTypes.id }).from(dictionaryTypes).where(eq(dictionaryTypes.enCode, 'customerSource')).limit(1))[0];
  const interfaceId = newId();
  const config: InterfaceConfig = {
    kind: 'modelAggregate',
    modelId: inspectionId,
    groupBy: [{ field: 'store', label: '门店' }],
    time: { field: 'inspectDate', bucket: 'week', label: '周（起始日）', lastDays: 84 },
    measures: [
      { op: 'count', label: '巡检次数' },
      { op: 'avg', field: 'totalScore', label: '平均得分' },
    ],
  };
  const display: ReportDisplay = { chart: { type: 'bar', x: '_time', y: '_m0', group: 'store', title: '近12周各门店巡检次数' }, table: { columns: ['_time', 'store', '_m0', '_m1'] } };
  const { kind, ...rest } = config;
  await db.insert(dataInterfaces).values({ id: interfaceId, enCode: 'inspectionWeekly', fullName: '门店巡检周统计', kind, config: rest, display: display as Record<string, unknown> });
  const entries: MenuSeed[] = [
    { enCode: 'storeBiz.inspectionWeekly', parent: 'storeBiz', fullName: '巡检周报', icon: 'chart-column', type: 5, urlAddress: 'lowCode/report/inspectionWeekly', propertyJson: { moduleId: interfaceId }, sortCode: 19, roles: MANAGERS },
  ];
  if (source) {
    entries.push({ enCode: 'storeBiz.customerSource', parent: 'storeBiz', fullName: '客户来源', icon: 'book-a', type: 4, urlAddress: 'lowCode/dictionary/customerSource', propertyJson: { moduleId: source.id, isTree: 0 }, sortCode: 20, roles: ['storeManager', 'staff'] });
  }
  await upsertMenus(db, entries);
}

async function seedModels(db: Db) {
  if ((await db.select({ n: sql<number>`count(*)::int` }).from(onlineModels))[0]?.n) return;
  const models = modelRepo(db);
  const service = modelService(models, { db, concurrentIndexes: false });
  const ids = {} as Record<DemoModel['key'], string>;
  const defs = {} as Record<DemoModel['key'], ModelDefinition>;
  for (const m of DEMO_MODELS) {
    const id = newId();
    ids[m.key] = id;
    defs[m.key] = m.def();
    await models.insert({ id, enCode: m.enCode, fullName: m.fullName, category: m.category, description: m.description, draft: defs[m.key] });
    await service.publish(id, { parent: 'storeBiz', fullName: m.fullName, icon: m.icon, sortCode: m.sortCode, roles: m.roles }, false);
  }
  // Store staff add and read customers but do not delete or export them.
  await limitStaff(db, 'customerRegistration', ['btn_add', 'btn_edit', 'btn_detail']);
  await seedDictionaryAndReport(db, ids.inspection);
  const demo = (await db.select({ id: users.id }).from(users).where(eq(users.account, 'ym0001')).limit(1)).length > 0;
  if (demo) await recordDemoNumbers(db, await seedDemoRecords(db, ids, defs));
}

/** Takes from the staff role the buttons of a model's entry other than `keep`. */
async function limitStaff(db: Db, enCode: string, keep: string[]) {
  const menu = (await db.select({ id: modules.id }).from(modules).where(eq(modules.enCode, modelMenuCode(enCode))).limit(1))[0];
  if (!menu) return;
  await db.execute(sql`
    delete from role_authorize ra using roles r, module_buttons b
    where ra.role_id = r.id and r.en_code = 'staff' and ra.item_type = 'button' and ra.item_id = b.id
      and b.module_id = ${menu.id} and b.en_code not in (${sql.join(keep.map((k) => sql`${k}`), sql`, `)})`);
}

export const onlineDevSeeds: SeedStep[] = [
  {
    id: '2026-11-29-online-dev',
    async run(db) {
      await upsertMenus(db, onlineDevMenus);
      await upsertControls(db, onlineDevControls);
      await seedCustomerLevels(db);
      await seedBillRules(db);
      await seedModels(db);
    },
  },
];
