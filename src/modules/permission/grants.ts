import type { AuthorityData, AuthorizeBody } from '@/contracts/org';
import { indexTree, type TreeIndex, type TreeItem } from '@/components/tree-model';

/**
 * Pure logic of granting a role its menus (modules), buttons and columns (spec 6 permission tabs).
 *
 * Rules kept by every change:
 * - a granted module's ancestors are granted (a page under a hidden directory cannot be reached);
 * - a granted button or column's module is granted (a control of a hidden menu is useless);
 * - checking a module checks its buttons and columns (and those of the modules under it);
 *   unchecking removes them, and a directory left with nothing granted under it goes too.
 */

export type GrantKind = 'module' | 'button' | 'column';
export const GRANT_KINDS: readonly GrantKind[] = ['module', 'button', 'column'];
export type Check = 'checked' | 'indeterminate' | 'unchecked';

export type GrantModule = AuthorityData['modules'][number];
export type GrantControl = AuthorityData['buttons'][number];
type ControlKind = Exclude<GrantKind, 'module'>;

/** Menu type of a directory (spec 2.2 type 1): it exists only to hold the menus under it. */
const DIRECTORY = 1;

/** The grantable items as a tree, indexed once per answer. */
export interface GrantModel {
  modules: Map<string, GrantModule>;
  /** Module ids depth-first (parents before children), in the server's order. */
  order: string[];
  /** Parent module id (null at the top, or when the parent is unknown or would make a cycle). */
  parentOf: Map<string, string | null>;
  children: Map<string, string[]>;
  /** The buttons and columns of each module, in the server's order. */
  controls: Record<ControlKind, Map<string, GrantControl[]>>;
  /** Module of each button and column (only controls of known modules are kept). */
  owner: Record<ControlKind, Map<string, string>>;
}

/** What is granted: ids by kind. Never changed in place; every change returns a new state. */
export interface GrantState {
  module: ReadonlySet<string>;
  button: ReadonlySet<string>;
  column: ReadonlySet<string>;
}

export function buildGrantModel(data: Pick<AuthorityData, 'modules' | 'buttons' | 'columns'>): GrantModel {
  const modules = new Map<string, GrantModule>();
  for (const m of data.modules) if (!modules.has(m.id)) modules.set(m.id, m);
  // Parents: unknown ones make a root; a parent chain that comes back to the module (bad data) too.
  const parentOf = new Map<string, string | null>();
  for (const m of modules.values()) parentOf.set(m.id, m.parentId && m.parentId !== m.id && modules.has(m.parentId) ? m.parentId : null);
  for (const id of modules.keys()) {
    const seen = new Set([id]);
    for (let p = parentOf.get(id) ?? null; p; p = parentOf.get(p) ?? null) {
      if (seen.has(p)) {
        parentOf.set(id, null);
        break;
      }
      seen.add(p);
    }
  }
  const children = new Map<string, string[]>();
  const roots: string[] = [];
  for (const id of modules.keys()) {
    const p = parentOf.get(id) ?? null;
    if (p === null) roots.push(id);
    else {
      let list = children.get(p);
      if (!list) children.set(p, (list = []));
      list.push(id);
    }
  }
  const order: string[] = [];
  const stack = [...roots].reverse();
  while (stack.length) {
    const id = stack.pop()!;
    order.push(id);
    const kids = children.get(id);
    if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
  const controls = { button: new Map<string, GrantControl[]>(), column: new Map<string, GrantControl[]>() };
  const owner = { button: new Map<string, string>(), column: new Map<string, string>() };
  for (const kind of ['button', 'column'] as const) {
    for (const c of kind === 'button' ? data.buttons : data.columns) {
      if (!modules.has(c.moduleId) || owner[kind].has(c.id)) continue;
      owner[kind].set(c.id, c.moduleId);
      let list = controls[kind].get(c.moduleId);
      if (!list) controls[kind].set(c.moduleId, (list = []));
      list.push(c);
    }
  }
  return { modules, order, parentOf, children, controls, owner };
}

/** The module and every module under it, depth-first. */
export function subtreeModules(model: GrantModel, id: string): string[] {
  if (!model.modules.has(id)) return [];
  const out: string[] = [];
  const stack = [id];
  while (stack.length) {
    const cur = stack.pop()!;
    out.push(cur);
    const kids = model.children.get(cur);
    if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
  return out;
}

/** The module's ancestors, nearest first. */
export function moduleAncestors(model: GrantModel, id: string): string[] {
  const out: string[] = [];
  for (let p = model.parentOf.get(id) ?? null; p; p = model.parentOf.get(p) ?? null) out.push(p);
  return out;
}

/** The ids of one kind in a module's subtree: the modules themselves, or their buttons or columns. */
export function idsUnder(model: GrantModel, moduleId: string, kind: GrantKind): string[] {
  const mods = subtreeModules(model, moduleId);
  if (kind === 'module') return mods;
  return mods.flatMap((m) => (model.controls[kind].get(m) ?? []).map((c) => c.id));
}

/** Every grantable id of a kind. */
export function allIds(model: GrantModel, kind: GrantKind): string[] {
  return kind === 'module' ? [...model.order] : model.order.flatMap((m) => (model.controls[kind].get(m) ?? []).map((c) => c.id));
}

/** The role's current grants, keeping only ids the answer can show (the server refuses others). */
export function initialGrants(model: GrantModel, granted: AuthorityData['granted']): GrantState {
  return {
    module: new Set(granted.module.filter((id) => model.modules.has(id))),
    button: new Set(granted.button.filter((id) => model.owner.button.has(id))),
    column: new Set(granted.column.filter((id) => model.owner.column.has(id))),
  };
}

/** Granted and total counts of each kind in every module's subtree (the module itself included). */
export type GrantSummary = Map<string, Record<GrantKind, [granted: number, total: number]>>;

export function summarize(model: GrantModel, state: GrantState): GrantSummary {
  const sum: GrantSummary = new Map();
  for (const id of model.order) {
    const own = (kind: ControlKind): [number, number] => {
      const list = model.controls[kind].get(id) ?? [];
      let g = 0;
      for (const c of list) if (state[kind].has(c.id)) g++;
      return [g, list.length];
    };
    sum.set(id, { module: [state.module.has(id) ? 1 : 0, 1], button: own('button'), column: own('column') });
  }
  // Children come after their parents in `order`: add each subtree into its parent, deepest first.
  for (let i = model.order.length - 1; i >= 0; i--) {
    const id = model.order[i]!;
    const p = model.parentOf.get(id);
    if (!p) continue;
    const mine = sum.get(id)!;
    const theirs = sum.get(p)!;
    for (const kind of GRANT_KINDS) {
      theirs[kind][0] += mine[kind][0];
      theirs[kind][1] += mine[kind][1];
    }
  }
  return sum;
}

export function checkOf(granted: number, total: number): Check {
  if (granted <= 0 || total <= 0) return 'unchecked';
  return granted >= total ? 'checked' : 'indeterminate';
}

/** Tri-state of a module in a tab: from the modules (menu tab), buttons or columns of its subtree. */
export function moduleCheck(summary: GrantSummary, moduleId: string, kind: GrantKind): Check {
  const c = summary.get(moduleId)?.[kind];
  return c ? checkOf(c[0], c[1]) : 'unchecked';
}

const mutable = (s: GrantState) => ({ module: new Set(s.module), button: new Set(s.button), column: new Set(s.column) });

/**
 * Grants (`on`) or withdraws ids of one kind, keeping the rules above:
 * - modules on: with their buttons and columns, and their ancestors;
 * - modules off: with their buttons and columns; then directories left with nothing granted under them;
 * - buttons or columns on: with their module and its ancestors; off: only themselves.
 * Callers pass whole subtrees when a parent row is clicked (see `toggleModule`).
 */
export function setGrants(model: GrantModel, state: GrantState, kind: GrantKind, ids: Iterable<string>, on: boolean): GrantState {
  const next = mutable(state);
  const addModule = (id: string) => {
    next.module.add(id);
    for (const a of moduleAncestors(model, id)) next.module.add(a);
  };
  if (kind === 'module') {
    const touched: string[] = [];
    for (const id of ids) {
      if (!model.modules.has(id)) continue;
      touched.push(id);
      for (const k of ['button', 'column'] as const) for (const c of model.controls[k].get(id) ?? []) (on ? next[k].add(c.id) : next[k].delete(c.id));
      if (on) addModule(id);
      else next.module.delete(id);
    }
    if (!on) pruneDirectories(model, next, touched);
    return next;
  }
  for (const id of ids) {
    const m = model.owner[kind].get(id);
    if (!m) continue;
    if (on) {
      next[kind].add(id);
      addModule(m);
    } else next[kind].delete(id);
  }
  return next;
}

/** Directories above the withdrawn modules that no longer have any granted module under them. */
function pruneDirectories(model: GrantModel, next: { module: Set<string>; button: Set<string>; column: Set<string> }, touched: string[]) {
  const candidates = new Set<string>();
  for (const id of touched) for (const a of moduleAncestors(model, id)) candidates.add(a);
  // Nearest first: a directory emptied by the pruning of the one under it goes as well.
  const byDepth = [...candidates].sort((a, b) => moduleAncestors(model, b).length - moduleAncestors(model, a).length);
  for (const id of byDepth) {
    if (!next.module.has(id) || model.modules.get(id)?.type !== DIRECTORY) continue;
    const kids = model.children.get(id) ?? [];
    if (kids.some((k) => next.module.has(k))) continue;
    next.module.delete(id);
    for (const k of ['button', 'column'] as const) for (const c of model.controls[k].get(id) ?? []) next[k].delete(c.id);
  }
}

/** A click on a module's row in a tab: all of that kind in its subtree on, or off when all were on. */
export function toggleModule(model: GrantModel, state: GrantState, moduleId: string, kind: GrantKind): GrantState {
  const ids = idsUnder(model, moduleId, kind);
  const all = ids.length > 0 && ids.every((id) => state[kind].has(id));
  return setGrants(model, state, kind, ids, !all);
}

/** A click on a button's or column's row. */
export function toggleControl(model: GrantModel, state: GrantState, kind: ControlKind, id: string): GrantState {
  return setGrants(model, state, kind, [id], !state[kind].has(id));
}

/** 全选 / 清空 of a tab. */
export function setAll(model: GrantModel, state: GrantState, kind: GrantKind, on: boolean): GrantState {
  return setGrants(model, state, kind, allIds(model, kind), on);
}

/** The body of PUT /Permission/Authority/Data/{roleId}: the granted ids by kind, in the tree's order. */
export function grantBody(model: GrantModel, state: GrantState): Required<AuthorizeBody> {
  return {
    module: model.order.filter((id) => state.module.has(id)),
    button: allIds(model, 'button').filter((id) => state.button.has(id)),
    column: allIds(model, 'column').filter((id) => state.column.has(id)),
  };
}

export function sameGrants(a: GrantState, b: GrantState): boolean {
  return GRANT_KINDS.every((k) => a[k].size === b[k].size && [...a[k]].every((id) => b[k].has(id)));
}

// ---- The tree a tab shows ----------------------------------------------------------------------

/** A row of a tab's tree: a module, or a button or column under its module. */
export interface GrantItem extends TreeItem {
  kind: GrantKind;
  /** The module, button or column id. */
  ref: string;
  enCode: string;
  /** Module rows: the menu icon. */
  icon?: string;
  /** Lower-case text the filter looks in (name and code). */
  key: string;
}

export const itemId = (kind: GrantKind, id: string) => `${kind[0]}:${id}`;

/**
 * The rows of a tab: every module in the menu tab; in the button (column) tab the modules that have
 * buttons (columns) in their subtree, each with its own buttons (columns) first, then its child modules.
 */
export function tabItems(model: GrantModel, kind: GrantKind, summary?: GrantSummary): GrantItem[] {
  const counts = summary ?? summarize(model, { module: new Set(), button: new Set(), column: new Set() });
  const out: GrantItem[] = [];
  const stack = model.order.filter((id) => model.parentOf.get(id) === null).reverse();
  while (stack.length) {
    const id = stack.pop()!;
    if (kind !== 'module' && !counts.get(id)?.[kind][1]) continue;
    const m = model.modules.get(id)!;
    const parent = model.parentOf.get(id) ?? null;
    out.push({ id: itemId('module', id), parentId: parent && itemId('module', parent), label: m.fullName, kind: 'module', ref: id, enCode: m.enCode, icon: m.icon, key: `${m.fullName}\u0000${m.enCode}`.toLowerCase() });
    if (kind !== 'module') {
      for (const c of model.controls[kind].get(id) ?? []) {
        out.push({ id: itemId(kind, c.id), parentId: itemId('module', id), label: c.fullName, kind, ref: c.id, enCode: c.enCode, key: `${c.fullName}\u0000${c.enCode}`.toLowerCase() });
      }
    }
    const kids = model.children.get(id);
    if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
  return out;
}

/** The check box of a row. */
export function itemCheck(item: GrantItem, tab: GrantKind, state: GrantState, summary: GrantSummary): Check {
  if (item.kind === 'module') return moduleCheck(summary, item.ref, tab);
  return state[item.kind].has(item.ref) ? 'checked' : 'unchecked';
}

/** A click on a row of a tab. */
export function toggleItem(model: GrantModel, state: GrantState, item: GrantItem, tab: GrantKind): GrantState {
  return item.kind === 'module' ? toggleModule(model, state, item.ref, tab) : toggleControl(model, state, item.kind, item.ref);
}

/** Rows with children: every module row (to expand or collapse them all). */
export function branchIds(items: readonly GrantItem[], index: TreeIndex<GrantItem>): string[] {
  return items.filter((i) => index.children.get(i.id)?.length).map((i) => i.id);
}

/**
 * What a tab shows for a filter text (name or code, case-insensitive): the matching rows, the rows
 * above them (opened) and the rows under a matching module (so finding a menu shows its buttons).
 * null for an empty text.
 */
export function filterItems(items: readonly GrantItem[], index: TreeIndex<GrantItem>, text: string): { index: TreeIndex<GrantItem>; expanded: Set<string>; matched: number } | null {
  const q = text.trim().toLowerCase();
  if (!q) return null;
  const visible = new Set<string>();
  const expanded = new Set<string>();
  const matched: string[] = [];
  for (const item of items) {
    if (!item.key.includes(q)) continue;
    matched.push(item.id);
    visible.add(item.id);
    for (let p = item.parentId; p && !expanded.has(p); p = index.byId.get(p)?.parentId ?? null) {
      expanded.add(p);
      visible.add(p);
    }
  }
  const covered = new Set(matched);
  const stack = [...matched];
  while (stack.length) {
    for (const kid of index.children.get(stack.pop()!) ?? []) {
      if (covered.has(kid.id)) continue;
      covered.add(kid.id);
      visible.add(kid.id);
      stack.push(kid.id);
    }
  }
  return { index: indexTree(items.filter((i) => visible.has(i.id))), expanded, matched: matched.length };
}
