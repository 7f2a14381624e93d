import { useEffect, useRef, useState } from 'react';
import { Box } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { usePhoneScreen } from '@/components/use-media';
import { editorState, setScale, wheelZoom } from '../../core/store';
import { AlignBar } from './align-bar';
import { ElementContextMenu } from './element-context-menu';
import { PageFrame } from './page-frame';

/** Space around the page inside the viewport (px). */
const PAD = 40;
const PHONE_PAD = 12;

/** The zoom at which the page's width fits the viewport (never above 1). */
export function fitScale(viewportWidth: number, workWidth: number, pad: number): number {
  if (workWidth <= 0 || viewportWidth <= 0) return 1;
  return Math.min(1, Math.floor(((viewportWidth - pad * 2) / workWidth) * 100) / 100);
}

/**
 * The canvas area: a scrolling viewport with the page centred in it at the zoom (spec 3
 * scaleRate), Ctrl/⌘ + wheel zooming by WHEEL_ZOOM_STEP, fitting the page's width on a small
 * screen, the context menu and the align bar.
 */
export function EditorCanvas() {
  const { t } = useLingui();
  const snap = useSnapshot(editorState);
  const scale = snap.scaleRate;
  const workWidth = snap.work?.width ?? 0;
  const phone = usePhoneScreen();
  const pad = phone ? PHONE_PAD : PAD;
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const lastWidth = useRef(0);

  // Ctrl / ⌘ + wheel zooms the canvas (not the browser page): a non-passive listener.
  useEffect(() => {
    if (!viewport) return;
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      wheelZoom(e.deltaY);
    };
    viewport.addEventListener('wheel', onWheel, { passive: false });
    return () => viewport.removeEventListener('wheel', onWheel);
  }, [viewport]);

  // Fit to the screen: at first when the page is wider than the viewport, and again on a phone when its width changes (rotation).
  useEffect(() => {
    if (!viewport || workWidth <= 0) return;
    const fit = (first: boolean) => {
      const w = viewport.clientWidth;
      if (w === lastWidth.current) return;
      lastWidth.current = w;
      if ((first && w < workWidth + pad * 2) || (!first && phone)) setScale(fitScale(w, workWidth, pad));
    };
    fit(true);
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => fit(false));
    ro.observe(viewport);
    return () => ro.disconnect();
  }, [viewport, workWidth, pad, phone]);

  return (
    <Box position="relative" flex="1" minW="0" minH="0" display="flex" flexDirection="column">
      <AlignBar />
      <Box
        ref={setViewport}
        flex="1"
        minH="0"
        overflow="auto"
        bg="gray.100"
        position="relative"
        data-testid="canvas-viewport"
        role="region"
        aria-label={t`画布`}
        css={{ touchAction: 'pan-x pan-y' }}
      >
        <Box minW="100%" minH="100%" w="max-content" display="flex" justifyContent="center" alignItems="flex-start" p={`${pad}px`}>
          {viewport && (
            <ElementContextMenu>
              <PageFrame viewport={viewport} scale={scale} />
            </ElementContextMenu>
          )}
        </Box>
      </Box>
    </Box>
  );
}
