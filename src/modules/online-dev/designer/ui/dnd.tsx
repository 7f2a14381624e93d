import { createContext, useContext, useMemo, useRef, useState, type DragEvent, type ReactNode } from 'react';
import type { ControlType } from '@/contracts/online-dev';
import { slotAccepts } from '../core/tree';
import type { Placement, Slot } from '../core/types';
import { useDesigner } from './use-designer';

/**
 * Drag and drop on the canvas (HTML5): from the palette (a new item) or of an item (a move). What
 * is dragged is kept here while the drag lasts (a page cannot read dataTransfer during dragover);
 * the hovered drop place is shown as a line. Drops go through the core's commands, which refuse
 * what a slot cannot hold (a card into a table) — and so does the hover, which then shows nothing.
 */

export type Dragged = { kind: 'palette'; type: ControlType } | { kind: 'item'; id: string; type: ControlType };

interface DndState {
  hover: Placement | null;
  start(e: DragEvent, dragged: Dragged): void;
  end(): void;
  /** Over a place: shows the line and allows the drop when the slot takes what is dragged. */
  over(e: DragEvent, at: Placement): void;
  drop(e: DragEvent, at: Placement): void;
}

const DndContext = createContext<DndState | null>(null);

export const DRAG_TYPE = 'application/x-yunmian-od-design';

export function DndProvider({ children }: { children: ReactNode }) {
  const designer = useDesigner();
  const dragged = useRef<Dragged | null>(null);
  const [hover, setHover] = useState<Placement | null>(null);
  const state = useMemo<Omit<DndState, 'hover'>>(
    () => ({
      start(e, d) {
        dragged.current = d;
        e.dataTransfer.effectAllowed = d.kind === 'palette' ? 'copy' : 'move';
        // Firefox starts a drag only with data set.
        e.dataTransfer.setData(DRAG_TYPE, d.kind === 'palette' ? d.type : d.id);
        e.dataTransfer.setData('text/plain', d.kind === 'palette' ? d.type : d.id);
        e.stopPropagation();
      },
      end() {
        dragged.current = null;
        setHover(null);
      },
      over(e, at) {
        const d = dragged.current;
        e.stopPropagation();
        if (!d) return;
        const fields = designer.view().state.doc.draft.form.fields;
        if (!slotAccepts(fields, at, d.kind === 'item' ? { id: d.id, type: d.type } : { id: '', type: d.type })) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = d.kind === 'palette' ? 'copy' : 'move';
        setHover((h) => (h && h.parent === at.parent && h.pane === at.pane && h.index === at.index ? h : at));
      },
      drop(e, at) {
        const d = dragged.current;
        e.preventDefault();
        e.stopPropagation();
        dragged.current = null;
        setHover(null);
        if (!d) return;
        if (d.kind === 'palette') designer.dispatch({ type: 'addField', controlType: d.type, at });
        else designer.dispatch({ type: 'moveItem', id: d.id, to: at });
      },
    }),
    [designer],
  );
  const value = useMemo(() => ({ ...state, hover }), [state, hover]);
  return <DndContext.Provider value={value}>{children}</DndContext.Provider>;
}

export function useDnd(): DndState {
  const d = useContext(DndContext);
  if (!d) throw new Error('online-dev designer: used outside DndProvider');
  return d;
}

/** Whether the line shows at `index` of `slot`. */
export const hoverAt = (hover: Placement | null, slot: Slot, index: number) => !!hover && hover.parent === slot.parent && (hover.pane ?? 0) === (slot.pane ?? 0) && hover.index === index;
