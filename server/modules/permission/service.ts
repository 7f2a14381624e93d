import type { z } from 'zod';
import type { ListOf, ListQuery, Paged } from '../../../src/contracts/common';
import type { AuthorityData, DataScope, RoleOption, RoleRow, authorizeBodySchema, roleBodySchema } from '../../../src/contracts/org';
import { badRequest, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { enabledMark, paged } from '../../lib/records';
import type { RoleRepo } from './repo';

type RoleInput = z.output<typeof roleBodySchema>;
type AuthorizeInput = z.output<typeof authorizeBodySchema>;
type RoleRecord = NonNullable<Awaited<ReturnType<RoleRepo['role']>>>;

/** The role every administrator holds; seeds grant new screens to it by this code. */
export const ADMIN_ROLE = 'admin';

function roleRow(r: RoleRecord): RoleRow {
  const x = r.role;
  return {
    id: x.id,
    fullName: x.fullName,
    enCode: x.enCode,
    dataScope: x.dataScope as DataScope,
    description: x.description,
    sortCode: x.sortCode,
    enabledMark: enabledMark(x.enabled),
    userCount: Number(r.userCount ?? 0),
    creatorTime: x.createdAt.toISOString(),
    version: x.version,
  };
}

const roleValues = (body: RoleInput) => ({
  fullName: body.fullName,
  enCode: body.enCode,
  dataScope: body.dataScope,
  description: body.description ?? null,
  sortCode: body.sortCode,
  enabled: body.enabledMark === 1,
});

/** Roles and their grants (spec 6). The built-in administrator role keeps its code and stays enabled. */
export function roleService(repo: RoleRepo) {
  async function readRole(id: string): Promise<RoleRow> {
    const r = await repo.role(id);
    if (!r) throw notFound();
    return roleRow(r);
  }

  async function authorityData(roleId: string): Promise<AuthorityData> {
    if (!(await repo.role(roleId))) throw notFound();
    const [items, grants] = await Promise.all([repo.grantable(), repo.grantsOf(roleId)]);
    const granted = (type: string, ids: Set<string>) => grants.filter((g) => g.itemType === type && ids.has(g.itemId)).map((g) => g.itemId);
    return {
      modules: items.modules.map((m) => ({ id: m.id, parentId: m.parentId, fullName: m.fullName, enCode: m.enCode, icon: m.icon, type: m.type })),
      buttons: items.buttons,
      columns: items.columns,
      granted: {
        module: granted('module', new Set(items.modules.map((m) => m.id))),
        button: granted('button', new Set(items.buttons.map((b) => b.id))),
        column: granted('column', new Set(items.columns.map((c) => c.id))),
      },
    };
  }

  return {
    async roleList(q: ListQuery): Promise<Paged<RoleRow>> {
      const { rows, total } = await repo.rolePage(q);
      return paged(rows.map(roleRow), q, total);
    },
    async roleSelector(): Promise<ListOf<RoleOption>> {
      return { list: await repo.enabledRoles() };
    },
    getRole: readRole,
    async createRole(body: RoleInput): Promise<RoleRow> {
      if (body.id && (await repo.role(body.id))) throw badRequest('记录已存在');
      const id = body.id ?? newId();
      await repo.insertRole({ id, ...roleValues(body) });
      return readRole(id);
    },
    async updateRole(id: string, body: RoleInput, baseVersion?: number): Promise<RoleRow> {
      const existing = await repo.role(id);
      if (!existing) throw notFound();
      if (existing.role.enCode === ADMIN_ROLE) {
        if (body.enabledMark === 0) throw badRequest('不能删除系统内置角色');
        if (body.enCode !== ADMIN_ROLE) throw badRequest('不能修改系统内置角色的编码');
      }
      await repo.updateRole(id, roleValues(body), baseVersion, () => readRole(id));
      return readRole(id);
    },
    async setRoleState(id: string, mark: 0 | 1 | undefined, baseVersion?: number): Promise<RoleRow> {
      const existing = await repo.role(id);
      if (!existing) throw notFound();
      const next = mark ?? (existing.role.enabled ? 0 : 1);
      if (existing.role.enCode === ADMIN_ROLE && next === 0) throw badRequest('不能删除系统内置角色');
      await repo.updateRole(id, { enabled: next === 1 }, baseVersion, () => readRole(id));
      return readRole(id);
    },
    async deleteRole(id: string) {
      const existing = await repo.role(id);
      if (!existing) throw notFound();
      if (existing.role.enCode === ADMIN_ROLE) throw badRequest('不能删除系统内置角色');
      if (Number(existing.userCount) > 0) throw badRequest('该角色下有用户，不能删除');
      await repo.deleteRole(id);
    },
    authorityData,
    /** Replaces the role's grants; every id must be a grantable module, button or column. */
    async authorize(roleId: string, body: AuthorizeInput): Promise<AuthorityData> {
      if (!(await repo.role(roleId))) throw notFound();
      const items = await repo.grantable();
      const known = {
        module: new Set(items.modules.map((m) => m.id)),
        button: new Set(items.buttons.map((b) => b.id)),
        column: new Set(items.columns.map((c) => c.id)),
      };
      const grants = (['module', 'button', 'column'] as const).flatMap((type) => [...new Set(body[type])].map((itemId) => ({ itemType: type, itemId })));
      if (grants.some((g) => !known[g.itemType].has(g.itemId))) throw badRequest('授权项不存在');
      await repo.replaceGrants(roleId, grants);
      return authorityData(roleId);
    },
  };
}
export type RoleService = ReturnType<typeof roleService>;
