import { and, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizes, sessions, users } from '../../db/schema';

/**
 * The ids of an organisation: the company itself and all departments below it, however deep.
 * The walk goes through departments only, so a sub-company (and what hangs under it) is another
 * organisation and is left out.
 */
const orgTree = (companyId: string): SQL => sql`(
  with recursive tree(id) as (
    select ${organizes.id} from ${organizes} where ${organizes.id} = ${companyId}
    union all
    select o.id from ${organizes} o join tree on o.parent_id = tree.id where o.category = 'department'
  )
  select id from tree
)`;

export function homeRepo(db: Db) {
  /** Enabled users whose company or department lies in the organisation. */
  const staffOf = (companyId: string) =>
    and(eq(users.enabled, true), or(sql`${users.organizeId} in ${orgTree(companyId)}`, sql`${users.departmentId} in ${orgTree(companyId)}`));

  return {
    async user(id: string) {
      const rows = await db
        .select({ id: users.id, organizeId: users.organizeId, departmentId: users.departmentId })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * The company an organisation unit belongs to: the unit itself when it is a company, otherwise
     * its nearest company ancestor; without one, the top of its chain.
     */
    async companyOf(orgId: string): Promise<string | null> {
      const rows = await db
        .select({ id: organizes.id })
        .from(organizes)
        .where(
          sql`${organizes.id} = (
            with recursive up(id, parent_id, category, depth) as (
              select id, parent_id, category, 0 from ${organizes} where id = ${orgId}
              union all
              select o.id, o.parent_id, o.category, up.depth + 1
              from ${organizes} o join up on o.id = up.parent_id
              where up.category <> 'company' and up.depth < 64
            )
            select id from up
            order by (category = 'company') desc, case when category = 'company' then depth else -depth end
            limit 1
          )`,
        )
        .limit(1);
      return rows[0]?.id ?? null;
    },

    async staffCount(companyId: string): Promise<number> {
      const rows = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(staffOf(companyId));
      return rows[0]?.n ?? 0;
    },

    async departmentCount(companyId: string): Promise<number> {
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(organizes)
        .where(and(eq(organizes.category, 'department'), eq(organizes.enabled, true), sql`${organizes.id} in ${orgTree(companyId)}`));
      return rows[0]?.n ?? 0;
    },

    /** Unexpired, unrevoked sessions of the organisation's enabled staff (a disabled user's are dead). */
    async onlineSessionCount(companyId: string): Promise<number> {
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date()), staffOf(companyId)));
      return rows[0]?.n ?? 0;
    },
  };
}
export type HomeRepo = ReturnType<typeof homeRepo>;
