import { describe, expect, it } from 'vitest';
import { REM_BASE } from '@/contracts/h5';
import { fixtureElement, fixtureSnapshot } from './dev-fixture';
import { frameWidth, pageHeight, PHONE_WIDTH, remPx, runtimeBoxStyle, toRem } from './layout';

const px = (rem: string, rootPx: number) => Number(rem.replace('rem', '')) * rootPx;

describe('rem layout (spec 9: rem base 320 / 10)', () => {
  it('a 320 px phone has the spec rem base; other phones scale, a desktop shows a phone-wide frame', () => {
    expect(remPx(320)).toBe(REM_BASE);
    expect(remPx(390)).toBe(39);
    expect(remPx(360)).toBe(36);
    expect(frameWidth(1280)).toBe(PHONE_WIDTH);
    expect(remPx(1280)).toBe(PHONE_WIDTH / 10);
  });

  it('an element designed full width fills a 360 and a 390 px phone exactly (no horizontal scroll)', () => {
    const wide = runtimeBoxStyle(fixtureElement('picture', 'picture_abcd1234', [10, 0, 320, 100], {}), 320);
    for (const vw of [360, 390]) {
      expect(px(wide.left as string, remPx(vw)) + px(wide.width as string, remPx(vw))).toBeCloseTo(vw, 5);
    }
    const box = runtimeBoxStyle(fixtureElement('text', 'text_abcd1234', [100, 40, 240, 40], {}), 320);
    expect(box).toMatchObject({ top: '3.125rem', left: '1.25rem', width: '7.5rem', height: '1.25rem', fontSize: '0.4375rem', position: 'absolute' });
  });

  it('converts the per-side boxes, keeps rotation and stacking, and scales by the work width', () => {
    const el = fixtureElement('button', 'button_abcd1234', [0, 0, 100, 40], {});
    el.commonStyle = { ...el.commonStyle, rotate: 30, zindex: 7, padding: { top: { value: 8, unit: 'px' }, right: { value: 16, unit: 'px' }, bottom: { value: 8, unit: 'px' }, left: { value: 0, unit: 'px' } } };
    const style = runtimeBoxStyle(el, 320);
    expect(style.padding).toBe('0.25rem 0.5rem 0.25rem 0rem');
    expect(style.transform).toBe('rotate(30deg)');
    expect(style.zIndex).toBe(7);
    // A work designed 640 wide: 640 design px are the frame's width.
    expect(toRem(640, 640)).toBe('10rem');
  });

  it('the background fills its page whatever its box', () => {
    const bg = runtimeBoxStyle(fixtureElement('background', 'background_abcd1234', [5, 5, 100, 100], {}), 320);
    expect(bg).toMatchObject({ left: 0, top: 0, width: '100%', height: '100%' });
  });

  it('page heights: a screen, a long page down to its lowest element, a dialog its content', () => {
    const [first, , dialog] = fixtureSnapshot().work.pages;
    expect(pageHeight(first!, 568, 'screen')).toBe(568);
    const long = { ...first!, elements: [...first!.elements, fixtureElement('text', 'text_low00001', [1200, 0, 100, 50], {})] };
    expect(pageHeight(long, 568, 'long')).toBe(1250);
    expect(pageHeight(first!, 568, 'long')).toBe(568);
    expect(pageHeight(dialog!, 568, 'content')).toBe(300);
  });
});
