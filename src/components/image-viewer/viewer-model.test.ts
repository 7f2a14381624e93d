import { describe, expect, it } from 'vitest';
import { VIEWER_MIN_SCALE, VIEWER_ROTATE_DEG, VIEWER_WHEEL_STEP, VIEWER_ZOOM_STEP, VIEWER_Z_INDEX } from '@/contracts/limits';
import { canNext, canPrev, canZoomOut, initViewer, keyAction, VIEWER_MAX_SCALE, viewerCounter, viewerReducer, viewerTransform, type ViewerCommand, type ViewerState } from './viewer-model';

const run = (s: ViewerState, ...commands: ViewerCommand[]) => commands.reduce(viewerReducer, s);
const times = (n: number, c: ViewerCommand) => Array.from({ length: n }, () => c);

describe('the spec numbers (9 Editor)', () => {
  it('zoom 0.2, wheel 0.015, rotate 90, minimum 0.2, z-index 2005', () => {
    expect([VIEWER_ZOOM_STEP, VIEWER_WHEEL_STEP, VIEWER_ROTATE_DEG, VIEWER_MIN_SCALE, VIEWER_Z_INDEX]).toEqual([0.2, 0.015, 90, 0.2, 2005]);
  });
});

describe('viewer state', () => {
  it('starts at the given picture, scale 1, no rotation, fit, no pan', () => {
    expect(initViewer({ count: 12, startIndex: 2 })).toEqual({ index: 2, count: 12, scale: 1, rotate: 0, mode: 'fit', offset: { x: 0, y: 0 }, loop: true });
    expect(initViewer({ count: 3, startIndex: 9 }).index).toBe(2);
    expect(initViewer({ count: 3, startIndex: -1 }).index).toBe(0);
    expect(initViewer({ count: 0 }).index).toBe(0);
  });

  it('zooms in and out by 0.2', () => {
    const s = initViewer({ count: 1 });
    expect(run(s, { type: 'zoomIn' }).scale).toBe(1.2);
    expect(run(s, { type: 'zoomIn' }, { type: 'zoomIn' }, { type: 'zoomIn' }).scale).toBe(1.6);
    expect(run(s, { type: 'zoomOut' }).scale).toBe(0.8);
    expect(run(s, { type: 'zoomIn' }, { type: 'zoomOut' }).scale).toBe(1);
  });

  it('zooms out only while the scale is above 0.2, and never below it', () => {
    const s = initViewer({ count: 1 });
    const low = run(s, ...times(4, { type: 'zoomOut' }));
    expect(low.scale).toBe(0.2);
    expect(canZoomOut(low)).toBe(false);
    expect(viewerReducer(low, { type: 'zoomOut' })).toBe(low);
    expect(viewerReducer(low, { type: 'wheel', deltaY: 100 })).toBe(low);
    expect(run(s, ...times(50, { type: 'zoomOut' })).scale).toBe(0.2);
    // Off the 0.2 grid (after wheel steps): one more step is allowed, and lands on 0.2.
    const off = { ...s, scale: 0.3 };
    expect(canZoomOut(off)).toBe(true);
    expect(viewerReducer(off, { type: 'zoomOut' }).scale).toBe(0.2);
    expect(viewerReducer({ ...s, scale: 0.21 }, { type: 'wheel', deltaY: 3 }).scale).toBe(0.2);
    // Zooming in from the floor works.
    expect(viewerReducer(low, { type: 'zoomIn' }).scale).toBe(0.4);
  });

  it('the wheel zooms by 0.015 per event: up in, down out, whatever the delta', () => {
    const s = initViewer({ count: 1 });
    expect(viewerReducer(s, { type: 'wheel', deltaY: -100 }).scale).toBe(1.015);
    expect(viewerReducer(s, { type: 'wheel', deltaY: -1 }).scale).toBe(1.015);
    expect(viewerReducer(s, { type: 'wheel', deltaY: 53 }).scale).toBe(0.985);
    expect(viewerReducer(s, { type: 'wheel', deltaY: 0 })).toBe(s);
    // Three decimals kept: no float drift after many steps.
    expect(run(s, ...times(10, { type: 'wheel', deltaY: -120 })).scale).toBe(1.15);
    expect(run(s, ...times(100, { type: 'wheel', deltaY: 120 })).scale).toBe(0.2);
  });

  it('stops zooming in at the maximum', () => {
    const s = run(initViewer({ count: 1 }), ...times(100, { type: 'zoomIn' }));
    expect(s.scale).toBe(VIEWER_MAX_SCALE);
  });

  it('pinches within the same limits', () => {
    const s = initViewer({ count: 1 });
    expect(viewerReducer(s, { type: 'pinch', factor: 1.5 }).scale).toBe(1.5);
    expect(viewerReducer(s, { type: 'pinch', factor: 0.5 }).scale).toBe(0.5);
    expect(viewerReducer(s, { type: 'pinch', factor: 0.01 }).scale).toBe(0.2);
    expect(viewerReducer({ ...s, scale: 0.2 }, { type: 'pinch', factor: 0.5 }).scale).toBe(0.2);
    expect(viewerReducer(s, { type: 'pinch', factor: Number.NaN })).toBe(s);
    expect(viewerReducer(s, { type: 'pinch', factor: -2 })).toBe(s);
  });

  it('rotates by +90 each turn', () => {
    const s = initViewer({ count: 1 });
    expect(run(s, { type: 'rotate' }).rotate).toBe(90);
    expect(run(s, ...times(5, { type: 'rotate' })).rotate).toBe(450);
  });

  it('toggles original / fit and resets zoom, rotation and pan', () => {
    const s = run(initViewer({ count: 1 }), { type: 'zoomIn' }, { type: 'rotate' }, { type: 'pan', dx: 10, dy: 5 });
    const original = viewerReducer(s, { type: 'toggleMode' });
    expect(original).toMatchObject({ mode: 'original', scale: 1, rotate: 0, offset: { x: 0, y: 0 } });
    expect(viewerReducer(original, { type: 'toggleMode' }).mode).toBe('fit');
  });

  it('previous / next wrap around and reset zoom, rotation and pan, keeping the mode', () => {
    const s = run(initViewer({ count: 3, startIndex: 2 }), { type: 'toggleMode' }, { type: 'zoomIn' }, { type: 'rotate' }, { type: 'pan', dx: 4, dy: 4 });
    const next = viewerReducer(s, { type: 'next' });
    expect(next).toMatchObject({ index: 0, scale: 1, rotate: 0, offset: { x: 0, y: 0 }, mode: 'original' });
    expect(viewerReducer(next, { type: 'prev' }).index).toBe(2);
    expect(run(next, { type: 'next' }, { type: 'next' }).index).toBe(2);
  });

  it('without loop, previous / next stop at the ends', () => {
    const s = initViewer({ count: 3, startIndex: 0, loop: false });
    expect(canPrev(s)).toBe(false);
    expect(viewerReducer(s, { type: 'prev' })).toBe(s);
    const last = run(s, { type: 'next' }, { type: 'next' });
    expect(last.index).toBe(2);
    expect(canNext(last)).toBe(false);
    expect(viewerReducer(last, { type: 'next' })).toBe(last);
  });

  it('one picture: previous / next do nothing', () => {
    const s = initViewer({ count: 1 });
    expect(canPrev(s) || canNext(s)).toBe(false);
    expect(viewerReducer(s, { type: 'next' })).toBe(s);
  });

  it('goto clamps and resets; the same picture changes nothing', () => {
    const s = run(initViewer({ count: 5, startIndex: 1 }), { type: 'zoomIn' });
    expect(viewerReducer(s, { type: 'goto', index: 1 })).toBe(s);
    expect(viewerReducer(s, { type: 'goto', index: 40 })).toMatchObject({ index: 4, scale: 1 });
  });

  it('pans by the drag and resets', () => {
    const s = run(initViewer({ count: 1 }), { type: 'pan', dx: 10, dy: -4 }, { type: 'pan', dx: 5, dy: 1 }, { type: 'zoomIn' }, { type: 'rotate' });
    expect(s.offset).toEqual({ x: 15, y: -3 });
    expect(viewerReducer(s, { type: 'pan', dx: 0, dy: 0 })).toBe(s);
    expect(viewerReducer(s, { type: 'reset' })).toMatchObject({ scale: 1, rotate: 0, offset: { x: 0, y: 0 } });
  });

  it('follows a list that grows or shrinks', () => {
    const s = run(initViewer({ count: 5, startIndex: 4 }), { type: 'zoomIn' });
    expect(viewerReducer(s, { type: 'setCount', count: 9 })).toMatchObject({ index: 4, count: 9, scale: 1.2 });
    expect(viewerReducer(s, { type: 'setCount', count: 2 })).toMatchObject({ index: 1, count: 2, scale: 1 });
    expect(viewerReducer(s, { type: 'setCount', count: 5 })).toBe(s);
    // Older pictures put before the one shown: it moves, keeping its zoom.
    expect(viewerReducer(s, { type: 'setCount', count: 8, index: 7 })).toMatchObject({ index: 7, count: 8, scale: 1.2 });
    expect(viewerReducer(s, { type: 'setCount', count: 5, index: 4 })).toBe(s);
  });
});

describe('keys (spec 2.6: Esc, Space, arrows)', () => {
  it('maps each key to its action', () => {
    expect(keyAction('Escape')).toEqual({ type: 'close' });
    expect(keyAction(' ')).toEqual({ type: 'toggleMode' });
    expect(keyAction('ArrowLeft')).toEqual({ type: 'prev' });
    expect(keyAction('ArrowRight')).toEqual({ type: 'next' });
    expect(keyAction('ArrowUp')).toEqual({ type: 'zoomIn' });
    expect(keyAction('ArrowDown')).toEqual({ type: 'zoomOut' });
    expect(keyAction('Esc')).toEqual({ type: 'close' });
    expect(keyAction('a')).toBeNull();
    expect(keyAction('Enter')).toBeNull();
  });
});

describe('presentation', () => {
  it('the transform pans in screen axes, then zooms and rotates', () => {
    const s = run(initViewer({ count: 1 }), { type: 'zoomIn' }, { type: 'rotate' }, { type: 'pan', dx: 3, dy: -2 });
    expect(viewerTransform(s)).toBe('translate(3px, -2px) scale(1.2) rotate(90deg)');
  });

  it('the counter reads "3 / 12"', () => {
    expect(viewerCounter(initViewer({ count: 12, startIndex: 2 }))).toBe('3 / 12');
    expect(viewerCounter(initViewer({ count: 0 }))).toBe('');
  });
});
