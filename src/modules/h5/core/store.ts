import { proxy, snapshot, subscribe, type Snapshot } from 'valtio';
import { MAX_SCALE, MIN_SCALE, WHEEL_ZOOM_STEP, ZOOM_STEP, type H5Element, type H5Page, type Work, type WorkSummary } from '@/contracts/h5';
import { storage } from '@/lib/storage';
import { History, type Capture } from '@/lib/history';
import { reconcile } from './reconcile';
import { restoreWork } from './restore';

/**
 * THE editor store (spec 3 Editor state), one valtio proxy with its actions: the document, the
 * editing page, the selection, zoom, history flags and the clipboard. Document changes go through
 * `change` only (one narrow mutation path, excalidraw's mutateElement idea); the operations of
 * spec 4 are in ops.ts and the editing-page actions built on them in actions.ts.
 */

/** The open document: a Work as the editor holds it (version = the server version it was loaded at). */
export type WorkDoc = Work;

/** How a change enters history (excalidraw's CaptureUpdateAction): a new step, merged into the last step of the same gesture, or not at all. */
export type { Capture };

export interface EditorLoading {
  save: boolean;
  preview: boolean;
  fetchWorks: boolean;
  setTemplate: boolean;
  fetchTemplates: boolean;
  useTemplate: boolean;
  uploadCover: boolean;
  deleteWork: boolean;
}

export interface EditorState {
  /** My works (list screen). */
  works: WorkSummary[];
  /** The work being edited, or null before one is loaded. */
  work: WorkDoc | null;
  editingPageUuid: string | null;
  /** Selected element uuids on the editing page, in click order; the first is `editingElement`. */
  selection: string[];
  /** Getters over the above (spec names). */
  readonly editingPage: H5Page | null;
  readonly editingElement: H5Element | null;
  /** Part 2: form records of the work. */
  formDetailOfWork: { uuidMap2Name: Record<string, string>; formRecords: unknown[] };
  workTemplates: WorkSummary[];
  /** Canvas zoom, starts at 1 (spec 3); MIN_SCALE..MAX_SCALE, step ZOOM_STEP, wheel WHEEL_ZOOM_STEP. */
  scaleRate: number;
  scripts: unknown[];
  loading: EditorLoading;
  /** History state for the toolbar (mirrors the History object outside the proxy). */
  canUndo: boolean;
  canRedo: boolean;
  /** Bumped on every document change (saving watches it); not bumped by selection or zoom. */
  revision: number;
  /** Element clipboard (Ctrl+C / Ctrl+V, copy element). */
  clipboard: H5Element[];
  /** Local preference (spec 4): ask before deleting elements. Kept on this device. */
  confirmDelete: boolean;
}

// ---------------------------------------------------------------------------------------------
// Local preference storage (injectable so tests need no localStorage)
// ---------------------------------------------------------------------------------------------

export interface PreferenceStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

/** Under the product prefix: localStorage key `yunmian_h5_confirm_delete`. */
export const CONFIRM_DELETE_KEY = 'h5_confirm_delete';
let prefs: PreferenceStorage = storage;

const readConfirmDelete = () => prefs.get(CONFIRM_DELETE_KEY) !== '0';

export const editorState: EditorState = proxy({
  works: [],
  work: null,
  editingPageUuid: null,
  selection: [],
  get editingPage(): H5Page | null {
    const s = this as EditorState;
    return s.work?.pages.find((p) => p.uuid === s.editingPageUuid) ?? null;
  },
  get editingElement(): H5Element | null {
    const s = this as EditorState;
    const page = s.work?.pages.find((p) => p.uuid === s.editingPageUuid);
    return page?.elements.find((e) => e.uuid === s.selection[0]) ?? null;
  },
  formDetailOfWork: { uuidMap2Name: {}, formRecords: [] },
  workTemplates: [],
  scaleRate: 1,
  scripts: [],
  loading: { save: false, preview: false, fetchWorks: false, setTemplate: false, fetchTemplates: false, useTemplate: false, uploadCover: false, deleteWork: false },
  canUndo: false,
  canRedo: false,
  revision: 0,
  clipboard: [],
  confirmDelete: readConfirmDelete(),
} as EditorState);

/** Replaces where preferences are kept (tests; default: localStorage under the product prefix) and re-reads them. */
export function setPreferenceStorage(next: PreferenceStorage): void {
  prefs = next;
  editorState.confirmDelete = readConfirmDelete();
}

export function setConfirmDelete(on: boolean): void {
  editorState.confirmDelete = on;
  prefs.set(CONFIRM_DELETE_KEY, on ? '1' : '0');
}

// ---------------------------------------------------------------------------------------------
// Document, history
// ---------------------------------------------------------------------------------------------

const history = new History<Snapshot<WorkDoc>>();

/**
 * The document's snapshot as of the last change, undo, redo or load. A valtio snapshot walks the
 * whole tree once anything changed anywhere, so the store keeps the one it took instead of taking
 * a new "before" on every change; a mutation made outside `change` (seen by a sync subscription)
 * makes it stale and the next change takes a fresh one.
 */
let docSnap: Snapshot<WorkDoc> | null = null;
let docStale = false;
let applying = false;
let stopTracking: (() => void) | null = null;

function trackDocument(work: WorkDoc | null) {
  stopTracking?.();
  stopTracking = work
    ? subscribe(
        work,
        () => {
          if (!applying) docStale = true;
        },
        true,
      )
    : null;
  docSnap = work ? snapshot(work) : null;
  docStale = false;
}

function currentSnapshot(work: WorkDoc): Snapshot<WorkDoc> {
  if (docStale || !docSnap) {
    docSnap = snapshot(work);
    docStale = false;
  }
  return docSnap;
}

/** Runs document mutations of the store itself (not counted as outside changes). */
function applyingChanges(fn: () => void) {
  applying = true;
  try {
    fn();
  } finally {
    applying = false;
  }
}

function syncHistoryFlags() {
  editorState.canUndo = history.canUndo;
  editorState.canRedo = history.canRedo;
}

/** The editing page's index in the work (for keeping a valid page when it disappears). */
const editingIndex = () => editorState.work?.pages.findIndex((p) => p.uuid === editorState.editingPageUuid) ?? -1;

/** After a document change: the editing page still exists (else the one before it), the selection only names its elements. */
function keepEditingStateValid(previousIndex: number) {
  const work = editorState.work;
  if (!work) return;
  let page = work.pages.find((p) => p.uuid === editorState.editingPageUuid);
  if (!page) {
    page = work.pages[Math.min(Math.max(previousIndex - 1, 0), work.pages.length - 1)];
    editorState.editingPageUuid = page?.uuid ?? null;
  }
  const present = new Set(page?.elements.map((e) => e.uuid));
  if (editorState.selection.some((u) => !present.has(u))) editorState.selection = editorState.selection.filter((u) => present.has(u));
}

/** Loading a work (spec 4): repairs it (restoreWork), builds the objects, selects the first page, clears history and selection. */
export function loadWork(work: unknown): void {
  editorState.work = restoreWork(work);
  editorState.editingPageUuid = editorState.work.pages[0]?.uuid ?? null;
  editorState.selection = [];
  trackDocument(editorState.work);
  history.reset(docSnap);
  syncHistoryFlags();
}

export function closeWork(): void {
  editorState.work = null;
  editorState.editingPageUuid = null;
  editorState.selection = [];
  trackDocument(null);
  history.reset(null);
  syncHistoryFlags();
}

/** The current document as an immutable snapshot (what a save sends), or null. */
export function workSnapshot(): Snapshot<WorkDoc> | null {
  return editorState.work ? currentSnapshot(editorState.work) : null;
}

/**
 * Applies a change to the document through `recipe` (mutates a draft of the work); `capture` says
 * how it enters history. A recipe that changes nothing makes no step and no revision; one that
 * throws is rolled back and its error rethrown.
 */
export function change(recipe: (work: WorkDoc) => void, capture: Capture = 'step'): void {
  const work = editorState.work;
  if (!work) return;
  const index = editingIndex();
  const before = currentSnapshot(work);
  try {
    applyingChanges(() => recipe(work));
  } catch (error) {
    const now = snapshot(work);
    if (now !== before) applyingChanges(() => reconcile(work, now, before));
    throw error;
  }
  const after = snapshot(work);
  if (after === before) return;
  docSnap = after;
  history.record(after, capture);
  editorState.revision += 1;
  syncHistoryFlags();
  keepEditingStateValid(index);
}

/** A work's fields the server owns: undo and redo leave them as they are (a save's new version stays). */
const SERVER_FIELDS: ReadonlySet<string> = new Set(['id', 'version', 'is_publish', 'is_template', 'creatorUserId', 'created_time', 'updated_time']);

function restore(target: Snapshot<WorkDoc> | null) {
  const work = editorState.work;
  if (!work || !target) return;
  const index = editingIndex();
  const current = currentSnapshot(work);
  applyingChanges(() => reconcile(work, current, target, SERVER_FIELDS));
  docSnap = snapshot(work);
  history.replaceCurrent(docSnap);
  editorState.revision += 1;
  syncHistoryFlags();
  keepEditingStateValid(index);
}

/**
 * Fields the server owns, changed by a call of their own (publish, set as template): shown at once,
 * not a change of the document (no history step, no revision, so no save).
 */
export function setServerFields(fields: Partial<Pick<WorkDoc, 'is_publish' | 'is_template'>>): void {
  const work = editorState.work;
  if (!work) return;
  applyingChanges(() => Object.assign(work, fields));
  docSnap = snapshot(work);
  history.replaceCurrent(docSnap);
}

export function undo(): void {
  if (editorState.work) restore(history.undo());
}

export function redo(): void {
  if (editorState.work) restore(history.redo());
}

// ---------------------------------------------------------------------------------------------
// Editing page, selection (never in history)
// ---------------------------------------------------------------------------------------------

export function setEditingPage(uuid: string): void {
  if (!editorState.work?.pages.some((p) => p.uuid === uuid)) return;
  if (editorState.editingPageUuid !== uuid) editorState.editingPageUuid = uuid;
  if (editorState.selection.length > 0) editorState.selection = [];
}

/** Selection (never enters history). `mode`: replace, toggle (shift-click) or add (marquee). Only elements of the editing page count. */
export function select(uuids: string[], mode: 'replace' | 'toggle' | 'add' = 'replace'): void {
  const present = new Set(editorState.editingPage?.elements.map((e) => e.uuid));
  const wanted = [...new Set(uuids)].filter((u) => present.has(u));
  let next: string[];
  if (mode === 'replace') next = wanted;
  else if (mode === 'add') next = [...editorState.selection, ...wanted.filter((u) => !editorState.selection.includes(u))];
  else {
    const toggled = new Set(wanted);
    next = [...editorState.selection.filter((u) => !toggled.has(u)), ...wanted.filter((u) => !editorState.selection.includes(u))];
  }
  if (next.length !== editorState.selection.length || next.some((u, i) => u !== editorState.selection[i])) editorState.selection = next;
}

export function clearSelection(): void {
  if (editorState.selection.length > 0) editorState.selection = [];
}

// ---------------------------------------------------------------------------------------------
// Zoom (never in history)
// ---------------------------------------------------------------------------------------------

/**
 * Sets the canvas zoom, clamped to MIN_SCALE..MAX_SCALE and rounded to 3 decimals (so the wheel
 * step of 0.015 stays exact and ZOOM_STEP sums carry no float noise).
 */
export function setScale(scale: number): void {
  if (!Number.isFinite(scale)) return;
  editorState.scaleRate = Math.round(Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale)) * 1000) / 1000;
}

export const zoomBy = (delta: number) => setScale(editorState.scaleRate + delta);
export const zoomIn = () => zoomBy(ZOOM_STEP);
export const zoomOut = () => zoomBy(-ZOOM_STEP);
export const zoomReset = () => setScale(1);
/** Wheel zoom (with Ctrl): one WHEEL_ZOOM_STEP per event, in when scrolling up (deltaY < 0). */
export const wheelZoom = (deltaY: number) => {
  if (deltaY !== 0) zoomBy(deltaY < 0 ? WHEEL_ZOOM_STEP : -WHEEL_ZOOM_STEP);
};
