import type { FastifyInstance, FastifyRequest } from 'fastify';
import { listQuerySchema } from '../../../src/contracts/common';
import { departmentBodySchema, organizeBodySchema, organizeListQuerySchema, positionBodySchema, positionListQuerySchema, resetPasswordSchema, userBodySchema, userCreateSchema, userListQuerySchema } from '../../../src/contracts/org';
import { orgPaths } from '../../../src/contracts/org-paths';
import { cached as picker, idParam as id, needs, stateBody } from '../../lib/route-options';
import { parse } from '../../lib/validate';
import { ifMatchVersion } from '../../lib/versions';
import { requireAuth } from '../../plugins/auth';
import { ok } from '../../plugins/errors';
import { accessFor, type PermissionRepo } from '../../plugins/permissions';
import type { OrganizeService } from './organize-service';
import type { PositionService } from './position-service';
import type { UserService } from './user-service';

const ORGANIZE = 'permission.organize';
const DEPARTMENT = 'permission.department';
const POSITION = 'permission.position';
const USER = 'permission.user';

export interface OrgServices {
  organizes: OrganizeService;
  positions: PositionService;
  users: UserService;
}

/** Organisation directory (spec 7.5 Organize, Department, Position, Users). */
export function orgRoutes(app: FastifyInstance, { organizes, positions, users }: OrgServices, permissions: PermissionRepo) {
  const userAccess = (req: FastifyRequest) => accessFor(permissions, req, USER);

  // ---- Organize (companies) --------------------------------------------------------------------
  app.get(orgPaths.organizes, needs(ORGANIZE), async (req) => ok(await organizes.organizeList(parse(organizeListQuerySchema, req.query))));
  app.get(orgPaths.organizeSelector, picker, async () => ok(await organizes.companySelector()));
  app.get(orgPaths.organizeTree, picker, async () => ok(await organizes.organizeTree()));
  app.post(orgPaths.organizes, needs(ORGANIZE, 'btn_add'), async (req) => ok(await organizes.createOrganize(parse(organizeBodySchema, req.body)), '新建成功'));
  app.get(orgPaths.organize, needs(ORGANIZE), async (req) => ok(await organizes.getOrganize(id(req))));
  app.put(orgPaths.organize, needs(ORGANIZE, 'btn_edit'), async (req) => {
    const rowId = id(req);
    const baseVersion = ifMatchVersion(req);
    return ok(await organizes.updateOrganize(rowId, parse(organizeBodySchema, req.body), baseVersion), '修改成功');
  });
  app.delete(orgPaths.organize, needs(ORGANIZE, 'btn_remove'), async (req) => {
    await organizes.deleteOrganize(id(req));
    return ok(null, '删除成功');
  });

  // ---- Department ------------------------------------------------------------------------------
  app.get(orgPaths.departmentsOf, needs(DEPARTMENT), async (req) => ok(await organizes.departmentList(id(req), parse(listQuerySchema, req.query))));
  app.get(orgPaths.departmentSelector, picker, async () => ok(await organizes.organizeTree()));
  app.post(orgPaths.departments, needs(DEPARTMENT, 'btn_add'), async (req) => ok(await organizes.createDepartment(parse(departmentBodySchema, req.body)), '新建成功'));
  app.get(orgPaths.department, needs(DEPARTMENT), async (req) => ok(await organizes.getDepartment(id(req))));
  app.put(orgPaths.department, needs(DEPARTMENT, 'btn_edit'), async (req) => {
    const rowId = id(req);
    const baseVersion = ifMatchVersion(req);
    return ok(await organizes.updateDepartment(rowId, parse(departmentBodySchema, req.body), baseVersion), '修改成功');
  });
  app.delete(orgPaths.department, needs(DEPARTMENT, 'btn_remove'), async (req) => {
    await organizes.deleteDepartment(id(req));
    return ok(null, '删除成功');
  });

  // ---- Position --------------------------------------------------------------------------------
  app.get(orgPaths.positions, needs(POSITION), async (req) => ok(await positions.positionList(parse(positionListQuerySchema, req.query))));
  app.get(orgPaths.positionSelector, picker, async () => ok(await positions.positionSelector()));
  app.get(orgPaths.positionAll, picker, async () => ok(await positions.positionAll()));
  app.post(orgPaths.positions, needs(POSITION, 'btn_add'), async (req) => ok(await positions.createPosition(parse(positionBodySchema, req.body)), '新建成功'));
  app.get(orgPaths.position, needs(POSITION), async (req) => ok(await positions.getPosition(id(req))));
  app.put(orgPaths.position, needs(POSITION, 'btn_edit'), async (req) => {
    const rowId = id(req);
    const baseVersion = ifMatchVersion(req);
    return ok(await positions.updatePosition(rowId, parse(positionBodySchema, req.body), baseVersion), '修改成功');
  });
  app.delete(orgPaths.position, needs(POSITION, 'btn_remove'), async (req) => {
    await positions.deletePosition(id(req));
    return ok(null, '删除成功');
  });

  // ---- Users -----------------------------------------------------------------------------------
  app.get(orgPaths.users, needs(USER), async (req) => {
    const q = parse(userListQuerySchema, req.query);
    return ok(await users.userList(await userAccess(req), q));
  });
  app.get(orgPaths.userAll, picker, async () => ok(await users.userAll()));
  app.get(orgPaths.userSelector, picker, async () => ok(await users.userSelector()));
  app.post(orgPaths.users, needs(USER, 'btn_add'), async (req) => {
    const body = parse(userCreateSchema, req.body);
    return ok(await users.createUser(await userAccess(req), body), '新建成功');
  });
  app.get(orgPaths.user, needs(USER), async (req) => ok(await users.getUser(await userAccess(req), id(req))));
  app.put(orgPaths.user, needs(USER, 'btn_edit'), async (req) => {
    const rowId = id(req);
    const baseVersion = ifMatchVersion(req);
    const body = parse(userBodySchema, req.body);
    // Roles are replaced only when the body lists them (an empty list clears them).
    const replaceRoles = Array.isArray((req.body as { roleIds?: unknown } | null)?.roleIds);
    return ok(await users.updateUser(requireAuth(req), await userAccess(req), rowId, body, replaceRoles, baseVersion), '修改成功');
  });
  app.delete(orgPaths.user, needs(USER, 'btn_remove'), async (req) => {
    await users.deleteUser(requireAuth(req), await userAccess(req), id(req));
    return ok(null, '删除成功');
  });
  app.post(orgPaths.userResetPassword, needs(USER, 'btn_resetPassword'), async (req) => {
    const rowId = id(req);
    const { userPassword } = parse(resetPasswordSchema, req.body);
    return ok(await users.resetPassword(requireAuth(req), await userAccess(req), rowId, userPassword), '重置密码成功');
  });
  app.put(orgPaths.userState, needs(USER, 'btn_edit'), async (req) => {
    const rowId = id(req);
    const baseVersion = ifMatchVersion(req);
    const enabledMark = stateBody(req);
    return ok(await users.setUserState(requireAuth(req), await userAccess(req), rowId, enabledMark, baseVersion), '修改成功');
  });
}
