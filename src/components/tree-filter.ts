import type { TreeNode } from '@/contracts/common';
import { ancestorsOf, indexTree, type TreeIndex, type TreeItem } from './tree-model';

/**
 * Pure logic of the tree pickers (TreeSelect, ApproverPicker): nested TreeNodes flattened for
 * the VirtualTree, the filter box, which nodes may be chosen (spec 5.4) and lazily loaded levels.
 */

/** A TreeNode as a VirtualTree item. */
export interface NodeItem extends TreeItem {
  node: TreeNode;
  /** Lower-case text the filter looks in: fullName, then quickQuery (pinyin initials). */
  key: string;
}

function searchKey(node: TreeNode): string {
  const quick = typeof node.quickQuery === 'string' ? node.quickQuery : '';
  return quick ? `${node.fullName}\u0000${quick}`.toLowerCase() : String(node.fullName ?? '').toLowerCase();
}

function toItem(node: TreeNode, parentId: string | null, lazy: boolean): NodeItem {
  return {
    id: node.id,
    parentId,
    label: node.fullName,
    // A node known to have children that are not loaded yet can still be opened (and loads them).
    branch: lazy && node.hasChildren && !node.children?.length,
    node,
    key: searchKey(node),
  };
}

/**
 * Flattens nested nodes depth-first, in their order (iterative: deep trees are safe). A top-level
 * node keeps its own parentId, so a flat list that names its parents nests too. An id seen twice
 * keeps its first place. `lazy`: nodes with hasChildren but no children can be opened.
 */
export function flattenNodes(nodes: readonly TreeNode[] | undefined, lazy = false, under: string | null = null, seen = new Set<string>()): NodeItem[] {
  const out: NodeItem[] = [];
  if (!nodes) return out;
  const stack: Array<{ node: TreeNode; parentId: string | null }> = [];
  for (let i = nodes.length - 1; i >= 0; i--) stack.push({ node: nodes[i]!, parentId: under ?? (nodes[i]!.parentId || null) });
  while (stack.length) {
    const { node, parentId } = stack.pop()!;
    if (seen.has(node.id)) continue;
    seen.add(node.id);
    out.push(toItem(node, parentId, lazy));
    const kids = node.children;
    if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push({ node: kids[i]!, parentId: node.id });
  }
  return out;
}

/**
 * A lazily loaded level put in place: the children appear under their parent (after any it has),
 * and a parent that loaded nothing can no longer be opened. Returns new items; ids already in the
 * tree are not added twice.
 */
export function insertChildren(items: readonly NodeItem[], parentId: string, children: readonly TreeNode[], lazy = true): NodeItem[] {
  // The parent is gone (the tree was replaced meanwhile): its children have nowhere to go.
  if (!items.some((item) => item.id === parentId)) return [...items];
  const seen = new Set<string>();
  for (const item of items) seen.add(item.id);
  const out = items.map((item) => (item.id === parentId && item.branch ? { ...item, branch: false } : item));
  return out.concat(flattenNodes(children, lazy, parentId, seen));
}

/** What the tree shows for a filter text. */
export interface TreeFilterResult {
  /** The matching nodes, their ancestors (to reach them) and their descendants (to open them). */
  index: TreeIndex<NodeItem>;
  /** The ancestors of the matches: opened, so every match is in view. */
  expanded: Set<string>;
  /** Ids of the nodes whose name (or quickQuery) contains the text. */
  matched: Set<string>;
}

/**
 * Filters the tree by a text found in fullName or quickQuery (case-insensitive). Returns null for
 * an empty text (the whole tree). One pass over the items plus the reached ancestors/descendants.
 */
export function filterTree(items: readonly NodeItem[], index: TreeIndex<NodeItem>, text: string): TreeFilterResult | null {
  const q = text.trim().toLowerCase();
  if (!q) return null;
  const visible = new Set<string>();
  const expanded = new Set<string>();
  const matched = new Set<string>();
  for (const item of items) {
    if (!item.key.includes(q)) continue;
    matched.add(item.id);
    visible.add(item.id);
    let p = item.parentId;
    while (p && !expanded.has(p)) {
      const parent = index.byId.get(p);
      if (!parent) break;
      expanded.add(p);
      visible.add(p);
      p = parent.parentId;
    }
  }
  // Descendants of a match stay reachable (closed): finding 销售部 lets one open it and pick from it.
  const covered = new Set<string>();
  for (const id of matched) {
    if (covered.has(id)) continue;
    covered.add(id);
    const stack = [id];
    while (stack.length) {
      const kids = index.children.get(stack.pop()!);
      if (!kids) continue;
      for (const kid of kids) {
        if (covered.has(kid.id)) continue;
        covered.add(kid.id);
        visible.add(kid.id);
        stack.push(kid.id);
      }
    }
  }
  return { index: indexTree(items.filter((i) => visible.has(i.id))), expanded, matched };
}

/** Which nodes may be chosen (spec 5.4): by type, and only last-level nodes when leafOnly. */
export interface SelectRule {
  /** Only nodes of this type (or these types). */
  selectableType?: string | readonly string[];
  /** Only nodes without children (loaded or still to load). */
  leafOnly?: boolean;
}

/** Whether a node can be chosen. Nodes that cannot are still shown (to reach those that can). */
export function isSelectable(item: NodeItem, index: TreeIndex<NodeItem>, rule: SelectRule): boolean {
  if (item.node.disabled) return false;
  const { selectableType, leafOnly } = rule;
  if (selectableType !== undefined) {
    const types: readonly string[] = typeof selectableType === 'string' ? [selectableType] : selectableType;
    if (!types.includes(item.node.type ?? '')) return false;
  }
  if (leafOnly && (item.branch || !!index.children.get(item.id)?.length)) return false;
  return true;
}

/** The chosen ids after clicking a node: one node replaces the choice; in multiple mode it toggles. */
export function toggleChoice(chosen: readonly string[], id: string, multiple: boolean): string[] {
  if (!multiple) return [id];
  return chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id];
}

/** Ids to open so the chosen nodes are in view when the picker opens. */
export function revealChosen(index: TreeIndex<NodeItem>, chosen: readonly string[]): string[] {
  const out = new Set<string>();
  for (const id of chosen) for (const a of ancestorsOf(index, id)) out.add(a);
  return [...out];
}
