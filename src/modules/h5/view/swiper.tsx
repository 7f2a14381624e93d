import { useEffect, useRef, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { runtimeMessages as m } from './messages';
import { clampPage, keyStep, swipeStep, wheelStep } from './swipe';

/**
 * Paged mode: the pages stacked vertically, one per screen, moved by a swipe (the track follows
 * the finger, then settles on a page), the arrow / page keys and the mouse wheel; a dot per page
 * on the right and a hint arrow while there is a next page.
 */

const isField = (t: EventTarget | null) => t instanceof Element && !!t.closest('input, textarea, select, [contenteditable]');

export function Swiper({ count, index, onIndex, children }: { count: number; index: number; onIndex(i: number): void; children: (i: number) => ReactNode }) {
  const track = useRef<HTMLDivElement>(null);
  const start = useRef<{ x: number; y: number; t: number; id: number } | null>(null);
  const lastWheel = useRef(0);
  const go = useRef(onIndex);
  go.current = onIndex;
  const current = useRef(index);
  current.current = index;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isField(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
      const step = keyStep(e.key);
      if (!step) return;
      e.preventDefault();
      go.current(clampPage(current.current + step, count));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count]);

  const move = (dy: number, animate: boolean) => {
    const el = track.current;
    if (!el) return;
    el.style.transition = animate ? '' : 'none';
    el.style.transform = `translate3d(0, calc(${-index * 100}% + ${dy}px), 0)`;
  };

  const onDown = (e: ReactPointerEvent) => {
    if (isField(e.target) || (e.pointerType === 'mouse' && e.button !== 0)) return;
    start.current = { x: e.clientX, y: e.clientY, t: e.timeStamp, id: e.pointerId };
  };
  const onMove = (e: ReactPointerEvent) => {
    const s = start.current;
    if (!s || s.id !== e.pointerId) return;
    const dy = e.clientY - s.y;
    if (Math.abs(dy) > Math.abs(e.clientX - s.x)) move(dy / (index === 0 && dy > 0 ? 3 : index === count - 1 && dy < 0 ? 3 : 1), false);
  };
  const onUp = (e: ReactPointerEvent) => {
    const s = start.current;
    start.current = null;
    if (!s || s.id !== e.pointerId) return;
    const step = swipeStep(e.clientX - s.x, e.clientY - s.y, e.timeStamp - s.t);
    const next = clampPage(index + step, count);
    move(0, true);
    if (next !== index) onIndex(next);
  };
  const onCancel = () => {
    start.current = null;
    move(0, true);
  };

  return (
    <div
      className="h5-swiper"
      onPointerDown={onDown}
      onPointerMove={onMove}
      onPointerUp={onUp}
      onPointerCancel={onCancel}
      onWheel={(e) => {
        const step = wheelStep(e.deltaY, e.timeStamp, lastWheel.current);
        if (!step) return;
        lastWheel.current = e.timeStamp;
        onIndex(clampPage(index + step, count));
      }}
    >
      <div ref={track} className="h5-track" style={{ transform: `translate3d(0, ${-index * 100}%, 0)` }}>
        {Array.from({ length: count }, (_, i) => (
          <section key={i} className="h5-slide" aria-hidden={i !== index} aria-label={m.page(i + 1)}>
            {children(i)}
          </section>
        ))}
      </div>
      {count > 1 ? (
        <nav className="h5-dots" aria-label={m.pageNav}>
          {Array.from({ length: count }, (_, i) => (
            <button key={i} type="button" aria-label={m.page(i + 1)} aria-current={i === index ? 'page' : undefined} onClick={() => onIndex(i)} />
          ))}
        </nav>
      ) : null}
      {index < count - 1 ? <div className="h5-next" aria-hidden /> : null}
    </div>
  );
}
