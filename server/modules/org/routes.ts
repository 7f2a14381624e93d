import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idParamSchema, idSchema, listQuerySchema, stateBodySchema } from '../../../src/contracts/common';
import {
  authorizeBodySchema,
  departmentBodySchema,
  organizeBodySchema,
  organizeListQuerySchema,
  positionBodySchema,
  positionListQuerySchema,
  resetPasswordSchema,
  roleBodySchema,
  userBodySchema,
  userCreateSchema,
  userListQuerySchema,
} from '../../../src/contracts/org';
import { z } from 'zod';
import { parse } from '../../lib/validate';
import { ifMatchVersion } from '../../lib/versions';
import { requireAuth } from '../../plugins/auth';
import { ok } from '../../plugins/errors';
import { accessFor, type PermissionRepo } from '../../plugins/permissions';
import type { OrgService } from './service';

/** Route options: the module (and button) the call needs (server/plugins/permissions.ts). */
const needs = (module: string, button?: string) => ({ config: { permission: button ? { module, button } : { module } } });
/** Pickers and trees: any signed-in user, answered with an ETag (304 on If-None-Match). */
const picker = { config: { etag: true } };

const ORGANIZE = 'permission.organize';
const DEPARTMENT = 'permission.department';
const POSITION = 'permission.position';
const USER = 'permission.user';
const ROLE = 'permission.role';

const id = (req: FastifyRequest) => parse(idParamSchema, req.params).id;
const roleIdParam = z.object({ roleId: idSchema });

/** Organisation directory (spec 7.5 Organize, Department, Position, Users) and roles with their grants (spec 6). */
export function orgRoutes(app: FastifyInstance, service: OrgService, permissions: PermissionRepo) {
  const userAccess = (req: FastifyRequest) => accessFor(permissions, req, USER);

  // ---- Organize (companies) --------------------------------------------------------------------
  app.get('/Permission/Organize', needs(ORGANIZE), async (req) => ok(await service.organizeList(parse(organizeListQuerySchema, req.query))));
  app.get('/Permission/Organize/Selector', picker, async () => ok(await service.companySelector()));
  app.get('/Permission/Organize/Tree', picker, async () => ok(await service.organizeTree()));
  app.post('/Permission/Organize', needs(ORGANIZE, 'btn_add'), async (req) => ok(await service.createOrganize(parse(organizeBodySchema, req.body)), '新建成功'));
  app.get('/Permission/Organize/:id', needs(ORGANIZE), async (req) => ok(await service.getOrganize(id(req))));
  app.put('/Permission/Organize/:id', needs(ORGANIZE, 'btn_edit'), async (req) => {
    const rowId = id(req);
    const baseVersion = ifMatchVersion(req);
    return ok(await service.updateOrganize(rowId, parse(organizeBodySchema, req.body), baseVersion), '修改成功');
  });
  app.delete('/Permission/Organize/:id', needs(ORGANIZE, 'btn_remove'), async (req) => {
    await service.deleteOrganize(id(req));
    return ok(null, '删除成功');
  });

  // ---- Department ------------------------------------------------------------------------------
  app.get('/Permission/Organize/:id/Department', needs(DEPARTMENT), async (req) =>
    ok(await service.departmentList(id(req), parse(listQuerySchema, req.query))),
  );
  app.get('/Permission/Organize/Department/Selector', picker, async () => ok(await service.organizeTree()));
  app.post('/Permission/Organize/Department', needs(DEPARTMENT, 'btn_add'), async (req) =>
    ok(await service.createDepartment(parse(departmentBodySchema, req.body)), '新建成功'),
  );
  app.get('/Permission/Organize/Department/:id', needs(DEPARTMENT), async (req) => ok(await service.getDepartment(id(req))));
  app.put('/Permission/Organize/Department/:id', needs(DEPARTMENT, 'btn_edit'), async (req) => {
    const rowId = id(req);
    const baseVersion = ifMatchVersion(req);
    return ok(await service.updateDepartment(rowId, parse(departmentBodySchema, req.body), baseVersion), '修改成功');
  });
  app.delete('/Permission/Organize/Department/:id', needs(DEPARTMENT, 'btn_remove'), async (req) => {
    await service.deleteDepartment(id(req));
    return ok(null, '删除成功');
  });

  // ---- Position --------------------------------------------------------------------------------
  app.get('/Permission/Position', needs(POSITION), async (req) => ok(await service.positionList(parse(positionListQuerySchema, req.query))));
  app.get('/Permission/Position/Selector', picker, async () => ok(await service.positionSelector()));
  app.get('/Permission/Position/All', picker, async () => ok(await service.positionAll()));
  app.post('/Permission/Position', needs(POSITION, 'btn_add'), async (req) => ok(await service.createPosition(parse(positionBodySchema, req.body)), '新建成功'));
  app.get('/Permission/Position/:id', needs(POSITION), async (req) => ok(await service.getPosition(id(req))));
  app.put('/Permission/Position/:id', needs(POSITION, 'btn_edit'), async (req) => {
    const rowId = id(req);
    const baseVersion = ifMatchVersion(req);
    return ok(await service.updatePosition(rowId, parse(positionBodySchema, req.body), baseVersion), '修改成功');
  });
  app.delete('/Permission/Position/:id', needs(POSITION, 'btn_remove'), async (req) => {
    await service.deletePosition(id(req));
    return ok(null, '删除成功');
  });

  // ---- Users -----------------------------------------------------------------------------------
  app.get('/Permission/Users', needs(USER), async (req) => {
    const q = parse(userListQuerySchema, req.query);
    return ok(await service.userList(await userAccess(req), q));
  });
  app.get('/Permission/Users/All', picker, async () => ok(await service.userAll()));
  app.get('/Permission/Users/Selector', picker, async () => ok(await service.userSelector()));
  app.post('/Permission/Users', needs(USER, 'btn_add'), async (req) => {
    const body = parse(userCreateSchema, req.body);
    return ok(await service.createUser(await userAccess(req), body), '新建成功');
  });
  app.get('/Permission/Users/:id', needs(USER), async (req) => ok(await service.getUser(await userAccess(req), id(req))));
  app.put('/Permission/Users/:id', needs(USER, 'btn_edit'), async (req) => {
    const rowId = id(req);
    const baseVersion = ifMatchVersion(req);
    const body = parse(userBodySchema, req.body);
    // Roles are replaced only when the body lists them (an empty list clears them).
    const replaceRoles = Array.isArray((req.body as { roleIds?: unknown } | null)?.roleIds);
    return ok(await service.updateUser(requireAuth(req), await userAccess(req), rowId, body, replaceRoles, baseVersion), '修改成功');
  });
  app.delete('/Permission/Users/:id', needs(USER, 'btn_remove'), async (req) => {
    await service.deleteUser(requireAuth(req), await userAccess(req), id(req));
    return ok(null, '删除成功');
  });
  app.post('/Permission/Users/:id/Actions/ResetPassword', needs(USER, 'btn_resetPassword'), async (req) => {
    const rowId = id(req);
    const { userPassword } = parse(resetPasswordSchema, req.body);
    return ok(await service.resetPassword(requireAuth(req), await userAccess(req), rowId, userPassword), '重置密码成功');
  });
  app.put('/Permission/Users/:id/Actions/State', needs(USER, 'btn_edit'), async (req) => {
    const rowId = id(req);
    const baseVersion = ifMatchVersion(req);
    const { enabledMark } = parse(stateBodySchema, req.body);
    return ok(await service.setUserState(requireAuth(req), await userAccess(req), rowId, enabledMark, baseVersion), '修改成功');
  });

  // ---- Roles and grants ------------------------------------------------------------------------
  app.get('/Permission/Role', needs(ROLE), async (req) => ok(await service.roleList(parse(listQuerySchema, req.query))));
  app.get('/Permission/Role/Selector', async () => ok(await service.roleSelector()));
  app.post('/Permission/Role', needs(ROLE, 'btn_add'), async (req) => ok(await service.createRole(parse(roleBodySchema, req.body)), '新建成功'));
  app.get('/Permission/Role/:id', needs(ROLE), async (req) => ok(await service.getRole(id(req))));
  app.put('/Permission/Role/:id', needs(ROLE, 'btn_edit'), async (req) => {
    const rowId = id(req);
    const baseVersion = ifMatchVersion(req);
    return ok(await service.updateRole(rowId, parse(roleBodySchema, req.body), baseVersion), '修改成功');
  });
  app.delete('/Permission/Role/:id', needs(ROLE, 'btn_remove'), async (req) => {
    await service.deleteRole(id(req));
    return ok(null, '删除成功');
  });
  app.put('/Permission/Role/:id/Actions/State', needs(ROLE, 'btn_edit'), async (req) => {
    const rowId = id(req);
    const baseVersion = ifMatchVersion(req);
    const { enabledMark } = parse(stateBodySchema, req.body);
    return ok(await service.setRoleState(rowId, enabledMark, baseVersion), '修改成功');
  });
  app.get('/Permission/Authority/Data/:roleId', needs(ROLE, 'btn_authorize'), async (req) =>
    ok(await service.authorityData(parse(roleIdParam, req.params).roleId)),
  );
  app.put('/Permission/Authority/Data/:roleId', needs(ROLE, 'btn_authorize'), async (req) => {
    const { roleId } = parse(roleIdParam, req.params);
    return ok(await service.authorize(roleId, parse(authorizeBodySchema, req.body)), '授权成功');
  });
}
