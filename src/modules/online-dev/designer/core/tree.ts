import { TABLE_CELL_TYPES, type ModelField } from '@/contracts/online-dev-model';
import type { KeyScope, Slot } from './types';

/**
 * The form's item tree, read and rewritten immutably: items sit in slots (the top level, a card's
 * or row's children, a tab pane, an input table's columns). Every rewrite returns new arrays and
 * objects along the changed path only, so history snapshots share the rest.
 */

export interface Located {
  item: ModelField;
  slot: Slot;
  index: number;
  /** The container holding the slot (null at the top level). */
  container: ModelField | null;
}

/** Whether an item holds other items in slots (card, row, tabs, input table). */
export const isContainer = (f: ModelField) => f.type === 'card' || f.type === 'row' || f.type === 'tab' || f.type === 'table';

/** The slots an item offers (a card's children, each tab pane, a table's columns); none for a leaf. */
export function slotsOf(f: ModelField): Slot[] {
  if (f.type === 'card' || f.type === 'row') return [{ parent: f.id }];
  if (f.type === 'table') return [{ parent: f.id }];
  if (f.type === 'tab') return (f.tabs ?? []).map((_, pane) => ({ parent: f.id, pane }));
  return [];
}

/** The items of a slot of `container` (undefined when the container has no such slot). */
export function listOf(container: ModelField, slot: Slot): ModelField[] | undefined {
  if (container.type === 'card' || container.type === 'row') return container.children ?? [];
  if (container.type === 'table') return container.columns ?? [];
  if (container.type === 'tab') return slot.pane === undefined ? undefined : container.tabs?.[slot.pane]?.children;
  return undefined;
}

function withList(container: ModelField, slot: Slot, list: ModelField[]): ModelField {
  if (container.type === 'card' || container.type === 'row') return { ...container, children: list };
  if (container.type === 'table') return { ...container, columns: list };
  const tabs = (container.tabs ?? []).map((p, i) => (i === slot.pane ? { ...p, children: list } : p));
  return { ...container, tabs };
}

/** Finds an item anywhere (table columns included) with where it sits. */
export function locate(fields: readonly ModelField[], id: string): Located | null {
  const walk = (list: readonly ModelField[], slot: Slot, container: ModelField | null): Located | null => {
    for (let index = 0; index < list.length; index++) {
      const item = list[index]!;
      if (item.id === id) return { item, slot, index, container };
      for (const s of slotsOf(item)) {
        const found = walk(listOf(item, s) ?? [], s, item);
        if (found) return found;
      }
    }
    return null;
  };
  return walk(fields, { parent: null }, null);
}

export const findItem = (fields: readonly ModelField[], id: string | null | undefined) => (id ? (locate(fields, id)?.item ?? null) : null);

/** The items of a slot of the form; undefined when the slot does not exist. */
export function slotList(fields: readonly ModelField[], slot: Slot): readonly ModelField[] | undefined {
  if (slot.parent === null) return fields;
  const container = findItem(fields, slot.parent);
  return container ? listOf(container, slot) : undefined;
}

/** The form with one slot's list replaced by `fn(list)`; the same array when the slot does not exist. */
export function updateSlot(fields: ModelField[], slot: Slot, fn: (list: ModelField[]) => ModelField[]): ModelField[] {
  if (slot.parent === null) return fn(fields);
  let done = false;
  const walk = (list: ModelField[]): ModelField[] => {
    let changed = false;
    const out = list.map((item) => {
      if (done) return item;
      if (item.id === slot.parent) {
        const current = listOf(item, slot);
        if (!current) return item;
        done = true;
        changed = true;
        return withList(item, slot, fn(current));
      }
      let next = item;
      for (const s of slotsOf(item)) {
        const inner = listOf(next, s) ?? [];
        const rewritten = walk(inner);
        if (rewritten !== inner) next = withList(next, s, rewritten);
        if (done) break;
      }
      if (next !== item) changed = true;
      return next;
    });
    return changed ? out : list;
  };
  return walk(fields);
}

/** The form with item `id` replaced by `fn(item)` (wherever it sits). */
export function updateItemIn(fields: ModelField[], id: string, fn: (item: ModelField) => ModelField): ModelField[] {
  const at = locate(fields, id);
  if (!at) return fields;
  return updateSlot(fields, at.slot, (list) => list.map((f) => (f.id === id ? fn(f) : f)));
}

/** Every item, rewritten by `fn` bottom-up (children first); unchanged subtrees keep their identity. */
export function mapItems(fields: ModelField[], fn: (item: ModelField) => ModelField): ModelField[] {
  let changed = false;
  const out = fields.map((item) => {
    let next = item;
    for (const s of slotsOf(item)) {
      const inner = listOf(next, s) ?? [];
      const rewritten = mapItems(inner, fn);
      if (rewritten !== inner) next = withList(next, s, rewritten);
    }
    next = fn(next);
    if (next !== item) changed = true;
    return next;
  });
  return changed ? out : fields;
}

/** The item and everything inside it (depth first). */
export function subtree(item: ModelField): ModelField[] {
  const out: ModelField[] = [item];
  for (const s of slotsOf(item)) for (const c of listOf(item, s) ?? []) out.push(...subtree(c));
  return out;
}

/** Every id of the form. */
export function allIds(fields: readonly ModelField[]): Set<string> {
  const ids = new Set<string>();
  for (const f of fields) for (const x of subtree(f)) ids.add(x.id);
  return ids;
}

/** The key scope of a slot: the table's columns, or the form. */
export function scopeOfSlot(fields: readonly ModelField[], slot: Slot): KeyScope {
  if (slot.parent === null) return { kind: 'form' };
  const container = findItem(fields, slot.parent);
  return container?.type === 'table' ? { kind: 'table', tableId: container.id, tableKey: container.key } : { kind: 'form' };
}

/** Whether `item` may go into `slot`: the slot exists, is not inside the item itself, and (a table) takes its type. */
export function slotAccepts(fields: readonly ModelField[], slot: Slot, item: Pick<ModelField, 'id' | 'type'>): boolean {
  if (slot.parent === null) return true;
  const container = findItem(fields, slot.parent);
  if (!container || !listOf(container, slot)) return false;
  if (container.type === 'table' && !TABLE_CELL_TYPES.includes(item.type)) return false;
  const moving = findItem(fields, item.id);
  if (moving && subtree(moving).some((x) => x.id === container.id)) return false;
  return true;
}

export const sameSlot = (a: Slot, b: Slot) => a.parent === b.parent && (a.pane ?? 0) === (b.pane ?? 0);
