import { useSnapshot } from 'valtio';
import type { H5Element, H5Page } from '@/contracts/h5';
import { editorState } from '../core/store';

/** The editing page and the first selected element (spec 3 editingPage / editingElement), as a snapshot to render. */
export function useEditing(): { page: H5Page | null; element: H5Element | null; count: number } {
  const snap = useSnapshot(editorState);
  const page = (snap.work?.pages.find((p) => p.uuid === snap.editingPageUuid) ?? null) as H5Page | null;
  const first = snap.selection[0];
  const element = (first ? page?.elements.find((e) => e.uuid === first) : null) ?? null;
  return { page, element: element as H5Element | null, count: snap.selection.length };
}
