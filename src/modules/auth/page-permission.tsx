import { createContext, useContext, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import type { PermissionEntry } from '@/contracts/auth';
import { hasPermission } from './permissions';
import { session } from './store';

/** The modelId (menu module id) of the page being shown: spec 6 "the current page's modelId". */
const PageModelContext = createContext<string | undefined>(undefined);

export function PageModelProvider({ modelId, children }: { modelId: string | undefined; children: ReactNode }) {
  return <PageModelContext.Provider value={modelId}>{children}</PageModelContext.Provider>;
}

export function usePageModelId(): string | undefined {
  return useContext(PageModelContext);
}

/** Spec 6 page controls of the current page: `can('button', 'btn_add')`, `can('column', 'mobilePhone')`. */
export function usePagePermission() {
  const modelId = useContext(PageModelContext);
  const list = useSnapshot(session).permissionList as readonly PermissionEntry[];
  return {
    modelId,
    button: (enCode: string) => hasPermission(list, modelId, 'button', enCode),
    column: (enCode: string) => hasPermission(list, modelId, 'column', enCode),
  };
}

/** A button-level control: rendered only when the current page's permission allows it (spec 6). */
export function IfButton({ code, children }: { code: string; children: ReactNode }) {
  const { button } = usePagePermission();
  return button(code) ? <>{children}</> : null;
}
