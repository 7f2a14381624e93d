import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { Snapshot } from 'valtio';
import { LAST_PAGE_MESSAGE, MAX_SCALE, MIN_SCALE, WORK_MAX_PAGES } from '@/contracts/h5';
import * as actions from './actions';
import type { Capture } from '@/lib/history';
import type { KeyEventLike } from '@/lib/shortcuts';
import { canMoveDown, canMoveUp, isLocked, type Align } from './ops';
import { clearSelection, editorState, redo, undo, zoomIn, zoomOut, zoomReset, type EditorState } from './store';

/**
 * The editor's commands as data (ARCHITECTURE rule 7): one list used by the toolbar, the context
 * menu, the keyboard handler and search alike. `enabled` reads a state (the store or a snapshot of
 * it, for rendering); `perform` acts on the store. Shortcuts are strings like `Mod+Shift+Z` (Mod =
 * Ctrl, or ⌘ on a Mac), matched by `matchShortcut` (src/lib/shortcuts.ts, shared with the model
 * designer and re-exported here for this editor's code and tests).
 */

export { commandForKey, matchShortcut, type KeyEventLike } from '@/lib/shortcuts';

export interface CommandContext {
  /** Asks the user (a dialog); resolves true to go on. */
  confirm(message: string): Promise<boolean>;
  /** Tells the user something (a toast). LAST_PAGE_MESSAGE comes as the contract's text. */
  notify(message: string): void;
  /** The key press that ran the command, if a key did (a held arrow key merges into one step). */
  event?: KeyEventLike;
}

export type CommandState = Snapshot<EditorState>;

export interface EditorCommand {
  id: string;
  label: MessageDescriptor;
  /** A lucide-react icon name. */
  icon: string;
  shortcut?: readonly string[];
  enabled(state: CommandState): boolean;
  perform(ctx: CommandContext): void | Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Running
// ---------------------------------------------------------------------------------------------

/** Runs a command if it is enabled in the store's current state; whether it ran. */
export async function runCommand(command: EditorCommand, ctx: CommandContext): Promise<boolean> {
  if (!command.enabled(editorState)) return false;
  await command.perform(ctx);
  return true;
}

// ---------------------------------------------------------------------------------------------
// State helpers
// ---------------------------------------------------------------------------------------------

const pageOf = (s: CommandState) => s.work?.pages.find((p) => p.uuid === s.editingPageUuid) ?? null;
/** Selected elements that can be moved, copied, aligned (not the locked background / music). */
const movable = (s: CommandState) => {
  const page = pageOf(s);
  if (!page) return 0;
  const sel = new Set(s.selection);
  return page.elements.filter((e) => sel.has(e.uuid) && !isLocked(e)).length;
};
const hasSelection = (s: CommandState) => pageOf(s) !== null && s.selection.length > 0;

/** One history step per key press; the auto-repeats of a held key merge into it. */
let nudgePress = 0;
function nudgeCapture(ctx: CommandContext): Capture {
  if (!ctx.event?.repeat) nudgePress += 1;
  return { merge: `nudge:${nudgePress}` };
}

/** Arrow keys move 1 px, with Shift 10 px. */
const nudge = (id: string, label: MessageDescriptor, key: string, dx: number, dy: number, shift = false): EditorCommand => ({
  id,
  label,
  icon: key,
  shortcut: [shift ? `Shift+${key}` : key],
  enabled: (s) => movable(s) > 0,
  perform: (ctx) => actions.nudgeSelection(dx, dy, nudgeCapture(ctx)),
});

const alignCommand = (id: string, how: Align, label: MessageDescriptor, icon: string): EditorCommand => ({
  id,
  label,
  icon,
  enabled: (s) => movable(s) > 0,
  perform: () => actions.alignSelection(how),
});

// ---------------------------------------------------------------------------------------------
// The commands
// ---------------------------------------------------------------------------------------------

const COMMANDS = [
  { id: 'undo', label: msg`撤销`, icon: 'Undo2', shortcut: ['Mod+Z'], enabled: (s) => s.canUndo, perform: () => undo() },
  { id: 'redo', label: msg`重做`, icon: 'Redo2', shortcut: ['Mod+Shift+Z', 'Mod+Y'], enabled: (s) => s.canRedo, perform: () => redo() },
  {
    id: 'copyElement',
    label: msg`复制`,
    icon: 'CopyPlus',
    shortcut: ['Mod+D'],
    enabled: (s) => movable(s) > 0,
    perform: () => actions.duplicateSelection(),
  },
  { id: 'copy', label: msg`复制到剪贴板`, icon: 'Copy', shortcut: ['Mod+C'], enabled: (s) => movable(s) > 0, perform: () => actions.copySelection() },
  {
    id: 'paste',
    label: msg`粘贴`,
    icon: 'ClipboardPaste',
    shortcut: ['Mod+V'],
    enabled: (s) => pageOf(s) !== null && s.clipboard.length > 0,
    perform: () => actions.paste(),
  },
  {
    id: 'deleteElement',
    label: msg`删除`,
    icon: 'Trash2',
    shortcut: ['Delete', 'Backspace'],
    enabled: hasSelection,
    async perform(ctx) {
      if (editorState.selection.length === 0) return;
      if (editorState.confirmDelete && !(await ctx.confirm(t`确定删除选中的元素吗？`))) return;
      actions.deleteSelection();
    },
  },
  {
    id: 'moveToTop',
    label: msg`置顶`,
    icon: 'BringToFront',
    enabled: (s) => hasSelection(s) && canMoveUp(pageOf(s)!, s.selection),
    perform: () => actions.reorderSelection('top'),
  },
  {
    id: 'moveToBottom',
    label: msg`置底`,
    icon: 'SendToBack',
    enabled: (s) => hasSelection(s) && canMoveDown(pageOf(s)!, s.selection),
    perform: () => actions.reorderSelection('bottom'),
  },
  {
    id: 'moveUp',
    label: msg`上移`,
    icon: 'ChevronUp',
    shortcut: ['Mod+]'],
    enabled: (s) => hasSelection(s) && canMoveUp(pageOf(s)!, s.selection),
    perform: () => actions.reorderSelection('up'),
  },
  {
    id: 'moveDown',
    label: msg`下移`,
    icon: 'ChevronDown',
    shortcut: ['Mod+['],
    enabled: (s) => hasSelection(s) && canMoveDown(pageOf(s)!, s.selection),
    perform: () => actions.reorderSelection('down'),
  },
  {
    id: 'addPage',
    label: msg`添加页面`,
    icon: 'FilePlus2',
    enabled: (s) => s.work !== null && s.work.pages.length < WORK_MAX_PAGES,
    perform: () => actions.addPageAfterCurrent(),
  },
  {
    id: 'copyPage',
    label: msg`复制页面`,
    icon: 'Files',
    enabled: (s) => pageOf(s) !== null && s.work!.pages.length < WORK_MAX_PAGES,
    perform: () => actions.copyCurrentPage(),
  },
  {
    id: 'deletePage',
    label: msg`删除页面`,
    icon: 'FileX2',
    enabled: (s) => pageOf(s) !== null,
    perform(ctx) {
      if ((editorState.work?.pages.length ?? 0) <= 1) ctx.notify(LAST_PAGE_MESSAGE);
      else actions.deletePage();
    },
  },
  { id: 'zoomIn', label: msg`放大`, icon: 'ZoomIn', shortcut: ['Mod+='], enabled: (s) => s.scaleRate < MAX_SCALE, perform: () => zoomIn() },
  { id: 'zoomOut', label: msg`缩小`, icon: 'ZoomOut', shortcut: ['Mod+-'], enabled: (s) => s.scaleRate > MIN_SCALE, perform: () => zoomOut() },
  { id: 'zoomReset', label: msg`原始大小`, icon: 'Scan', shortcut: ['Mod+0'], enabled: (s) => s.scaleRate !== 1, perform: () => zoomReset() },
  nudge('nudgeLeft', msg`左移1像素`, 'ArrowLeft', -1, 0),
  nudge('nudgeRight', msg`右移1像素`, 'ArrowRight', 1, 0),
  nudge('nudgeUp', msg`上移1像素`, 'ArrowUp', 0, -1),
  nudge('nudgeDown', msg`下移1像素`, 'ArrowDown', 0, 1),
  nudge('nudgeLeft10', msg`左移10像素`, 'ArrowLeft', -10, 0, true),
  nudge('nudgeRight10', msg`右移10像素`, 'ArrowRight', 10, 0, true),
  nudge('nudgeUp10', msg`上移10像素`, 'ArrowUp', 0, -10, true),
  nudge('nudgeDown10', msg`下移10像素`, 'ArrowDown', 0, 10, true),
  alignCommand('alignLeft', 'left', msg`左对齐`, 'AlignStartVertical'),
  alignCommand('alignHCenter', 'hcenter', msg`水平居中`, 'AlignCenterVertical'),
  alignCommand('alignRight', 'right', msg`右对齐`, 'AlignEndVertical'),
  alignCommand('alignTop', 'top', msg`顶端对齐`, 'AlignStartHorizontal'),
  alignCommand('alignVCenter', 'vcenter', msg`垂直居中`, 'AlignCenterHorizontal'),
  alignCommand('alignBottom', 'bottom', msg`底端对齐`, 'AlignEndHorizontal'),
  {
    id: 'distributeHorizontal',
    label: msg`水平分布`,
    icon: 'AlignHorizontalDistributeCenter',
    enabled: (s) => movable(s) >= 3,
    perform: () => actions.distributeSelection('horizontal'),
  },
  {
    id: 'distributeVertical',
    label: msg`垂直分布`,
    icon: 'AlignVerticalDistributeCenter',
    enabled: (s) => movable(s) >= 3,
    perform: () => actions.distributeSelection('vertical'),
  },
  {
    id: 'selectAll',
    label: msg`全选`,
    icon: 'SquareDashed',
    shortcut: ['Mod+A'],
    enabled: (s) => (pageOf(s)?.elements.some((e) => !isLocked(e)) ?? false),
    perform: () => actions.selectAll(),
  },
  { id: 'escape', label: msg`取消选择`, icon: 'X', shortcut: ['Escape'], enabled: (s) => s.selection.length > 0, perform: () => clearSelection() },
] as const satisfies readonly EditorCommand[];

export type CommandId = (typeof COMMANDS)[number]['id'];

/** Every editor command, in toolbar-ish order. */
export const editorCommands: readonly (EditorCommand & { id: CommandId })[] = COMMANDS;

const byId = new Map<string, EditorCommand>(editorCommands.map((c) => [c.id, c]));

/** A command by id (toolbar and context menu name theirs). */
export function editorCommand(id: CommandId): EditorCommand {
  return byId.get(id)!;
}

/** The context menu of spec 2.6: copy, delete, move to top, move to bottom, move up, move down. */
export const CONTEXT_MENU_COMMANDS: readonly CommandId[] = ['copyElement', 'deleteElement', 'moveToTop', 'moveToBottom', 'moveUp', 'moveDown'];
