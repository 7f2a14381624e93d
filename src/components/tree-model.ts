/** A flat item of a tree (org units, users under them, regions…): its parent by id ('' or null at the top). */
export interface TreeItem {
  id: string;
  parentId: string | null;
  label: string;
  /** A branch can be opened even before it is known to have children (lazy levels). */
  branch?: boolean;
}

/** The tree as a child index: built once from flat items, in their order. */
export interface TreeIndex<T extends TreeItem> {
  byId: Map<string, T>;
  children: Map<string, T[]>;
  roots: T[];
}

/** Builds the child index in one pass; an item whose parent is missing becomes a root. */
export function indexTree<T extends TreeItem>(items: readonly T[]): TreeIndex<T> {
  const byId = new Map<string, T>();
  for (const item of items) byId.set(item.id, item);
  const children = new Map<string, T[]>();
  const roots: T[] = [];
  for (const item of items) {
    const parent = item.parentId && byId.has(item.parentId) ? item.parentId : null;
    if (parent === null) {
      roots.push(item);
      continue;
    }
    let list = children.get(parent);
    if (!list) children.set(parent, (list = []));
    list.push(item);
  }
  return { byId, children, roots };
}

/** One visible row of the tree. */
export interface TreeRow<T extends TreeItem> {
  item: T;
  depth: number;
  hasChildren: boolean;
  expanded: boolean;
}

/** The rows shown for a set of expanded ids: depth-first, children in their order (iterative, so deep trees are safe). */
export function visibleRows<T extends TreeItem>(index: TreeIndex<T>, expanded: ReadonlySet<string>): TreeRow<T>[] {
  const rows: TreeRow<T>[] = [];
  const stack: Array<{ item: T; depth: number }> = [];
  for (let i = index.roots.length - 1; i >= 0; i--) stack.push({ item: index.roots[i]!, depth: 0 });
  while (stack.length) {
    const { item, depth } = stack.pop()!;
    const kids = index.children.get(item.id);
    const hasChildren = !!kids?.length || !!item.branch;
    const open = hasChildren && expanded.has(item.id);
    rows.push({ item, depth, hasChildren, expanded: open });
    if (open && kids) for (let i = kids.length - 1; i >= 0; i--) stack.push({ item: kids[i]!, depth: depth + 1 });
  }
  return rows;
}

/** The ids of an item's ancestors, nearest first (to reveal an item: expand them all). */
export function ancestorsOf<T extends TreeItem>(index: TreeIndex<T>, id: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  let cur = index.byId.get(id)?.parentId ?? null;
  while (cur && index.byId.has(cur) && !seen.has(cur)) {
    seen.add(cur);
    out.push(cur);
    cur = index.byId.get(cur)!.parentId;
  }
  return out;
}
