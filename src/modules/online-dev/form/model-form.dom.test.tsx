// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import type { ModelField } from '@/contracts/online-dev-model';
import { click, field, formOf, mountForm, prepareDom, q, qa, settle, stubServices, text, type, unmountForm } from './test-support';

/** The model form in a DOM: the checks' Chinese messages, the input table (spec 4, 5.4), calculations (spec 9), detail mode. */

beforeAll(prepareDom);
afterEach(async () => {
  vi.useRealTimers();
  await unmountForm();
});

const input = (key: string) => q<HTMLInputElement>(`od-input-${key}`);
const submit = async () => {
  await click(q('submit'));
  await settle();
};

describe('the form’s checks', () => {
  const fields: ModelField[] = [
    field('title', 'comInput', { label: '标题', required: true, maxLength: 20 }),
    field('phone', 'comInput', { label: '手机', rule: 'phone' }),
    field('amount', 'numInput', { label: '金额', max: 100, precision: 2 }),
  ];

  it('shows the required and rule messages in Chinese under their fields and does not submit', async () => {
    const onSubmit = vi.fn();
    await mountForm({ form: formOf(fields), onSubmit });
    await type(input('phone'), '12345');
    await type(input('amount'), '10.123');
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(text('od-field-title')).toContain('标题不能为空');
    expect(text('od-field-phone')).toContain('请正确输入您的手机号');
    expect(text('od-field-amount')).toContain('金额最多2位小数');
    expect(input('title')!.getAttribute('aria-invalid')).toBe('true');
    // The first invalid field is focused (a long form on a phone scrolls to it).
    await vi.waitFor(() => expect(document.activeElement).toBe(input('title')));
    // The label names the box.
    expect(document.querySelector(`label[for="${input('title')!.id}"]`)?.textContent).toContain('标题');
    // Fixing a field clears its message as it is typed (the form was submitted once).
    await type(input('phone'), '13800138000');
    await settle();
    expect(text('od-field-phone')).not.toContain('请正确输入您的手机号');
  });

  it('submits the checked, normalised values', async () => {
    const onSubmit = vi.fn();
    await mountForm({ form: formOf(fields), onSubmit });
    await type(input('title'), '  门店巡检 ');
    await type(input('amount'), '12.5');
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ title: '门店巡检', phone: null, amount: 12.5 });
    expect(text('od-field-title')).toContain('7/20');
  });

  it('shows the server’s refusal under the fields it names', async () => {
    await mountForm({ form: formOf(fields), mode: 'edit', values: { title: 'x' }, issues: [{ path: ['title'], message: '{label}长度不能超过{max}个字符', params: { label: '标题', max: 1 } }] });
    await settle();
    expect(text('od-field-title')).toContain('标题长度不能超过1个字符');
  });
});

describe('an input table', () => {
  const items = field('items', 'table', {
    label: '检查项',
    columns: [field('name', 'comInput', { label: '项目', required: true }), field('score', 'numInput', { label: '得分' })],
  });

  it('starts with one empty row; rows are added and removed', async () => {
    await mountForm({ form: formOf([items]) });
    expect(qa('od-table-items-row')).toHaveLength(1);
    await click(q('od-table-items-add'));
    await click(q('od-table-items-add'));
    expect(qa('od-table-items-row')).toHaveLength(3);
    await type(qa<HTMLInputElement>('od-cell-items-name')[2]!, '床垫陈列');
    await click(qa('od-table-items-remove')[0]!);
    expect(qa('od-table-items-row')).toHaveLength(2);
    expect(qa<HTMLInputElement>('od-cell-items-name').map((i) => i.value)).toEqual(['', '床垫陈列']);
  });

  it('blocks the submit while a required cell is empty, showing 不能为空 under it', async () => {
    const onSubmit = vi.fn();
    await mountForm({ form: formOf([items]), onSubmit });
    await click(q('od-table-items-add'));
    await type(qa<HTMLInputElement>('od-cell-items-name')[0]!, '灯光');
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(qa('od-cell-items-name-error')).toHaveLength(1);
    expect(qa('od-cell-items-name-error')[0]!.textContent).toBe('不能为空');
    const rows = qa('od-table-items-row');
    expect(rows[1]!.textContent).toContain('不能为空');
    expect(rows[0]!.textContent).not.toContain('不能为空');
    await type(qa<HTMLInputElement>('od-cell-items-name')[1]!, '价签');
    await settle();
    expect(qa('od-cell-items-name-error')).toHaveLength(0);
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ items: [{ name: '灯光', score: null }, { name: '价签', score: null }] });
  });
});

describe('calculation fields', () => {
  const fields: ModelField[] = [
    field('items', 'table', {
      label: '样品',
      columns: [field('qty', 'numInput', { label: '数量' }), field('price', 'numInput', { label: '单价' }), field('amount', 'calculate', { label: '小计', expression: '{items.qty} × {items.price}' })],
    }),
    field('total', 'calculate', { label: '合计', expression: 'SUM({items.amount})', precision: 2, thousands: true, amountChinese: true }),
  ];

  it('recompute 500 ms after the last keystroke and show the uppercase Chinese amount', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const onSubmit = vi.fn();
    await mountForm({ form: formOf(fields), onSubmit });
    expect(text('od-calc-total-value')).toBe('0.00');
    await type(qa<HTMLInputElement>('od-cell-items-price')[0]!, '1200');
    await type(qa<HTMLInputElement>('od-cell-items-qty')[0]!, '1');
    await act(async () => void vi.advanceTimersByTime(300));
    await type(qa<HTMLInputElement>('od-cell-items-qty')[0]!, '12');
    await act(async () => void vi.advanceTimersByTime(499));
    expect(text('od-calc-total-value')).toBe('0.00');
    await act(async () => void vi.advanceTimersByTime(1));
    expect(text('od-calc-total-value')).toBe('14,400.00');
    expect(text('od-calc-total-chinese')).toBe('壹万肆仟肆佰元整');
    expect(qa('od-cell-items-amount')[0]!.textContent).toContain('14400');
  });

  it('are worked out before the submit, without waiting', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const onSubmit = vi.fn();
    await mountForm({ form: formOf(fields), onSubmit });
    await type(qa<HTMLInputElement>('od-cell-items-qty')[0]!, '2');
    await type(qa<HTMLInputElement>('od-cell-items-price')[0]!, '0.1');
    await click(q('submit'));
    await act(async () => void (await Promise.resolve()));
    expect(onSubmit).toHaveBeenCalledWith({ items: [{ qty: 2, price: 0.1, amount: 0.2 }], total: 0.2 });
  });
});

describe('detail mode', () => {
  it('shows values as text: option labels, switch words, calculations, a read-only table', async () => {
    const fields: ModelField[] = [
      field('level', 'select', { label: '等级', options: { kind: 'static', items: [{ label: '优秀', value: 'a' }, { label: '合格', value: 'b' }] } }),
      field('tags', 'checkbox', { label: '问题', options: { kind: 'dictionary', dictionary: 'issue' } }),
      field('open', 'switch', { label: '营业', activeText: '营业中' }),
      field('ok', 'switch', { label: '达标' }),
      field('sum', 'calculate', { label: '金额', precision: 2, amountChinese: true }),
      field('items', 'table', { label: '明细', columns: [field('kind', 'radio', { label: '类别', options: { kind: 'static', items: [{ label: '床垫', value: 'm' }] } })] }),
      field('note', 'editor', { label: '备注' }),
    ];
    const services = stubServices({ dictionaries: { issue: [{ label: '灰尘', value: 'dust' }, { label: '破损', value: 'broken' }] } });
    await mountForm(
      { form: formOf(fields), mode: 'detail', values: { level: 'a', tags: ['broken', 'dust'], open: true, ok: false, sum: 12.5, items: [{ kind: 'm' }], note: '<p>好<img src=x onerror="alert(1)"></p>' } },
      services,
    );
    expect(text('od-value-level')).toBe('优秀');
    expect(text('od-value-tags')).toBe('破损、灰尘');
    expect(text('od-value-open')).toBe('营业中');
    expect(text('od-value-ok')).toBe('否');
    expect(text('od-calc-sum-value')).toBe('12.50');
    expect(text('od-calc-sum-chinese')).toBe('壹拾贰元伍角');
    expect(text('od-cell-items-kind')).toBe('床垫');
    expect(q('od-rich-note')!.innerHTML).not.toContain('onerror');
    expect(q('od-form')!.querySelectorAll('input, select, textarea')).toHaveLength(0);
  });
});
