import type { TreeNode } from '@/contracts/common';

/**
 * Pure helpers of the base-data tables: rows nested by parentId, the rows a tree table shows for a
 * set of expanded ids, and keyword filtering (used offline and for the small type tree).
 */

export interface NestableRow {
  id: string;
  parentId?: string | null;
  children?: NestableRow[];
}

type WithChildren<R> = R & { children?: WithChildren<R>[] };

/** Rows nested under their parentId, in their order; a row whose parent is missing is a root. */
export function nestRows<R extends NestableRow>(flat: readonly R[]): WithChildren<R>[] {
  const byId = new Map<string, WithChildren<R>>();
  for (const r of flat) byId.set(r.id, { ...r, children: undefined });
  const roots: WithChildren<R>[] = [];
  for (const r of flat) {
    const node = byId.get(r.id)!;
    const parent = r.parentId && r.parentId !== r.id ? byId.get(r.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** Depth-first rows of a nested list (children after their parent). */
export function flattenTree<R extends NestableRow>(rows: readonly R[]): R[] {
  const out: R[] = [];
  const stack: R[] = [...rows].reverse();
  while (stack.length) {
    const r = stack.pop()!;
    out.push(r);
    const kids = r.children as R[] | undefined;
    if (kids?.length) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
  return out;
}

export interface TableTreeRow<R> {
  row: R;
  depth: number;
  hasChildren: boolean;
  expanded: boolean;
}

/** The rows a tree table shows: roots, and the children of expanded rows (depth-first). */
export function visibleTreeRows<R extends NestableRow>(rows: readonly R[], expanded: ReadonlySet<string>): TableTreeRow<R>[] {
  const out: TableTreeRow<R>[] = [];
  const stack: Array<{ row: R; depth: number }> = [...rows].reverse().map((row) => ({ row, depth: 0 }));
  while (stack.length) {
    const { row, depth } = stack.pop()!;
    const kids = (row.children as R[] | undefined) ?? [];
    const open = kids.length > 0 && expanded.has(row.id);
    out.push({ row, depth, hasChildren: kids.length > 0, expanded: open });
    if (open) for (let i = kids.length - 1; i >= 0; i--) stack.push({ row: kids[i]!, depth: depth + 1 });
  }
  return out;
}

/** Whether a row's name or code contains the keyword (case-insensitive; an empty keyword matches). */
export function keywordMatches(row: { fullName?: string | null; enCode?: string | null }, keyword: string | undefined): boolean {
  const k = (keyword ?? '').trim().toLowerCase();
  if (!k) return true;
  return (row.fullName ?? '').toLowerCase().includes(k) || (row.enCode ?? '').toLowerCase().includes(k);
}

/** A nested list cut down to the rows matching the keyword and their ancestors (the path to them). */
export function filterNested<R extends NestableRow & { fullName?: string | null; enCode?: string | null }>(rows: readonly R[], keyword: string): R[] {
  if (!keyword.trim()) return [...rows];
  const walk = (list: readonly R[]): R[] => {
    const out: R[] = [];
    for (const r of list) {
      const kids = walk((r.children as R[] | undefined) ?? []);
      if (keywordMatches(r, keyword) || kids.length) out.push({ ...r, children: kids.length ? kids : keywordMatches(r, keyword) ? r.children : undefined });
    }
    return out;
  };
  return walk(rows);
}

/** Ids of every row that has children (to open a whole filtered tree). */
export function branchIds(rows: readonly NestableRow[]): string[] {
  return flattenTree(rows)
    .filter((r) => r.children?.length)
    .map((r) => r.id);
}

/** Picker nodes of nested rows; `exclude` (a row being edited) is left out with everything under it. */
export function toTreeNodes<R extends NestableRow & { fullName: string; enCode?: string }>(rows: readonly R[], type: string, exclude?: string | null): TreeNode[] {
  const walk = (list: readonly R[]): TreeNode[] =>
    list
      .filter((r) => r.id !== exclude)
      .map((r) => {
        const kids = walk((r.children as R[] | undefined) ?? []);
        return { id: r.id, parentId: r.parentId ?? '', fullName: r.fullName, enCode: r.enCode, type, hasChildren: kids.length > 0, ...(kids.length ? { children: kids } : {}) };
      });
  return walk(rows);
}
