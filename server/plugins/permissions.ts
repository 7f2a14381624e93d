import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { moduleButtons, moduleColumns, modules, roleAuthorize, roles, userRoles } from '../db/schema';
import { forbidden } from '../lib/errors';
import { DATA_SCOPES, type DataScope } from '../../src/contracts/org';
import { requireAuth, type AuthContext } from './auth';

export interface PermissionRule {
  /** enCode of the menu entry (module) whose screen this call serves. */
  module: string;
  /** enCode of the button the call needs (btn_add, btn_edit, btn_remove, …); absent: the module is enough. */
  button?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The right this call needs; checked on the server for every call, whatever the UI shows. */
    permission?: PermissionRule;
  }
}

/** What the caller may see of one module: its data scope and the columns granted (null: all). */
export interface Access {
  userId: string;
  isAdministrator: boolean;
  dataScope: DataScope;
  columns: Set<string> | null;
}

/** Widest first: several roles give the widest scope any of them has. */
const scopeRank = (s: string) => {
  const i = DATA_SCOPES.indexOf(s as DataScope);
  return i < 0 ? DATA_SCOPES.length : i;
};

export function permissionRepo(db: Db) {
  return {
    /** Whether the user's enabled roles grant the module (enabled) and, if given, its button. */
    async allowed(userId: string, rule: PermissionRule): Promise<boolean> {
      const moduleGrant = db
        .select({ roleId: roleAuthorize.roleId })
        .from(roleAuthorize)
        .innerJoin(modules, and(eq(modules.id, roleAuthorize.itemId), eq(modules.enCode, rule.module), eq(modules.enabled, true)))
        .innerJoin(userRoles, eq(userRoles.roleId, roleAuthorize.roleId))
        .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.enabled, true)))
        .where(and(eq(roleAuthorize.itemType, 'module'), eq(userRoles.userId, userId)));
      if (!rule.button) {
        const rows = await moduleGrant.limit(1);
        return rows.length > 0;
      }
      // The button must be granted by a role of the user, and the module by any role of the user.
      const rows = await db
        .select({ n: sql<number>`1` })
        .from(roleAuthorize)
        .innerJoin(moduleButtons, and(eq(moduleButtons.id, roleAuthorize.itemId), eq(moduleButtons.enCode, rule.button)))
        .innerJoin(modules, and(eq(modules.id, moduleButtons.moduleId), eq(modules.enCode, rule.module), eq(modules.enabled, true)))
        .innerJoin(userRoles, eq(userRoles.roleId, roleAuthorize.roleId))
        .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.enabled, true)))
        .where(
          and(
            eq(roleAuthorize.itemType, 'button'),
            eq(userRoles.userId, userId),
            sql`exists (${moduleGrant})`,
          ),
        )
        .limit(1);
      return rows.length > 0;
    },
    /** Data scope (widest of the user's enabled roles) and the module's granted column codes. */
    async access(auth: Pick<AuthContext, 'userId' | 'isAdministrator'>, moduleCode: string): Promise<Access> {
      if (auth.isAdministrator) return { userId: auth.userId, isAdministrator: true, dataScope: 'all', columns: null };
      const roleRows = await db
        .select({ id: roles.id, dataScope: roles.dataScope })
        .from(userRoles)
        .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.enabled, true)))
        .where(eq(userRoles.userId, auth.userId));
      const dataScope = (roleRows.map((r) => r.dataScope).sort((a, b) => scopeRank(a) - scopeRank(b))[0] ?? 'self') as DataScope;
      const roleIds = roleRows.map((r) => r.id);
      const cols = roleIds.length
        ? await db
            .select({ enCode: moduleColumns.enCode })
            .from(roleAuthorize)
            .innerJoin(moduleColumns, eq(moduleColumns.id, roleAuthorize.itemId))
            .innerJoin(modules, and(eq(modules.id, moduleColumns.moduleId), eq(modules.enCode, moduleCode)))
            .where(and(eq(roleAuthorize.itemType, 'column'), inArray(roleAuthorize.roleId, roleIds)))
        : [];
      return { userId: auth.userId, isAdministrator: false, dataScope: DATA_SCOPES.includes(dataScope) ? dataScope : 'self', columns: new Set(cols.map((c) => c.enCode)) };
    },
  };
}
export type PermissionRepo = ReturnType<typeof permissionRepo>;

/**
 * Checks `config.permission` after the session is known: administrators pass, anyone else needs a
 * role granting the module (and the button). A refusal is 403 with a coded message and nothing runs.
 */
export function registerPermissions(app: FastifyInstance, db: Db) {
  const repo = permissionRepo(db);
  app.addHook('preHandler', async (request) => {
    const rule = request.routeOptions.config?.permission;
    if (!rule) return;
    const auth = requireAuth(request);
    if (auth.isAdministrator) return;
    if (!(await repo.allowed(auth.userId, rule))) throw forbidden('您没有此操作的权限');
  });
  return repo;
}

/** The route's module access of the caller (data scope, columns), for services that filter by it. */
export function accessFor(repo: PermissionRepo, request: FastifyRequest, moduleCode: string): Promise<Access> {
  return repo.access(requireAuth(request), moduleCode);
}
