import { useEffect } from 'react';
import { commandForKey, editorCommands, type EditorCommand } from '../core/commands';
import { editorState } from '../core/store';
import { keyBelongsToFocus } from '@/lib/shortcuts';
import { run } from './command-kit';

/** The core's list as plain commands (its `as const` tuples are readonly). */
const commands = editorCommands as unknown as readonly EditorCommand[];

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
