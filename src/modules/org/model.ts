import type { TreeNode } from '@/contracts/common';
import type { OrganizeRow, PositionRow, UserRow } from '@/contracts/org';
import type { ListSortParams } from '@/lib/list-sort';

/**
 * Pure logic of the organisation module (no React, no Dexie): cached trees flattened and nested
 * again, and the offline search of the admin lists. What is shown while a write waits is in
 * pending-rows.ts.
 */

/** Parent id of a top-level company in the server's answers. */
export const ROOT_PARENT = '-1';

/** A tree node as it is cached: its parent by id, without `children` (the list is flat). */
export type FlatNode = TreeNode;

/** A role as the selector lists it. */
export interface RoleOption {
  id: string;
  fullName: string;
  enCode: string;
}

// ---- answers -------------------------------------------------------------------------------------

/** The list of an answer: spec 7.5 reads dictionaries, the user list and the user tree from `data.list`. */
export function listOf<T>(raw: unknown, what: string): T[] {
  if (Array.isArray(raw)) return raw as T[];
  const list = (raw as { list?: unknown } | null | undefined)?.list;
  if (Array.isArray(list)) return list as T[];
  throw new Error(`${what}: unexpected answer`);
}

/** Every item must carry a string id (a malformed answer is refused, the cached copy stays). */
export function checkIds<T>(items: T[], what: string): T[] {
  for (const item of items) if (typeof (item as { id?: unknown } | null)?.id !== 'string') throw new Error(`${what}: an item has no id`);
  return items;
}

// ---- trees ---------------------------------------------------------------------------------------

/**
 * Nested nodes to a flat list, depth first in their order: each node keeps its parent's id (a top
 * node its own parentId, or '-1') and whether it has children; `children` is left out.
 */
export function flattenTree(nodes: readonly TreeNode[]): FlatNode[] {
  const out: FlatNode[] = [];
  const stack: Array<{ node: TreeNode; parentId: string }> = [];
  for (let i = nodes.length - 1; i >= 0; i--) stack.push({ node: nodes[i]!, parentId: nodes[i]!.parentId || ROOT_PARENT });
  while (stack.length) {
    const { node, parentId } = stack.pop()!;
    const { children, ...rest } = node;
    out.push({ ...rest, parentId, hasChildren: !!children?.length || !!node.hasChildren });
    if (children) for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, parentId: node.id });
  }
  return out;
}

/** A flat list nested again (order kept); a node whose parent is not in the list is a top node. */
export function nestTree(flat: readonly FlatNode[]): TreeNode[] {
  const byId = new Map<string, TreeNode>();
  for (const n of flat) byId.set(n.id, { ...n, children: [] });
  const roots: TreeNode[] = [];
  for (const n of flat) {
    const node = byId.get(n.id)!;
    const parent = n.parentId !== n.id ? byId.get(n.parentId) : undefined;
    if (parent) parent.children!.push(node);
    else roots.push(node);
  }
  for (const node of byId.values()) {
    node.hasChildren = node.children!.length > 0;
    if (!node.hasChildren) delete node.children;
  }
  return roots;
}

/** Parent → children and id → node of a flat tree, for subtree and ancestor questions. */
export interface OrgIndex {
  byId: Map<string, FlatNode>;
  children: Map<string, string[]>;
}

export function buildOrgIndex(flat: readonly FlatNode[] | null | undefined): OrgIndex {
  const byId = new Map<string, FlatNode>();
  const children = new Map<string, string[]>();
  for (const n of flat ?? []) {
    byId.set(n.id, n);
    let list = children.get(n.parentId);
    if (!list) children.set(n.parentId, (list = []));
    list.push(n.id);
  }
  return { byId, children };
}

/** `rootId` and every node under it. */
export function subtreeIds(index: OrgIndex, rootId: string): Set<string> {
  const out = new Set<string>([rootId]);
  const stack = [rootId];
  while (stack.length) {
    for (const c of index.children.get(stack.pop()!) ?? []) {
      if (out.has(c)) continue;
      out.add(c);
      stack.push(c);
    }
  }
  return out;
}

/** The company a department belongs to: the nearest company among the node and its ancestors. */
export function companyOf(index: OrgIndex, id: string | null | undefined): string | null {
  const seen = new Set<string>();
  let cur = id ? index.byId.get(id) : undefined;
  while (cur && !seen.has(cur.id)) {
    if (cur.type === 'company') return cur.id;
    seen.add(cur.id);
    cur = index.byId.get(cur.parentId);
  }
  return null;
}

/** Where a new user goes when the list is filtered on a company or department: that company, and the department if it is one. */
export function placementOf(index: OrgIndex, organizeId: string | null | undefined): { organizeId: string | null; departmentId: string | null } {
  if (!organizeId) return { organizeId: null, departmentId: null };
  const node = index.byId.get(organizeId);
  return { organizeId: companyOf(index, organizeId), departmentId: node?.type === 'department' ? organizeId : null };
}

/** Nodes of the given types only (e.g. the companies of the organisation tree). */
export function nodesOfType(flat: readonly FlatNode[] | null | undefined, ...types: string[]): FlatNode[] {
  return (flat ?? []).filter((n) => types.includes(n.type ?? ''));
}

/**
 * The departments of one company, for a department picker: the company itself (shown, to reach
 * them) and the departments under it through department links only (not a sub-company's).
 */
export function departmentsOfCompany(flat: readonly FlatNode[] | null | undefined, companyId: string | null | undefined): FlatNode[] {
  if (!flat || !companyId) return [];
  const index = buildOrgIndex(flat);
  const company = index.byId.get(companyId);
  if (!company) return [];
  const out: FlatNode[] = [{ ...company, parentId: ROOT_PARENT }];
  const stack = [companyId];
  while (stack.length) {
    for (const c of index.children.get(stack.pop()!) ?? []) {
      const node = index.byId.get(c)!;
      if (node.type !== 'department') continue;
      out.push(node);
      stack.push(c);
    }
  }
  return out;
}

/** The picker nodes with a node and everything under it made unchoosable (a parent cannot be its own child). */
export function withoutBranch(flat: readonly FlatNode[], id: string | null | undefined): FlatNode[] {
  if (!id) return [...flat];
  const banned = subtreeIds(buildOrgIndex(flat), id);
  return flat.map((n) => (banned.has(n.id) ? { ...n, disabled: true } : n));
}

// ---- offline search ------------------------------------------------------------------------------

/** Case-insensitive "contains" over some fields; an empty keyword matches everything. */
export function includesKeyword(keyword: string | undefined, ...values: Array<string | null | undefined>): boolean {
  const k = keyword?.trim().toLowerCase();
  if (!k) return true;
  return values.some((v) => !!v && v.toLowerCase().includes(k));
}

export type OrganizeQuery = { keyword: string };
export type DepartmentQuery = { organizeId: string; keyword: string };
export type PositionQuery = { currentPage: number; pageSize: number; keyword: string; organizeId?: string } & ListSortParams;
export type UserQuery = { currentPage: number; pageSize: number; keyword: string; organizeId?: string } & ListSortParams;

/** A company or department whose name or code (or one of those under it) has the keyword. */
function treeRowHas(row: OrganizeRow, keyword: string): boolean {
  if (includesKeyword(keyword, row.fullName, row.enCode)) return true;
  return (row.children ?? []).some((c) => treeRowHas(c, keyword));
}

export function organizeMatches(row: OrganizeRow, q: OrganizeQuery): boolean {
  return treeRowHas(row, q.keyword);
}

/**
 * A department row of the company's list: it hangs under that company through departments only.
 * The cached organisation tree answers for rows whose parent is a department.
 */
export function departmentMatches(row: OrganizeRow, q: DepartmentQuery, index: OrgIndex): boolean {
  if (!treeRowHas(row, q.keyword)) return false;
  const seen = new Set<string>();
  let parentId: string | undefined = row.parentId;
  while (parentId && !seen.has(parentId)) {
    if (parentId === q.organizeId) return true;
    seen.add(parentId);
    const parent = index.byId.get(parentId);
    if (!parent || parent.type !== 'department') return false;
    parentId = parent.parentId;
  }
  return false;
}

/** The ids a company or department filter covers: it and everything under it (itself alone when not cached). */
function coveredBy(index: OrgIndex, organizeId: string | undefined): Set<string> | null {
  if (!organizeId) return null;
  return subtreeIds(index, organizeId);
}

/** Positions: keyword over name and code; a department filter covers the departments under it. */
export function positionMatches(row: PositionRow, q: PositionQuery, index: OrgIndex): boolean {
  if (!includesKeyword(q.keyword, row.fullName, row.enCode)) return false;
  const covered = coveredBy(index, q.organizeId);
  return !covered || covered.has(row.organizeId);
}

/**
 * Users: keyword over name, account, pinyin initials (spec 3 quickQuery: the row's own, else what
 * `initials` finds, e.g. from the cached user list) and mobile phone; a company or department filter
 * covers the users of it and of everything under it.
 */
export function userMatches(row: UserRow, q: UserQuery, index: OrgIndex, initials: (row: UserRow) => string = () => ''): boolean {
  const quick = (row as { quickQuery?: string }).quickQuery || initials(row);
  if (!includesKeyword(q.keyword, row.realName, row.account, quick, row.mobilePhone)) return false;
  const covered = coveredBy(index, q.organizeId);
  if (!covered) return true;
  return (!!row.departmentId && covered.has(row.departmentId)) || (!!row.organizeId && covered.has(row.organizeId));
}

/** Positions a user may hold in a department (or, without one, in the company). */
export function positionsFor(positions: readonly PositionRow[] | null | undefined, organizeId: string | null | undefined): PositionRow[] {
  if (!organizeId) return [];
  return (positions ?? []).filter((p) => p.organizeId === organizeId);
}

/** The rows of one page of a tree shown whole: its top rows are paged. */
export function pageOf<T>(rows: readonly T[], page: number, pageSize: number): T[] {
  const start = (Math.max(1, page) - 1) * pageSize;
  return rows.slice(start, start + pageSize);
}
