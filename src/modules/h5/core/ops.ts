import {
  ELEMENT_COPY_OFFSET,
  LAST_PAGE_MESSAGE,
  type CommonStyle,
  type ElementAnimation,
  type ElementEvent,
  type H5Element,
  type H5Page,
  type Work,
} from '@/contracts/h5';
import { cloneDeep, cloneElement, clonePage, freezeBoxes, frozenValue, newPage } from './model';
import { elementSpec } from './registry';

/**
 * The document operations of spec 4 Editor, one function per rule. Pure mutations of a work (or a
 * page of it): the store runs them inside `change` recipes on its valtio proxy, tests run them on
 * plain objects. An operation that finds nothing to do changes nothing (so it makes no history step).
 *
 * Element types that are `locked` (background, background music) are fixed to the page: they keep
 * the zindex their type gives them (background below everything, the music button above) and stay
 * out of z-order, copy, paste, nudge, align and distribute.
 */

/** Thrown by removePage for the last page; its message is the spec's LAST_PAGE_MESSAGE. */
export class LastPageError extends Error {
  constructor() {
    super(LAST_PAGE_MESSAGE);
    this.name = 'LastPageError';
  }
}

const r2 = (n: number) => Math.round(n * 100) / 100;
export const isLocked = (el: { readonly name: string }) => elementSpec(el.name)?.locked === true;

/** What z-order reads of an element (an element, or a snapshot of one). */
interface Stackable {
  readonly uuid: string;
  readonly name: string;
  readonly commonStyle: { readonly zindex: number };
}

export const findPage = (work: Work, uuid: string | null | undefined) => work.pages.find((p) => p.uuid === uuid);
export const findElement = (page: H5Page, uuid: string) => page.elements.find((e) => e.uuid === uuid);

/** The page's elements named in `uuids`, in page order, locked ones left out unless asked for. */
export function elementsOf(page: H5Page, uuids: readonly string[], withLocked = false): H5Element[] {
  const wanted = new Set(uuids);
  return page.elements.filter((e) => wanted.has(e.uuid) && (withLocked || !isLocked(e)));
}

// ---------------------------------------------------------------------------------------------
// Elements
// ---------------------------------------------------------------------------------------------

const maxZ = (page: H5Page) => page.elements.reduce((m, e) => (isLocked(e) ? m : Math.max(m, e.commonStyle.zindex)), 0);

/**
 * Adds `el` on top of the page (zindex = highest + 1; a locked type keeps its own). A singleton
 * type (background, music) replaces the page's existing one. Returns the element as stored in the page.
 */
export function addElement(page: H5Page, el: H5Element): H5Element {
  const spec = elementSpec(el.name);
  if (spec?.singleton) removeWhere(page, (e) => e.name === el.name);
  if (!spec?.locked) el.commonStyle.zindex = maxZ(page) + 1;
  page.elements.push(el);
  return page.elements[page.elements.length - 1]!;
}

export interface ElementPatch {
  /** Merged into pluginProps (shallow; the element gets new, immutable props). */
  pluginProps?: Record<string, unknown>;
  /** Merged into commonStyle (shallow: a box such as `border` is an immutable value, given whole). */
  commonStyle?: Partial<CommonStyle>;
  events?: ElementEvent[];
  animations?: ElementAnimation[];
  scripts?: H5Element['scripts'];
  methodList?: H5Element['methodList'];
}

/** Applies a patch to one element; false when it is not on the page. */
export function updateElement(page: H5Page, uuid: string, patch: ElementPatch): boolean {
  const el = findElement(page, uuid);
  if (!el) return false;
  if (patch.pluginProps) el.pluginProps = frozenValue({ ...el.pluginProps, ...cloneDeep(patch.pluginProps) });
  if (patch.commonStyle) Object.assign(el.commonStyle, freezeBoxes(cloneDeep(patch.commonStyle)));
  // The lists are immutable values (see frozenValue in model.ts): replaced whole.
  if (patch.events) el.events = frozenValue(cloneDeep(patch.events));
  if (patch.animations) el.animations = frozenValue(cloneDeep(patch.animations));
  if (patch.scripts) el.scripts = frozenValue(cloneDeep(patch.scripts));
  if (patch.methodList) el.methodList = frozenValue(cloneDeep(patch.methodList));
  return true;
}

function removeWhere(page: H5Page, test: (e: H5Element) => boolean): number {
  let removed = 0;
  for (let i = page.elements.length - 1; i >= 0; i--) {
    if (test(page.elements[i]!)) {
      page.elements.splice(i, 1);
      removed += 1;
    }
  }
  return removed;
}

/** Removes the elements; returns how many were removed. */
export function removeElements(page: H5Page, uuids: readonly string[]): number {
  const wanted = new Set(uuids);
  return removeWhere(page, (e) => wanted.has(e.uuid));
}

/**
 * Copies elements in place (spec 4): each copy shifted ELEMENT_COPY_OFFSET right and down, with
 * the original's zindex + 1 (those above move up one to make room), inserted after the original.
 * Returns the copies' uuids.
 */
export function copyElements(page: H5Page, uuids: readonly string[]): string[] {
  const sources = elementsOf(page, uuids).sort((a, b) => b.commonStyle.zindex - a.commonStyle.zindex);
  const made: string[] = [];
  for (const src of sources) {
    const z = src.commonStyle.zindex;
    for (const e of page.elements) if (!isLocked(e) && e.commonStyle.zindex > z) e.commonStyle.zindex += 1;
    const copy = cloneElement(src);
    copy.commonStyle.top = src.commonStyle.top + ELEMENT_COPY_OFFSET;
    copy.commonStyle.left = src.commonStyle.left + ELEMENT_COPY_OFFSET;
    copy.commonStyle.zindex = z + 1;
    page.elements.splice(page.elements.indexOf(src) + 1, 0, copy);
    made.unshift(copy.uuid);
  }
  return made;
}

/**
 * Pastes copies of `clipboard` elements on top of the page (new uuids), shifted ELEMENT_COPY_OFFSET
 * right and down from the clipboard's position; returns their uuids.
 */
export function pasteElements(page: H5Page, clipboard: readonly H5Element[]): string[] {
  return clipboard.filter((el) => !isLocked(el)).map((el) => {
    const copy = cloneElement(el);
    copy.commonStyle.top = el.commonStyle.top + ELEMENT_COPY_OFFSET;
    copy.commonStyle.left = el.commonStyle.left + ELEMENT_COPY_OFFSET;
    return addElement(page, copy).uuid;
  });
}

// ---------------------------------------------------------------------------------------------
// Z-order
// ---------------------------------------------------------------------------------------------

/** The page's stackable (not locked) elements, bottom to top: by zindex, then by page order. */
export function stackOrder<E extends Stackable>(page: { readonly elements: readonly E[] }): E[] {
  const index = new Map(page.elements.map((e, i) => [e, i]));
  return page.elements.filter((e) => !isLocked(e)).sort((a, b) => a.commonStyle.zindex - b.commonStyle.zindex || index.get(a)! - index.get(b)!);
}

/** Gives `next` (a permutation of `order`) the zindexes: the same values re-dealt when they are distinct, else 1..n. */
function applyOrder(order: H5Element[], next: H5Element[], renumber: boolean): boolean {
  const values = order.map((e) => e.commonStyle.zindex);
  const distinct = values.every((v, i) => i === 0 || v > values[i - 1]!);
  const moved = next.some((e, i) => e !== order[i]);
  if (!moved && !renumber) return false;
  next.forEach((e, i) => {
    e.commonStyle.zindex = renumber || !distinct ? i + 1 : values[i]!;
  });
  return true;
}

/** Each selected element swaps places with the unselected neighbour above it (nothing at the top). */
export function moveUp(page: H5Page, uuids: readonly string[]): boolean {
  const sel = new Set(uuids);
  const order = stackOrder(page);
  const next = [...order];
  for (let i = next.length - 2; i >= 0; i--) {
    if (sel.has(next[i]!.uuid) && !sel.has(next[i + 1]!.uuid)) [next[i], next[i + 1]] = [next[i + 1]!, next[i]!];
  }
  return applyOrder(order, next, false);
}

/** Each selected element swaps places with the unselected neighbour below it (nothing at the bottom). */
export function moveDown(page: H5Page, uuids: readonly string[]): boolean {
  const sel = new Set(uuids);
  const order = stackOrder(page);
  const next = [...order];
  for (let i = 1; i < next.length; i++) {
    if (sel.has(next[i]!.uuid) && !sel.has(next[i - 1]!.uuid)) [next[i], next[i - 1]] = [next[i - 1]!, next[i]!];
  }
  return applyOrder(order, next, false);
}

/** The selection goes on top, and every zindex of the page is renumbered 1..n in the new order. */
export function moveToTop(page: H5Page, uuids: readonly string[]): boolean {
  const sel = new Set(uuids);
  const order = stackOrder(page);
  if (!order.some((e) => sel.has(e.uuid))) return false;
  return applyOrder(order, [...order.filter((e) => !sel.has(e.uuid)), ...order.filter((e) => sel.has(e.uuid))], true);
}

/** The selection goes to the bottom, and every zindex of the page is renumbered 1..n in the new order. */
export function moveToBottom(page: H5Page, uuids: readonly string[]): boolean {
  const sel = new Set(uuids);
  const order = stackOrder(page);
  if (!order.some((e) => sel.has(e.uuid))) return false;
  return applyOrder(order, [...order.filter((e) => sel.has(e.uuid)), ...order.filter((e) => !sel.has(e.uuid))], true);
}

/** Whether some selected element has an unselected one above it (move up / to top would change something). */
export function canMoveUp(page: { readonly elements: readonly Stackable[] }, uuids: readonly string[]): boolean {
  const sel = new Set(uuids);
  const order = stackOrder(page);
  return order.some((e, i) => sel.has(e.uuid) && order.slice(i + 1).some((o) => !sel.has(o.uuid)));
}

export function canMoveDown(page: { readonly elements: readonly Stackable[] }, uuids: readonly string[]): boolean {
  const sel = new Set(uuids);
  const order = stackOrder(page);
  return order.some((e, i) => sel.has(e.uuid) && order.slice(0, i).some((o) => !sel.has(o.uuid)));
}

// ---------------------------------------------------------------------------------------------
// Pages
// ---------------------------------------------------------------------------------------------

/** Adds a blank page of type index after `afterUuid` (at the end without one); returns its uuid. */
export function addPage(work: Work, afterUuid?: string | null): string {
  const page = newPage();
  const at = work.pages.findIndex((p) => p.uuid === afterUuid);
  work.pages.splice(at < 0 ? work.pages.length : at + 1, 0, page);
  return page.uuid;
}

/** Adds a clone of the page (new uuids for it and its elements) after it; returns its uuid, or null. */
export function copyPage(work: Work, uuid: string): string | null {
  const at = work.pages.findIndex((p) => p.uuid === uuid);
  if (at < 0) return null;
  const copy = clonePage(work.pages[at]!);
  work.pages.splice(at + 1, 0, copy);
  return copy.uuid;
}

/**
 * Removes a page; throws LastPageError when it is the last one (spec 5.4). Returns the uuid of the
 * page to edit next (the one that took its place, else the one before), or null if it was not found.
 */
export function removePage(work: Work, uuid: string): string | null {
  const at = work.pages.findIndex((p) => p.uuid === uuid);
  if (at < 0) return null;
  if (work.pages.length <= 1) throw new LastPageError();
  work.pages.splice(at, 1);
  return (work.pages[at] ?? work.pages[at - 1])!.uuid;
}

/** Edits a page's title and type. */
export function updatePage(work: Work, uuid: string, patch: { title?: string; type?: string }): boolean {
  const page = findPage(work, uuid);
  if (!page) return false;
  if (patch.title !== undefined) page.title = patch.title;
  if (patch.type !== undefined) page.type = patch.type;
  return true;
}

/** Moves a page to position `toIndex` (clamped). */
export function movePage(work: Work, uuid: string, toIndex: number): boolean {
  const from = work.pages.findIndex((p) => p.uuid === uuid);
  const to = Math.max(0, Math.min(work.pages.length - 1, Math.round(toIndex)));
  if (from < 0 || from === to) return false;
  const [page] = work.pages.splice(from, 1);
  work.pages.splice(to, 0, page!);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Geometry: nudge, align, distribute (unrotated boxes)
// ---------------------------------------------------------------------------------------------

/** Moves the elements by dx, dy. */
export function nudge(page: H5Page, uuids: readonly string[], dx: number, dy: number): boolean {
  const els = elementsOf(page, uuids);
  for (const e of els) {
    e.commonStyle.left = r2(e.commonStyle.left + dx);
    e.commonStyle.top = r2(e.commonStyle.top + dy);
  }
  return els.length > 0 && (dx !== 0 || dy !== 0);
}

export const ALIGNS = ['left', 'hcenter', 'right', 'top', 'vcenter', 'bottom'] as const;
export type Align = (typeof ALIGNS)[number];

/**
 * Aligns the elements' edges or centres: several to their common bounding box, a single one to
 * the canvas (`canvas`: the work's width and height).
 */
export function align(page: H5Page, uuids: readonly string[], how: Align, canvas: { width: number; height: number }): boolean {
  const els = elementsOf(page, uuids);
  if (els.length === 0) return false;
  const box =
    els.length === 1
      ? { left: 0, top: 0, right: canvas.width, bottom: canvas.height }
      : {
          left: Math.min(...els.map((e) => e.commonStyle.left)),
          top: Math.min(...els.map((e) => e.commonStyle.top)),
          right: Math.max(...els.map((e) => e.commonStyle.left + e.commonStyle.width)),
          bottom: Math.max(...els.map((e) => e.commonStyle.top + e.commonStyle.height)),
        };
  for (const { commonStyle: s } of els) {
    if (how === 'left') s.left = r2(box.left);
    else if (how === 'hcenter') s.left = r2((box.left + box.right - s.width) / 2);
    else if (how === 'right') s.left = r2(box.right - s.width);
    else if (how === 'top') s.top = r2(box.top);
    else if (how === 'vcenter') s.top = r2((box.top + box.bottom - s.height) / 2);
    else s.top = r2(box.bottom - s.height);
  }
  return true;
}

/**
 * Spreads three or more elements evenly: the first and last (by position) stay, the ones between
 * get equal gaps. `horizontal` works on left and width, `vertical` on top and height.
 */
export function distribute(page: H5Page, uuids: readonly string[], axis: 'horizontal' | 'vertical'): boolean {
  const els = elementsOf(page, uuids);
  if (els.length < 3) return false;
  const pos = axis === 'horizontal' ? ('left' as const) : ('top' as const);
  const size = axis === 'horizontal' ? ('width' as const) : ('height' as const);
  const sorted = [...els].sort((a, b) => a.commonStyle[pos] - b.commonStyle[pos]);
  const first = sorted[0]!.commonStyle;
  const last = sorted[sorted.length - 1]!.commonStyle;
  const span = last[pos] + last[size] - first[pos];
  const gap = (span - sorted.reduce((sum, e) => sum + e.commonStyle[size], 0)) / (sorted.length - 1);
  let at = first[pos] + first[size] + gap;
  for (const e of sorted.slice(1, -1)) {
    e.commonStyle[pos] = r2(at);
    at += e.commonStyle[size] + gap;
  }
  return true;
}
