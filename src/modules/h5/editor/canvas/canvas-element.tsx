import { memo, useMemo } from 'react';
import { useSnapshot } from 'valtio';
import type { H5Element } from '@/contracts/h5';
import { elementProps } from '../../elements/element-def';
import { elementDef } from '../../elements/index';
import { elementBoxStyle } from './element-style';

/**
 * One element on the canvas: its box from commonStyle with the type's renderer inside (edit mode:
 * nothing inside takes the pointer). It watches only its own element (useSnapshot on the element's
 * proxy), so moving one element re-renders that one; the selection is drawn by moveable, not here.
 * The inner layer carries animation previews (the box's own transform is its rotation).
 */
export const CanvasElement = memo(function CanvasElement({ element, locked }: { element: H5Element; locked: boolean }) {
  const el = useSnapshot(element) as H5Element;
  const def = elementDef(el.name);
  const props = useMemo(() => (def ? elementProps(def, el.pluginProps) : {}), [def, el.pluginProps]);
  // touch-action none: a finger on an element moves it; on the empty canvas it scrolls the page.
  const style = useMemo(() => ({ ...elementBoxStyle(el.commonStyle), touchAction: 'none' }), [el.commonStyle]);
  return (
    <div
      className="h5-el"
      data-uuid={el.uuid}
      data-name={el.name}
      data-locked={locked ? '' : undefined}
      data-testid="canvas-element"
      style={style}
    >
      <div data-anim="" style={{ width: '100%', height: '100%' }}>
        {def ? <def.Render element={el} props={props} mode="edit" /> : null}
      </div>
    </div>
  );
});
