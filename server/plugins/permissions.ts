import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client';
import { moduleButtons, moduleColumns, modules, roleAuthorize, roles, sessions, userRoles, users } from '../db/schema';
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

/**
 * Whether the user (`userId`: a value, or a column of an outer query) has an enabled role granting
 * the module (enabled) and, if the rule names one, the button: the button granted by a role of the
 * user, the module by any role of the user. A condition, to select or to embed.
 */
function grantCondition(db: Db, userId: SQLWrapper | string, rule: PermissionRule): SQL {
  const grant = (itemType: 'module' | 'button') =>
    db
      .select({ n: sql`1` })
      .from(roleAuthorize)
      .innerJoin(userRoles, eq(userRoles.roleId, roleAuthorize.roleId))
      .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.enabled, true)))
      .where(and(eq(roleAuthorize.itemType, itemType), eq(userRoles.userId, userId)));
  const moduleGrant = grant('module').innerJoin(modules, and(eq(modules.id, roleAuthorize.itemId), eq(modules.enCode, rule.module), eq(modules.enabled, true)));
  if (!rule.button) return sql`exists (${moduleGrant})`;
  const buttonGrant = grant('button')
    .innerJoin(moduleButtons, and(eq(moduleButtons.id, roleAuthorize.itemId), eq(moduleButtons.enCode, rule.button)))
    .innerJoin(modules, and(eq(modules.id, moduleButtons.moduleId), eq(modules.enCode, rule.module), eq(modules.enabled, true)));
  return sql`(exists (${buttonGrant}) and exists (${moduleGrant}))`;
}

export function permissionRepo(db: Db) {
  return {
    /** Whether the user's enabled roles grant the module (enabled) and, if given, its button. */
    async allowed(userId: string, rule: PermissionRule): Promise<boolean> {
      const rows = await db.select({ ok: sql<boolean>`${grantCondition(db, userId, rule)}` }).from(sql`(select 1) as one`);
      return rows[0]?.ok === true;
    },
    /**
     * Data scope (widest of the user's enabled roles) and the module's granted column codes, in one
     * query: each enabled role with the module's columns it grants.
     */
    async access(auth: Pick<AuthContext, 'userId' | 'isAdministrator'>, moduleCode: string): Promise<Access> {
      if (auth.isAdministrator) return { userId: auth.userId, isAdministrator: true, dataScope: 'all', columns: null };
      const granted = db
        .select({ enCode: moduleColumns.enCode })
        .from(roleAuthorize)
        .innerJoin(moduleColumns, eq(moduleColumns.id, roleAuthorize.itemId))
        .innerJoin(modules, and(eq(modules.id, moduleColumns.moduleId), eq(modules.enCode, moduleCode)))
        .where(and(eq(roleAuthorize.itemType, 'column'), eq(roleAuthorize.roleId, roles.id)));
      const roleRows = await db
        .select({ dataScope: roles.dataScope, columns: sql<string[]>`array(${granted})` })
        .from(userRoles)
        .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.enabled, true)))
        .where(eq(userRoles.userId, auth.userId));
      const dataScope = (roleRows.map((r) => r.dataScope).sort((a, b) => scopeRank(a) - scopeRank(b))[0] ?? 'self') as DataScope;
      return {
        userId: auth.userId,
        isAdministrator: false,
        dataScope: DATA_SCOPES.includes(dataScope) ? dataScope : 'self',
        columns: new Set(roleRows.flatMap((r) => r.columns)),
      };
    },
  };
}
export type PermissionRepo = ReturnType<typeof permissionRepo>;

/**
 * Checks `config.permission` after the session is known: administrators pass, anyone else needs a
 * role granting the module (and the button). A refusal is 403 with a coded message and nothing runs.
 * The grant is read in the session's own query (`alongSession`).
 */
export function registerPermissions(app: FastifyInstance, db: Db) {
  const repo = permissionRepo(db);
  app.alongSession('permission', (request) => {
    const rule = request.routeOptions.config?.permission;
    // Administrators pass without a grant: the CASE does not look for one.
    return rule ? sql`(case when ${users.isAdministrator} then true else ${grantCondition(db, sessions.userId, rule)} end)` : null;
  });
  app.addHook('preHandler', async (request) => {
    const rule = request.routeOptions.config?.permission;
    if (!rule) return;
    const auth = requireAuth(request);
    if (auth.isAdministrator) return;
    const along = request.alongSession?.permission;
    const allowed = typeof along === 'boolean' ? along : await repo.allowed(auth.userId, rule);
    if (!allowed) throw forbidden('您没有此操作的权限');
  });
  return repo;
}

const accessCache = new WeakMap<FastifyRequest, Map<string, Promise<Access>>>();

/** The route's module access of the caller (data scope, columns), for services that filter by it; read once per request. */
export function accessFor(repo: PermissionRepo, request: FastifyRequest, moduleCode: string): Promise<Access> {
  let perModule = accessCache.get(request);
  if (!perModule) accessCache.set(request, (perModule = new Map()));
  let access = perModule.get(moduleCode);
  if (!access) {
    access = repo.access(requireAuth(request), moduleCode);
    perModule.set(moduleCode, access);
    access.catch(() => perModule.delete(moduleCode));
  }
  return access;
}
