import { proxy, subscribe } from 'valtio';
import { storage } from '@/lib/storage';

/**
 * The editor screens' own UI state (never in history, never saved with the work): which tabs are
 * open, the phone drawers, the canvas preferences (snapping, guides, kept on this device). The document and the selection live in the core
 * store (../core/store.ts).
 */
export const LEFT_TABS = ['components', 'pages', 'templates', 'layers', 'preferences'] as const;
export type LeftTab = (typeof LEFT_TABS)[number];
export const RIGHT_TABS = ['props', 'animation', 'action', 'script', 'page'] as const;
export type RightTab = (typeof RIGHT_TABS)[number];

export interface CanvasPrefs {
  /** Snap to the canvas edges and centre, to other elements and to the guide lines. */
  snapping: boolean;
  /** Show the guide lines (canvas centre lines) on the canvas. */
  showGuides: boolean;
}

const PREFS_KEY = 'h5EditorPrefs';
const defaultPrefs: CanvasPrefs = { snapping: true, showGuides: true };

function readPrefs(): CanvasPrefs {
  try {
    const raw = storage.get(PREFS_KEY);
    const saved = raw ? (JSON.parse(raw) as Partial<CanvasPrefs>) : {};
    return {
      snapping: typeof saved.snapping === 'boolean' ? saved.snapping : defaultPrefs.snapping,
      showGuides: typeof saved.showGuides === 'boolean' ? saved.showGuides : defaultPrefs.showGuides,
    };
  } catch {
    return { ...defaultPrefs };
  }
}

export interface EditorUi {
  leftTab: LeftTab;
  rightTab: RightTab;
  /** Phones: the left / right panels are drawers opened from buttons. */
  leftOpen: boolean;
  rightOpen: boolean;
  prefs: CanvasPrefs;
}

export const editorUi: EditorUi = proxy({
  leftTab: 'components',
  rightTab: 'props',
  leftOpen: false,
  rightOpen: false,
  prefs: readPrefs(),
} as EditorUi);

subscribe(editorUi.prefs, () => storage.set(PREFS_KEY, JSON.stringify(editorUi.prefs)));

export function setLeftTab(tab: LeftTab) {
  editorUi.leftTab = tab;
}

export function setRightTab(tab: RightTab) {
  editorUi.rightTab = tab;
}

export function setPref<K extends keyof CanvasPrefs>(key: K, value: CanvasPrefs[K]) {
  editorUi.prefs[key] = value;
}

export function openPanel(side: 'left' | 'right', open = true) {
  if (side === 'left') editorUi.leftOpen = open;
  else editorUi.rightOpen = open;
}
