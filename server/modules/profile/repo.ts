import { and, desc, eq, inArray, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { loginLogs, organizes, positions, roles, userRoles, users } from '../../db/schema';

/** The columns of a user that BaseInfo shows, and those its names are looked up by. */
const baseInfoColumns = {
  id: users.id,
  account: users.account,
  realName: users.realName,
  gender: users.gender,
  mobilePhone: users.mobilePhone,
  email: users.email,
  signature: users.signature,
  description: users.description,
  headIcon: users.headIcon,
  entryDate: users.entryDate,
  createdAt: users.createdAt,
  version: users.version,
  organizeId: users.organizeId,
  departmentId: users.departmentId,
  positionId: users.positionId,
  managerId: users.managerId,
};
type BaseInfoKey = keyof typeof baseInfoColumns;
type BaseInfoSource = Record<BaseInfoKey, SQLWrapper>;
/** The same columns of another source (the WITH of an update). */
const pickColumns = <T extends BaseInfoSource>(u: T) => Object.fromEntries(Object.keys(baseInfoColumns).map((k) => [k, u[k as BaseInfoKey]])) as Pick<T, BaseInfoKey>;

/**
 * The names BaseInfo shows beside a user's own fields (organisation, department, position, manager,
 * enabled roles), each a scalar subquery over `u`: several times cheaper to plan than the same
 * names as left joins, and this runs on every profile read and write.
 */
function namesOf(u: BaseInfoSource) {
  const org = alias(organizes, 'org');
  const dept = alias(organizes, 'dept');
  const manager = alias(users, 'manager');
  // Nested, so the columns stay qualified: drizzle unqualifies a single-table select's own columns.
  const scalar = <T>(q: SQL) => sql<T>`${q}`;
  // An aliased table in raw SQL names only its alias: the table goes before it.
  const as = (table: SQLWrapper, name: string) => sql`${table} as ${sql.identifier(name)}`;
  return {
    organizeName: scalar<string | null>(sql`(select ${org.fullName} from ${as(organizes, 'org')} where ${org.id} = ${u.organizeId})`),
    departmentName: scalar<string | null>(sql`(select ${dept.fullName} from ${as(organizes, 'dept')} where ${dept.id} = ${u.departmentId})`),
    positionName: scalar<string | null>(sql`(select ${positions.fullName} from ${positions} where ${positions.id} = ${u.positionId})`),
    managerName: scalar<string | null>(sql`(select ${manager.realName} from ${as(users, 'manager')} where ${manager.id} = ${u.managerId})`),
    roleName: scalar<string | null>(
      sql`(select string_agg(${roles.fullName}, ',' order by ${roles.createdAt}, ${roles.fullName}) from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${u.id} and ${roles.enabled})`,
    ),
  };
}

export function profileRepo(db: Db) {
  return {
    /** A user with the names BaseInfo shows, in one query: it runs on every profile read. */
    async userWithNames(id: string) {
      const rows = await db
        .select({ user: baseInfoColumns, ...namesOf(users) })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return rows[0] ?? null;
    },
    /**
     * A change to what BaseInfo shows: version + 1. With `baseVersion`, only when the row is still
     * at that version. Changes and reads back the user with its names in one statement (the update
     * in a WITH, the names over its RETURNING); null when the row has moved on (or is gone).
     */
    async updateWithNames(id: string, patch: Partial<typeof users.$inferInsert>, baseVersion?: number) {
      const updated = db.$with('updated').as(
        db
          .update(users)
          .set({ ...patch, updatedAt: new Date(), version: sql`${users.version} + 1` })
          .where(and(eq(users.id, id), baseVersion === undefined ? undefined : eq(users.version, baseVersion)))
          .returning(baseInfoColumns),
      );
      const rows = await db
        .with(updated)
        .select({ user: pickColumns(updated), ...namesOf(updated) })
        .from(updated);
      return rows[0] ?? null;
    },
    async user(id: string) {
      const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0] ?? null;
    },
    /** Settings outside BaseInfo (theme, language, password): last writer wins, version unchanged. */
    async update(id: string, patch: Partial<typeof users.$inferInsert>) {
      await db.update(users).set({ ...patch, updatedAt: new Date() }).where(eq(users.id, id));
    },
    async loginLogs(userId: string, page: number, pageSize: number) {
      const where = and(eq(loginLogs.userId, userId), ne(loginLogs.platform, 'unlock'));
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(loginLogs)
          .where(where)
          .orderBy(desc(loginLogs.createdAt))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: sql<number>`count(*)::int` }).from(loginLogs).where(where),
      ]);
      return { rows, total: total[0]?.n ?? 0 };
    },
    async subordinates(managerId: string) {
      return db.select().from(users).where(and(eq(users.managerId, managerId), eq(users.enabled, true))).orderBy(users.account);
    },
    async orgNames(ids: string[]) {
      const unique = [...new Set(ids.filter(Boolean))];
      if (!unique.length) return new Map<string, string>();
      const [o, p] = await Promise.all([
        db.select({ id: organizes.id, name: organizes.fullName }).from(organizes).where(inArray(organizes.id, unique)),
        db.select({ id: positions.id, name: positions.fullName }).from(positions).where(inArray(positions.id, unique)),
      ]);
      return new Map([...o, ...p].map((r) => [r.id, r.name]));
    },
  };
}
export type ProfileRepo = ReturnType<typeof profileRepo>;
