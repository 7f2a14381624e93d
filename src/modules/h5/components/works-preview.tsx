import { memo, useEffect, useRef, useState } from 'react';
import { Box } from '@chakra-ui/react';
import type { H5Page } from '@/contracts/h5';
import { elementBoxStyle } from '../editor/canvas/element-style';
import { elementProps } from '../elements/element-def';
import { elementDef } from '../elements/index';

/** The most elements a card draws (the top ones by zindex): a card is a glimpse, not the page. */
const PREVIEW_MAX_ELEMENTS = 80;

/** The width of an element, kept up to date (0 until measured). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * A work's first page drawn small for its card: the page at the work's size, each element its box
 * and its type's renderer (edit mode: nothing plays, nothing takes the pointer), scaled to the
 * card's width. The top of a long page shows.
 */
export const WorksPreview = memo(function WorksPreview({ page, width, height }: { page: H5Page | null; width: number; height: number }) {
  const [ref, shown] = useWidth();
  const scale = shown > 0 && width > 0 ? shown / width : 0;
  const elements = (page?.elements ?? [])
    .filter((e) => e && typeof e.commonStyle === 'object')
    .sort((a, b) => (a.commonStyle.zindex ?? 0) - (b.commonStyle.zindex ?? 0))
    .slice(-PREVIEW_MAX_ELEMENTS);
  return (
    <Box ref={ref} position="absolute" inset="0" overflow="hidden" bg="white" aria-hidden data-testid="work-preview">
      {scale > 0 ? (
        <div style={{ position: 'absolute', left: 0, top: 0, width, height, transform: `scale(${scale})`, transformOrigin: '0 0', pointerEvents: 'none', userSelect: 'none', overflow: 'hidden' }}>
          {elements.map((el) => {
            const def = elementDef(el.name);
            return (
              <div key={el.uuid} style={elementBoxStyle(el.commonStyle)}>
                {def ? <def.Render element={el} props={elementProps(def, el.pluginProps)} mode="edit" /> : null}
              </div>
            );
          })}
        </div>
      ) : null}
    </Box>
  );
});
