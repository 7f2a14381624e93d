import { ELEMENT_COPY_OFFSET, WORK_MAX_PAGES, type H5Element, type H5Page } from '@/contracts/h5';
import { cloneDeep, newElement, type ElementOverrides } from './model';
import * as ops from './ops';
import { change, editorState, select, setEditingPage, type Capture, type WorkDoc } from './store';

/**
 * The editor's actions on the editing page and the selection, built on ops.ts through `change`:
 * what commands.ts, the panels and the canvas call. Each is one history step unless a capture is
 * given (a drag or a typed value passes `{ merge: key }`).
 */

/** Runs `fn` on the editing page inside a change; its result, or undefined without a page. */
function onPage<T>(fn: (page: H5Page, work: WorkDoc) => T, capture: Capture = 'step'): T | undefined {
  let result: T | undefined;
  const uuid = editorState.editingPageUuid;
  change((work) => {
    const page = ops.findPage(work, uuid);
    if (page) result = fn(page, work);
  }, capture);
  return result;
}

/** Adds a new element of type `name` to the editing page and selects it; its uuid. */
export function addNewElement(name: string, overrides?: ElementOverrides): string | undefined {
  const uuid = onPage((page) => ops.addElement(page, newElement(name, overrides)).uuid);
  if (uuid) select([uuid]);
  return uuid;
}

/** Changes one element of the editing page (props panel, canvas drag / resize / rotate). */
export function patchElement(uuid: string, patch: ops.ElementPatch, capture: Capture = 'step'): void {
  onPage((page) => ops.updateElement(page, uuid, patch), capture);
}

/** Changes several elements at once (a multi-selection dragged together): one step. */
export function patchElements(patches: ReadonlyArray<{ uuid: string; patch: ops.ElementPatch }>, capture: Capture = 'step'): void {
  onPage((page) => {
    for (const { uuid, patch } of patches) ops.updateElement(page, uuid, patch);
  }, capture);
}

/** The selected elements of the editing page (page order); locked ones only when asked. */
export function selectedElements(withLocked = false): H5Element[] {
  const page = editorState.editingPage;
  return page ? ops.elementsOf(page, editorState.selection, withLocked) : [];
}

/** Deletes the selected elements and clears the selection (the confirmation is the caller's: commands.ts). */
export function deleteSelection(): void {
  const uuids = [...editorState.selection];
  if (uuids.length === 0) return;
  onPage((page) => ops.removeElements(page, uuids));
  select([]);
}

/** Copies the selection in place (spec 4: 20 right and down, zindex + 1) and selects the copies. */
export function duplicateSelection(): void {
  const made = onPage((page) => ops.copyElements(page, editorState.selection));
  if (made && made.length > 0) select(made);
}

/** Ctrl+C: the selection's elements (not locked ones) go to the clipboard. Not a document change. */
export function copySelection(): void {
  const els = selectedElements();
  if (els.length > 0) editorState.clipboard = els.map((e) => cloneDeep(e));
}

/** Ctrl+V: the clipboard's elements are added on top of the editing page, 20 further each time, and selected. */
export function paste(): void {
  const clipboard = editorState.clipboard.map((e) => cloneDeep(e));
  if (clipboard.length === 0) return;
  const made = onPage((page) => ops.pasteElements(page, clipboard));
  if (!made || made.length === 0) return;
  for (const el of editorState.clipboard) {
    el.commonStyle.top += ELEMENT_COPY_OFFSET;
    el.commonStyle.left += ELEMENT_COPY_OFFSET;
  }
  select(made);
}

export type ZOrder = 'top' | 'bottom' | 'up' | 'down';
const zOps = { top: ops.moveToTop, bottom: ops.moveToBottom, up: ops.moveUp, down: ops.moveDown } as const;

export function reorderSelection(how: ZOrder): void {
  const uuids = [...editorState.selection];
  if (uuids.length > 0) onPage((page) => zOps[how](page, uuids));
}

/** Whether reordering the selection `how` would change anything (nothing at the ends). */
export function canReorder(how: ZOrder, page: H5Page | null = editorState.editingPage, selection: readonly string[] = editorState.selection): boolean {
  if (!page || selection.length === 0) return false;
  return how === 'top' || how === 'up' ? ops.canMoveUp(page, selection) : ops.canMoveDown(page, selection);
}

/** Arrow keys: moves the selection; a held key (same `gesture`) stays one history step. */
export function nudgeSelection(dx: number, dy: number, capture: Capture = 'step'): void {
  const uuids = [...editorState.selection];
  if (uuids.length > 0) onPage((page) => ops.nudge(page, uuids, dx, dy), capture);
}

export function alignSelection(how: ops.Align): void {
  const uuids = [...editorState.selection];
  if (uuids.length > 0) onPage((page, work) => ops.align(page, uuids, how, { width: work.width, height: work.height }));
}

export function distributeSelection(axis: 'horizontal' | 'vertical'): void {
  const uuids = [...editorState.selection];
  if (uuids.length >= 3) onPage((page) => ops.distribute(page, uuids, axis));
}

/** Selects every element of the editing page but the locked ones (background, music). */
export function selectAll(): void {
  const page = editorState.editingPage;
  if (page) select(page.elements.filter((e) => !ops.isLocked(e)).map((e) => e.uuid));
}

// ---------------------------------------------------------------------------------------------
// Pages
// ---------------------------------------------------------------------------------------------

export const canAddPage = () => (editorState.work?.pages.length ?? WORK_MAX_PAGES) < WORK_MAX_PAGES;

/** Adds a blank page (type index) after the editing page and edits it. */
export function addPageAfterCurrent(): void {
  if (!canAddPage()) return;
  let uuid: string | undefined;
  change((work) => {
    uuid = ops.addPage(work, editorState.editingPageUuid);
  });
  if (uuid) setEditingPage(uuid);
}

/** Copies the editing page (a clone with new uuids) after it and edits the copy. */
export function copyCurrentPage(): void {
  const from = editorState.editingPageUuid;
  if (!from || !canAddPage()) return;
  let uuid: string | null = null;
  change((work) => {
    uuid = ops.copyPage(work, from);
  });
  if (uuid) setEditingPage(uuid);
}

/** Deletes a page (the editing one by default); throws LastPageError for the last page (nothing changes). */
export function deletePage(uuid: string | null = editorState.editingPageUuid): void {
  if (!uuid) return;
  const editing = editorState.editingPageUuid === uuid;
  let next: string | null = null;
  change((work) => {
    next = ops.removePage(work, uuid);
  });
  if (editing && next) setEditingPage(next);
}

/** Edits a page's title and / or type; a typed title passes `{ merge: 'page-title:' + uuid }`. */
export function updatePageMeta(uuid: string, patch: { title?: string; type?: string }, capture: Capture = 'step'): void {
  change((work) => {
    ops.updatePage(work, uuid, patch);
  }, capture);
}

/** Moves a page to another position (pages tab: drag, or up / down buttons). */
export function movePageTo(uuid: string, toIndex: number): void {
  change((work) => {
    ops.movePage(work, uuid, toIndex);
  });
}
