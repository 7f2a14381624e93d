import type { z } from 'zod';
import type { ListOf, ListQuery, TreeNode } from '../../../src/contracts/common';
import type { OrganizeRow, departmentBodySchema, organizeBodySchema } from '../../../src/contracts/org';
import { badRequest, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { descendantsOf, enabledMark, nest } from '../../lib/records';
import type { OrgRepo } from './repo';
import { departmentsUnder, matches, organizeNodes, type OrganizeRecord } from './tree';

type OrganizeInput = z.output<typeof organizeBodySchema>;
type DepartmentInput = z.output<typeof departmentBodySchema>;
type Category = 'company' | 'department';

function organizeRow(r: OrganizeRecord): OrganizeRow {
  const o = r.org;
  return {
    id: o.id,
    parentId: o.parentId ?? '-1',
    category: o.category === 'company' ? 'company' : 'department',
    fullName: o.fullName,
    enCode: o.enCode,
    managerId: o.managerId,
    manager: r.managerName ?? '',
    description: o.description,
    sortCode: o.sortCode,
    enabledMark: enabledMark(o.enabled),
    creatorTime: o.createdAt.toISOString(),
    version: o.version,
    hasChildren: false,
  };
}

/** Companies (Organize) and departments (spec 7.5): one table, the same rules, told apart by category. */
export function organizeService(repo: OrgRepo) {
  async function readOrganize(id: string, category: Category): Promise<OrganizeRow> {
    const r = await repo.organize(id);
    if (!r || r.org.category !== category) throw notFound();
    const links = await repo.organizeLinks();
    return { ...organizeRow(r), hasChildren: links.some((l) => l.parentId === id) };
  }

  async function checkManager(managerId: string | null | undefined) {
    if (managerId && !(await repo.existingIds('users', [managerId])).has(managerId)) throw badRequest('负责人不存在');
  }

  /**
   * The parent a company or department may have: a company's is a company or none, a department's
   * any organize. On edit it must not be the row itself or below it.
   */
  async function checkParent(category: Category, parentId: string | null, selfId?: string) {
    if (parentId === null) return;
    const links = await repo.organizeLinks();
    const parent = links.find((l) => l.id === parentId);
    if (!parent || (category === 'company' && parent.category !== 'company')) throw badRequest('上级组织不存在');
    if (selfId && descendantsOf(links, selfId).has(parentId)) throw badRequest('上级不能是自己或自己的下级');
  }

  const organizeValues = (body: OrganizeInput | DepartmentInput, parentId: string | null) => ({
    parentId,
    fullName: body.fullName,
    enCode: body.enCode,
    managerId: body.managerId ?? null,
    description: body.description ?? null,
    sortCode: body.sortCode,
    enabled: body.enabledMark === 1,
  });

  async function createOrganize(category: Category, body: OrganizeInput | DepartmentInput): Promise<OrganizeRow> {
    const parentId = body.parentId && body.parentId !== '-1' ? body.parentId : null;
    if (body.id && (await repo.organize(body.id))) throw badRequest('记录已存在');
    await checkParent(category, parentId);
    await checkManager(body.managerId);
    const id = body.id ?? newId();
    await repo.insertOrganize({ id, category, ...organizeValues(body, parentId) });
    return readOrganize(id, category);
  }

  async function updateOrganize(category: Category, id: string, body: OrganizeInput | DepartmentInput, baseVersion: number | undefined): Promise<OrganizeRow> {
    const existing = await repo.organize(id);
    if (!existing || existing.org.category !== category) throw notFound();
    const parentId = body.parentId && body.parentId !== '-1' ? body.parentId : null;
    await checkParent(category, parentId, id);
    await checkManager(body.managerId);
    await repo.updateOrganize(id, organizeValues(body, parentId), baseVersion, () => readOrganize(id, category));
    return readOrganize(id, category);
  }

  async function deleteOrganize(category: Category, id: string) {
    const existing = await repo.organize(id);
    if (!existing || existing.org.category !== category) throw notFound();
    if (await repo.organizeInUse(id)) throw badRequest('该组织下有下级组织或用户，不能删除');
    await repo.deleteOrganize(id);
  }

  return {
    // ---- organize (companies) ------------------------------------------------------------------
    /** Companies as a tree; with a keyword the matching companies, flat. */
    async organizeList(q: ListQuery): Promise<ListOf<OrganizeRow>> {
      const rows = (await repo.organizes()).filter((r) => r.org.category === 'company').map(organizeRow);
      if (q.keyword) return { list: rows.filter((r) => matches(q.keyword, r.fullName, r.enCode)) };
      return { list: nest(rows) };
    },
    async companySelector(): Promise<ListOf<TreeNode>> {
      return { list: nest((await organizeNodes(repo, false)).nodes) };
    },
    async organizeTree(): Promise<ListOf<TreeNode>> {
      return { list: nest((await organizeNodes(repo, true)).nodes) };
    },
    getOrganize: (id: string) => readOrganize(id, 'company'),
    createOrganize: (body: OrganizeInput) => createOrganize('company', body),
    updateOrganize: (id: string, body: OrganizeInput, baseVersion?: number) => updateOrganize('company', id, body, baseVersion),
    deleteOrganize: (id: string) => deleteOrganize('company', id),

    // ---- departments ---------------------------------------------------------------------------
    /** The departments under company (or department) `id` as a tree; with a keyword the matches, flat. */
    async departmentList(id: string, q: ListQuery): Promise<ListOf<OrganizeRow>> {
      const all = await repo.organizes();
      if (!all.some((r) => r.org.id === id)) throw notFound();
      const under = departmentsUnder(
        all.map((r) => r.org),
        id,
      );
      const rows = all.filter((r) => under.has(r.org.id)).map(organizeRow);
      if (q.keyword) return { list: rows.filter((r) => matches(q.keyword, r.fullName, r.enCode)) };
      return { list: nest(rows) };
    },
    getDepartment: (id: string) => readOrganize(id, 'department'),
    createDepartment: (body: DepartmentInput) => createOrganize('department', body),
    updateDepartment: (id: string, body: DepartmentInput, baseVersion?: number) => updateOrganize('department', id, body, baseVersion),
    deleteDepartment: (id: string) => deleteOrganize('department', id),
  };
}
export type OrganizeService = ReturnType<typeof organizeService>;
