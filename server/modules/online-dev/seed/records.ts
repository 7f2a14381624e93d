import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { organizes, positions, regions, users } from '../../../db/schema';
import { checkRecord, recompute } from '../../../../src/contracts/online-dev-record';
import { valueFields, type ModelDefinition } from '../../../../src/contracts/online-dev-model';
import { newId } from '../../../lib/ids';
import { recordRepo } from '../record-repo';
import { CHECK_ITEMS, PURPOSES } from './models';

/**
 * Demo records of the three models, when the demo company exists: twelve weeks of store
 * inspections, customers registered in the four stores, and sample requests — made by the staff
 * who would make them (store managers inspect, shop assistants register), each checked with the
 * same checks as a real write.
 */

/** A small deterministic generator (mulberry32), so every fresh database gets the same demo. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY = 24 * 3600_000;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** The calendar day (Asia/Shanghai) of a moment. */
const ymd = (t: number) => new Date(t + 8 * 3600_000).toISOString().slice(0, 10);
const ymdhm = (t: number) => new Date(t + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

interface Person {
  id: string;
  organizeId: string | null;
  departmentId: string | null;
}
export interface SeededBill {
  enCode: string;
  /** How many numbers the demo took. */
  count: number;
}

async function staffOf(db: Db) {
  const rows = await db
    .select({ id: users.id, organizeId: users.organizeId, departmentId: users.departmentId, dept: organizes.enCode, pos: positions.enCode })
    .from(users)
    .innerJoin(organizes, eq(organizes.id, users.departmentId))
    .innerJoin(positions, eq(positions.id, users.positionId))
    .where(eq(users.isAdministrator, false));
  return rows;
}

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高'.split('');
const GIVEN = ['伟', '芳', '娜', '敏', '静', '丽', '强', '磊', '洋', '艳', '勇', '军', '杰', '娟', '涛', '明', '超', '秀英', '桂英', '晓东', '雨婷', '子轩', '欣怡', '浩然'];
const ISSUES = ['样品床垫边角有污渍，已安排清洁', '两处价签与系统价格不一致，已更正', '消防通道堆放纸箱，要求当日清理', '展厅灯光一组不亮，已报修', '试睡区枕套需更换', '陈列整齐，无明显问题', '员工工牌佩戴不规范，已提醒', '库存样品登记不全，周五前补齐'];
const PRODUCTS: [string, string, number][] = [
  ['护脊独立弹簧床垫 1.8m', 'mattress', 2999],
  ['天然乳胶床垫 1.5m', 'mattress', 2399],
  ['记忆棉枕', 'pillow', 299],
  ['乳胶颈椎枕', 'pillow', 399],
  ['全棉四件套', 'bedding', 599],
  ['实木床架 1.8m', 'bed', 4599],
];

/** Inserts the demo records; answers the bill numbers the demo used (for the rules' sequences). */
export async function seedDemoRecords(db: Db, models: { inspection: string; customer: string; sample: string }, defs: { inspection: ModelDefinition; customer: ModelDefinition; sample: ModelDefinition }): Promise<SeededBill[]> {
  const staff = await staffOf(db);
  const stores = ['YM.OPS.SHXH', 'YM.OPS.SHPD', 'YM.OPS.HZXH', 'YM.OPS.NJXJK'];
  const managers = stores.map((code) => staff.find((s) => s.dept === code && s.pos === 'SM')).filter((s): s is NonNullable<typeof s> => !!s);
  if (managers.length < stores.length) return [];
  const assistants = new Map(stores.map((code) => [code, staff.filter((s) => s.dept === code && s.pos === 'SA')]));
  const storeIds = new Map((await db.select({ id: organizes.id, enCode: organizes.enCode }).from(organizes).where(inArray(organizes.enCode, stores))).map((o) => [o.enCode, o.id]));
  const cityOf: Record<string, [string, string, string]> = {
    'YM.OPS.SHXH': ['上海市', '上海市', '徐汇区'],
    'YM.OPS.SHPD': ['上海市', '上海市', '浦东新区'],
    'YM.OPS.HZXH': ['浙江省', '杭州市', '西湖区'],
    'YM.OPS.NJXJK': ['江苏省', '南京市', '秦淮区'],
  };
  const regionPath = async ([p, c, d]: [string, string, string]) => {
    const prov = (await db.select({ id: regions.id }).from(regions).where(and(eq(regions.name, p), eq(regions.parentId, '-1'))).limit(1))[0];
    const city = prov && (await db.select({ id: regions.id }).from(regions).where(and(eq(regions.name, c), eq(regions.parentId, prov.id))).limit(1))[0];
    const dist = city && (await db.select({ id: regions.id }).from(regions).where(and(eq(regions.name, d), eq(regions.parentId, city.id))).limit(1))[0];
    return prov && city && dist ? [prov.id, city.id, dist.id] : [];
  };
  const repo = recordRepo(db);
  const insert = async (modelId: string, def: ModelDefinition, by: Person, at: number, raw: Record<string, unknown>) => {
    const { value, issues } = checkRecord(def.form.fields, raw);
    if (issues.length) throw new Error(`online-dev demo record refused: ${JSON.stringify(issues[0])}`);
    const data: Record<string, unknown> = { ...value };
    for (const f of valueFields(def.form.fields)) {
      if (f.type === 'createUser') data[f.key] = by.id;
      if (f.type === 'createTime') data[f.key] = new Date(at).toISOString();
    }
    await repo.insert(
      { modelId, id: newId(), data: recompute(def.form.fields, data), creatorUserId: by.id, createdAt: new Date(at), organizeId: by.organizeId, departmentId: by.departmentId },
      def.list.keywordFields,
    );
  };
  const rnd = random(20261129);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const now = Date.now();

  // 门店巡检: each store one to three times a week (a busy week none) for twelve weeks, by its manager.
  for (let week = 11; week >= 0; week--) {
    for (const [i, code] of stores.entries()) {
      const r = rnd();
      const days = r < 0.08 ? [] : r < 0.45 ? [2] : r < 0.85 ? [1, 4] : [0, 2, 4];
      for (const dayOfWeek of days) {
        const at = now - (week * 7 + (6 - dayOfWeek) + i * 0.1) * DAY;
        if (at > now) continue;
        const manager = managers[i]!;
        const checklist = CHECK_ITEMS.map(([item]) => ({ item, score: rnd() < 0.08 ? 5 + Math.floor(rnd() * 2) : 8 + Math.floor(rnd() * 3), note: null }));
        const low = checklist.some((c) => c.score < 7);
        await insert(models.inspection, defs.inspection, manager, at, {
          store: storeIds.get(code),
          inspectDate: ymd(at),
          inspector: manager.id,
          shift: pick(['morning', 'noon', 'evening']),
          checklist,
          needsFollowUp: low,
          photos: [],
          issues: low ? pick(ISSUES.slice(0, 5)) : pick(ISSUES.slice(5)),
        });
      }
    }
  }

  // 客户登记: twenty customers per store over six weeks, by its shop assistants.
  let customers = 0;
  const levels = ['normal', 'silver', 'gold', 'diamond'];
  for (const code of stores) {
    const path = await regionPath(cityOf[code]!);
    const people = assistants.get(code)!.length ? assistants.get(code)! : managers;
    for (let k = 0; k < 20; k++) {
      const at = now - (42 - k * 2 - rnd()) * DAY;
      const by = pick(people);
      customers++;
      await insert(models.customer, defs.customer, by, at, {
        customerNo: `KH${ymd(at).slice(0, 7).replace('-', '')}${pad(customers, 4)}`,
        store: storeIds.get(code),
        name: pick(SURNAMES) + pick(GIVEN),
        mobile: `1${pick(['3', '5', '7', '8', '9'])}${pad(Math.floor(rnd() * 1e9), 9)}`,
        gender: pick(['1', '2']),
        level: pick(levels),
        source: pick(['walkin', 'walkin', 'online', 'referral', 'event']),
        visitTime: ymdhm(at),
        region: path,
        address: `${pick(['中山', '解放', '人民', '建设', '文化'])}路${1 + Math.floor(rnd() * 300)}号`,
        interests: [...new Set([pick(['mattress', 'pillow', 'bedding', 'bed']), pick(['mattress', 'pillow'])])],
        budget: (3 + Math.floor(rnd() * 30)) * 500,
        intent: 1 + Math.floor(rnd() * 5),
        remark: null,
      });
    }
  }

  // 样品申领: sixteen requests by store managers and the operations department.
  const samplers = [...managers, ...staff.filter((s) => s.pos === 'OPSM')];
  const requests = 16;
  for (let k = 0; k < requests; k++) {
    const at = now - (60 - k * 3.5 - rnd()) * DAY;
    const by = samplers[k % samplers.length]!;
    const items = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => {
      const [product, , price] = pick(PRODUCTS);
      return { product, category: PRODUCTS.find((p) => p[0] === product)![1], qty: 1 + Math.floor(rnd() * 3), price, amount: null };
    });
    await insert(models.sample, defs.sample, by, at, {
      requestNo: `YP${ymd(at).replace(/-/g, '')}${pad(k + 1, 4)}`,
      requestDate: ymd(at),
      applicant: by.id,
      department: by.departmentId,
      purpose: pick(PURPOSES)[0],
      expectedReturn: ymd(at + 30 * DAY),
      items,
      attachment: [],
      remark: null,
    });
  }
  return [
    { enCode: 'Customer', count: customers },
    { enCode: 'SampleRequest', count: requests },
  ];
}
