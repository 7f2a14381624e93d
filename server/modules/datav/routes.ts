import type { FastifyInstance } from 'fastify';
import { idParamSchema } from '../../../src/contracts/common';
import { datavPaths } from '../../../src/contracts/datav';
import { forbidden } from '../../lib/errors';
import { parse } from '../../lib/validate';
import { requireAuth } from '../../plugins/auth';
import { ok } from '../../plugins/errors';
import type { AuthServices } from '../auth/public';
import type { DatavRepo } from './repo';

/**
 * Data for the external data-visualisation view (menu type 6). The view page opens with the module
 * id and the token in its query and calls this with the token as its Authorization header.
 */
export function datavRoutes(app: FastifyInstance, repo: DatavRepo, auth: Pick<AuthServices, 'rolesOf' | 'grants'>) {
  app.get(datavPaths.view, async (request) => {
    const session = requireAuth(request);
    const { id } = parse(idParamSchema, request.params);
    const roleRows = await auth.rolesOf(session.userId);
    const grants = await auth.grants(
      roleRows.map((r) => r.id),
      session.isAdministrator,
    );
    const module = grants.modules.find((m) => m.id === id && m.type === 6);
    if (!module) throw forbidden();
    const staffByDepartment = await repo.staffByDepartment();
    const signIns = await repo.signInsPerDay(new Date(Date.now() - 7 * 86400_000));
    const staffTotal = await repo.enabledStaff();
    const title = await repo.moduleName(id);
    return ok({
      title,
      board: module.propertyJson.board ?? 'org-overview',
      staffTotal,
      staffByDepartment,
      signInsLast7Days: signIns,
    });
  });
}
