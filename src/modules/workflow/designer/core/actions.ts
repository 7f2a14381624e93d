import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { commandForKey, type KeyEventLike } from '@/lib/shortcuts';
import type { FlowDesigner, FlowDesignerView } from './designer';

/**
 * The flow designer's actions as data, read by the toolbar and the keyboard (as the model
 * designer's): 撤销 Ctrl/⌘+Z, 重做 Ctrl/⌘+Y or Ctrl/⌘+Shift+Z, 删除 the selected node or edge
 * (Delete, Backspace), and Escape to clear the selection.
 */
export type FlowActionId = 'undo' | 'redo' | 'remove' | 'deselect';

export interface FlowAction {
  id: FlowActionId;
  label: MessageDescriptor;
  shortcut?: readonly string[];
  /** Offered now. */
  visible(view: FlowDesignerView): boolean;
  perform(designer: FlowDesigner): void;
}

export const flowActions: readonly FlowAction[] = [
  { id: 'undo', label: msg`撤销`, shortcut: ['Mod+Z'], visible: (v) => v.canUndo, perform: (d) => d.undo() },
  { id: 'redo', label: msg`重做`, shortcut: ['Mod+Y', 'Mod+Shift+Z'], visible: (v) => v.canRedo, perform: (d) => d.redo() },
  {
    id: 'remove',
    label: msg`删除`,
    shortcut: ['Delete', 'Backspace'],
    visible: (v) => v.state.selection !== null,
    perform: (d) => {
      const sel = d.view().state.selection;
      if (sel?.kind === 'node') d.dispatch({ type: 'removeNode', id: sel.id });
      else if (sel) d.dispatch({ type: 'removeEdge', id: sel.id });
    },
  },
  { id: 'deselect', label: msg`取消选择`, shortcut: ['Escape'], visible: (v) => v.state.selection !== null, perform: (d) => d.dispatch({ type: 'select', target: null }) },
];

export const flowAction = (id: FlowActionId) => flowActions.find((a) => a.id === id)!;

/** The action a key press runs when it is offered now; null otherwise. */
export function actionForKey(view: FlowDesignerView, e: KeyEventLike): FlowAction | null {
  const action = commandForKey(flowActions, e);
  return action && action.visible(view) ? action : null;
}
