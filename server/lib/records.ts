import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import type { ListQuery, Paged } from '../../src/contracts/common';
import { badRequest, conflict, notFound } from './errors';

/** Helpers every CRUD module shares: paging, keyword matching, versioned writes, trees. */

export const pageWindow = (q: Pick<ListQuery, 'currentPage' | 'pageSize'>) => ({ limit: q.pageSize, offset: (q.currentPage - 1) * q.pageSize });

export function paged<T>(list: T[], q: Pick<ListQuery, 'currentPage' | 'pageSize'>, total: number): Paged<T> {
  return { list, pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total } };
}

/**
 * ORDER BY for a list's sort field (`sidx` with `sort`, spec 3 list query): the column the list
 * whitelists under that name (src/contracts/list-sort.ts), nulls last either way; undefined for
 * any other `sidx` (the list keeps its default order, which also breaks ties).
 */
export function sortBy(columns: Readonly<Record<string, PgColumn | SQL>>, q: { sidx?: string; sort?: 'asc' | 'desc' }): SQL[] {
  if (!q.sidx || !Object.hasOwn(columns, q.sidx)) return [];
  const column = columns[q.sidx]!;
  return [q.sort === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls last`];
}

/** `%keyword%` for ILIKE, with the wildcards of the keyword itself escaped. */
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** ILIKE over several columns (any of them matches); undefined for an empty keyword. */
export function keywordFilter(keyword: string, columns: (PgColumn | SQL)[]): SQL | undefined {
  if (!keyword) return undefined;
  const pattern = likePattern(keyword);
  return sql`(${sql.join(
    columns.map((c) => sql`${c} ilike ${pattern}`),
    sql` or `,
  )})`;
}

/** A unique index refused the row (PostgreSQL 23505), e.g. a duplicate code. */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } } | null;
  return err?.code === '23505' || err?.cause?.code === '23505';
}

/**
 * Runs an insert; a unique violation becomes a 400: the primary key (a client-made id sent twice
 * at once) → 记录已存在, any other unique index → `msg`.
 */
export async function insertOnce<T>(run: () => Promise<T>, msg = '编码已存在'): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    const err = e as { constraint?: string; cause?: { constraint?: string } };
    const constraint = err.constraint ?? err.cause?.constraint ?? '';
    throw badRequest(constraint.endsWith('_pkey') ? '记录已存在' : msg);
  }
}

/** Runs an insert/update; a unique violation becomes a 400 with the given message (default: code taken). */
export async function uniqueOr<T>(run: () => Promise<T>, msg = '编码已存在'): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (isUniqueViolation(e)) throw badRequest(msg);
    throw e;
  }
}

type Versioned = PgTable & { id: PgColumn; version: PgColumn; updatedAt: PgColumn };

/**
 * A change to a versioned row: version + 1. With `baseVersion` (If-Match) only when the row is
 * still at that version, checked and changed in one statement. Missing row → 404; moved on → 409
 * with `current()` (the row as the client shows it).
 */
export async function updateVersioned<T extends Versioned>(
  db: Db,
  table: T,
  id: string,
  patch: Record<string, unknown>,
  baseVersion: number | undefined,
  current: () => Promise<unknown>,
): Promise<void> {
  const rows = await uniqueOr(() =>
    db
      .update(table as PgTable)
      .set({ ...patch, updatedAt: new Date(), version: sql`${table.version} + 1` } as never)
      .where(and(eq(table.id, id), baseVersion === undefined ? undefined : eq(table.version, baseVersion)))
      .returning({ id: table.id }),
  );
  if (rows.length) return;
  const exists = await db.select({ id: table.id }).from(table as PgTable).where(eq(table.id, id)).limit(1);
  if (!exists.length) throw notFound();
  throw conflict(await current());
}

/** PUT …/Actions/State: 0/1 sets, absent toggles. */
export type StateChange = 0 | 1 | undefined;
/** `enabled` after a state action: the given state, or the opposite of the stored one (read in the statement). */
export const stateValue = (column: PgColumn, state: StateChange) => (state === undefined ? sql`not ${column}` : state === 1);

/** The row is still at the version the client based its write on (no condition without one). */
export const atVersion = (column: PgColumn, baseVersion: number | undefined) => (baseVersion === undefined ? undefined : eq(column, baseVersion));

/**
 * A delete whose statement checks everything again (version, still unused): when it deletes
 * nothing, the row is gone (404), in use (400 with `inUseMsg`) or at another version than the
 * client's If-Match (409 with the current row).
 */
export async function removeRow<T>(
  find: () => Promise<T | null>,
  inUse: (row: T) => boolean | Promise<boolean>,
  inUseMsg: string,
  remove: () => Promise<boolean>,
  view: (row: T) => unknown,
) {
  const row = await find();
  if (!row) throw notFound();
  if (await inUse(row)) throw badRequest(inUseMsg);
  if (await remove()) return;
  const now = await find();
  if (!now) throw notFound();
  if (await inUse(now)) throw badRequest(inUseMsg);
  throw conflict(await view(now));
}

/** Deepest parent chain walked when checking a move (real trees are a handful of levels deep). */
const MAX_DEPTH = 64;

/** Ids from `startId` up to `root` through `parentOf` (cycle- and depth-safe). */
export async function chainUp(startId: string, parentOf: (id: string) => Promise<string | null>, root: string): Promise<string[]> {
  const chain: string[] = [];
  let id: string | null = startId;
  while (id && id !== root && !chain.includes(id) && chain.length < MAX_DEPTH) {
    chain.push(id);
    id = await parentOf(id);
  }
  return chain;
}

/**
 * Nests rows by parent (rows keep their order). Rows whose parent is not in the list are roots.
 * Sets `hasChildren` and `children` (left out on leaves when `omitEmpty`).
 */
export function nest<T extends { id: string; parentId: string | null }>(rows: T[], omitEmpty = true): (T & { hasChildren: boolean; children?: T[] })[] {
  type Node = T & { hasChildren: boolean; children?: Node[] };
  const byId = new Map<string, Node>(rows.map((r) => [r.id, { ...r, hasChildren: false, children: [] as Node[] }]));
  const roots: Node[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId ? byId.get(node.parentId) : undefined;
    if (parent && parent !== node) parent.children!.push(node);
    else roots.push(node);
  }
  for (const node of byId.values()) {
    node.hasChildren = node.children!.length > 0;
    if (omitEmpty && !node.hasChildren) delete node.children;
  }
  return roots;
}

/** Ids of `rootId` and everything under it, given (id, parentId) pairs. */
export function descendantsOf(pairs: { id: string; parentId: string | null }[], rootId: string): Set<string> {
  const children = new Map<string, string[]>();
  for (const p of pairs) if (p.parentId) children.set(p.parentId, [...(children.get(p.parentId) ?? []), p.id]);
  const out = new Set<string>([rootId]);
  const stack = [rootId];
  while (stack.length) for (const c of children.get(stack.pop()!) ?? []) if (!out.has(c)) (out.add(c), stack.push(c));
  return out;
}

export const enabledMark = (enabled: boolean): 0 | 1 => (enabled ? 1 : 0);
