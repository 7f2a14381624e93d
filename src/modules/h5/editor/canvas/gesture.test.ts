import { describe, expect, it } from 'vitest';
import { Gesture, normalizeAngle } from './gesture';
import { boxTransform, canvasHeight, elementBoxStyle } from './element-style';
import { defaultCommonStyle } from '../../core/model';

describe('a gesture on the canvas', () => {
  it('ends in one patch per moved element: translation added to left / top, whole pixels', () => {
    const g = new Gesture();
    const f = g.begin('text_aaaa1111', { left: 100, top: 50, width: 80, height: 40, rotate: 0 });
    // Many frames while dragging: only the last counts.
    for (let i = 1; i <= 60; i++) f.translate = [i * 0.5, i * 0.25];
    expect(g.finish()).toEqual([{ uuid: 'text_aaaa1111', patch: { commonStyle: { left: 130, top: 65 } } }]);
    expect(g.size).toBe(0);
  });

  it('a click that moved nothing changes nothing', () => {
    const g = new Gesture();
    g.begin('text_aaaa1111', { left: 10, top: 10, width: 10, height: 10, rotate: 0 });
    expect(g.finish()).toEqual([]);
  });

  it('resizing from the left or top moves the element too; rotation is kept to 0.1° in (-180, 180]', () => {
    const g = new Gesture();
    const a = g.begin('shape_aaaa1111', { left: 100, top: 100, width: 100, height: 100, rotate: 0 });
    a.width = 140.4;
    a.height = 90;
    a.translate = [-40.4, 0];
    const b = g.begin('shape_bbbb2222', { left: 0, top: 0, width: 50, height: 50, rotate: 10 });
    b.rotate = 370.04; // a full turn: back where it was
    const c = g.begin('shape_cccc3333', { left: 0, top: 0, width: 50, height: 50, rotate: 0 });
    c.rotate = 200.04;
    expect(g.finish()).toEqual([
      { uuid: 'shape_aaaa1111', patch: { commonStyle: { left: 60, width: 140, height: 90 } } },
      { uuid: 'shape_cccc3333', patch: { commonStyle: { rotate: -160 } } },
    ]);
  });

  it('normalises angles', () => {
    expect([normalizeAngle(190), normalizeAngle(-190), normalizeAngle(360), normalizeAngle(180), normalizeAngle(-180), normalizeAngle(NaN)]).toEqual([-170, 170, 0, 180, 180, 0]);
  });
});

describe('element box style', () => {
  it('positions the box from commonStyle (border-box, rotation about the centre, per-side boxes)', () => {
    const s = { ...defaultCommonStyle(), left: 12, top: 34, width: 56, height: 78, rotate: 15, zindex: 3 };
    s.padding.left = { value: 8, unit: 'px' };
    s.border = { ...s.border, top: { value: 2, unit: 'px' }, style: 'dashed', color: '#ff0000' };
    const style = elementBoxStyle(s);
    expect(style).toMatchObject({
      position: 'absolute',
      boxSizing: 'border-box',
      left: 12,
      top: 34,
      width: 56,
      height: 78,
      transform: 'rotate(15deg)',
      zIndex: 3,
      padding: '0px 0px 0px 8px',
      borderWidth: '2px 0px 0px 0px',
      borderStyle: 'dashed',
      borderColor: '#ff0000',
      textAlign: 'center',
      fontSize: 14,
    });
    expect(boxTransform(15, [3, 4])).toBe('translate(3px, 4px) rotate(15deg)');
  });

  it('a long page grows to its lowest element; a paged one keeps the work height', () => {
    const boxes = [{ top: 500, height: 200 }];
    expect(canvasHeight(568, true, boxes)).toBe(700);
    expect(canvasHeight(568, true, [{ top: 10, height: 10 }])).toBe(568);
    expect(canvasHeight(568, false, boxes)).toBe(568);
  });
});
