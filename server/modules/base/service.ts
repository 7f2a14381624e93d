import type { z } from 'zod';
import {
  DICTIONARY_ROOT,
  ROOT_PARENT,
  billDatePart,
  billPeriodKey,
  formatBillNumber,
  type AreaRow,
  type BillDateFormat,
  type BillNumberBlock,
  type BillResetPeriod,
  type BillRuleOption,
  type BillRuleRow,
  type DictionaryDataRow,
  type DictionaryListEntry,
  type DictionaryOption,
  type DictionaryTypeRow,
  type Region,
  type areaBodySchema,
  type billRuleBodySchema,
  type dictionaryDataBodySchema,
  type dictionaryTypeBodySchema,
} from '../../../src/contracts/base';
import type { ListQuery, Paged, TreeNode } from '../../../src/contracts/common';
import { Code } from '../../../src/contracts/codes';
import { ApiError, badRequest, conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { enabledMark, nest, paged, uniqueOr } from '../../lib/records';
import type { AreaRecord, BaseRepo, BillRuleRecord, DictionaryDataRecord, DictionaryTypeRecord, PeriodKeys, StateChange } from './repo';

type AreaInput = z.output<typeof areaBodySchema>;
type DictionaryTypeInput = z.output<typeof dictionaryTypeBodySchema>;
type DictionaryDataInput = z.output<typeof dictionaryDataBodySchema>;
type BillRuleInput = z.output<typeof billRuleBodySchema>;

/** Attempts at taking numbers while this server's clock is behind the rule's stored period. */
const CLOCK_RETRIES = 10;
const CLOCK_RETRY_MS = 50;

const iso = (d: Date) => d.toISOString();

// ---- row shapes ----------------------------------------------------------------------------------

function areaRow(r: AreaRecord & { hasChildren: boolean }): AreaRow {
  return {
    id: r.id,
    parentId: r.parentId,
    fullName: r.fullName,
    enCode: r.enCode,
    type: r.type,
    description: r.description,
    sortCode: r.sortCode,
    enabledMark: enabledMark(r.enabled),
    hasChildren: r.hasChildren,
    isLeaf: !r.hasChildren,
    creatorTime: iso(r.createdAt),
    version: r.version,
  };
}

function dictionaryTypeRow(r: DictionaryTypeRecord): Omit<DictionaryTypeRow, 'hasChildren'> {
  return {
    id: r.id,
    parentId: r.parentId,
    fullName: r.fullName,
    enCode: r.enCode,
    isTree: r.isTree === 1 ? 1 : 0,
    description: r.description,
    sortCode: r.sortCode,
    creatorTime: iso(r.createdAt),
    version: r.version,
  };
}

function dictionaryDataRow(r: DictionaryDataRecord): Omit<DictionaryDataRow, 'hasChildren'> {
  return {
    id: r.id,
    dictionaryTypeId: r.dictionaryTypeId,
    parentId: r.parentId,
    fullName: r.fullName,
    enCode: r.enCode,
    description: r.description,
    sortCode: r.sortCode,
    enabledMark: enabledMark(r.enabled),
    creatorTime: iso(r.createdAt),
    version: r.version,
  };
}

/** Rows as a flat list, each marked with whether it has children among `all`. */
function flatWithChildren<T extends { id: string }>(rows: T[], all: { parentId: string }[]): (T & { hasChildren: boolean })[] {
  const parents = new Set(all.map((r) => r.parentId));
  return rows.map((r) => ({ ...r, hasChildren: parents.has(r.id) }));
}

/**
 * Enabled options of one type: a tree for tree types (an item under a disabled one is left out
 * with it), else a flat list.
 */
function dictionaryOptions(rows: DictionaryDataRecord[], isTree: boolean): DictionaryOption[] {
  const option = (r: DictionaryDataRecord): DictionaryOption => ({ id: r.id, fullName: r.fullName, enCode: r.enCode, parentId: r.parentId });
  if (!isTree) return rows.filter((r) => r.enabled).map(option);
  type Node = DictionaryDataRecord & { children?: Node[] };
  const build = (nodes: Node[]): DictionaryOption[] =>
    nodes
      .filter((n) => n.enabled)
      .map((n) => {
        const o = option(n);
        const children = build(n.children ?? []);
        if (children.length) o.children = children;
        return o;
      });
  return build(nest(rows) as Node[]);
}

function billKeys(now: Date): PeriodKeys {
  return { day: billPeriodKey('day', now), month: billPeriodKey('month', now), year: billPeriodKey('year', now) };
}

function billRuleRow(r: BillRuleRecord, now: Date): BillRuleRow {
  const reset = r.resetPeriod as BillResetPeriod;
  const format = r.dateFormat as BillDateFormat;
  const inPeriod = r.periodKey === billPeriodKey(reset, now);
  const next = (inPeriod ? Math.max(r.seq, r.startNumber - 1) : r.startNumber - 1) + 1;
  return {
    id: r.id,
    fullName: r.fullName,
    enCode: r.enCode,
    prefix: r.prefix,
    dateFormat: format,
    digit: r.digit,
    startNumber: r.startNumber,
    resetPeriod: reset,
    outputNumber: inPeriod ? r.seq : 0,
    example: formatBillNumber(r.prefix, billDatePart(format, now), next, r.digit),
    description: r.description,
    sortCode: r.sortCode,
    enabledMark: enabledMark(r.enabled),
    creatorTime: iso(r.createdAt),
    version: r.version,
  };
}

/**
 * A delete whose statement checks everything again (version, still unused): when it deletes
 * nothing, the row is gone (404), in use (400 with `inUseMsg`) or at another version than the
 * client's If-Match (409 with the current row).
 */
async function removeRow<T>(
  find: () => Promise<T | null>,
  inUse: (row: T) => boolean | Promise<boolean>,
  inUseMsg: string,
  remove: () => Promise<boolean>,
  view: (row: T) => unknown,
) {
  const row = await find();
  if (!row) throw notFound();
  if (await inUse(row)) throw badRequest(inUseMsg);
  if (await remove()) return;
  const now = await find();
  if (!now) throw notFound();
  if (await inUse(now)) throw badRequest(inUseMsg);
  throw conflict(await view(now));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function baseService(repo: BaseRepo) {
  // ---- areas ------------------------------------------------------------------------------------
  async function areaInfo(id: string): Promise<AreaRow> {
    const row = await repo.area(id);
    if (!row) throw notFound();
    return areaRow(row);
  }

  /** Level of a child of `parentId`; the parent must exist. */
  async function areaLevelUnder(parentId: string): Promise<number> {
    if (parentId === ROOT_PARENT) return 1;
    const parent = await repo.area(parentId);
    if (!parent) throw badRequest('上级不存在');
    return parent.type + 1;
  }

  async function setAreaState(id: string, state: StateChange, baseVersion?: number): Promise<AreaRow> {
    await repo.setAreaState(id, state, baseVersion, () => areaInfo(id));
    return areaInfo(id);
  }

  // ---- dictionaries -----------------------------------------------------------------------------
  async function typeInfo(id: string): Promise<DictionaryTypeRow> {
    const row = await repo.dictionaryType(id);
    if (!row) throw notFound();
    return { ...dictionaryTypeRow(row), hasChildren: await repo.dictionaryTypeHasChildren(id) };
  }

  async function itemInfo(id: string): Promise<DictionaryDataRow> {
    const row = await repo.dictionaryItem(id);
    if (!row) throw notFound();
    return { ...dictionaryDataRow(row), hasChildren: await repo.dictionaryItemHasChildren(id) };
  }

  /** The type of a path parameter that is a type id (or, where allowed, a type code). */
  async function typeOf(value: string, byCode = false): Promise<DictionaryTypeRecord> {
    const type = byCode ? await repo.dictionaryTypeByIdOrCode(value) : await repo.dictionaryType(value);
    if (!type) throw notFound('字典分类不存在');
    return type;
  }

  /** The parent of an item must be an item of the same type (or the top level). */
  async function checkItemParent(parentId: string, typeId: string) {
    if (parentId === DICTIONARY_ROOT) return;
    const parent = await repo.dictionaryItem(parentId);
    if (!parent || parent.dictionaryTypeId !== typeId) throw badRequest('上级不存在');
  }

  async function setItemState(id: string, state: StateChange, baseVersion?: number): Promise<DictionaryDataRow> {
    await repo.setDictionaryItemState(id, state, baseVersion, () => itemInfo(id));
    return itemInfo(id);
  }

  // ---- bill rules -------------------------------------------------------------------------------
  async function billRuleInfo(id: string): Promise<BillRuleRow> {
    const row = await repo.billRule(id);
    if (!row) throw notFound();
    return billRuleRow(row, new Date());
  }

  const billRuleFields = (b: BillRuleInput) => ({
    fullName: b.fullName,
    enCode: b.enCode,
    prefix: b.prefix,
    dateFormat: b.dateFormat,
    digit: b.digit,
    startNumber: b.startNumber,
    resetPeriod: b.resetPeriod,
    description: b.description ?? null,
    sortCode: b.sortCode,
    enabled: b.enabledMark === 1,
  });

  /**
   * Takes `count` numbers of the rule `enCode` for `userId` and records them. The take and the
   * record share a transaction, so what bill_number_blocks holds is exactly what was handed out.
   */
  async function take(enCode: string, count: number, userId: string, deviceId: string): Promise<BillNumberBlock> {
    for (let attempt = 0; attempt < CLOCK_RETRIES; attempt++) {
      const now = new Date();
      const block = await repo.transaction(async () => {
        const taken = await repo.takeBillNumbers(enCode, count, billKeys(now));
        if (!taken) return null;
        const first = taken.seq - count + 1;
        await repo.recordBillBlock({ ruleId: taken.id, periodKey: taken.periodKey, first, last: taken.seq, userId, deviceId });
        return {
          enCode: taken.enCode,
          prefix: taken.prefix,
          datePart: billDatePart(taken.dateFormat as BillDateFormat, now),
          digit: taken.digit,
          periodKey: taken.periodKey,
          first,
          last: taken.seq,
        };
      });
      if (block) return block;
      const rule = await repo.billRuleByCode(enCode);
      if (!rule || !rule.enabled) throw badRequest('单据规则不存在或已停用');
      // Enabled but nothing taken: the rule is already in a later period than this clock says
      // (a concurrent taker crossed midnight first). Ask again with a fresh clock.
      await sleep(CLOCK_RETRY_MS);
    }
    throw new ApiError(Code.SERVER_ERROR, 500, '服务器错误，请稍后重试');
  }

  return {
    // ---- areas ----------------------------------------------------------------------------------
    async areaList(parentId: string, keyword: string): Promise<AreaRow[]> {
      const rows = keyword ? await repo.searchAreas(keyword) : await repo.areaChildren(parentId);
      return rows.map(areaRow);
    },
    async areaSelector(parentId: string): Promise<TreeNode[]> {
      const rows = await repo.enabledAreaChildren(parentId);
      return rows.map((r) => ({
        id: r.id,
        parentId: r.parentId,
        fullName: r.fullName,
        enCode: r.enCode,
        type: 'area',
        level: r.type,
        hasChildren: r.hasChildren,
        isLeaf: !r.hasChildren,
      }));
    },
    areaInfo,
    async createArea(body: AreaInput): Promise<AreaRow> {
      const type = await areaLevelUnder(body.parentId);
      const row = await uniqueOr(() =>
        repo.insertArea({
          id: body.id ?? newId(),
          parentId: body.parentId,
          enCode: body.enCode,
          fullName: body.fullName,
          type,
          description: body.description ?? null,
          sortCode: body.sortCode,
          enabled: body.enabledMark === 1,
        }),
      );
      if (!row) throw badRequest('记录已存在');
      return areaRow({ ...row, hasChildren: false });
    },
    /** Saves an area; a new parent must exist and not lie under it, and its subtree's levels follow. */
    async updateArea(id: string, body: AreaInput, baseVersion?: number): Promise<AreaRow> {
      const existing = await repo.area(id);
      if (!existing) throw notFound();
      let type = existing.type;
      if (body.parentId !== existing.parentId) {
        if (body.parentId !== ROOT_PARENT && (await repo.areaChain(body.parentId)).includes(id)) throw badRequest('上级不能是自己或自己的下级');
        type = await areaLevelUnder(body.parentId);
      }
      const patch = {
        parentId: body.parentId,
        enCode: body.enCode,
        fullName: body.fullName,
        type,
        description: body.description ?? null,
        sortCode: body.sortCode,
        enabled: body.enabledMark === 1,
      };
      await repo.transaction(async () => {
        await repo.updateArea(id, patch, baseVersion, () => areaInfo(id));
        if (type !== existing.type) await repo.shiftAreaLevels(id, type - existing.type);
      });
      return areaInfo(id);
    },
    async deleteArea(id: string, baseVersion?: number) {
      await removeRow(
        () => repo.area(id),
        (r) => r.hasChildren,
        '该区域下有下级区域，不能删除',
        () => repo.deleteArea(id, baseVersion),
        (r) => areaRow(r),
      );
    },
    setAreaState,

    // ---- dictionary types -----------------------------------------------------------------------
    /** The type tree; with a keyword, the matching types as a flat list. */
    async dictionaryTypeList(keyword: string): Promise<DictionaryTypeRow[]> {
      const all = await repo.dictionaryTypes();
      if (keyword) {
        const matches = await repo.dictionaryTypes(keyword);
        return flatWithChildren(matches.map(dictionaryTypeRow), all);
      }
      return nest(all.map(dictionaryTypeRow)) as DictionaryTypeRow[];
    },
    async dictionaryTypeSelector(): Promise<TreeNode[]> {
      const all = await repo.dictionaryTypes();
      const node = (n: DictionaryTypeRecord) => ({
        id: n.id,
        parentId: n.parentId,
        fullName: n.fullName,
        enCode: n.enCode,
        type: 'dictionaryType',
        isTree: n.isTree === 1 ? 1 : 0,
      });
      return nest(all.map(node)) as TreeNode[];
    },
    typeInfo,
    async createDictionaryType(body: DictionaryTypeInput): Promise<DictionaryTypeRow> {
      if (body.parentId !== ROOT_PARENT && !(await repo.dictionaryType(body.parentId))) throw badRequest('上级不存在');
      const row = await uniqueOr(() =>
        repo.insertDictionaryType({
          id: body.id ?? newId(),
          parentId: body.parentId,
          enCode: body.enCode,
          fullName: body.fullName,
          isTree: body.isTree,
          description: body.description ?? null,
          sortCode: body.sortCode,
        }),
      );
      if (!row) throw badRequest('记录已存在');
      return { ...dictionaryTypeRow(row), hasChildren: false };
    },
    async updateDictionaryType(id: string, body: DictionaryTypeInput, baseVersion?: number): Promise<DictionaryTypeRow> {
      const existing = await repo.dictionaryType(id);
      if (!existing) throw notFound();
      if (body.parentId !== existing.parentId && body.parentId !== ROOT_PARENT) {
        if (!(await repo.dictionaryType(body.parentId))) throw badRequest('上级不存在');
        if ((await repo.dictionaryTypeChain(body.parentId)).includes(id)) throw badRequest('上级不能是自己或自己的下级');
      }
      await repo.updateDictionaryType(
        id,
        {
          parentId: body.parentId,
          enCode: body.enCode,
          fullName: body.fullName,
          isTree: body.isTree,
          description: body.description ?? null,
          sortCode: body.sortCode,
        },
        baseVersion,
        () => typeInfo(id),
      );
      return typeInfo(id);
    },
    async deleteDictionaryType(id: string, baseVersion?: number) {
      await removeRow(
        () => repo.dictionaryType(id),
        () => repo.dictionaryTypeInUse(id),
        '该字典分类下有数据，不能删除',
        () => repo.deleteDictionaryType(id, baseVersion),
        () => typeInfo(id),
      );
    },

    // ---- dictionary data ------------------------------------------------------------------------
    /** A type's data: a tree (tree types, or isTree=1) or a flat list; with a keyword, flat matches. */
    async dictionaryDataList(typeId: string, q: { keyword: string; isTree?: number }): Promise<DictionaryDataRow[]> {
      const type = await typeOf(typeId);
      const all = await repo.dictionaryData(type.id);
      if (q.keyword) return flatWithChildren((await repo.dictionaryData(type.id, q.keyword)).map(dictionaryDataRow), all);
      const asTree = q.isTree === undefined ? type.isTree === 1 : q.isTree === 1;
      if (!asTree) return flatWithChildren(all.map(dictionaryDataRow), all);
      return nest(all.map(dictionaryDataRow)) as DictionaryDataRow[];
    },
    /** Every type that has data, with its enabled data (the client's cached dictionary list). */
    async dictionaryAll(): Promise<DictionaryListEntry[]> {
      const [types, data] = await Promise.all([repo.dictionaryTypes(), repo.dictionaryData()]);
      const byType = new Map<string, DictionaryDataRecord[]>();
      for (const d of data) byType.set(d.dictionaryTypeId, [...(byType.get(d.dictionaryTypeId) ?? []), d]);
      return types
        .filter((t) => byType.has(t.id))
        .map((t) => ({
          id: t.id,
          enCode: t.enCode,
          fullName: t.fullName,
          isTree: t.isTree === 1 ? 1 : 0,
          dictionaryList: dictionaryOptions(byType.get(t.id)!, t.isTree === 1),
        }));
    },
    /** A type's data as a tree of nodes (choosing a parent), or flat with isTree=0. */
    async dictionaryDataSelector(typeId: string, isTree?: number): Promise<TreeNode[]> {
      const type = await typeOf(typeId);
      const all = await repo.dictionaryData(type.id);
      const node = (r: DictionaryDataRecord) => ({
        id: r.id,
        parentId: r.parentId,
        fullName: r.fullName,
        enCode: r.enCode,
        type: 'dictionaryData',
        enabledMark: enabledMark(r.enabled),
      });
      const asTree = isTree === undefined ? type.isTree === 1 : isTree === 1;
      if (!asTree) return flatWithChildren(all.map(node), all) as TreeNode[];
      return nest(all.map(node)) as TreeNode[];
    },
    /** Enabled options of one type, named by id or code, for form controls. */
    async dictionaryOptions(typeIdOrCode: string): Promise<DictionaryOption[]> {
      const type = await typeOf(typeIdOrCode, true);
      return dictionaryOptions(await repo.dictionaryData(type.id), type.isTree === 1);
    },
    itemInfo,
    async createDictionaryItem(body: DictionaryDataInput): Promise<DictionaryDataRow> {
      if (!(await repo.dictionaryType(body.dictionaryTypeId))) throw badRequest('字典分类不存在');
      await checkItemParent(body.parentId, body.dictionaryTypeId);
      const row = await uniqueOr(() =>
        repo.insertDictionaryItem({
          id: body.id ?? newId(),
          dictionaryTypeId: body.dictionaryTypeId,
          parentId: body.parentId,
          enCode: body.enCode,
          fullName: body.fullName,
          description: body.description ?? null,
          sortCode: body.sortCode,
          enabled: body.enabledMark === 1,
        }),
      );
      if (!row) throw badRequest('记录已存在');
      return { ...dictionaryDataRow(row), hasChildren: false };
    },
    /** Saves an item within its type; a new parent must be of that type and not lie under it. */
    async updateDictionaryItem(id: string, body: DictionaryDataInput, baseVersion?: number): Promise<DictionaryDataRow> {
      const existing = await repo.dictionaryItem(id);
      if (!existing) throw notFound();
      if (body.dictionaryTypeId !== existing.dictionaryTypeId) throw badRequest('不能修改所属字典分类');
      if (body.parentId !== existing.parentId) {
        await checkItemParent(body.parentId, existing.dictionaryTypeId);
        if (body.parentId !== DICTIONARY_ROOT && (await repo.dictionaryItemChain(body.parentId)).includes(id)) {
          throw badRequest('上级不能是自己或自己的下级');
        }
      }
      await repo.updateDictionaryItem(
        id,
        {
          parentId: body.parentId,
          enCode: body.enCode,
          fullName: body.fullName,
          description: body.description ?? null,
          sortCode: body.sortCode,
          enabled: body.enabledMark === 1,
        },
        baseVersion,
        () => itemInfo(id),
      );
      return itemInfo(id);
    },
    async deleteDictionaryItem(id: string, baseVersion?: number) {
      await removeRow(
        () => repo.dictionaryItem(id),
        () => repo.dictionaryItemHasChildren(id),
        '该数据下有子数据，不能删除',
        () => repo.deleteDictionaryItem(id, baseVersion),
        () => itemInfo(id),
      );
    },
    setItemState,

    // ---- bill rules -----------------------------------------------------------------------------
    async billRuleList(q: ListQuery): Promise<Paged<BillRuleRow>> {
      const { rows, total } = await repo.billRules(q);
      const now = new Date();
      return paged(
        rows.map((r) => billRuleRow(r, now)),
        q,
        total,
      );
    },
    async billRuleSelector(): Promise<BillRuleOption[]> {
      return repo.enabledBillRules();
    },
    billRuleInfo,
    async createBillRule(body: BillRuleInput): Promise<BillRuleRow> {
      const row = await uniqueOr(() => repo.insertBillRule({ id: body.id ?? newId(), ...billRuleFields(body) }));
      if (!row) throw badRequest('记录已存在');
      return billRuleRow(row, new Date());
    },
    /** Saves a rule; the sequence carries on (prefix, date format or width changes keep it). */
    async updateBillRule(id: string, body: BillRuleInput, baseVersion?: number): Promise<BillRuleRow> {
      await repo.updateBillRule(id, billRuleFields(body), billKeys(new Date()), baseVersion, () => billRuleInfo(id));
      return billRuleInfo(id);
    },
    async setBillRuleState(id: string, state: StateChange, baseVersion?: number): Promise<BillRuleRow> {
      await repo.setBillRuleState(id, state, baseVersion, () => billRuleInfo(id));
      return billRuleInfo(id);
    },
    /** Deleting a rule that handed out numbers would let a new rule of the same code repeat them. */
    async deleteBillRule(id: string, baseVersion?: number) {
      await removeRow(
        () => repo.billRule(id),
        () => repo.billRuleUsed(id),
        '该单据规则已被使用，不能删除',
        () => repo.deleteUnusedBillRule(id, baseVersion),
        (r) => billRuleRow(r, new Date()),
      );
    },
    /** The next number of an enabled rule. */
    async billNumber(enCode: string, userId: string): Promise<string> {
      const b = await take(enCode, 1, userId, '');
      return formatBillNumber(b.prefix, b.datePart, b.first, b.digit);
    },
    /** A block of numbers for one device to use offline. */
    reserveBillNumbers(enCode: string, count: number, userId: string, deviceId: string): Promise<BillNumberBlock> {
      return take(enCode, count, userId, deviceId);
    },

    // ---- regions --------------------------------------------------------------------------------
    async regions(parentId: string, grade: number): Promise<Region[]> {
      return repo.regions(parentId, grade);
    },
  };
}
export type BaseService = ReturnType<typeof baseService>;
