/**
 * The image viewer's core (spec 2.6 image viewer, 5.4, 9 Editor), plain TypeScript: the state of
 * what is shown and how, commands as data, and one pure reducer. The React component only turns
 * clicks, keys, wheel and pointer moves into commands and the state into a CSS transform.
 *
 * - Zoom in / out by 0.2; the wheel by 0.015 per wheel event (up: in, down: out), as the spec's
 *   viewer does (the component lets one wheel event through per animation frame).
 * - Zoom-out only while the scale is above 0.2, and never below 0.2 (values are kept to 3 decimals).
 * - Rotate +90° per turn (the angle keeps growing, so a CSS transition always turns clockwise).
 * - Fit (the picture within the screen) or original (its own pixel size); switching resets the
 *   zoom, the rotation and the pan.
 * - Previous / next wrap around (last → first, first → last) unless `loop` is off; switching the
 *   picture resets zoom, rotation and pan, and keeps the mode.
 */
import { VIEWER_MIN_SCALE, VIEWER_ROTATE_DEG, VIEWER_WHEEL_STEP, VIEWER_ZOOM_STEP } from '@/contracts/limits';

export type ViewerMode = 'fit' | 'original';

export interface ViewerState {
  /** The picture shown, 0-based. */
  readonly index: number;
  /** How many pictures there are. */
  readonly count: number;
  readonly scale: number;
  /** Degrees, a multiple of 90. */
  readonly rotate: number;
  readonly mode: ViewerMode;
  /** The pan in CSS pixels (screen axes, whatever the rotation). */
  readonly offset: { readonly x: number; readonly y: number };
  /** Previous / next wrap around. */
  readonly loop: boolean;
}

export type ViewerCommand =
  | { type: 'zoomIn' }
  | { type: 'zoomOut' }
  /** One wheel event: its deltaY's sign says the direction (negative: away from the user, zoom in). */
  | { type: 'wheel'; deltaY: number }
  /** A pinch: the factor by which the fingers' distance changed since the last one. */
  | { type: 'pinch'; factor: number }
  | { type: 'rotate' }
  | { type: 'toggleMode' }
  | { type: 'prev' }
  | { type: 'next' }
  | { type: 'goto'; index: number }
  /** A drag by this many pixels. */
  | { type: 'pan'; dx: number; dy: number }
  /** Back to scale 1, no rotation, no pan (the mode stays). */
  | { type: 'reset' }
  /**
   * The list grew or shrank (a conversation loaded more pictures). With `index`, the picture shown
   * moved there (older ones were put before it) and stays as it is shown; without, the index is
   * kept within the list (another picture then starts afresh).
   */
  | { type: 'setCount'; count: number; index?: number };

/** What a key asks: a command, or closing the viewer. */
export type ViewerKeyAction = ViewerCommand | { type: 'close' };

/** Zooming in stops here: a picture at 10× is plenty, and keeps the browser's layers sane. */
export const VIEWER_MAX_SCALE = 10;

const round3 = (n: number) => Math.round(n * 1000) / 1000;
const clampIndex = (index: number, count: number) => (count <= 0 ? 0 : Math.min(Math.max(0, Math.trunc(index)), count - 1));
const NO_OFFSET = { x: 0, y: 0 } as const;

export function initViewer({ count, startIndex = 0, loop = true, mode = 'fit' }: { count: number; startIndex?: number; loop?: boolean; mode?: ViewerMode }): ViewerState {
  const n = Math.max(0, Math.trunc(count));
  return { index: clampIndex(startIndex, n), count: n, scale: 1, rotate: 0, mode, offset: NO_OFFSET, loop };
}

/** Zoom-out is allowed only while the scale is above 0.2 (spec 5.4). */
export const canZoomOut = (s: ViewerState) => s.scale > VIEWER_MIN_SCALE;
export const canZoomIn = (s: ViewerState) => s.scale < VIEWER_MAX_SCALE;
export const canPrev = (s: ViewerState) => s.count > 1 && (s.loop || s.index > 0);
export const canNext = (s: ViewerState) => s.count > 1 && (s.loop || s.index < s.count - 1);

function zoomBy(s: ViewerState, step: number): ViewerState {
  if (step < 0 && !canZoomOut(s)) return s;
  if (step > 0 && !canZoomIn(s)) return s;
  const scale = Math.min(VIEWER_MAX_SCALE, Math.max(VIEWER_MIN_SCALE, round3(s.scale + step)));
  return scale === s.scale ? s : { ...s, scale };
}

function show(s: ViewerState, index: number): ViewerState {
  if (index === s.index) return s;
  return { ...s, index, scale: 1, rotate: 0, offset: NO_OFFSET };
}

export function viewerReducer(s: ViewerState, c: ViewerCommand): ViewerState {
  switch (c.type) {
    case 'zoomIn':
      return zoomBy(s, VIEWER_ZOOM_STEP);
    case 'zoomOut':
      return zoomBy(s, -VIEWER_ZOOM_STEP);
    case 'wheel':
      return c.deltaY < 0 ? zoomBy(s, VIEWER_WHEEL_STEP) : c.deltaY > 0 ? zoomBy(s, -VIEWER_WHEEL_STEP) : s;
    case 'pinch': {
      if (!Number.isFinite(c.factor) || c.factor <= 0 || c.factor === 1) return s;
      return zoomBy(s, s.scale * c.factor - s.scale);
    }
    case 'rotate':
      return { ...s, rotate: s.rotate + VIEWER_ROTATE_DEG };
    case 'toggleMode':
      return { ...s, mode: s.mode === 'fit' ? 'original' : 'fit', scale: 1, rotate: 0, offset: NO_OFFSET };
    case 'prev':
      if (!canPrev(s)) return s;
      return show(s, s.index === 0 ? s.count - 1 : s.index - 1);
    case 'next':
      if (!canNext(s)) return s;
      return show(s, s.index === s.count - 1 ? 0 : s.index + 1);
    case 'goto':
      return s.count ? show(s, clampIndex(c.index, s.count)) : s;
    case 'pan':
      if (!c.dx && !c.dy) return s;
      return { ...s, offset: { x: s.offset.x + c.dx, y: s.offset.y + c.dy } };
    case 'reset':
      return s.scale === 1 && s.rotate === 0 && s.offset === NO_OFFSET ? s : { ...s, scale: 1, rotate: 0, offset: NO_OFFSET };
    case 'setCount': {
      const count = Math.max(0, Math.trunc(c.count));
      if (c.index !== undefined) {
        const moved = clampIndex(c.index, count);
        return count === s.count && moved === s.index ? s : { ...s, count, index: moved };
      }
      if (count === s.count) return s;
      const index = clampIndex(s.index, count);
      return index === s.index ? { ...s, count } : { ...show(s, index), count };
    }
  }
}

/**
 * The viewer's keys (spec 2.6): Esc closes, Space toggles original / fit, ← / → previous / next,
 * ↑ / ↓ zoom in / out. `key` is a KeyboardEvent's `key` (older names accepted too).
 */
export function keyAction(key: string): ViewerKeyAction | null {
  switch (key) {
    case 'Escape':
    case 'Esc':
      return { type: 'close' };
    case ' ':
    case 'Spacebar':
      return { type: 'toggleMode' };
    case 'ArrowLeft':
    case 'Left':
      return { type: 'prev' };
    case 'ArrowRight':
    case 'Right':
      return { type: 'next' };
    case 'ArrowUp':
    case 'Up':
      return { type: 'zoomIn' };
    case 'ArrowDown':
    case 'Down':
      return { type: 'zoomOut' };
    default:
      return null;
  }
}

/** The picture's CSS transform: the pan (screen axes), then the zoom and the rotation. */
export function viewerTransform(s: ViewerState): string {
  return `translate(${s.offset.x}px, ${s.offset.y}px) scale(${s.scale}) rotate(${s.rotate}deg)`;
}

/** The counter, e.g. `3 / 12` (empty with no pictures). */
export function viewerCounter(s: ViewerState): string {
  return s.count ? `${s.index + 1} / ${s.count}` : '';
}
