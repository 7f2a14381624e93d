// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import type { ModelField } from '@/contracts/online-dev-model';
import { click, field, formOf, mountForm, prepareDom, q, qa, settle, stubServices, text, type, unmountForm } from '../form/test-support';

/** Controls of a model form in a DOM: what a user does with each and what the record gets; the layout items; a phone. */

beforeAll(prepareDom);
afterEach(unmountForm);

const submitted = async (onSubmit: ReturnType<typeof vi.fn>) => {
  await click(q('submit'));
  await settle();
  return onSubmit.mock.calls.at(-1)?.[0] as Record<string, unknown>;
};
const select = async (el: HTMLSelectElement | null, value: string) => {
  if (!el) throw new Error('no such select');
  await act(async () => {
    el.value = value;
    el.dispatchEvent(new Event('change', { bubbles: true }));
  });
};
const check = (el: HTMLInputElement | null) => click(el);

describe('choices', () => {
  const tree = { kind: 'static' as const, items: [{ label: '华东', value: 'e', children: [{ label: '上海', value: 'sh' }, { label: '杭州', value: 'hz' }] }, { label: '华北', value: 'n' }] };
  const fields: ModelField[] = [
    field('area', 'cascader', { label: '区域', options: tree }),
    field('kind', 'radio', { label: '类型', options: { kind: 'static', items: [{ label: '直营', value: 'own' }, { label: '加盟', value: 'join' }] } }),
    field('tags', 'checkbox', { label: '标签', options: { kind: 'static', items: [{ label: '甲', value: 'a' }, { label: '乙', value: 'b' }, { label: '丙', value: 'c' }] } }),
    field('level', 'select', { label: '等级', options: { kind: 'dictionary', dictionary: 'level' } }),
    field('open', 'switch', { label: '营业', activeText: '营业中', inactiveText: '休息' }),
  ];

  it('picks a cascader level by level, radios, checkboxes in the options’ order, a dictionary select and a switch', async () => {
    const onSubmit = vi.fn();
    await mountForm({ form: formOf(fields), onSubmit }, stubServices({ dictionaries: { level: [{ label: 'A级', value: 'A' }] } }));
    expect(qa('od-input-area-level-2')).toHaveLength(0);
    await select(q('od-input-area-level-1'), 'e');
    await select(q('od-input-area-level-2'), 'hz');
    await check(q('od-input-kind-join'));
    await check(q('od-input-tags-c'));
    await check(q('od-input-tags-a'));
    await select(q('od-input-level'), 'A');
    expect(text('od-field-open')).toContain('休息');
    await click(q('od-input-open')!.querySelector('label') ?? q('od-input-open'));
    expect(text('od-field-open')).toContain('营业中');
    expect(await submitted(onSubmit)).toEqual({ area: ['e', 'hz'], kind: 'join', tags: ['a', 'c'], level: 'A', open: true });
    // A new first level drops the levels after it.
    await select(q('od-input-area-level-1'), 'n');
    expect(qa('od-input-area-level-2')).toHaveLength(0);
  });
});

describe('dates, numbers and the rest', () => {
  it('keeps dates and times in the field’s format and numbers as numbers', async () => {
    const onSubmit = vi.fn();
    const fields = [
      field('day', 'date', { label: '日期' }),
      field('at', 'date', { label: '时间点', format: 'YYYY-MM-DD HH:mm:ss' }),
      field('clock', 'time', { label: '时间' }),
      field('qty', 'numInput', { label: '数量', step: 2 }),
      field('color', 'colorPicker', { label: '颜色' }),
    ];
    await mountForm({ form: formOf(fields), onSubmit });
    expect(q<HTMLInputElement>('od-input-day')!.type).toBe('date');
    await type(q('od-input-day'), '2024-05-01');
    await type(q('od-input-at'), '2024-05-01T08:30');
    await type(q('od-input-clock'), '09:15');
    await type(q('od-input-qty'), '3');
    await act(async () => void q('od-input-qty')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true })));
    await type(q('od-input-color'), '#1890ff');
    expect(await submitted(onSubmit)).toEqual({ day: '2024-05-01', at: '2024-05-01 08:30:00', clock: '09:15', qty: 5, color: '#1890ff' });
  });

  it('takes a bill number on 取号, or leaves it to the server', async () => {
    const onSubmit = vi.fn();
    await mountForm({ form: formOf([field('no', 'billRule', { label: '单号', billRule: 'KHDJ' })]), onSubmit });
    expect(text('od-field-no')).toContain('保存时由系统按单据规则自动编号');
    expect(await submitted(onSubmit)).toEqual({ no: null });
    await click(q('od-input-no-take'));
    await settle();
    expect(q<HTMLInputElement>('od-input-no')!.value).toBe('BH0001');
    expect(await submitted(onSubmit)).toEqual({ no: 'BH0001' });
  });

  it('chooses a related record by searching, and shows it by its title', async () => {
    const onSubmit = vi.fn();
    const relations = [
      { id: '01J00000000000000000000001', fullName: '一号店' },
      { id: '01J00000000000000000000002', fullName: '二号店' },
    ];
    await mountForm({ form: formOf([field('store', 'relationForm', { label: '门店', relation: { modelId: '01J00000000000000000000009', field: 'name' } })]), onSubmit }, stubServices({ relations }));
    await click(q('od-input-store'));
    await type(q('od-input-store-search'), '二');
    await act(async () => void (await new Promise((r) => setTimeout(r, 300))));
    expect(qa('od-input-store-option').map((o) => o.textContent)).toEqual(['二号店']);
    await click(q('od-input-store-option'));
    expect(text('od-input-store')).toBe('二号店');
    expect(await submitted(onSubmit)).toEqual({ store: '01J00000000000000000000002' });
  });

  it('shows system fields read-only: 系统自动生成 while creating', async () => {
    const fields = [field('createUser', 'createUser', { label: '创建人' }), field('createTime', 'createTime', { label: '创建时间' })];
    await mountForm({ form: formOf(fields) });
    expect(text('od-input-createUser')).toBe('系统自动生成');
    await unmountForm();
    await mountForm({ form: formOf(fields), mode: 'edit', values: { createTime: '2024-05-01 08:30' } });
    expect(text('od-input-createTime')).toBe('2024-05-01 08:30');
  });
});

describe('the layout items', () => {
  const fields: ModelField[] = [
    { id: 'g', key: '', type: 'groupTitle', label: '基本信息', span: 24 },
    { id: 'd', key: '', type: 'divider', label: '门店', span: 24 },
    { id: 'c', key: '', type: 'card', label: '负责人', span: 24, children: [field('boss', 'comInput', { label: '店长', span: 12 })] },
    { id: 'r', key: '', type: 'row', label: '', span: 24, children: [field('a', 'comInput', { span: 8 }), field('b', 'comInput', { span: 16 })] },
    { id: 't', key: '', type: 'tab', label: '', span: 24, tabs: [{ title: '概况', children: [field('x', 'comInput')] }, { title: '补充', children: [field('y', 'comInput', { label: '补充说明', required: true })] }] },
  ];

  it('lay out a heading, a divider, a card, a row and tabs; a tab holding an invalid field is marked', async () => {
    await mountForm({ form: formOf(fields) });
    expect(text('od-group-g')).toBe('基本信息');
    expect(text('od-divider-d')).toBe('门店');
    expect(text('od-card-c')).toContain('负责人');
    expect(q('od-card-c')!.contains(q('od-field-boss'))).toBe(true);
    expect(q('od-row-r')!.contains(q('od-field-b'))).toBe(true);
    expect(text('od-tabs-t')).toContain('概况');
    expect(qa('od-tab-invalid')).toHaveLength(0);
    await click(q('submit'));
    await settle();
    expect(qa('od-tab-invalid')).toHaveLength(1);
    expect(text('od-field-y')).toContain('补充说明不能为空');
  });
});

describe('on a phone', () => {
  it('shows each input-table row as a card with its labels, and labels on top', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...matchMedia(query), matches: query.includes('max-width: 991'), addEventListener() {}, removeEventListener() {} })) as typeof window.matchMedia;
    try {
      const items = field('items', 'table', { label: '明细', columns: [field('name', 'comInput', { label: '项目', required: true })] });
      await mountForm({ form: formOf([field('title', 'comInput', { label: '标题', span: 12 }), items]) });
      const row = q('od-table-items-row')!;
      expect(row.tagName).toBe('DIV');
      expect(row.textContent).toContain('第1行');
      expect(row.textContent).toContain('项目');
      expect(document.querySelector('table')).toBeNull();
      // Labels on top: the label comes before the box, not beside it.
      expect(q('od-field-title')!.querySelector('[data-orientation="horizontal"]')).toBeNull();
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
