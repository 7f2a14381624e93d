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
import type { KeyEventLike } from '@/lib/shortcuts';
import { runCommand, type CommandContext, type EditorCommand } from '../core/commands';

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

// How a shortcut reads lives with the other shared key helpers; the screens here import it from this kit.
export { shortcutText, withShortcut } from '@/lib/shortcuts';

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
