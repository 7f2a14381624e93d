import type { FastifyInstance } from 'fastify';
import { and, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { loginLogs, modules, organizes, users } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import { parse } from '../../lib/validate';
import { requireAuth } from '../../plugins/auth';
import { ok } from '../../plugins/errors';
import { authRepo } from '../auth/repo';

/**
 * Data for the external data-visualisation view (menu type 6). The view page opens with the module
 * id and the token in its query and calls this with the token as its Authorization header.
 */
export function datavRoutes(app: FastifyInstance, db: Db) {
  const auth = authRepo(db);
  app.get('/api/datav/view/:id', async (request) => {
    const session = requireAuth(request);
    const { id } = parse(z.object({ id: z.string().min(1).max(40) }), request.params);
    const roleRows = await auth.rolesOf(session.userId);
    const grants = await auth.grants(
      roleRows.map((r) => r.id),
      session.isAdministrator,
    );
    const module = grants.modules.find((m) => m.id === id && m.type === 6);
    if (!module) throw forbidden();
    const staffByDepartment = await db
      .select({ name: organizes.fullName, count: sql<number>`count(${users.id})::int` })
      .from(organizes)
      .leftJoin(users, and(eq(users.departmentId, organizes.id), eq(users.enabled, true)))
      .where(eq(organizes.category, 'department'))
      .groupBy(organizes.id, organizes.fullName, organizes.sortCode)
      .orderBy(organizes.sortCode);
    const since = new Date(Date.now() - 7 * 86400_000);
    const signIns = await db
      .select({ day: sql<string>`to_char(${loginLogs.createdAt}, 'YYYY-MM-DD')`, count: sql<number>`count(*)::int` })
      .from(loginLogs)
      .where(and(eq(loginLogs.success, true), gt(loginLogs.createdAt, since), sql`${loginLogs.platform} <> 'unlock'`))
      .groupBy(sql`1`)
      .orderBy(sql`1`);
    const totals = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.enabled, true));
    const mod = await db.select({ fullName: modules.fullName }).from(modules).where(eq(modules.id, id));
    return ok({
      title: mod[0]?.fullName ?? '',
      board: module.propertyJson.board ?? 'org-overview',
      staffTotal: totals[0]?.n ?? 0,
      staffByDepartment,
      signInsLast7Days: signIns,
    });
  });
}
