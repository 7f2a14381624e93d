import type { ListOf, ListQuery, Paged, TreeNode } from '../../../src/contracts/common';
import type { AuthorityData, DataScope, OrganizeRow, PositionRow, RoleOption, RoleRow, UserBrief, UserRow } from '../../../src/contracts/org';
import { hashPassword } from '../../../src/contracts/password';
import { quickQuery } from '../../../src/contracts/quick-query';
import type { z } from 'zod';
import type {
  authorizeBodySchema,
  departmentBodySchema,
  organizeBodySchema,
  positionBodySchema,
  positionListQuerySchema,
  roleBodySchema,
  userBodySchema,
  userCreateSchema,
  userListQuerySchema,
} from '../../../src/contracts/org';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { storePassword } from '../../lib/passwords';
import { descendantsOf, enabledMark, nest, paged } from '../../lib/records';
import type { AuthContext } from '../../plugins/auth';
import type { Access } from '../../plugins/permissions';
import type { OrgRepo, UserScope } from './repo';

type OrganizeInput = z.output<typeof organizeBodySchema>;
type DepartmentInput = z.output<typeof departmentBodySchema>;
type PositionInput = z.output<typeof positionBodySchema>;
type PositionListQuery = z.output<typeof positionListQuerySchema>;
type UserInput = z.output<typeof userBodySchema>;
type UserCreateInput = z.output<typeof userCreateSchema>;
type UserListQuery = z.output<typeof userListQuerySchema>;
type RoleInput = z.output<typeof roleBodySchema>;
type AuthorizeInput = z.output<typeof authorizeBodySchema>;

type OrganizeRecord = Awaited<ReturnType<OrgRepo['organizes']>>[number];
type PositionRecord = NonNullable<Awaited<ReturnType<OrgRepo['position']>>>;
type UserRecord = NonNullable<Awaited<ReturnType<OrgRepo['userRow']>>>;
type RoleRecord = NonNullable<Awaited<ReturnType<OrgRepo['role']>>>;

/** The role every administrator holds; seeds grant new screens to it by this code. */
export const ADMIN_ROLE = 'admin';

/** Column codes of the user module (permission.user): a field is shown only with its column granted. */
export const USER_COLUMNS = ['account', 'realName', 'gender', 'department', 'position', 'enabledMark', 'mobilePhone', 'email', 'roles', 'entryDate', 'creatorTime'] as const;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const matches = (keyword: string, ...values: (string | null)[]) => {
  const k = keyword.toLowerCase();
  return values.some((v) => v?.toLowerCase().includes(k));
};

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

function userRow(r: UserRecord): UserRow {
  const u = r.user;
  const roleList = (typeof r.roles === 'string' ? JSON.parse(r.roles) : (r.roles ?? [])) as { id: string; name: string }[];
  return {
    id: u.id,
    account: u.account,
    realName: u.realName,
    headIcon: u.headIcon,
    gender: u.gender,
    mobilePhone: u.mobilePhone,
    email: u.email,
    organizeId: u.organizeId,
    departmentId: u.departmentId,
    positionId: u.positionId,
    managerId: u.managerId,
    organize: r.organizeName ?? '',
    department: r.departmentName ?? '',
    position: r.positionName ?? '',
    roleIds: roleList.map((x) => x.id),
    roles: roleList.map((x) => x.name).join(','),
    entryDate: iso(u.entryDate),
    description: u.description,
    sortCode: u.sortCode,
    enabledMark: enabledMark(u.enabled),
    isAdministrator: u.isAdministrator,
    creatorTime: u.createdAt.toISOString(),
    version: u.version,
  };
}

/** Leaves out the fields whose column the caller is not granted (ids, version and headIcon stay). */
function visibleColumns(row: UserRow, columns: Set<string> | null): UserRow {
  if (!columns) return row;
  const out: Record<string, unknown> = { ...row };
  for (const c of USER_COLUMNS) if (!columns.has(c)) delete out[c];
  // The contract marks these optional in spirit: a list without the column simply has no value.
  return out as unknown as UserRow;
}

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

/**
 * Rows that are enabled and whose ancestors (within `rows`) are all enabled too: a disabled
 * company or department hides its whole branch from pickers. `rows` holds every organize.
 */
function liveOrganizes(rows: OrganizeRecord[]): Set<string> {
  const byId = new Map(rows.map((r) => [r.org.id, r.org]));
  const memo = new Map<string, boolean>();
  const live = (id: string, depth = 0): boolean => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    const o = byId.get(id);
    // A dangling parent counts as the root; a cycle (depth) is not shown.
    const result = !!o && o.enabled && depth < 64 && (!o.parentId || !byId.has(o.parentId) || live(o.parentId, depth + 1));
    memo.set(id, result);
    return result;
  };
  return new Set(rows.filter((r) => live(r.org.id)).map((r) => r.org.id));
}

const orgNode = (r: OrganizeRecord): TreeNode => ({
  id: r.org.id,
  parentId: r.org.parentId ?? '-1',
  fullName: r.org.fullName,
  enCode: r.org.enCode,
  type: r.org.category,
  hasChildren: false,
});

interface OrganizeLink {
  id: string;
  parentId: string | null;
  category: string;
}

/** Ids of the departments under `rootId`, following department links only (not sub-companies). */
function departmentsUnder(links: OrganizeLink[], rootId: string): Set<string> {
  const children = new Map<string, string[]>();
  for (const l of links) {
    if (l.category !== 'department' || !l.parentId) continue;
    children.set(l.parentId, [...(children.get(l.parentId) ?? []), l.id]);
  }
  const out = new Set<string>();
  const stack = [rootId];
  while (stack.length) {
    for (const c of children.get(stack.pop()!) ?? []) {
      if (!out.has(c) && c !== rootId) {
        out.add(c);
        stack.push(c);
      }
    }
  }
  return out;
}

export function orgService(repo: OrgRepo) {
  // ---- organizes ---------------------------------------------------------------------------------

  async function readOrganize(id: string, category: 'company' | 'department'): Promise<OrganizeRow> {
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
  async function checkParent(category: 'company' | 'department', parentId: string | null, selfId?: string) {
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

  async function createOrganize(category: 'company' | 'department', body: OrganizeInput | DepartmentInput): Promise<OrganizeRow> {
    const parentId = body.parentId && body.parentId !== '-1' ? body.parentId : null;
    if (body.id && (await repo.organize(body.id))) throw badRequest('记录已存在');
    await checkParent(category, parentId);
    await checkManager(body.managerId);
    const id = body.id ?? newId();
    await repo.insertOrganize({ id, category, ...organizeValues(body, parentId) });
    return readOrganize(id, category);
  }

  async function updateOrganize(
    category: 'company' | 'department',
    id: string,
    body: OrganizeInput | DepartmentInput,
    baseVersion: number | undefined,
  ): Promise<OrganizeRow> {
    const existing = await repo.organize(id);
    if (!existing || existing.org.category !== category) throw notFound();
    const parentId = body.parentId && body.parentId !== '-1' ? body.parentId : null;
    await checkParent(category, parentId, id);
    await checkManager(body.managerId);
    await repo.updateOrganize(id, organizeValues(body, parentId), baseVersion, () => readOrganize(id, category));
    return readOrganize(id, category);
  }

  async function deleteOrganize(category: 'company' | 'department', id: string) {
    const existing = await repo.organize(id);
    if (!existing || existing.org.category !== category) throw notFound();
    if (await repo.organizeInUse(id)) throw badRequest('该组织下有下级组织或用户，不能删除');
    await repo.deleteOrganize(id);
  }

  /** Enabled companies (and departments) as picker nodes, disabled branches left out. */
  async function organizeNodes(withDepartments: boolean) {
    const all = await repo.organizes();
    const rows = withDepartments ? all : all.filter((r) => r.org.category === 'company');
    const live = liveOrganizes(rows);
    return { all, live, nodes: rows.filter((r) => live.has(r.org.id)).map(orgNode) };
  }

  async function readPosition(id: string): Promise<PositionRow> {
    const r = await repo.position(id);
    if (!r) throw notFound();
    return positionRow(r);
  }

  // ---- users -------------------------------------------------------------------------------------

  /** The users the caller may see, from its widest role's data scope and its own placement. */
  async function userScope(access: Access): Promise<UserScope> {
    if (access.dataScope === 'all') return { kind: 'all' };
    const self: UserScope = { kind: 'self', userId: access.userId };
    if (access.dataScope === 'self') return self;
    const caller = await repo.user(access.userId);
    if (!caller) return self;
    if (access.dataScope === 'company') return caller.organizeId ? { kind: 'company', organizeId: caller.organizeId } : self;
    if (!caller.departmentId) return self;
    if (access.dataScope === 'department') return { kind: 'departments', ids: [caller.departmentId] };
    return { kind: 'departments', ids: [...descendantsOf(await repo.organizeLinks(), caller.departmentId)] };
  }

  function inScope(scope: UserScope, u: { id: string; organizeId: string | null; departmentId: string | null }) {
    switch (scope.kind) {
      case 'all':
        return true;
      case 'company':
        return u.organizeId === scope.organizeId;
      case 'departments':
        return !!u.departmentId && scope.ids.includes(u.departmentId);
      case 'self':
        return u.id === scope.userId;
    }
  }

  async function readUser(access: Access, id: string): Promise<UserRow> {
    const r = await repo.userRow(id);
    if (!r) throw notFound();
    return visibleColumns(userRow(r), access.columns);
  }

  /** A user the caller may see (else 404) and, unless it is an administrator itself, not an administrator. */
  async function targetUser(access: Access, id: string, opts: { touchAdmin: boolean }) {
    const u = await repo.user(id);
    if (!u || !inScope(await userScope(access), u)) throw notFound();
    if (opts.touchAdmin && u.isAdministrator && !access.isAdministrator) throw forbidden('您没有此操作的权限');
    return u;
  }

  /** Company, department (of that company), position, manager and roles must exist. */
  async function checkUserRefs(body: UserInput, selfId?: string) {
    const links = await repo.organizeLinks();
    const company = links.find((l) => l.id === body.organizeId);
    if (!company || company.category !== 'company') throw badRequest('所属组织不存在');
    if (body.departmentId) {
      const dept = links.find((l) => l.id === body.departmentId);
      if (!dept || dept.category !== 'department') throw badRequest('所属部门不存在');
      if (!departmentsUnder(links, body.organizeId).has(dept.id)) throw badRequest('所属部门不属于所选组织');
    }
    if (body.positionId && !(await repo.existingIds('positions', [body.positionId])).has(body.positionId)) throw badRequest('岗位不存在');
    if (body.managerId) {
      if (body.managerId === selfId) throw badRequest('直属主管不能是自己');
      if (!(await repo.existingIds('users', [body.managerId])).has(body.managerId)) throw badRequest('直属主管不存在');
    }
    if (body.roleIds.length) {
      const found = await repo.existingIds('roles', body.roleIds);
      if (body.roleIds.some((r) => !found.has(r))) throw badRequest('角色不存在');
    }
  }

  /** Stored field → body field of the optional user fields an update leaves alone when absent. */
  const KEEP_WHEN_ABSENT = {
    gender: 'gender',
    mobilePhone: 'mobilePhone',
    email: 'email',
    entryDate: 'entryDate',
    description: 'description',
    managerId: 'managerId',
  } as const;

  const userValues = (body: UserInput) => ({
    account: body.account,
    realName: body.realName,
    quickQuery: quickQuery(body.realName),
    gender: body.gender ?? null,
    mobilePhone: body.mobilePhone || null,
    email: body.email || null,
    organizeId: body.organizeId,
    departmentId: body.departmentId ?? null,
    positionId: body.positionId ?? null,
    managerId: body.managerId ?? null,
    entryDate: body.entryDate ? new Date(body.entryDate) : null,
    description: body.description ?? null,
    sortCode: body.sortCode,
    enabled: body.enabledMark === 1,
  });

  // ---- roles -------------------------------------------------------------------------------------

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
    // ---- organize (companies) ------------------------------------------------------------------
    /** Companies as a tree; with a keyword the matching companies, flat. */
    async organizeList(q: ListQuery): Promise<ListOf<OrganizeRow>> {
      const rows = (await repo.organizes()).filter((r) => r.org.category === 'company').map(organizeRow);
      if (q.keyword) return { list: rows.filter((r) => matches(q.keyword, r.fullName, r.enCode)) };
      return { list: nest(rows) };
    },
    async companySelector(): Promise<ListOf<TreeNode>> {
      return { list: nest((await organizeNodes(false)).nodes) };
    },
    async organizeTree(): Promise<ListOf<TreeNode>> {
      return { list: nest((await organizeNodes(true)).nodes) };
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

    // ---- positions -----------------------------------------------------------------------------
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
      const { live, nodes } = await organizeNodes(true);
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

    // ---- users ---------------------------------------------------------------------------------
    /** One page of users within the caller's data scope, showing only the granted columns. */
    async userList(access: Access, q: UserListQuery): Promise<Paged<UserRow>> {
      const [scope, organizeIds] = await Promise.all([
        userScope(access),
        q.organizeId ? repo.organizeLinks().then((links) => [...descendantsOf(links, q.organizeId!)]) : undefined,
      ]);
      const enabled = q.enabledMark === undefined ? undefined : q.enabledMark === 1;
      const { rows, total } = await repo.userPage({ keyword: q.keyword, organizeIds, enabled, scope }, q);
      return paged(
        rows.map((r) => visibleColumns(userRow(r), access.columns)),
        q,
        total,
      );
    },
    async userAll(): Promise<ListOf<UserBrief>> {
      const rows = await repo.enabledUsers();
      return {
        list: rows.map((u) => ({
          id: u.id,
          realName: u.realName,
          account: u.account,
          headIcon: u.headIcon,
          department: u.departmentName ?? '',
          departmentId: u.departmentId,
          quickQuery: u.quickQuery,
        })),
      };
    },
    /** Companies → departments → enabled users (type 'user', icon = headIcon). */
    async userSelector(): Promise<ListOf<TreeNode>> {
      const [{ live, nodes }, rows] = await Promise.all([organizeNodes(true), repo.enabledUsers()]);
      const userNodes: TreeNode[] = [];
      for (const u of rows) {
        const parent = u.departmentId ?? u.organizeId;
        if (parent && !live.has(parent)) continue;
        userNodes.push({
          id: u.id,
          parentId: parent ?? '-1',
          fullName: u.realName,
          enCode: u.account,
          type: 'user',
          icon: u.headIcon,
          hasChildren: false,
        });
      }
      return { list: nest([...nodes, ...userNodes]) };
    },
    async getUser(access: Access, id: string): Promise<UserRow> {
      await targetUser(access, id, { touchAdmin: false });
      return readUser(access, id);
    },
    async createUser(access: Access, body: UserCreateInput): Promise<UserRow> {
      if (body.id && (await repo.user(body.id))) throw badRequest('记录已存在');
      await checkUserRefs(body);
      if (await repo.accountTaken(body.account)) throw badRequest('账户已存在');
      const id = body.id ?? newId();
      const values = userValues(body);
      if (!inScope(await userScope(access), { id, ...values })) throw forbidden('您没有此操作的权限');
      await repo.insertUser({ id, ...values, passwordHash: await storePassword(body.password) }, body.roleIds);
      return readUser(access, id);
    },
    /**
     * Saves the user; `replaceRoles` (roleIds was sent) replaces its roles. Disabling it signs it
     * out everywhere. Nobody disables themself; only administrators change administrators.
     */
    async updateUser(session: AuthContext, access: Access, id: string, body: UserInput, replaceRoles: boolean, baseVersion?: number): Promise<UserRow> {
      const existing = await targetUser(access, id, { touchAdmin: true });
      if (id === session.userId && body.enabledMark === 0) throw badRequest('不能禁用自己');
      await checkUserRefs(body, id);
      if (await repo.accountTaken(body.account, id)) throw badRequest('账户已存在');
      // Optional fields left out of the body keep their value (a client that was not shown a
      // column, e.g. the phone number, must not wipe it); null or '' clears them.
      const values = Object.fromEntries(
        Object.entries(userValues(body)).filter(([k]) => !(k in KEEP_WHEN_ABSENT) || body[KEEP_WHEN_ABSENT[k as keyof typeof KEEP_WHEN_ABSENT]] !== undefined),
      ) as ReturnType<typeof userValues>;
      if (!inScope(await userScope(access), { ...existing, ...values, id })) throw forbidden('您没有此操作的权限');
      await repo.updateUser(id, values, replaceRoles ? body.roleIds : undefined, baseVersion, () => readUser(access, id));
      if (existing.enabled && !values.enabled) await repo.revokeSessions(id);
      return readUser(access, id);
    },
    async deleteUser(session: AuthContext, access: Access, id: string) {
      const existing = await targetUser(access, id, { touchAdmin: true });
      if (id === session.userId) throw badRequest('不能删除自己');
      if (existing.isAdministrator) throw badRequest('不能删除系统管理员');
      await repo.deleteUser(id);
    },
    /** Sets the password typed by the administrator and signs the user out (but this session). */
    async resetPassword(session: AuthContext, access: Access, id: string, userPassword: string): Promise<UserRow> {
      await targetUser(access, id, { touchAdmin: true });
      await repo.setUserFields(id, { passwordHash: await storePassword(hashPassword(userPassword)) });
      await repo.revokeSessions(id, id === session.userId ? session.sessionId : undefined);
      return readUser(access, id);
    },
    /** Enables or disables (toggles without `enabledMark`); a disabled user is signed out everywhere. */
    async setUserState(session: AuthContext, access: Access, id: string, mark: 0 | 1 | undefined, baseVersion?: number): Promise<UserRow> {
      const existing = await targetUser(access, id, { touchAdmin: true });
      const next = mark ?? (existing.enabled ? 0 : 1);
      if (id === session.userId && next === 0) throw badRequest('不能禁用自己');
      await repo.updateUser(id, { enabled: next === 1 }, undefined, baseVersion, () => readUser(access, id));
      if (next === 0) await repo.revokeSessions(id);
      return readUser(access, id);
    },

    // ---- roles ---------------------------------------------------------------------------------
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
    /** The built-in administrator role keeps its code and stays enabled. */
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
export type OrgService = ReturnType<typeof orgService>;

const positionValues = (body: PositionInput) => ({
  organizeId: body.organizeId,
  fullName: body.fullName,
  enCode: body.enCode,
  type: body.type || null,
  description: body.description ?? null,
  sortCode: body.sortCode,
  enabled: body.enabledMark === 1,
});

const roleValues = (body: RoleInput) => ({
  fullName: body.fullName,
  enCode: body.enCode,
  dataScope: body.dataScope,
  description: body.description ?? null,
  sortCode: body.sortCode,
  enabled: body.enabledMark === 1,
});
