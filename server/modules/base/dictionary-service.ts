import type { z } from 'zod';
import {
  DICTIONARY_ROOT,
  ROOT_PARENT,
  type DictionaryDataRow,
  type DictionaryListEntry,
  type DictionaryOption,
  type DictionaryTypeRow,
  type dictionaryDataBodySchema,
  type dictionaryTypeBodySchema,
} from '../../../src/contracts/base';
import type { TreeNode } from '../../../src/contracts/common';
import { badRequest, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { enabledMark, nest, removeRow, uniqueOr, type StateChange } from '../../lib/records';
import type { DictionaryDataRecord, DictionaryRepo, DictionaryTypeRecord } from './dictionary-repo';

type DictionaryTypeInput = z.output<typeof dictionaryTypeBodySchema>;
type DictionaryDataInput = z.output<typeof dictionaryDataBodySchema>;

function dictionaryTypeRow(r: DictionaryTypeRecord): Omit<DictionaryTypeRow, 'hasChildren'> {
  return {
    id: r.id,
    parentId: r.parentId,
    fullName: r.fullName,
    enCode: r.enCode,
    isTree: r.isTree === 1 ? 1 : 0,
    description: r.description,
    sortCode: r.sortCode,
    creatorTime: r.createdAt.toISOString(),
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
    creatorTime: r.createdAt.toISOString(),
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

/** Dictionaries (spec 7.5 DictionaryType, DictionaryData): types in a tree, and the data of each type. */
export function dictionaryService(repo: DictionaryRepo) {
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

  return {
    // ---- types ---------------------------------------------------------------------------------
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

    // ---- data ----------------------------------------------------------------------------------
    /** A type's data: a tree (tree types, or isTree=1) or a flat list; with a keyword, flat matches. */
    async dictionaryDataList(typeId: string, q: { keyword: string; isTree?: number; sidx?: string; sort?: 'asc' | 'desc' }): Promise<DictionaryDataRow[]> {
      const type = await typeOf(typeId);
      // In the order asked (`sidx`, `sort`); nesting keeps it among siblings.
      const all = await repo.dictionaryData(type.id, '', q);
      if (q.keyword) return flatWithChildren((await repo.dictionaryData(type.id, q.keyword, q)).map(dictionaryDataRow), all);
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
    async setItemState(id: string, state: StateChange, baseVersion?: number): Promise<DictionaryDataRow> {
      await repo.setDictionaryItemState(id, state, baseVersion, () => itemInfo(id));
      return itemInfo(id);
    },
  };
}
export type DictionaryService = ReturnType<typeof dictionaryService>;
