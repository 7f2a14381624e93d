import type { TreeNode } from '../../../src/contracts/common';
import type { OrganizeRepo } from './organize-repo';

/** The organisation tree as pickers and checks see it, shared by the directory's services. */

export type OrganizeRecord = Awaited<ReturnType<OrganizeRepo['organizes']>>[number];

export interface OrganizeLink {
  id: string;
  parentId: string | null;
  category: string;
}

/**
 * Rows that are enabled and whose ancestors (within `rows`) are all enabled too: a disabled
 * company or department hides its whole branch from pickers. `rows` holds every organize.
 */
function liveOrganizes(rows: OrganizeRecord[]): Set<string> {
  const byId = new Map(rows.map((r) => [r.org.id, r.org]));
  const memo = new Map<string, boolean>();
  const live = (id: string, depth = 0): boolean => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    const o = byId.get(id);
    // A dangling parent counts as the root; a cycle (depth) is not shown.
    const result = !!o && o.enabled && depth < 64 && (!o.parentId || !byId.has(o.parentId) || live(o.parentId, depth + 1));
    memo.set(id, result);
    return result;
  };
  return new Set(rows.filter((r) => live(r.org.id)).map((r) => r.org.id));
}

const orgNode = (r: OrganizeRecord): TreeNode => ({
  id: r.org.id,
  parentId: r.org.parentId ?? '-1',
  fullName: r.org.fullName,
  enCode: r.org.enCode,
  type: r.org.category,
  hasChildren: false,
});

/** Ids of the departments under `rootId`, following department links only (not sub-companies). */
export function departmentsUnder(links: OrganizeLink[], rootId: string): Set<string> {
  const children = new Map<string, string[]>();
  for (const l of links) {
    if (l.category !== 'department' || !l.parentId) continue;
    children.set(l.parentId, [...(children.get(l.parentId) ?? []), l.id]);
  }
  const out = new Set<string>();
  const stack = [rootId];
  while (stack.length) {
    for (const c of children.get(stack.pop()!) ?? []) {
      if (!out.has(c) && c !== rootId) {
        out.add(c);
        stack.push(c);
      }
    }
  }
  return out;
}

/**
 * Enabled companies (and departments) as picker nodes, disabled branches left out; `live` holds
 * their ids, so positions and users can be hung under them.
 */
export async function organizeNodes(repo: Pick<OrganizeRepo, 'organizes'>, withDepartments: boolean) {
  const all = await repo.organizes();
  const rows = withDepartments ? all : all.filter((r) => r.org.category === 'company');
  const live = liveOrganizes(rows);
  return { live, nodes: rows.filter((r) => live.has(r.org.id)).map(orgNode) };
}

/** Whether any of `values` contains the keyword, case-insensitively (the directory's in-memory filters). */
export const matches = (keyword: string, ...values: (string | null)[]) => {
  const k = keyword.toLowerCase();
  return values.some((v) => v?.toLowerCase().includes(k));
};
