import type { CommonStyle } from '@/contracts/h5';
import type { ElementPatch } from '../../core/ops';

/**
 * One direct-manipulation gesture (drag, resize or rotate, of one element or a group): while it
 * runs, each element's frame (translation from where it started, size, rotation) is kept here and
 * written to the DOM only; when it ends, the frames become ONE change of the document (one history
 * step, however many frames were drawn).
 */

export interface Frame {
  uuid: string;
  /** Where the element was when the gesture started (its commonStyle then). */
  start: Pick<CommonStyle, 'left' | 'top' | 'width' | 'height' | 'rotate'>;
  translate: [number, number];
  width: number;
  height: number;
  rotate: number;
}

const round = (n: number, digits = 0) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};

export class Gesture {
  private frames = new Map<string, Frame>();

  /** Starts (or restarts) the frame of an element from its current style. */
  begin(uuid: string, style: Pick<CommonStyle, 'left' | 'top' | 'width' | 'height' | 'rotate'>): Frame {
    const frame: Frame = {
      uuid,
      start: { left: style.left, top: style.top, width: style.width, height: style.height, rotate: style.rotate ?? 0 },
      translate: [0, 0],
      width: style.width,
      height: style.height,
      rotate: style.rotate ?? 0,
    };
    this.frames.set(uuid, frame);
    return frame;
  }

  frame(uuid: string): Frame | undefined {
    return this.frames.get(uuid);
  }

  get size(): number {
    return this.frames.size;
  }

  /**
   * The patches the gesture makes (position and size to whole pixels, rotation to 0.1°), only
   * for elements that changed; the frames are forgotten.
   */
  finish(): { uuid: string; patch: ElementPatch }[] {
    const out: { uuid: string; patch: ElementPatch }[] = [];
    for (const f of this.frames.values()) {
      const next = {
        left: round(f.start.left + f.translate[0]),
        top: round(f.start.top + f.translate[1]),
        width: Math.max(1, round(f.width)),
        height: Math.max(1, round(f.height)),
        rotate: round(normalizeAngle(f.rotate), 1),
      };
      const changed: Partial<CommonStyle> = {};
      for (const k of ['left', 'top', 'width', 'height', 'rotate'] as const) if (next[k] !== f.start[k]) changed[k] = next[k];
      if (Object.keys(changed).length > 0) out.push({ uuid: f.uuid, patch: { commonStyle: changed } });
    }
    this.frames.clear();
    return out;
  }

  cancel(): void {
    this.frames.clear();
  }
}

/** An angle in (-180, 180]. */
export function normalizeAngle(deg: number): number {
  if (!Number.isFinite(deg)) return 0;
  let a = deg % 360;
  if (a > 180) a -= 360;
  if (a <= -180) a += 360;
  return a === 0 ? 0 : a;
}
