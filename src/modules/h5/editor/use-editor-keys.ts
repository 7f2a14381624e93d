import { useEffect } from 'react';
import { commandForKey, editorCommands, type EditorCommand } from '../core/commands';
import { editorState } from '../core/store';
import { run } from './command-kit';

/**
 * Where keys belong to what has the focus, not to the canvas: typing (inputs, text areas, rich
 * text), and widgets that move with arrows or close with Escape (tabs, menus, trees, dialogs).
 */
const OWN_KEYS = 'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="tablist"], [role="menu"], [role="menubar"], [role="listbox"], [role="tree"], [role="radiogroup"], [role="slider"], [role="dialog"], [role="alertdialog"]';

/** The core's list as plain commands (its `as const` tuples are readonly). */
const commands = editorCommands as unknown as readonly EditorCommand[];

export function keyBelongsToFocus(target: EventTarget | null): boolean {
  const el = target as Element | null;
  if (!el || typeof el.closest !== 'function') return false;
  return (el as HTMLElement).isContentEditable === true || el.closest(OWN_KEYS) !== null;
}

/**
 * The editor's keyboard (spec 2.6, issue 18): the core's commands by their shortcuts — Ctrl/⌘+Z
 * undo, Ctrl/⌘+Shift+Z and Ctrl+Y redo, Delete / Backspace, Ctrl/⌘+C / V, arrows 1 px, Shift+arrows
 * 10 px, Esc, Ctrl/⌘+A — while `active` and the focus is not where the keys belong to it.
 */
export function handleEditorKey(e: KeyboardEvent): boolean {
  if (e.defaultPrevented || keyBelongsToFocus(e.target) || !editorState.work) return false;
  const command = commandForKey(commands, e);
  if (!command || !command.enabled(editorState)) return false;
  e.preventDefault();
  void run(command, e);
  return true;
}

export function useEditorKeys(active: boolean) {
  useEffect(() => {
    if (!active) return;
    window.addEventListener('keydown', handleEditorKey);
    return () => window.removeEventListener('keydown', handleEditorKey);
  }, [active]);
}
