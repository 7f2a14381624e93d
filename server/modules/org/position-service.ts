import type { z } from 'zod';
import type { ListOf, Paged, TreeNode } from '../../../src/contracts/common';
import type { PositionRow, positionBodySchema, positionListQuerySchema } from '../../../src/contracts/org';
import { badRequest, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { descendantsOf, enabledMark, nest, paged } from '../../lib/records';
import type { PositionRepo } from './position-repo';
import type { OrgRepo } from './repo';
import { organizeNodes } from './tree';

type PositionInput = z.output<typeof positionBodySchema>;
type PositionListQuery = z.output<typeof positionListQuerySchema>;
type PositionRecord = NonNullable<Awaited<ReturnType<PositionRepo['position']>>>;

function positionRow(r: PositionRecord): PositionRow {
  const p = r.position;
  return {
    id: p.id,
    organizeId: p.organizeId,
    department: r.organizeName ?? '',
    fullName: p.fullName,
    enCode: p.enCode,
    type: p.type,
    description: p.description,
    sortCode: p.sortCode,
    enabledMark: enabledMark(p.enabled),
    creatorTime: p.createdAt.toISOString(),
    version: p.version,
  };
}

const positionValues = (body: PositionInput) => ({
  organizeId: body.organizeId,
  fullName: body.fullName,
  enCode: body.enCode,
  type: body.type || null,
  description: body.description ?? null,
  sortCode: body.sortCode,
  enabled: body.enabledMark === 1,
});

/** Positions (spec 7.5), each belonging to a company or department. */
export function positionService(repo: OrgRepo) {
  async function readPosition(id: string): Promise<PositionRow> {
    const r = await repo.position(id);
    if (!r) throw notFound();
    return positionRow(r);
  }

  return {
    async positionList(q: PositionListQuery): Promise<Paged<PositionRow>> {
      const ids = q.organizeId ? [...descendantsOf(await repo.organizeLinks(), q.organizeId)] : undefined;
      const { rows, total } = await repo.positionPage(q, ids);
      return paged(rows.map(positionRow), q, total);
    },
    async positionAll(): Promise<ListOf<PositionRow>> {
      return { list: (await repo.positions(true)).map(positionRow) };
    },
    /** Enabled companies and departments with their enabled positions as leaves. */
    async positionSelector(): Promise<ListOf<TreeNode>> {
      const { live, nodes } = await organizeNodes(repo, true);
      const posNodes: TreeNode[] = (await repo.positions(true))
        .filter((p) => live.has(p.position.organizeId))
        .map((p) => ({
          id: p.position.id,
          parentId: p.position.organizeId,
          fullName: p.position.fullName,
          enCode: p.position.enCode,
          type: 'position',
          hasChildren: false,
        }));
      return { list: nest([...nodes, ...posNodes]) };
    },
    getPosition: readPosition,
    async createPosition(body: PositionInput): Promise<PositionRow> {
      if (body.id && (await repo.position(body.id))) throw badRequest('记录已存在');
      if (!(await repo.organize(body.organizeId))) throw badRequest('所属组织不存在');
      const id = body.id ?? newId();
      await repo.insertPosition({ id, ...positionValues(body) });
      return readPosition(id);
    },
    async updatePosition(id: string, body: PositionInput, baseVersion?: number): Promise<PositionRow> {
      if (!(await repo.position(id))) throw notFound();
      if (!(await repo.organize(body.organizeId))) throw badRequest('所属组织不存在');
      await repo.updatePosition(id, positionValues(body), baseVersion, () => readPosition(id));
      return readPosition(id);
    },
    async deletePosition(id: string) {
      if (!(await repo.position(id))) throw notFound();
      if (await repo.positionInUse(id)) throw badRequest('该岗位下有用户，不能删除');
      await repo.deletePosition(id);
    },
  };
}
export type PositionService = ReturnType<typeof positionService>;
