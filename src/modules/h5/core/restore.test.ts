import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_MODE, WORK_SCHEMA_VERSION, pageSchema, workContentSchema } from '@/contracts/h5';
import { newElement, newPage, newWork } from './model';
import { restoreWork } from './restore';
import { registerFakeSpecs } from './test-support';

beforeAll(registerFakeSpecs);

/** Whether the whole result passes the contract the server checks saves with. */
const valid = (w: unknown) => workContentSchema.safeParse(w).success;

function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object') {
    Object.values(v).forEach(deepFreeze);
    Object.freeze(v);
  }
  return v;
}

describe('restoreWork: shapes', () => {
  it.each([null, undefined, 'x', 42, [], { pages: 'no' }, { pages: [] }, { pages: [null, 3] }])('turns %j into a work with one blank page', (raw) => {
    const w = restoreWork(raw);
    expect(w.pages).toHaveLength(1);
    expect(w.pages[0]).toMatchObject({ type: 'index', elements: [] });
    expect(w).toMatchObject({ width: 320, height: 568, page_mode: PAGE_MODE.longPage, title: '', schemaVersion: WORK_SCHEMA_VERSION });
    expect(valid(w)).toBe(true);
  });

  it('fills missing fields with the defaults and keeps unknown fields at every level', () => {
    const w = restoreWork({
      schemaVersion: 1,
      futureFlag: { deep: [1, 2] },
      pages: [{ uuid: 'page_abcd', pageExtra: 'x', elements: [{ name: 'fake-text', uuid: 'fake-text_abcd1234', elementExtra: 7, commonStyle: { top: 3, shadow: '1px' } }] }],
    });
    expect((w as unknown as Record<string, unknown>).futureFlag).toEqual({ deep: [1, 2] });
    expect(w.pages[0]).toMatchObject({ uuid: 'page_abcd', pageExtra: 'x', title: '', type: 'index' });
    const el = w.pages[0]!.elements[0]!;
    expect(el).toMatchObject({ elementExtra: 7, version: 2, pluginProps: { text: '双击修改文字', size: 12 }, events: [], animations: [] });
    expect(el.commonStyle).toMatchObject({ top: 3, left: 100, width: 100, height: 40, zindex: 1, shadow: '1px', textAlign: 'center', fontSize: 14 });
    expect(el.commonStyle.border).toMatchObject({ color: '#000000', style: 'solid', top: { value: 0, unit: 'px' } });
    expect([el.commonStyle.margin, el.commonStyle.padding, el.commonStyle.border].every((b) => Object.isFrozen(b))).toBe(true);
    expect(valid(w)).toBe(true);
  });

  it('makes numbers finite and clamps them', () => {
    const w = restoreWork({
      width: 99_999,
      height: 'tall',
      version: -3,
      pages: [
        {
          elements: [
            {
              name: 'fake-text',
              commonStyle: { top: Number.NaN, left: '12px', width: -5, height: Infinity, opacity: 5, fontSize: '16', zindex: 2.6, rotate: null, lineHeight: 'x', borderRadius: -1 },
            },
          ],
        },
      ],
    });
    expect(w.width).toBe(4000);
    expect(w.height).toBe(568);
    expect(w.version).toBe(0);
    const s = w.pages[0]!.elements[0]!.commonStyle;
    expect(s).toMatchObject({ top: 100, left: 12, width: 0, height: 40, opacity: 1, fontSize: 16, zindex: 3, rotate: 0, borderRadius: 0 });
    expect(s.lineHeight).toBeUndefined();
    expect(valid(w)).toBe(true);
  });

  it('reads margin and padding given as numbers or CSS shorthand', () => {
    const el = restoreWork({ pages: [{ elements: [{ name: 'fake-text', commonStyle: { margin: 4, padding: '1px 2px 3px' } }] }] }).pages[0]!.elements[0]!;
    expect(el.commonStyle.margin.left).toEqual({ value: 4, unit: 'px' });
    expect([el.commonStyle.padding.top.value, el.commonStyle.padding.right.value, el.commonStyle.padding.bottom.value, el.commonStyle.padding.left.value]).toEqual([1, 2, 3, 2]);
  });

  it('drops list items it cannot read and repairs the rest', () => {
    const el = restoreWork({
      pages: [
        {
          elements: [
            'junk',
            { name: 'Not A Name' },
            {
              name: 'fake-text',
              events: [{ type: 'link', value: 'https://x' }, { type: 'explode' }, 5],
              animations: [{ type: 'fadeIn', duration: 999, delay: -1 }, { duration: 1 }],
              scripts: [{ code: 'a()' }, { name: 'no code' }],
              methodList: [{ method: 'm' }, {}],
            },
          ],
        },
      ],
    }).pages[0]!.elements;
    expect(el).toHaveLength(1);
    expect(el[0]!.events).toEqual([{ type: 'link', value: 'https://x' }]);
    expect(el[0]!.animations).toEqual([{ type: 'fadeIn', duration: 60, delay: 0, iterationCount: 1 }]);
    expect(el[0]!.scripts).toEqual([{ name: '', code: 'a()' }]);
    expect(el[0]!.methodList).toEqual([{ method: 'm' }]);
  });

  it('repairs datasources, keeping their unknown fields', () => {
    const w = restoreWork({ datasources: [{ id: 'ds1', name: '接口', type: 'SOAP', refreshType: 'fixed', refreshInterval: 30, extra: 1 }, 'junk'] });
    expect(w.datasources).toEqual([
      { id: 'ds1', name: '接口', type: 'STATIC', url: '', dependencies: [], relatedDsList: [], refreshType: 'fixed', refreshInterval: 30, pipe: '', extra: 1 },
    ]);
  });

  it('does not modify its input and is idempotent', () => {
    const raw = deepFreeze({
      pages: [{ uuid: 'p1', elements: [{ name: 'fake-text', uuid: 1, version: 1, pluginProps: { content: 'hi' }, commonStyle: { border: { color: { value: 'red' } } } }] }],
    });
    const before = JSON.stringify(raw);
    const once = restoreWork(raw);
    expect(JSON.stringify(raw)).toBe(before);
    expect(restoreWork(once)).toEqual(once);
    expect(valid(once)).toBe(true);
  });

  it('keeps a document written by a newer client at its schema version', () => {
    expect(restoreWork({ schemaVersion: WORK_SCHEMA_VERSION + 1 }).schemaVersion).toBe(WORK_SCHEMA_VERSION + 1);
  });
});

describe('restoreWork: element props', () => {
  it("migrates pluginProps from the element's version by its type's migrate", () => {
    const el = restoreWork({ pages: [{ elements: [{ name: 'fake-text', version: 1, pluginProps: { content: '旧文字', size: 20 } }] }] }).pages[0]!.elements[0]!;
    expect(el.version).toBe(2);
    expect(el.pluginProps).toEqual({ text: '旧文字', size: 20 });
  });

  it('puts invalid props over the defaults, keeping the valid ones', () => {
    const el = restoreWork({ pages: [{ elements: [{ name: 'fake-text', version: 2, pluginProps: { text: '保留', size: -3, custom: 'kept' } }] }] }).pages[0]!.elements[0]!;
    expect(el.pluginProps).toEqual({ text: '保留', size: 12, custom: 'kept' });
    const bad = restoreWork({ pages: [{ elements: [{ name: 'fake-text', version: 2, pluginProps: 'oops' }] }] }).pages[0]!.elements[0]!;
    expect(bad.pluginProps).toEqual({ text: '双击修改文字', size: 12 });
  });

  it('keeps an element of an unknown type (a newer client may know it) and props of a newer version as they are', () => {
    const w = restoreWork({
      pages: [
        {
          elements: [
            { name: 'hologram', uuid: 'hologram_abcd1234', version: 7, pluginProps: { beam: { x: 1 } } },
            { name: 'fake-text', version: 9, pluginProps: { words: ['a'] } },
          ],
        },
      ],
    });
    const [unknown, future] = w.pages[0]!.elements;
    expect(unknown).toMatchObject({ name: 'hologram', uuid: 'hologram_abcd1234', version: 7, pluginProps: { beam: { x: 1 } } });
    expect(unknown!.commonStyle.width).toBe(100);
    expect(future).toMatchObject({ version: 9, pluginProps: { words: ['a'] } });
  });

  it('renames duplicate and malformed uuids of elements and pages', () => {
    const a = newElement('fake-text');
    const page = newPage();
    page.elements.push(a, { ...a }, { ...a, uuid: 12345 as unknown as string });
    const w = restoreWork(newWork({ pages: [page, { ...page }] }));
    const uuids = w.pages.flatMap((p) => p.elements.map((e) => e.uuid));
    expect(new Set(uuids).size).toBe(6);
    expect(uuids[0]).toBe(a.uuid);
    expect(new Set(w.pages.map((p) => p.uuid)).size).toBe(2);
    for (const p of w.pages) expect(pageSchema.safeParse(p).success).toBe(true);
  });

  it('keeps one element of a singleton type per page (the last)', () => {
    const w = restoreWork({ pages: [{ elements: [{ name: 'fake-bg', pluginProps: { color: 'red' } }, { name: 'fake-text' }, { name: 'fake-bg', pluginProps: { color: 'blue' } }] }] });
    expect(w.pages[0]!.elements.map((e) => [e.name, e.pluginProps.color])).toEqual([
      ['fake-text', undefined],
      ['fake-bg', 'blue'],
    ]);
  });
});

describe('restoreWork: migrations by schemaVersion', () => {
  it("migrates luban-h5's v0 shape", () => {
    const w = restoreWork({
      title: '老作品',
      pages: [
        {
          uuid: 'old-page-1',
          elements: [
            {
              name: 'lbp-fake-text',
              uuid: 1_577_836_800_000,
              pluginProps: { text: '旧', size: 10 },
              commonStyle: {
                top: 10,
                left: 20,
                margin: { top: { value: 5, unit: 'px' }, right: { value: 0, unit: 'px' }, bottom: { value: 0, unit: 'px' }, left: { value: 0, unit: 'px' } },
                border: { top: { value: 1, unit: 'px' }, color: { value: '#ff0000' }, style: { value: 'dashed' } },
              },
            },
            { name: 'lbp-fake-picture', commonStyle: { top: 0 } },
          ],
        },
      ],
    });
    expect(w.schemaVersion).toBe(WORK_SCHEMA_VERSION);
    expect(w.page_mode).toBe(PAGE_MODE.longPage);
    const [text, pic] = w.pages[0]!.elements;
    expect(text!.name).toBe('fake-text');
    expect(text!.uuid).toMatch(/^fake-text_[A-Za-z0-9]{8}$/);
    expect(text!.commonStyle).toMatchObject({ zindex: 1, top: 10, left: 20, margin: { top: { value: 5, unit: 'px' } } });
    expect(text!.commonStyle.border).toMatchObject({ color: '#ff0000', style: 'dashed', top: { value: 1, unit: 'px' }, right: { value: 0, unit: 'px' } });
    expect(pic!.commonStyle.zindex).toBe(2);
    expect(pic!.commonStyle.height).toBe(200);
    expect(valid(w)).toBe(true);
  });

  it('leaves a v1 document to the repairs only (no v0 renames)', () => {
    const w = restoreWork({ schemaVersion: 1, page_mode: PAGE_MODE.swiper, pages: [{ elements: [{ name: 'lbp-fake-text' }] }] });
    expect(w.page_mode).toBe(PAGE_MODE.swiper);
    expect(w.pages[0]!.elements[0]!.name).toBe('lbp-fake-text');
  });
});
