import { beforeAll, describe, expect, it } from 'vitest';
import { ELEMENT_UUID_PATTERN, PAGE_MODE, WORK_SCHEMA_VERSION, elementSchema, isWorkId, workContentSchema } from '@/contracts/h5';
import { clonePage, newElement, newPage, newWork } from './model';
import { fakePicture, fakeText, registerFakeSpecs } from './test-support';

beforeAll(registerFakeSpecs);

describe('newElement', () => {
  it('has the spec 3 common style, the type defaults and a uuid of name + 8 alphanumerics', () => {
    const el = newElement('fake-text');
    expect(el.uuid).toMatch(/^fake-text_[A-Za-z0-9]{8}$/);
    expect(el.uuid).toMatch(ELEMENT_UUID_PATTERN);
    expect(el.version).toBe(fakeText.version);
    expect(el.pluginProps).toEqual(fakeText.defaultProps());
    expect(el.commonStyle).toMatchObject({
      top: 100,
      left: 100,
      width: 100,
      height: 40,
      rotate: 0,
      zindex: 1,
      textAlign: 'center',
      color: '#000000',
      backgroundColor: 'transparent',
      fontSize: 14,
      opacity: 1,
      borderRadius: 0,
    });
    for (const box of [el.commonStyle.margin, el.commonStyle.padding, el.commonStyle.border]) {
      for (const side of ['top', 'right', 'bottom', 'left'] as const) expect(box[side]).toEqual({ value: 0, unit: 'px' });
    }
    expect(el.commonStyle.border).toMatchObject({ color: '#000000', style: 'solid' });
    expect([el.events, el.methodList, el.scripts, el.animations]).toEqual([[], [], [], []]);
    expect(elementSchema.safeParse(el).success).toBe(true);
  });

  it("applies the type's defaultStyle, then the overrides", () => {
    const el = newElement('fake-picture', { commonStyle: { top: 5 }, pluginProps: { src: 'a.png' } });
    expect(el.commonStyle).toMatchObject({ height: fakePicture.defaultStyle!.height, backgroundColor: '#eeeeee', top: 5, left: 100 });
    expect(el.pluginProps).toEqual({ src: 'a.png' });
  });

  it('never shares mutable objects between elements; style boxes are immutable values', () => {
    const a = newElement('fake-text');
    const b = newElement('fake-text');
    expect(a.uuid).not.toBe(b.uuid);
    expect(a.commonStyle).not.toBe(b.commonStyle);
    expect(a.pluginProps).not.toBe(b.pluginProps);
    for (const box of [a.commonStyle.margin, a.commonStyle.padding, a.commonStyle.border]) {
      expect(Object.isFrozen(box)).toBe(true);
      expect(Object.isFrozen(box.top)).toBe(true);
    }
    expect(() => {
      a.commonStyle.margin.top.value = 9;
    }).toThrow(TypeError);
    const c = newElement('fake-text', { commonStyle: { border: { ...a.commonStyle.border, color: '#ff0000' } } });
    expect(Object.isFrozen(c.commonStyle.border)).toBe(true);
    expect(c.commonStyle.border.color).toBe('#ff0000');
  });
});

describe('newWork / newPage', () => {
  it('has the spec 3 defaults: one blank index page, 320 × 568, long page, empty title', () => {
    const w = newWork();
    expect(w).toMatchObject({ title: '', width: 320, height: 568, page_mode: PAGE_MODE.longPage, schemaVersion: WORK_SCHEMA_VERSION, is_publish: false, is_template: false });
    expect(w.pages).toHaveLength(1);
    expect(w.pages[0]).toMatchObject({ type: 'index', elements: [] });
    expect(isWorkId(w.id)).toBe(true);
    expect(workContentSchema.safeParse(w).success).toBe(true);
  });

  it('copies a page with new uuids for it and every element', () => {
    const page = newPage();
    page.elements.push(newElement('fake-text'), newElement('fake-picture'));
    const copy = clonePage(page);
    expect(copy.uuid).not.toBe(page.uuid);
    expect(copy.elements.map((e) => e.uuid)).not.toContain(page.elements[0]!.uuid);
    expect(copy.elements.map((e) => e.name)).toEqual(['fake-text', 'fake-picture']);
    // Props are an immutable value: written only by replacing them, which leaves the original's.
    expect(() => {
      copy.elements[0]!.pluginProps.text = 'changed';
    }).toThrow(TypeError);
    copy.elements[0]!.pluginProps = { ...copy.elements[0]!.pluginProps, text: 'changed' };
    expect(page.elements[0]!.pluginProps.text).not.toBe('changed');
  });
});
