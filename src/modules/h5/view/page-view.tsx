import { Component, memo, Suspense, useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import type { H5Element, H5Page } from '@/contracts/h5';
import { animationChain } from './animate';
import { isHiddenField } from './form';
import { pageHeight, runtimeBoxStyle, toRem } from './layout';
import { rendererOf } from './renderers';
import type { BindProps } from './use-work-data';

/**
 * One page of a published work: its elements positioned in rem (layout.ts), each drawn by the
 * editor's renderer in preview mode, with its animations played when it comes into view (and
 * again each time its page is shown, in paged mode), its click events, and the form errors under
 * the fields. An element whose renderer throws on its saved props is left out, not the page.
 * With `bind` (the work has datasources: use-work-data.ts) each element is drawn with its bound props.
 */

class ElementBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Whether the box has been in view once (IntersectionObserver; true at once where it is missing). */
function useEntered(box: HTMLElement | null, watch: boolean): boolean {
  const [entered, setEntered] = useState(false);
  useEffect(() => {
    if (!watch || entered || !box) return;
    if (typeof IntersectionObserver === 'undefined') {
      setEntered(true);
      return;
    }
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setEntered(true);
    });
    io.observe(box);
    return () => io.disconnect();
  }, [box, watch, entered]);
  return entered;
}

interface ElementProps {
  element: H5Element;
  workWidth: number;
  /** The page is the one shown (paged mode) or open (dialogs, long page). */
  active: boolean;
  error?: string;
  /** px per rem when lengths are px (the preview): layout.ts toRem. */
  pxPerRem?: number;
  bind?: BindProps;
  onAction(element: H5Element): void;
}

const RuntimeElement = memo(function RuntimeElement({ element, workWidth, active, error, pxPerRem, bind, onAction }: ElementProps) {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const chain = animationChain(element.animations);
  const entered = useEntered(box, active && !!chain);
  const Render = rendererOf(element.name);
  if (!Render) return null;
  const props = bind ? bind(element.name, element.pluginProps) : element.pluginProps;
  const style = runtimeBoxStyle(element, workWidth, pxPerRem);
  const clickable = element.events?.length > 0 || element.name === 'form-submit';
  // Before it plays, an animation holds its first frame (fill-mode both), so an entrance starts hidden.
  const animation = chain && active ? { animation: chain, animationPlayState: entered ? 'running' : 'paused' } : undefined;
  const s = element.commonStyle;
  return (
    <>
      <div
        ref={setBox}
        className="h5-el"
        data-uuid={element.uuid}
        data-name={element.name}
        style={{ ...style, cursor: clickable ? 'pointer' : undefined }}
        onClick={clickable ? () => onAction(element) : undefined}
      >
        <div className="h5-anim" style={animation}>
          <ElementBoundary>
            <Suspense fallback={null}>
              <Render element={element} props={props} mode="preview" />
            </Suspense>
          </ElementBoundary>
        </div>
      </div>
      {error ? (
        <div
          className="h5-field-error"
          role="alert"
          data-testid="h5-field-error"
          style={{ left: toRem(s.left, workWidth, pxPerRem), top: toRem(s.top + s.height, workWidth, pxPerRem), width: toRem(Math.max(s.width, 160), workWidth, pxPerRem) }}
        >
          {error}
        </div>
      ) : null}
    </>
  );
});

export interface PageViewProps {
  page: H5Page;
  workWidth: number;
  workHeight: number;
  /** How tall the page is (layout.ts pageHeight): a screen, a long page, a dialog's content. */
  fit: 'screen' | 'long' | 'content';
  active: boolean;
  errors?: Record<string, string>;
  /** Lengths in px of a frame of 10 × pxPerRem (the preview) instead of rem (the published page). */
  pxPerRem?: number;
  /** The data bindings (the work's datasources), if any. */
  bind?: BindProps;
  onAction(element: H5Element, page: H5Page): void;
  pageRef?: Ref<HTMLDivElement>;
}

export function PageView({ page, workWidth, workHeight, fit, active, errors, pxPerRem, bind, onAction, pageRef }: PageViewProps) {
  const height = pageHeight(page, workHeight, fit);
  const act = useRef(onAction);
  act.current = onAction;
  const onElement = useRef((el: H5Element) => act.current(el, page));
  return (
    <div ref={pageRef} className="h5-page" data-page={page.uuid} style={{ height: toRem(height, workWidth, pxPerRem) }}>
      {page.elements
        .filter((e) => !isHiddenField(e))
        .map((e) => (
          <RuntimeElement key={e.uuid} element={e} workWidth={workWidth} active={active} error={errors?.[e.uuid]} pxPerRem={pxPerRem} bind={bind} onAction={onElement.current} />
        ))}
    </div>
  );
}
