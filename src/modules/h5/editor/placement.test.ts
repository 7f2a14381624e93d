import { describe, expect, it } from 'vitest';
import { dropPosition, fixedPlace, freeSpot } from './placement';

const canvas = { width: 320, height: 568, longPage: false };

describe('where a new element goes', () => {
  it('a click puts it at the first free spot from the top, centred when it can be', () => {
    expect(freeSpot([], { width: 100, height: 40 }, canvas)).toEqual({ left: 110, top: 0 });
    // The centre of the top row is taken: further right on the same row? No room: the left side is free.
    const taken = [{ left: 60, top: 0, width: 200, height: 40 }];
    const spot = freeSpot(taken, { width: 100, height: 40 }, canvas);
    expect(spot.top).toBeGreaterThanOrEqual(44);
    expect(spot.left).toBe(110);
  });

  it('never overlaps what is there', () => {
    const boxes = [
      { left: 0, top: 0, width: 320, height: 100 },
      { left: 0, top: 100, width: 150, height: 100 },
    ];
    const spot = freeSpot(boxes, { width: 100, height: 50 }, canvas);
    const box = { ...spot, width: 100, height: 50 };
    for (const b of boxes) {
      const apart = box.left >= b.left + b.width || b.left >= box.left + box.width || box.top >= b.top + b.height || b.top >= box.top + box.height;
      expect(apart).toBe(true);
    }
  });

  it('a full long page puts it below the lowest element; a full paged one cascades', () => {
    const full = [{ left: 0, top: 0, width: 320, height: 568 }];
    expect(freeSpot(full, { width: 100, height: 40 }, { ...canvas, longPage: true })).toEqual({ left: 110, top: 578 });
    expect(freeSpot(full, { width: 100, height: 40 }, canvas)).toEqual({ left: 20, top: 20 });
  });

  it('a drop centres it on the pointer, kept on the canvas', () => {
    expect(dropPosition({ x: 160, y: 100 }, { width: 100, height: 40 }, canvas)).toEqual({ left: 110, top: 80 });
    expect(dropPosition({ x: 5, y: 5 }, { width: 100, height: 40 }, canvas)).toEqual({ left: 0, top: 0 });
    expect(dropPosition({ x: 319, y: 567 }, { width: 100, height: 40 }, canvas)).toEqual({ left: 220, top: 528 });
  });
});

describe('types fixed to the page in a work of another size', () => {
  it('the background covers the work; the music button keeps to the right edge', () => {
    const work = { width: 750, height: 1334 };
    expect(fixedPlace({ top: 0, left: 0, width: 320, height: 568 }, work)).toEqual({ left: 0, top: 0, width: 750, height: 1334 });
    expect(fixedPlace({ top: 12, left: 276, width: 32, height: 32 }, work)).toEqual({ left: 706 });
    expect(fixedPlace({ top: 12, left: 12, width: 32, height: 32 }, work)).toEqual({});
  });
});
