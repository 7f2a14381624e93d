import { beforeAll, describe, expect, it } from 'vitest';
import { ELEMENT_COPY_OFFSET, LAST_PAGE_MESSAGE, type H5Page } from '@/contracts/h5';
import { newElement, newPage, newWork } from './model';
import * as ops from './ops';
import { pageWith, registerFakeSpecs } from './test-support';

beforeAll(registerFakeSpecs);

const id = (i: number) => `fake-text_el${String(i).padStart(5, '0')}`;
/** zindex per element, in page order. */
const z = (page: H5Page) => page.elements.map((e) => e.commonStyle.zindex);
/** Element indexes (from their uuid) bottom to top. */
const stack = (page: H5Page) => ops.stackOrder(page).map((e) => Number(e.uuid.slice(-5)));

describe('addElement', () => {
  it('puts a new element on top: zindex = highest + 1', () => {
    const page = pageWith(3);
    page.elements[1]!.commonStyle.zindex = 7;
    const el = ops.addElement(page, newElement('fake-text'));
    expect(el.commonStyle.zindex).toBe(8);
    expect(page.elements.at(-1)).toBe(el);
    expect(ops.addElement(newPage(), newElement('fake-text')).commonStyle.zindex).toBe(1);
  });

  it('replaces the existing element of a singleton type; locked types keep their own zindex', () => {
    const page = pageWith(2);
    ops.addElement(page, newElement('fake-bg', { pluginProps: { color: 'red' } }));
    ops.addElement(page, newElement('fake-music'));
    const bg = ops.addElement(page, newElement('fake-bg', { pluginProps: { color: 'blue' } }));
    expect(page.elements.filter((e) => e.name === 'fake-bg')).toEqual([bg]);
    expect(bg.commonStyle.zindex).toBe(-1);
    expect(page.elements.find((e) => e.name === 'fake-music')!.commonStyle.zindex).toBe(9999);
    // Locked elements do not count for the next element's zindex.
    expect(ops.addElement(page, newElement('fake-text')).commonStyle.zindex).toBe(3);
  });
});

describe('updateElement / removeElements', () => {
  it('merges props and style, replaces lists', () => {
    const page = pageWith(1);
    const patched = ops.updateElement(page, id(0), {
      pluginProps: { text: '新' },
      commonStyle: { top: 1 },
      events: [{ type: 'link', value: 'https://a' }],
      animations: [{ type: 'fadeIn', duration: 1, delay: 0, iterationCount: 1 }],
      scripts: [{ name: 's', code: 'x' }],
    });
    expect(patched).toBe(true);
    const el = page.elements[0]!;
    expect(el.pluginProps).toMatchObject({ text: '新', size: 12 });
    expect(el.commonStyle).toMatchObject({ top: 1, left: 100 });
    expect(el.events).toHaveLength(1);
    expect(el.animations[0]!.type).toBe('fadeIn');
    expect(el.scripts[0]!.code).toBe('x');
    expect(ops.updateElement(page, 'missing_xxxx', { commonStyle: { top: 2 } })).toBe(false);
  });

  it('removes the named elements only', () => {
    const page = pageWith(4);
    expect(ops.removeElements(page, [id(1), id(3), 'missing_xxxx'])).toBe(2);
    expect(page.elements.map((e) => e.uuid)).toEqual([id(0), id(2)]);
  });
});

describe('copyElements (spec 4: 20 right and down, zindex one higher)', () => {
  it('inserts the copy after the original with a new uuid, shifted, zindex + 1 and the ones above raised', () => {
    const page = pageWith(3);
    const [copyId] = ops.copyElements(page, [id(0)]);
    const src = page.elements[0]!;
    const copy = page.elements[1]!;
    expect(copy.uuid).toBe(copyId);
    expect(copy.uuid).not.toBe(src.uuid);
    expect(copy.uuid.startsWith('fake-text_')).toBe(true);
    expect(copy.commonStyle.top).toBe(src.commonStyle.top + ELEMENT_COPY_OFFSET);
    expect(copy.commonStyle.left).toBe(src.commonStyle.left + ELEMENT_COPY_OFFSET);
    expect(copy.commonStyle.zindex).toBe(src.commonStyle.zindex + 1);
    expect(copy.pluginProps).toEqual(src.pluginProps);
    // Props are an immutable value (shared by the copy): changing the copy's replaces them, the original's stay.
    ops.updateElement(page, copy.uuid, { pluginProps: { text: 'changed' } });
    expect(copy.pluginProps.text).toBe('changed');
    expect(src.pluginProps.text).not.toBe('changed');
    // The elements that were above the original stay above the copy.
    expect(z(page)).toEqual([1, 2, 3, 4]);
  });

  it('copies a multi-selection, each copy right above its original; locked elements are not copied', () => {
    const page = pageWith(3);
    ops.addElement(page, newElement('fake-bg'));
    const made = ops.copyElements(page, [id(0), id(2), page.elements[3]!.uuid]);
    expect(made).toHaveLength(2);
    expect(ops.stackOrder(page).map((e) => e.uuid)).toEqual([id(0), made[0], id(1), id(2), made[1]]);
  });

  it('pastes clipboard copies on top, shifted, with new uuids', () => {
    const page = pageWith(2);
    const clip = [newElement('fake-text', { commonStyle: { top: 10, left: 10 } })];
    const [uuid] = ops.pasteElements(page, clip);
    const el = ops.findElement(page, uuid!)!;
    expect(el.uuid).not.toBe(clip[0]!.uuid);
    expect(el.commonStyle).toMatchObject({ top: 30, left: 30, zindex: 3 });
  });
});

describe('z-order', () => {
  it('move to top renumbers all zindexes 1..n in the new order', () => {
    const page = pageWith(4);
    page.elements.forEach((e, i) => (e.commonStyle.zindex = (i + 1) * 10));
    expect(ops.moveToTop(page, [id(1)])).toBe(true);
    expect(stack(page)).toEqual([0, 2, 3, 1]);
    expect(z(page)).toEqual([1, 4, 2, 3]);
  });

  it('move to bottom renumbers all zindexes 1..n in the new order', () => {
    const page = pageWith(4);
    page.elements.forEach((e, i) => (e.commonStyle.zindex = (i + 1) * 10));
    expect(ops.moveToBottom(page, [id(2), id(3)])).toBe(true);
    expect(stack(page)).toEqual([2, 3, 0, 1]);
    expect(z(page)).toEqual([3, 4, 1, 2]);
  });

  it('move up swaps zindex with the neighbour above; nothing at the top', () => {
    const page = pageWith(3);
    page.elements.forEach((e, i) => (e.commonStyle.zindex = [5, 8, 12][i]!));
    expect(ops.moveUp(page, [id(0)])).toBe(true);
    expect(z(page)).toEqual([8, 5, 12]);
    expect(ops.moveUp(page, [id(2)])).toBe(false);
    expect(z(page)).toEqual([8, 5, 12]);
  });

  it('move down swaps zindex with the neighbour below; nothing at the bottom', () => {
    const page = pageWith(3);
    expect(ops.moveDown(page, [id(2)])).toBe(true);
    expect(z(page)).toEqual([1, 3, 2]);
    expect(ops.moveDown(page, [id(0)])).toBe(false);
    expect(z(page)).toEqual([1, 3, 2]);
  });

  it('moves a block of selected elements together and stops at the ends', () => {
    const page = pageWith(4);
    expect(ops.moveUp(page, [id(2), id(3)])).toBe(false);
    expect(ops.moveUp(page, [id(0), id(1)])).toBe(true);
    expect(stack(page)).toEqual([2, 0, 1, 3]);
    expect(ops.moveDown(page, [id(0), id(1)])).toBe(true);
    expect(stack(page)).toEqual([0, 1, 2, 3]);
  });

  it('untangles equal zindexes (old works) before swapping, keeping what is visible', () => {
    const page = pageWith(3);
    page.elements.forEach((e) => (e.commonStyle.zindex = 1));
    expect(ops.moveUp(page, [id(2)])).toBe(false);
    expect(z(page)).toEqual([1, 1, 1]);
    expect(ops.moveUp(page, [id(0)])).toBe(true);
    expect(stack(page)).toEqual([1, 0, 2]);
    expect(z(page)).toEqual([2, 1, 3]);
  });

  it('tells whether moving would change anything', () => {
    const page = pageWith(3);
    expect(ops.canMoveUp(page, [id(2)])).toBe(false);
    expect(ops.canMoveUp(page, [id(1)])).toBe(true);
    expect(ops.canMoveDown(page, [id(0)])).toBe(false);
    expect(ops.canMoveDown(page, [id(0), id(2)])).toBe(true);
  });

  it('leaves locked elements out of the order', () => {
    const page = pageWith(2);
    ops.addElement(page, newElement('fake-bg'));
    ops.moveToBottom(page, [id(1)]);
    expect(page.elements[2]!.commonStyle.zindex).toBe(-1);
    expect(stack(page)).toEqual([1, 0]);
  });
});

describe('pages', () => {
  it('adds a blank index page after the given one', () => {
    const work = newWork({ pages: [newPage(), newPage()] });
    const first = work.pages[0]!.uuid;
    const uuid = ops.addPage(work, first);
    expect(work.pages.map((p) => p.uuid).indexOf(uuid)).toBe(1);
    expect(work.pages[1]).toMatchObject({ type: 'index', elements: [] });
    const last = ops.addPage(work);
    expect(work.pages.at(-1)!.uuid).toBe(last);
  });

  it('copies a page: a deep clone with new uuids for the page and its elements, after it', () => {
    const page = pageWith(2);
    page.title = '首页';
    const work = newWork({ pages: [page, newPage()] });
    const uuid = ops.copyPage(work, page.uuid)!;
    const copy = work.pages[1]!;
    expect(copy.uuid).toBe(uuid);
    expect(copy.title).toBe('首页');
    expect(copy.elements.map((e) => e.uuid)).not.toContain(id(0));
    copy.elements[0]!.commonStyle.top = 1;
    expect(page.elements[0]!.commonStyle.top).toBe(100);
    expect(ops.copyPage(work, 'missing')).toBeNull();
  });

  it('never removes the last page (LAST_PAGE_MESSAGE)', () => {
    const work = newWork();
    expect(() => ops.removePage(work, work.pages[0]!.uuid)).toThrow(LAST_PAGE_MESSAGE);
    expect(() => ops.removePage(work, work.pages[0]!.uuid)).toThrow(ops.LastPageError);
    expect(work.pages).toHaveLength(1);
  });

  it('removes a page and names the page to edit next', () => {
    const work = newWork({ pages: [newPage(), newPage(), newPage()] });
    const [a, b, c] = work.pages.map((p) => p.uuid);
    expect(ops.removePage(work, b!)).toBe(c);
    expect(ops.removePage(work, c!)).toBe(a);
    expect(work.pages.map((p) => p.uuid)).toEqual([a]);
  });

  it("edits a page's title and type, and moves pages", () => {
    const work = newWork({ pages: [newPage(), newPage(), newPage()] });
    const [a, b, c] = work.pages.map((p) => p.uuid);
    expect(ops.updatePage(work, b!, { title: '抽奖', type: 'dialog' })).toBe(true);
    expect(work.pages[1]).toMatchObject({ title: '抽奖', type: 'dialog' });
    expect(ops.movePage(work, a!, 2)).toBe(true);
    expect(work.pages.map((p) => p.uuid)).toEqual([b, c, a]);
    expect(ops.movePage(work, a!, 99)).toBe(false);
    expect(ops.movePage(work, c!, -5)).toBe(true);
    expect(work.pages.map((p) => p.uuid)).toEqual([c, b, a]);
  });
});

describe('nudge, align, distribute', () => {
  const boxes = (page: H5Page) => page.elements.map((e) => [e.commonStyle.left, e.commonStyle.top]);
  function laidOut(...rects: [number, number, number, number][]) {
    const page = pageWith(rects.length);
    rects.forEach(([left, top, width, height], i) => Object.assign(page.elements[i]!.commonStyle, { left, top, width, height }));
    return page;
  }

  it('nudges the selection, not locked elements', () => {
    const page = pageWith(2);
    ops.addElement(page, newElement('fake-bg'));
    expect(ops.nudge(page, [id(0), page.elements[2]!.uuid], 10, -1)).toBe(true);
    expect(boxes(page)).toEqual([
      [110, 99],
      [100, 100],
      [0, 0],
    ]);
    expect(ops.nudge(page, [], 1, 1)).toBe(false);
  });

  it('aligns several elements to their bounding box', () => {
    const make = () => laidOut([10, 10, 20, 20], [50, 40, 40, 10], [30, 80, 10, 30]);
    const cases: [ops.Align, number[][]][] = [
      ['left', [[10, 10], [10, 40], [10, 80]]],
      ['right', [[70, 10], [50, 40], [80, 80]]],
      ['hcenter', [[40, 10], [30, 40], [45, 80]]],
      ['top', [[10, 10], [50, 10], [30, 10]]],
      ['bottom', [[10, 90], [50, 100], [30, 80]]],
      ['vcenter', [[10, 50], [50, 55], [30, 45]]],
    ];
    for (const [how, expected] of cases) {
      const page = make();
      ops.align(page, [id(0), id(1), id(2)], how, { width: 320, height: 568 });
      expect(boxes(page), how).toEqual(expected);
    }
  });

  it('aligns a single element to the canvas', () => {
    const page = laidOut([10, 10, 100, 40]);
    ops.align(page, [id(0)], 'hcenter', { width: 320, height: 568 });
    ops.align(page, [id(0)], 'bottom', { width: 320, height: 568 });
    expect(boxes(page)).toEqual([[110, 528]]);
  });

  it('distributes three or more elements evenly, first and last staying', () => {
    const page = laidOut([0, 0, 10, 10], [100, 70, 10, 10], [30, 20, 20, 10], [60, 0, 10, 50]);
    expect(ops.distribute(page, [id(0), id(1), id(2)], 'horizontal')).toBe(true);
    // span 0..110, widths 10 + 20 + 10 = 40 → gaps of 35: the middle one at 45.
    expect(page.elements[2]!.commonStyle.left).toBe(45);
    expect(ops.distribute(page, [id(0), id(1)], 'horizontal')).toBe(false);
    expect(ops.distribute(page, [id(0), id(1), id(3)], 'vertical')).toBe(true);
    // by top: 0 (h10), 0 (h50), 70 (h10): span 80, heights 70 → gap 5: the second goes to 15.
    expect(page.elements[3]!.commonStyle.top).toBe(15);
  });
});
