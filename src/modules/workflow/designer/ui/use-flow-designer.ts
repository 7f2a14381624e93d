import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { ModelOption } from '@/contracts/online-dev-model';
import { flowApi } from '../api';
import type { FlowDesigner, FlowDesignerView } from '../core/designer';

/** The open flow designer, for the panels and the canvas (given by the flow editor). */
export const FlowDesignerContext = createContext<FlowDesigner | null>(null);

export function useFlowDesigner(): FlowDesigner {
  const d = useContext(FlowDesignerContext);
  if (!d) throw new Error('flow designer: used outside FlowDesignerContext');
  return d;
}

/** The designer's current view; re-renders on every change. */
export function useFlowView(): FlowDesignerView {
  const designer = useFlowDesigner();
  return useSyncExternalStore(designer.subscribe, designer.view, designer.view);
}

let formsOnce: Promise<ModelOption[]> | null = null;
/** The published online-development models a flow may take as its form (read once per page load; undefined while read). */
export function useFlowForms(): ModelOption[] | undefined {
  const [forms, setForms] = useState<ModelOption[] | undefined>(undefined);
  useEffect(() => {
    let live = true;
    formsOnce ??= flowApi.forms().catch((e: unknown) => {
      formsOnce = null;
      throw e;
    });
    formsOnce.then(
      (list) => live && setForms(list),
      () => live && setForms([]),
    );
    return () => {
      live = false;
    };
  }, []);
  return forms;
}
