import { useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import type { ViewerCommand } from './viewer-model';

/**
 * The stage's gestures as viewer commands, at most one batch per animation frame: a wheel event
 * zooms one step (the spec's viewer lets one through per frame, so a fast wheel or a trackpad does
 * not race), one pointer drags the picture (mouse, pen or finger), two fingers pinch to zoom.
 * `dispatch`'s second argument is false: these follow the hand, without a transition.
 */
export function useViewerGestures(stage: RefObject<HTMLElement | null>, dispatch: (command: ViewerCommand, animate: boolean) => void) {
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pending = useRef({ wheel: 0, dx: 0, dy: 0, pinch: 1 });
  const frame = useRef(0);
  const send = useRef(dispatch);
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    send.current = dispatch;
  }, [dispatch]);

  // One batch per frame: what the events of the frame added up to.
  const schedule = useMemo(() => {
    const flush = () => {
      frame.current = 0;
      const p = pending.current;
      pending.current = { wheel: 0, dx: 0, dy: 0, pinch: 1 };
      if (p.wheel) send.current({ type: 'wheel', deltaY: p.wheel }, false);
      if (p.pinch !== 1) send.current({ type: 'pinch', factor: p.pinch }, false);
      if (p.dx || p.dy) send.current({ type: 'pan', dx: p.dx, dy: p.dy }, false);
    };
    return () => {
      if (!frame.current) frame.current = requestAnimationFrame(flush);
    };
  }, []);

  // The wheel: a listener that may prevent the page's own scroll or zoom (React's is passive).
  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      // One step per frame: the first event of the frame decides its direction.
      if (!pending.current.wheel && e.deltaY) pending.current.wheel = Math.sign(e.deltaY);
      schedule();
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [stage, schedule]);

  // Nothing left to run once the viewer has closed.
  useEffect(() => {
    const pendingFrame = frame;
    return () => {
      if (pendingFrame.current) cancelAnimationFrame(pendingFrame.current);
      pendingFrame.current = 0;
    };
  }, []);

  const distance = (points: { x: number; y: number }[]) => (points.length < 2 ? 0 : Math.hypot(points[0]!.x - points[1]!.x, points[0]!.y - points[1]!.y));

  const onPointerDown = (e: ReactPointerEvent<HTMLElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    setDragging(true);
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLElement>) => {
    const map = pointers.current;
    const last = map.get(e.pointerId);
    if (!last) return;
    const before = distance([...map.values()]);
    map.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (map.size >= 2) {
      const after = distance([...map.values()]);
      if (before > 0 && after > 0) pending.current.pinch *= after / before;
    } else {
      pending.current.dx += e.clientX - last.x;
      pending.current.dy += e.clientY - last.y;
    }
    schedule();
  };
  const onPointerEnd = (e: ReactPointerEvent<HTMLElement>) => {
    pointers.current.delete(e.pointerId);
    if (!pointers.current.size) setDragging(false);
  };

  return { dragging, handlers: { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd } };
}
