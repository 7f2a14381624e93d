import type { ControlType } from '@/contracts/online-dev';
import { isLayoutField, type FormConfig, type ListConfig, type ModelDefinition, type ModelField } from '@/contracts/online-dev-model';
import type { Capture } from '@/lib/history';
import { copyKey, formKeysOf, isUsableKey, keysIn, purgeRefs, renameRefs, rewriteRefs } from './keys';
import { newField, paneTitle } from './palette';
import { allIds, findItem, locate, mapItems, sameSlot, scopeOfSlot, slotAccepts, slotList, subtree, updateItemIn, updateSlot } from './tree';
import type { DesignDoc, DesignPanel, DesignState, Placement, Slot } from './types';

/**
 * The designer's operations as data: every change is a `DesignCommand` applied by the one pure
 * `apply(state, command)`. `captureOf` says how a command enters history: selection and panel
 * changes do not (and leave redo alone); typed values carry a `merge` key so a word is one step.
 * A command that cannot apply (a drop into a slot that refuses the item) returns the same state.
 */

export type ItemPatch = Partial<Omit<ModelField, 'id' | 'type' | 'children' | 'tabs'>>;
export type MetaPatch = Partial<Omit<DesignDoc, 'draft'>>;

export type DesignCommand =
  | { type: 'select'; id: string | null }
  | { type: 'showPanel'; panel: DesignPanel }
  /** A new item of a control type at `at`; without `at`: after the selection (where it can go), else at the end. */
  | { type: 'addField'; controlType: ControlType; at?: Placement }
  | { type: 'moveItem'; id: string; to: Placement }
  /** One place up (-1) or down (+1) within its own list. */
  | { type: 'moveBy'; id: string; delta: -1 | 1 }
  | { type: 'removeItem'; id: string }
  | { type: 'duplicateItem'; id: string }
  | { type: 'updateItem'; id: string; patch: ItemPatch; merge?: string }
  | { type: 'addTableColumn'; tableId: string; controlType: ControlType; index?: number }
  | { type: 'addTab'; id: string }
  | { type: 'removeTab'; id: string; pane: number }
  | { type: 'renameTab'; id: string; pane: number; title: string; merge?: string }
  | { type: 'moveTab'; id: string; pane: number; delta: -1 | 1 }
  | { type: 'updateForm'; patch: Partial<Omit<FormConfig, 'fields'>>; merge?: string }
  | { type: 'updateList'; patch: Partial<ListConfig>; merge?: string }
  | { type: 'updateMeta'; patch: MetaPatch; merge?: string }
  /** The whole document (a copy kept on this device, restored): one step. */
  | { type: 'replaceDoc'; doc: DesignDoc };

/** How a command enters history. */
export function captureOf(command: DesignCommand): Capture {
  if (command.type === 'select' || command.type === 'showPanel') return 'none';
  if ('merge' in command && command.merge) return { merge: command.merge };
  return 'step';
}

/** Ids not yet used in the document: `f1`, `f2` … (deterministic, so commands stay pure). */
export function idMaker(fields: readonly ModelField[]): () => string {
  const used = allIds(fields);
  let n = used.size;
  return () => {
    let id: string;
    do id = `f${++n}`;
    while (used.has(id));
    used.add(id);
    return id;
  };
}

const withDraft = (state: DesignState, draft: ModelDefinition): DesignState => ({ ...state, doc: { ...state.doc, draft } });
const withFields = (def: ModelDefinition, fields: ModelField[]): ModelDefinition => ({ ...def, form: { ...def.form, fields } });

/** Where a new item goes without a placement: after the selected item when its list takes it, else at the end. */
function defaultPlacement(state: DesignState, type: ControlType): Placement {
  const fields = state.doc.draft.form.fields;
  const at = state.selection ? locate(fields, state.selection) : null;
  if (at && slotAccepts(fields, at.slot, { id: '', type })) return { ...at.slot, index: at.index + 1 };
  return { parent: null, index: fields.length };
}

/** Inserts `item` at `at` in the draft; the new draft, or null when the slot refuses it. */
function insert(def: ModelDefinition, item: ModelField, at: Placement): ModelDefinition | null {
  const fields = def.form.fields;
  const list = slotList(fields, at);
  if (!list || !slotAccepts(fields, at, item)) return null;
  const index = Math.max(0, Math.min(at.index, list.length));
  return withFields(def, updateSlot(fields, at, (l) => [...l.slice(0, index), item, ...l.slice(index)]));
}

function addField(state: DesignState, type: ControlType, at = defaultPlacement(state, type)): DesignState {
  const fields = state.doc.draft.form.fields;
  if (!slotList(fields, at) || !slotAccepts(fields, at, { id: '', type })) return state;
  const item = newField(type, keysIn(fields, scopeOfSlot(fields, at)), idMaker(fields));
  const draft = insert(state.doc.draft, item, at);
  return draft ? { ...withDraft(state, draft), selection: item.id, panel: 'field' } : state;
}

/** The item with a key free in its new scope; when it leaves the form for a table, the list settings forget its keys. */
function rescope(def: ModelDefinition, item: ModelField, from: Slot, to: Slot): { def: ModelDefinition; item: ModelField } {
  const fields = def.form.fields;
  const a = scopeOfSlot(fields, from);
  const b = scopeOfSlot(fields, to);
  const same = a.kind === b.kind && (a.kind === 'form' || (b.kind === 'table' && a.tableId === b.tableId));
  if (same) return { def, item };
  const next = a.kind === 'form' ? purgeRefs(def, formKeysOf(item)) : def;
  const used = keysIn(next.form.fields, b);
  return { def: next, item: isLayoutField(item) || !used.has(item.key) ? item : { ...item, key: copyKey(item.key, used) } };
}

function moveItem(state: DesignState, id: string, to: Placement): DesignState {
  const def = state.doc.draft;
  const from = locate(def.form.fields, id);
  if (!from || !slotList(def.form.fields, to) || !slotAccepts(def.form.fields, to, from.item)) return state;
  let index = to.index;
  if (sameSlot(from.slot, to)) {
    if (index > from.index) index -= 1;
    if (index === from.index) return state;
  }
  const moved = rescope(def, from.item, from.slot, to);
  const without = withFields(moved.def, updateSlot(moved.def.form.fields, from.slot, (l) => l.filter((f) => f.id !== id)));
  const draft = insert(without, moved.item, { ...to, index });
  return draft ? withDraft(state, draft) : state;
}

function moveBy(state: DesignState, id: string, delta: -1 | 1): DesignState {
  const at = locate(state.doc.draft.form.fields, id);
  const list = at ? slotList(state.doc.draft.form.fields, at.slot) : undefined;
  if (!at || !list) return state;
  const target = at.index + delta;
  if (target < 0 || target >= list.length) return state;
  return moveItem(state, id, { ...at.slot, index: delta > 0 ? target + 1 : target });
}

function removeItem(state: DesignState, id: string): DesignState {
  const def = state.doc.draft;
  const at = locate(def.form.fields, id);
  if (!at) return state;
  const scope = scopeOfSlot(def.form.fields, at.slot);
  const purged = scope.kind === 'form' ? purgeRefs(def, formKeysOf(at.item)) : def;
  const draft = withFields(purged, updateSlot(purged.form.fields, at.slot, (l) => l.filter((f) => f.id !== id)));
  const gone = state.selection !== null && subtree(at.item).some((f) => f.id === state.selection);
  return { ...withDraft(state, draft), selection: gone ? null : state.selection };
}

/** A deep copy with new ids and keys free in the form (a copied table's own columns keep theirs). */
function cloneItem(item: ModelField, used: Set<string>, makeId: () => string): ModelField {
  const key = isLayoutField(item) || !item.key ? item.key : copyKey(item.key, used);
  if (key) used.add(key);
  const copy: ModelField = { ...structuredClone(item), id: makeId(), key };
  if (item.type === 'table') {
    copy.columns = (copy.columns ?? []).map((c) => ({ ...c, id: makeId() }));
    copy.columns = mapItems(copy.columns, (c) =>
      c.type === 'calculate' && c.expression ? { ...c, expression: rewriteRefs(c.expression, (r) => (r.startsWith(`${item.key}.`) ? `${key}${r.slice(item.key.length)}` : null)) } : c,
    );
  }
  if (copy.children) copy.children = copy.children.map((c) => cloneItem(c, used, makeId));
  if (copy.tabs) copy.tabs = copy.tabs.map((p) => ({ ...p, children: p.children.map((c) => cloneItem(c, used, makeId)) }));
  return copy;
}

function duplicateItem(state: DesignState, id: string): DesignState {
  const def = state.doc.draft;
  const at = locate(def.form.fields, id);
  if (!at) return state;
  const copy = cloneItem(at.item, keysIn(def.form.fields, scopeOfSlot(def.form.fields, at.slot)), idMaker(def.form.fields));
  const draft = insert(def, copy, { ...at.slot, index: at.index + 1 });
  return draft ? { ...withDraft(state, draft), selection: copy.id, panel: 'field' } : state;
}

/** The item with a patch applied (undefined values remove the property; layout items keep no key). */
function patched(item: ModelField, patch: ItemPatch): ModelField {
  const next: ModelField = { ...item, ...patch };
  for (const k of Object.keys(patch) as (keyof ItemPatch)[]) if (patch[k] === undefined) delete next[k];
  if (isLayoutField(next)) next.key = '';
  return next;
}

function updateItem(state: DesignState, id: string, patch: ItemPatch): DesignState {
  let def = state.doc.draft;
  const at = locate(def.form.fields, id);
  if (!at) return state;
  const key = patched(at.item, patch).key;
  if (key !== at.item.key && at.item.key) {
    const scope = scopeOfSlot(def.form.fields, at.slot);
    const others = keysIn(def.form.fields, scope);
    others.delete(at.item.key);
    // Follow only to a usable key no other field holds: a clash or a bad key is shown as a problem.
    if (isUsableKey(key) && !others.has(key)) def = renameRefs(def, at.item, scope, at.item.key, key);
  }
  return withDraft(state, withFields(def, updateItemIn(def.form.fields, id, (current) => patched(current, patch))));
}

function updateTabs(state: DesignState, id: string, fn: (item: ModelField) => ModelField | null): DesignState {
  const item = findItem(state.doc.draft.form.fields, id);
  if (item?.type !== 'tab') return state;
  const next = fn(item);
  return next ? withDraft(state, withFields(state.doc.draft, updateItemIn(state.doc.draft.form.fields, id, () => next))) : state;
}

function removeTab(state: DesignState, id: string, pane: number): DesignState {
  const item = findItem(state.doc.draft.form.fields, id);
  const tabs = item?.type === 'tab' ? (item.tabs ?? []) : [];
  if (tabs.length <= 1 || !tabs[pane]) return state;
  const gone = tabs[pane].children.flatMap(formKeysOf);
  const purged = { ...state, doc: { ...state.doc, draft: purgeRefs(state.doc.draft, gone) } };
  const ids = new Set(tabs[pane].children.flatMap(subtree).map((f) => f.id));
  const next = updateTabs(purged, id, (t) => ({ ...t, tabs: tabs.filter((_, i) => i !== pane) }));
  return state.selection && ids.has(state.selection) ? { ...next, selection: id } : next;
}

function moveTab(state: DesignState, id: string, pane: number, delta: -1 | 1): DesignState {
  return updateTabs(state, id, (t) => {
    const tabs = [...(t.tabs ?? [])];
    const to = pane + delta;
    if (!tabs[pane] || to < 0 || to >= tabs.length) return null;
    [tabs[pane], tabs[to]] = [tabs[to]!, tabs[pane]!];
    return { ...t, tabs };
  });
}

function addTableColumn(state: DesignState, tableId: string, type: ControlType, index?: number): DesignState {
  const table = findItem(state.doc.draft.form.fields, tableId);
  if (table?.type !== 'table') return state;
  return addField(state, type, { parent: tableId, index: index ?? (table.columns ?? []).length });
}

/** The state after one command; the same object when nothing changes. */
export function apply(state: DesignState, command: DesignCommand): DesignState {
  switch (command.type) {
    case 'select': {
      const exists = command.id === null || !!findItem(state.doc.draft.form.fields, command.id);
      if (!exists || (state.selection === command.id && (command.id === null || state.panel === 'field'))) return state;
      return { ...state, selection: command.id, panel: command.id === null ? state.panel : 'field' };
    }
    case 'showPanel':
      return state.panel === command.panel ? state : { ...state, panel: command.panel };
    case 'addField':
      return addField(state, command.controlType, command.at);
    case 'moveItem':
      return moveItem(state, command.id, command.to);
    case 'moveBy':
      return moveBy(state, command.id, command.delta);
    case 'removeItem':
      return removeItem(state, command.id);
    case 'duplicateItem':
      return duplicateItem(state, command.id);
    case 'updateItem':
      return updateItem(state, command.id, command.patch);
    case 'addTableColumn':
      return addTableColumn(state, command.tableId, command.controlType, command.index);
    case 'addTab':
      return updateTabs(state, command.id, (t) => ({ ...t, tabs: [...(t.tabs ?? []), { title: paneTitle((t.tabs ?? []).length + 1), children: [] }] }));
    case 'removeTab':
      return removeTab(state, command.id, command.pane);
    case 'renameTab':
      return updateTabs(state, command.id, (t) => (t.tabs?.[command.pane] ? { ...t, tabs: t.tabs.map((p, i) => (i === command.pane ? { ...p, title: command.title } : p)) } : null));
    case 'moveTab':
      return moveTab(state, command.id, command.pane, command.delta);
    case 'updateForm':
      return withDraft(state, { ...state.doc.draft, form: { ...state.doc.draft.form, ...command.patch } });
    case 'updateList':
      return withDraft(state, { ...state.doc.draft, list: { ...state.doc.draft.list, ...command.patch } });
    case 'updateMeta':
      return { ...state, doc: { ...state.doc, ...command.patch } };
    case 'replaceDoc': {
      const keep = state.selection && findItem(command.doc.draft.form.fields, state.selection) ? state.selection : null;
      return { ...state, doc: command.doc, selection: keep };
    }
  }
}
