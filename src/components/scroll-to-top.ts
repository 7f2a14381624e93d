/** Smooth "back to the top" after a page change (spec 9: over 800 ms). */

/** Ease in-out (quadratic) of a progress 0..1: slow start, fast middle, slow end. */
export function easeInOutQuad(t: number): number {
  const x = Math.min(1, Math.max(0, t));
  return x < 0.5 ? 2 * x * x : 1 - (-2 * x + 2) ** 2 / 2;
}

/** Scroll position `elapsedMs` into a scroll from `from` to 0 lasting `durationMs`. */
export function scrollPositionAt(from: number, elapsedMs: number, durationMs: number): number {
  if (durationMs <= 0 || elapsedMs >= durationMs) return 0;
  return Math.round(from * (1 - easeInOutQuad(elapsedMs / durationMs)));
}

/** The element that scrolls `el`'s content: its nearest scrollable ancestor, or the document. */
export function scrollParentOf(el: Element | null): Element | Window {
  for (let cur = el?.parentElement ?? null; cur && cur !== document.body && cur !== document.documentElement; cur = cur.parentElement) {
    const { overflowY } = getComputedStyle(cur);
    if ((overflowY === 'auto' || overflowY === 'scroll' || overflowY === 'overlay') && cur.scrollHeight > cur.clientHeight) return cur;
  }
  return window;
}

const running = new WeakMap<Element | Window, number>();

function getTop(target: Element | Window): number {
  return target instanceof Window ? (document.scrollingElement?.scrollTop ?? window.scrollY) : target.scrollTop;
}
function setTop(target: Element | Window, top: number) {
  if (target instanceof Window) window.scrollTo(0, top);
  else target.scrollTop = top;
}

/**
 * Scrolls `target` (an element, or the window) to the top over `durationMs`, easing in and out.
 * A new scroll of the same target replaces one still running; with reduced motion it jumps.
 * Returns a function that stops it.
 */
export function scrollToTop(target: Element | Window, durationMs: number): () => void {
  const prev = running.get(target);
  if (prev !== undefined) cancelAnimationFrame(prev);
  const from = getTop(target);
  const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (from <= 0 || durationMs <= 0 || reduced) {
    setTop(target, 0);
    return () => {};
  }
  let start: number | null = null;
  const step = (now: number) => {
    start ??= now;
    const top = scrollPositionAt(from, now - start, durationMs);
    setTop(target, top);
    if (top > 0) running.set(target, requestAnimationFrame(step));
    else running.delete(target);
  };
  running.set(target, requestAnimationFrame(step));
  return () => {
    const id = running.get(target);
    if (id !== undefined) cancelAnimationFrame(id);
    running.delete(target);
  };
}
