import { t } from '@lingui/core/macro';
import {
  AlignCenterHorizontal,
  AlignCenterVertical,
  AlignEndHorizontal,
  AlignEndVertical,
  AlignHorizontalDistributeCenter,
  AlignStartHorizontal,
  AlignStartVertical,
  AlignVerticalDistributeCenter,
  ArrowDown,
  ArrowLeft,
  ArrowRight,
  ArrowUp,
  BringToFront,
  ChevronDown,
  ChevronUp,
  ClipboardPaste,
  Copy,
  CopyPlus,
  FilePlus2,
  Files,
  FileX2,
  Redo2,
  Scan,
  SendToBack,
  SquareDashed,
  Trash2,
  Undo2,
  X,
  ZoomIn,
  ZoomOut,
  type LucideIcon,
} from 'lucide-react';
import { confirm } from '@/components/confirm';
import { translateContractMessage } from '@/lib/contract-messages';
import { notify } from '@/lib/notify';
import { runCommand, type CommandContext, type EditorCommand, type KeyEventLike } from '../core/commands';

/**
 * What the editor's screens need around the core's commands (core/commands.ts): the icons they
 * name (imported one by one, not all of lucide), the context a command runs with (the confirm
 * dialog, a toast), a shortcut as the user reads it, and running one.
 */

const icons: Record<string, LucideIcon> = {
  AlignCenterHorizontal,
  AlignCenterVertical,
  AlignEndHorizontal,
  AlignEndVertical,
  AlignHorizontalDistributeCenter,
  AlignStartHorizontal,
  AlignStartVertical,
  AlignVerticalDistributeCenter,
  ArrowDown,
  ArrowLeft,
  ArrowRight,
  ArrowUp,
  BringToFront,
  ChevronDown,
  ChevronUp,
  ClipboardPaste,
  Copy,
  CopyPlus,
  FilePlus2,
  Files,
  FileX2,
  Redo2,
  Scan,
  SendToBack,
  SquareDashed,
  Trash2,
  Undo2,
  X,
  ZoomIn,
  ZoomOut,
};

/** The icon a command names (a square for one not in the list). */
export function CommandIcon({ command, size = 16 }: { command: Pick<EditorCommand, 'icon'>; size?: number }) {
  const Icon = icons[command.icon] ?? SquareDashed;
  return <Icon size={size} aria-hidden />;
}

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** `Mod+Shift+Z` as the user reads it: Ctrl+Shift+Z, or ⌘⇧Z on a Mac. */
export function shortcutText(shortcut: string, mac = isMac()): string {
  const parts = shortcut.endsWith('++') ? [...shortcut.slice(0, -2).split('+'), '+'] : shortcut.split('+');
  const names: Record<string, string> = mac
    ? { Mod: '⌘', Shift: '⇧', Alt: '⌥', Ctrl: '⌃', Meta: '⌘', ArrowLeft: '←', ArrowRight: '→', ArrowUp: '↑', ArrowDown: '↓', Delete: 'Del', Backspace: '⌫', Escape: 'Esc' }
    : { Mod: 'Ctrl', Meta: 'Win', ArrowLeft: '←', ArrowRight: '→', ArrowUp: '↑', ArrowDown: '↓', Escape: 'Esc', Delete: 'Del' };
  const shown = parts.filter(Boolean).map((p) => names[p] ?? (p.length === 1 ? p.toUpperCase() : p));
  return mac ? shown.join('') : shown.join('+');
}

/** A command's label with its first shortcut, for tooltips. */
export const withShortcut = (label: string, command: Pick<EditorCommand, 'shortcut'>) => (command.shortcut?.[0] ? `${label} (${shortcutText(command.shortcut[0])})` : label);

/** The context commands run with: the app's confirmation dialog and toasts. */
export function commandContext(event?: KeyEventLike): CommandContext {
  return {
    confirm: (message) => confirm(t`删除元素`, message),
    notify: (message) => notify({ kind: 'error', title: translateContractMessage(message) ?? message }),
    event,
  };
}

/** Runs a command from a button, menu item or key (nothing when it is not enabled). */
export const run = (command: EditorCommand, event?: KeyEventLike) => runCommand(command, commandContext(event));
