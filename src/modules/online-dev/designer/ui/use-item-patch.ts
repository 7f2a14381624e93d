import type { ItemPatch } from '../core/commands';
import { useDesigner } from './use-designer';

/** Sends one item's changes; a typed property merges into one history step per property (`typed` names it). */
export function useItemPatch(id: string) {
  const designer = useDesigner();
  return (patch: ItemPatch, typed?: string) => designer.dispatch({ type: 'updateItem', id, patch, merge: typed ? `${typed}:${id}` : undefined });
}
