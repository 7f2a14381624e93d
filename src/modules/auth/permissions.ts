import type { PermissionEntry } from '@/contracts/auth';

export const DEFAULT_BUTTONS = { add: 'btn_add', edit: 'btn_edit', remove: 'btn_remove' } as const;

/**
 * Spec 6 page controls: allowed only when the page's modelId has an entry whose column (fields) or
 * button list holds the code. No model id, no entry or an empty list → no.
 */
export function hasPermission(list: readonly PermissionEntry[], modelId: string | undefined, kind: 'column' | 'button', enCode: string): boolean {
  if (!modelId) return false;
  const entry = list.find((p) => p.modelId === modelId);
  const items = entry?.[kind];
  if (!items?.length) return false;
  return items.some((i) => i.enCode === enCode);
}
