import type { z } from 'zod';
import { AREA_LEVEL_MAX, ROOT_PARENT, areaTakesChildren, type AreaRow, type areaBodySchema } from '../../../src/contracts/base';
import type { TreeNode } from '../../../src/contracts/common';
import { badRequest, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { enabledMark, removeRow, uniqueOr, type StateChange } from '../../lib/records';
import type { AreaRecord, AreaRepo } from './area-repo';

type AreaInput = z.output<typeof areaBodySchema>;

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
    creatorTime: r.createdAt.toISOString(),
    version: r.version,
  };
}

/** Managed areas (spec 7.5 Area): a lazy tree whose level (`type`) follows the parent's. */
export function areaService(repo: AreaRepo) {
  async function areaInfo(id: string): Promise<AreaRow> {
    const row = await repo.area(id);
    if (!row) throw notFound();
    return areaRow(row);
  }

  /** Level of a child of `parentId`; the parent must exist and be above the last level. */
  async function areaLevelUnder(parentId: string): Promise<number> {
    if (parentId === ROOT_PARENT) return 1;
    const parent = await repo.area(parentId);
    if (!parent) throw badRequest('上级不存在');
    if (!areaTakesChildren(parent.type)) throw badRequest('行政区划最多三级');
    return parent.type + 1;
  }

  return {
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
        // What lies under it moves along: its deepest area must stay within the last level too.
        if (type + (await repo.areaLevelsBelow(id, AREA_LEVEL_MAX)) > AREA_LEVEL_MAX) throw badRequest('行政区划最多三级');
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
    async setAreaState(id: string, state: StateChange, baseVersion?: number): Promise<AreaRow> {
      await repo.setAreaState(id, state, baseVersion, () => areaInfo(id));
      return areaInfo(id);
    },
  };
}
export type AreaService = ReturnType<typeof areaService>;
