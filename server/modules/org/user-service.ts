import type { z } from 'zod';
import type { ListOf, Paged, TreeNode } from '../../../src/contracts/common';
import type { UserBrief, UserRow, userBodySchema, userCreateSchema, userListQuerySchema } from '../../../src/contracts/org';
import { hashPassword } from '../../../src/contracts/password';
import { quickQuery } from '../../../src/contracts/quick-query';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { storePassword } from '../../lib/passwords';
import { descendantsOf, enabledMark, nest, paged } from '../../lib/records';
import type { AuthContext } from '../../plugins/auth';
import type { Access } from '../../plugins/permissions';
import type { OrgRepo } from './repo';
import { departmentsUnder, organizeNodes } from './tree';
import type { UserRepo, UserScope } from './user-repo';

type UserInput = z.output<typeof userBodySchema>;
type UserCreateInput = z.output<typeof userCreateSchema>;
type UserListQuery = z.output<typeof userListQuerySchema>;
type UserRecord = NonNullable<Awaited<ReturnType<UserRepo['userRow']>>>;

/** Column codes of the user module (permission.user): a field is shown only with its column granted. */
export const USER_COLUMNS = ['account', 'realName', 'gender', 'department', 'position', 'enabledMark', 'mobilePhone', 'email', 'roles', 'entryDate', 'creatorTime'] as const;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

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

/**
 * Users (spec 7.5): lists and reads limited to the caller's data scope and granted columns (spec 6);
 * only administrators change administrators, and nobody disables or deletes themself.
 */
export function userService(repo: OrgRepo) {
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

  return {
    /** One page of users within the caller's data scope, showing only the granted columns. */
    async userList(access: Access, q: UserListQuery): Promise<Paged<UserRow>> {
      const [scope, organizeIds] = await Promise.all([
        userScope(access),
        q.organizeId ? repo.organizeLinks().then((links) => [...descendantsOf(links, q.organizeId!)]) : undefined,
      ]);
      const enabled = q.enabledMark === undefined ? undefined : q.enabledMark === 1;
      // A column the caller may not see is not a sort field either (its order would tell its values).
      const sidx = q.sidx && USER_COLUMNS.includes(q.sidx as never) && access.columns && !access.columns.has(q.sidx) ? undefined : q.sidx;
      const { rows, total } = await repo.userPage({ keyword: q.keyword, organizeIds, enabled, scope }, { ...q, sidx });
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
      const [{ live, nodes }, rows] = await Promise.all([organizeNodes(repo, true), repo.enabledUsers()]);
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
  };
}
export type UserService = ReturnType<typeof userService>;
