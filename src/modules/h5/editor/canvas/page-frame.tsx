import { useState, type DragEvent } from 'react';
import { useSnapshot } from 'valtio';
import { PAGE_MODE } from '@/contracts/h5';
import { isLocked } from '../../core/ops';
import { editorState } from '../../core/store';
import { editorUi } from '../editor-ui';
import { addFromPalette } from '../placement';
import { CanvasElement } from './canvas-element';
import { CanvasMoveable } from './canvas-moveable';
import { canvasHeight } from './element-style';

/** The data type a palette item carries when dragged onto the canvas (its value: the element type's name). */
export const PALETTE_DRAG_TYPE = 'application/x-h5-element';

/** The editing page's elements, by uuid, with the proxies the elements watch. */
function useEditingPage() {
  const snap = useSnapshot(editorState);
  const work = snap.work;
  const page = work?.pages.find((p) => p.uuid === snap.editingPageUuid) ?? null;
  const uuids = page?.elements.map((e) => e.uuid) ?? [];
  const longPage = work?.page_mode === PAGE_MODE.longPage;
  const height = work && page ? canvasHeight(work.height, longPage, longPage ? page.elements.map((e) => e.commonStyle) : []) : 0;
  const live = editorState.work?.pages.find((p) => p.uuid === snap.editingPageUuid);
  const proxies = new Map(live?.elements.map((e) => [e.uuid, e]));
  return { width: work?.width ?? 0, height, screenHeight: work?.height ?? 0, longPage, uuids, proxies, pageUuid: page?.uuid ?? null };
}

/** Dashed guide lines: the canvas centre lines, and in a long page where each screen ends. */
function Guides({ width, height, screenHeight, longPage }: { width: number; height: number; screenHeight: number; longPage: boolean }) {
  const ends: number[] = [];
  if (longPage) for (let y = screenHeight; y < height; y += screenHeight) ends.push(y);
  const line = { position: 'absolute', pointerEvents: 'none', zIndex: 2000 } as const;
  const dash = 'rgba(24, 144, 255, 0.55)';
  return (
    <div aria-hidden data-testid="canvas-guides">
      <div style={{ ...line, left: width / 2, top: 0, height, borderLeft: `1px dashed ${dash}` }} />
      <div style={{ ...line, top: Math.min(screenHeight, height) / 2, left: 0, width, borderTop: `1px dashed ${dash}` }} />
      {ends.map((y) => (
        <div key={y} style={{ ...line, top: y, left: 0, width, borderTop: '1px dashed rgba(255, 77, 79, 0.6)' }} />
      ))}
    </div>
  );
}

/**
 * The page at the work's size (a long page grows to its lowest element), scaled by the zoom, with
 * its elements, the guide lines and moveable. Palette items dropped on it are added where they fall.
 */
export function PageFrame({ viewport, scale }: { viewport: HTMLElement; scale: number }) {
  const { width, height, screenHeight, longPage, uuids, proxies, pageUuid } = useEditingPage();
  const prefs = useSnapshot(editorUi).prefs;
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);

  const onDragOver = (e: DragEvent) => {
    if (!e.dataTransfer.types.includes(PALETTE_DRAG_TYPE)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
  };
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    const name = e.dataTransfer.getData(PALETTE_DRAG_TYPE);
    if (!name) return;
    e.preventDefault();
    const rect = e.currentTarget.getBoundingClientRect();
    addFromPalette(name, { x: (e.clientX - rect.left) / scale, y: (e.clientY - rect.top) / scale });
  };

  if (!pageUuid) return null;
  return (
    <div style={{ width: width * scale, height: height * scale, flexShrink: 0, position: 'relative' }} data-testid="canvas-holder">
      <div
        ref={setFrame}
        data-testid="canvas-page"
        data-page={pageUuid}
        onDragOver={onDragOver}
        onDrop={onDrop}
        style={{
          position: 'relative',
          width,
          height,
          transform: `scale(${scale})`,
          transformOrigin: '0 0',
          background: '#fff',
          boxShadow: '0 2px 12px rgba(0, 0, 0, 0.12)',
        }}
      >
        {uuids.map((uuid) => {
          const el = proxies.get(uuid);
          return el ? <CanvasElement key={uuid} element={el} locked={isLocked(el)} /> : null;
        })}
        {prefs.showGuides && <Guides width={width} height={height} screenHeight={screenHeight} longPage={longPage} />}
        {frame && <CanvasMoveable frame={frame} viewport={viewport} width={width} height={height} />}
      </div>
    </div>
  );
}
