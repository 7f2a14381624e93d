import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idSchema, listQuerySchema } from '../../../src/contracts/common';
import { authorizeBodySchema, roleBodySchema } from '../../../src/contracts/org';
import { permissionPaths } from '../../../src/contracts/org-paths';
import { idParam, needs, stateBody } from '../../lib/route-options';
import { parse } from '../../lib/validate';
import { ifMatchVersion } from '../../lib/versions';
import { ok } from '../../plugins/errors';
import type { RoleService } from './service';

const ROLE = 'permission.role';

const roleIdParam = z.object({ roleId: idSchema });

/** Roles and their grants (spec 6): who may do what is decided by these. */
export function permissionRoutes(app: FastifyInstance, service: RoleService) {
  app.get(permissionPaths.roles, needs(ROLE), async (req) => ok(await service.roleList(parse(listQuerySchema, req.query))));
  app.get(permissionPaths.roleSelector, async () => ok(await service.roleSelector()));
  app.post(permissionPaths.roles, needs(ROLE, 'btn_add'), async (req) => ok(await service.createRole(parse(roleBodySchema, req.body)), '新建成功'));
  app.get(permissionPaths.role, needs(ROLE), async (req) => ok(await service.getRole(idParam(req))));
  app.put(permissionPaths.role, needs(ROLE, 'btn_edit'), async (req) => {
    const rowId = idParam(req);
    const baseVersion = ifMatchVersion(req);
    return ok(await service.updateRole(rowId, parse(roleBodySchema, req.body), baseVersion), '修改成功');
  });
  app.delete(permissionPaths.role, needs(ROLE, 'btn_remove'), async (req) => {
    await service.deleteRole(idParam(req));
    return ok(null, '删除成功');
  });
  app.put(permissionPaths.roleState, needs(ROLE, 'btn_edit'), async (req) => {
    const rowId = idParam(req);
    const baseVersion = ifMatchVersion(req);
    return ok(await service.setRoleState(rowId, stateBody(req), baseVersion), '修改成功');
  });

  // ---- grants ----------------------------------------------------------------------------------
  app.get(permissionPaths.authorityData, needs(ROLE, 'btn_authorize'), async (req) => ok(await service.authorityData(parse(roleIdParam, req.params).roleId)));
  app.put(permissionPaths.authorityData, needs(ROLE, 'btn_authorize'), async (req) => {
    const { roleId } = parse(roleIdParam, req.params);
    return ok(await service.authorize(roleId, parse(authorizeBodySchema, req.body)), '授权成功');
  });
}
