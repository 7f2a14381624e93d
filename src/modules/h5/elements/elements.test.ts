import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ELEMENT_NAME_PATTERN, WORK_DEFAULT_WIDTH } from '@/contracts/h5';
import { elementSpec } from '../core/registry';
import { chartOption } from './chart';
import { elementProps, type ElementDef, type PropField } from './element-def';
import { elementDef, elementDefs, registerElements } from './index';
import { safeHref, safeSrc } from './render-kit';

const names = elementDefs.map((d) => d.name);

/** A value of the wrong kind for each default (what a hand-edited or corrupted save may hold). */
function wrong(v: unknown): unknown {
  if (typeof v === 'string') return 12345;
  if (typeof v === 'number') return 'not a number';
  if (typeof v === 'boolean') return 'yes';
  if (Array.isArray(v)) return 'not a list';
  return 42;
}

const kindOf = (v: unknown) => (Array.isArray(v) ? 'array' : typeof v);

describe('element types', () => {
  it('are the documented set, each name unique and storable', () => {
    expect([...names].sort()).toEqual(
      [
        'background',
        'bg-music',
        'button',
        'carousel',
        'chart',
        'form-checkbox',
        'form-date',
        'form-input',
        'form-radio',
        'form-region',
        'form-select',
        'form-submit',
        'form-textarea',
        'news-list',
        'notice-bar',
        'picture',
        'qrcode',
        'rating',
        'shape',
        'table',
        'text',
        'video',
      ].sort(),
    );
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(n).toMatch(ELEMENT_NAME_PATTERN);
    // The map element is left out (it needs an online map service).
    expect(elementDef('map')).toBeUndefined();
  });

  it('come in palette order: 基础, 媒体, 数据, 表单', () => {
    const groups = elementDefs.map((d) => d.group);
    expect(groups).toEqual([...groups].sort((a, b) => ['basic', 'media', 'data', 'form'].indexOf(a) - ['basic', 'media', 'data', 'form'].indexOf(b)));
    const of = (g: string) => elementDefs.filter((d) => d.group === g).map((d) => d.name);
    expect(of('basic')).toEqual(['text', 'picture', 'button', 'shape', 'qrcode', 'notice-bar']);
    expect(of('media')).toEqual(['background', 'bg-music', 'video', 'carousel']);
    expect(of('data')).toEqual(['news-list', 'table', 'rating', 'chart']);
    expect(of('form').every((n) => n.startsWith('form-'))).toBe(true);
  });

  it.each(elementDefs.map((d) => [d.name, d] as const))('%s: its defaults pass its own schema unchanged', (_, def) => {
    const defaults = def.defaultProps();
    const parsed = def.propsSchema.safeParse(defaults);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(defaults);
    // Fresh objects each time: one element's edits never reach another's defaults.
    expect(def.defaultProps()).not.toBe(defaults);
  });

  it.each(elementDefs.map((d) => [d.name, d] as const))('%s: a broken saved props object repairs to valid props and keeps unknown fields', (_, def) => {
    const defaults = def.defaultProps();
    const broken: Record<string, unknown> = { futureField: { keep: true } };
    for (const [k, v] of Object.entries(defaults)) broken[k] = wrong(v);
    const parsed = def.propsSchema.safeParse(broken);
    expect(parsed.success).toBe(true);
    const repaired = parsed.data!;
    for (const [k, v] of Object.entries(defaults)) expect(kindOf(repaired[k]), k).toBe(kindOf(v));
    expect(repaired.futureField).toEqual({ keep: true });
    // Repaired props are stable and an empty object gets every default.
    expect(def.propsSchema.parse(repaired)).toEqual(repaired);
    for (const k of Object.keys(defaults)) expect(elementProps(def, {})).toHaveProperty(k);
  });

  it('props that are not an object at all render with the defaults', () => {
    const text = elementDef('text')!;
    expect(elementProps(text, null)).toEqual(text.defaultProps());
    expect(elementProps(text, 'garbage')).toEqual(text.defaultProps());
  });

  it('lists repair item by item instead of losing every item', () => {
    const carousel = elementDef('carousel')!;
    const props = elementProps(carousel, { slides: [{ image: 'https://x/a.png', link: 5 }, null, 'x', { image: 7 }] });
    expect(props.slides).toEqual([
      { image: 'https://x/a.png', link: '' },
      { image: '', link: '' },
    ]);
    const table = elementDef('table')!;
    expect(elementProps(table, { rows: [['a', 1, null], 'bad', ['b']] }).rows).toEqual([['a', '1', ''], ['b']]);
    const radio = elementDef('form-radio')!;
    expect(elementProps(radio, { options: [{ label: '是', value: 'y' }, { label: 3 }] }).options).toEqual([
      { label: '是', value: 'y' },
      { label: '', value: '' },
    ]);
  });

  it('out-of-range numbers, unknown choices and unsafe colours fall back to the defaults', () => {
    const rating = elementDef('rating')!;
    expect(elementProps(rating, { value: 99, max: 1000, color: 'red;background:url(x)' })).toMatchObject({ value: 4, max: 5, color: '#ffb400' });
    const shape = elementDef('shape')!;
    expect(elementProps(shape, { shape: 'hexagon', fill: 'rgba(0, 0, 0, 0.5)' })).toMatchObject({ shape: 'rect', fill: 'rgba(0, 0, 0, 0.5)' });
    const input = elementDef('form-input')!;
    expect(elementProps(input, { name: 'bad key!', type: 'password' })).toMatchObject({ name: 'name', type: 'text' });
  });

  it('describe every field against the props they edit', () => {
    const check = (fields: readonly PropField[], sample: Record<string, unknown>, where: string) => {
      for (const f of fields) {
        expect(sample, `${where}.${f.key}`).toHaveProperty(f.key);
        if (f.kind === 'select') expect(f.options?.map((o) => o.value), `${where}.${f.key}`).toContain(sample[f.key]);
        if (f.kind === 'list') {
          expect(f.newItem, `${where}.${f.key}`).toBeTypeOf('function');
          check(f.itemFields ?? [], f.newItem!(), `${where}.${f.key}[]`);
        }
      }
    };
    for (const d of elementDefs) check(d.fields, d.defaultProps(), d.name);
  });

  it('mark form fields, singletons and locked types', () => {
    const flag = (pick: (d: ElementDef) => boolean | undefined) =>
      elementDefs
        .filter((d) => pick(d))
        .map((d) => d.name)
        .sort();
    expect(flag((d) => d.formField)).toEqual(['form-checkbox', 'form-date', 'form-input', 'form-radio', 'form-region', 'form-select', 'form-textarea']);
    expect(flag((d) => d.singleton)).toEqual(['background', 'bg-music']);
    expect(flag((d) => d.locked)).toEqual(['background', 'bg-music']);
    for (const d of elementDefs.filter((x) => x.formField)) expect(d.defaultProps()).toHaveProperty('name');
  });

  it('fit a 320-wide page by default', () => {
    for (const d of elementDefs) {
      const s = d.defaultStyle ?? {};
      expect((s.left ?? 100) + (s.width ?? 100), d.name).toBeLessThanOrEqual(WORK_DEFAULT_WIDTH);
      expect(s.width ?? 100, d.name).toBeGreaterThan(0);
    }
    expect(elementDef('background')!.defaultStyle).toMatchObject({ top: 0, left: 0 });
    expect(elementDef('background')!.defaultStyle!.zindex).toBeLessThan(1);
  });

  it('register with the editor core once', () => {
    registerElements();
    registerElements();
    expect(elementSpec('text')).toBe(elementDef('text'));
    expect(elementSpec('form-submit')?.formField).toBe(false);
  });
});

describe('renderer helpers', () => {
  it('follow only safe links and load only safe media', () => {
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(safeHref(' https://example.com/a ')).toBe('https://example.com/a');
    expect(safeHref('')).toBeUndefined();
    expect(safeSrc('/api/file/Image/h5/a.png')).toBe('/api/file/Image/h5/a.png');
    expect(safeSrc('javascript:alert(1)')).toBeUndefined();
    expect(safeSrc('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(safeSrc('data:text/html,<script>')).toBeUndefined();
  });

  it('chart option: one series per column after the labels, a pie from the first value column', () => {
    const data = [
      ['', '销量', '利润'],
      ['一月', '120', 'x'],
      ['二月', '200', '30'],
    ];
    const bar = chartOption({ type: 'bar', title: '报表', data, colors: [] }, 'preview') as {
      xAxis: { data: string[] };
      series: { type: string; name: string; data: number[] }[];
      title?: { text: string };
      color: string[];
    };
    expect(bar.xAxis.data).toEqual(['一月', '二月']);
    expect(bar.series).toEqual([
      { type: 'bar', name: '销量', data: [120, 200] },
      { type: 'bar', name: '利润', data: [0, 30] },
    ]);
    expect(bar.title?.text).toBe('报表');
    expect(bar.color.length).toBeGreaterThan(0);
    const pie = chartOption({ type: 'pie', title: '', data, colors: ['#f00'] }, 'edit') as { animation: boolean; series: { data: unknown[] }[] };
    expect(pie.animation).toBe(false);
    expect(pie.series[0]!.data).toEqual([
      { name: '一月', value: 120 },
      { name: '二月', value: 200 },
    ]);
  });

  it('echarts and qrcode are never imported statically (they stay in chunks loaded on first use)', () => {
    const dir = new URL('.', import.meta.url);
    const sources = readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'));
    expect(sources.length).toBeGreaterThan(20);
    for (const f of sources) {
      const code = readFileSync(new URL(f, dir), 'utf8');
      expect(code, f).not.toMatch(/^import\s+(?!type\b)[^;]*from\s+['"](echarts|qrcode|zrender)/m);
    }
  });
});
