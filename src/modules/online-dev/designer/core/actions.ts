import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { commandForKey, type KeyEventLike } from '@/lib/shortcuts';
import type { Designer, DesignerView } from './designer';
import { locate, slotList } from './tree';

/**
 * The designer's actions as data (the guide's rule: commands are data): one list read by the
 * toolbar, the keyboard (Ctrl+Z / Ctrl+Y / Delete / Ctrl+D) and each canvas item's own buttons.
 * An item action acts on the item given, or on the selection when none is (toolbar, keys).
 */

export type DesignActionId = 'undo' | 'redo' | 'moveUp' | 'moveDown' | 'duplicate' | 'remove';

export interface DesignAction {
  id: DesignActionId;
  label: MessageDescriptor;
  /** A lucide-react icon name. */
  icon: string;
  /** `Mod+Z` (Mod: Ctrl, or ⌘ on a Mac), `Delete` … */
  shortcut?: readonly string[];
  /** Acts on an item (the canvas item's buttons); else on the whole document (the toolbar). */
  onItem: boolean;
  /** Offered now (for this item, or the selection). */
  visible(view: DesignerView, itemId: string | null): boolean;
  perform(designer: Designer, itemId: string | null): void;
}

const target = (view: DesignerView, itemId: string | null) => itemId ?? view.state.selection;

/** Where an item sits in its list: its index and the list's length. */
function position(view: DesignerView, itemId: string | null): { index: number; length: number } | null {
  const id = target(view, itemId);
  const fields = view.state.doc.draft.form.fields;
  const at = id ? locate(fields, id) : null;
  const list = at ? slotList(fields, at.slot) : undefined;
  return at && list ? { index: at.index, length: list.length } : null;
}

export const designActions: readonly DesignAction[] = [
  { id: 'undo', label: msg`撤销`, icon: 'undo-2', shortcut: ['Mod+Z'], onItem: false, visible: (v) => v.canUndo, perform: (d) => d.undo() },
  { id: 'redo', label: msg`重做`, icon: 'redo-2', shortcut: ['Mod+Y', 'Mod+Shift+Z'], onItem: false, visible: (v) => v.canRedo, perform: (d) => d.redo() },
  {
    id: 'moveUp',
    label: msg`上移`,
    icon: 'arrow-up',
    onItem: true,
    visible: (v, id) => (position(v, id)?.index ?? 0) > 0,
    perform: (d, id) => {
      const item = target(d.view(), id);
      if (item) d.dispatch({ type: 'moveBy', id: item, delta: -1 });
    },
  },
  {
    id: 'moveDown',
    label: msg`下移`,
    icon: 'arrow-down',
    onItem: true,
    visible: (v, id) => {
      const p = position(v, id);
      return !!p && p.index < p.length - 1;
    },
    perform: (d, id) => {
      const item = target(d.view(), id);
      if (item) d.dispatch({ type: 'moveBy', id: item, delta: 1 });
    },
  },
  {
    id: 'duplicate',
    label: msg`复制`,
    icon: 'copy',
    shortcut: ['Mod+D'],
    onItem: true,
    visible: (v, id) => position(v, id) !== null,
    perform: (d, id) => {
      const item = target(d.view(), id);
      if (item) d.dispatch({ type: 'duplicateItem', id: item });
    },
  },
  {
    id: 'remove',
    label: msg`删除`,
    icon: 'trash-2',
    shortcut: ['Delete'],
    onItem: true,
    visible: (v, id) => position(v, id) !== null,
    perform: (d, id) => {
      const item = target(d.view(), id);
      if (item) d.dispatch({ type: 'removeItem', id: item });
    },
  },
];

export const designAction = (id: DesignActionId) => designActions.find((a) => a.id === id)!;
export const itemActions = designActions.filter((a) => a.onItem);

/** The action a key press runs when it is offered now; null otherwise (the keys are matched as the page editor's are, src/lib/shortcuts.ts). */
export function actionForKey(view: DesignerView, e: KeyEventLike): DesignAction | null {
  const action = commandForKey(designActions, e);
  return action && action.visible(view, null) ? action : null;
}
