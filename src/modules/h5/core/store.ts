import { proxy } from 'valtio';
import type { H5Element, H5Page, Work, WorkSummary } from '@/contracts/h5';

/**
 * THE editor store (spec 3 Editor state), one valtio proxy with its actions. SKELETON written by
 * the lead to fix the API the editor screens use; the core helper implements the bodies (in this
 * file and small files beside it: document ops, history, commands) with unit tests.
 */

/** The open document: a Work as the editor holds it (version = the server version it was loaded at). */
export type WorkDoc = Work;

/** How a change enters history (excalidraw's CaptureUpdateAction): a new step, merged into the last step of the same gesture, or not at all. */
export type Capture = 'step' | { merge: string } | 'none';

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
}

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
} as EditorState);

const todo = (): never => {
  throw new Error('not implemented yet');
};

/** Loading a work (spec 4): repairs it (restoreWork), builds the objects, selects the first page, clears history and selection. */
export function loadWork(work: unknown): void { void work; todo(); }
export function closeWork(): void { todo(); }
/** Applies a change to the document through `recipe` (mutates a draft of the work); `capture` says how it enters history. */
export function change(recipe: (work: WorkDoc) => void, capture?: Capture): void { void recipe; void capture; todo(); }
export function undo(): void { todo(); }
export function redo(): void { todo(); }
export function setEditingPage(uuid: string): void { void uuid; todo(); }
/** Selection (never enters history). `mode`: replace, toggle (shift-click) or add (marquee). */
export function select(uuids: string[], mode?: 'replace' | 'toggle' | 'add'): void { void uuids; void mode; todo(); }
export function setScale(scale: number): void { void scale; todo(); }
