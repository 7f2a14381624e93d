import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Designer, DesignerView } from '../core/designer';

/** The open designer, for the panels and the canvas (given by the design editor). */
export const DesignerContext = createContext<Designer | null>(null);

export function useDesigner(): Designer {
  const d = useContext(DesignerContext);
  if (!d) throw new Error('online-dev designer: used outside DesignerContext');
  return d;
}

/** The id of the model being designed (what controls drawn on the canvas and in the preview name). */
export const DesignerModelContext = createContext<string>('');
export const useDesignerModel = () => useContext(DesignerModelContext);

/** The designer's current view; re-renders on every change. */
export function useDesignerView(): DesignerView {
  const designer = useDesigner();
  return useSyncExternalStore(designer.subscribe, designer.view, designer.view);
}
