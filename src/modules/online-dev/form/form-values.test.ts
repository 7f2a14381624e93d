import { describe, expect, it, vi } from 'vitest';
import type { ModelField } from '@/contracts/online-dev-model';
import { cellMessage, emptyValue, formCalcPlan, initialValues, issuesToErrors, recalculated, sameRow } from './form-values';
import { recordResolver } from './resolver';

const field = (key: string, type: ModelField['type'], more: Partial<ModelField> = {}): ModelField => ({ id: key, key, type, label: key, span: 24, ...more });
const items = field('items', 'table', {
  label: '明细',
  columns: [field('name', 'comInput', { label: '名称', required: true }), field('qty', 'numInput', { defaultValue: 1 }), field('price', 'numInput'), field('amount', 'calculate', { expression: '{items.qty} × {items.price}' })],
});
const fields: ModelField[] = [
  field('title', 'comInput', { label: '标题', required: true, defaultValue: '巡检' }),
  field('done', 'switch'),
  field('tags', 'checkbox', { options: { kind: 'static', items: [{ label: '甲', value: 'a' }] } }),
  { id: 'card', key: '', type: 'card', label: '卡片', span: 24, children: [items, field('total', 'calculate', { expression: 'SUM({items.amount}) + {fee}', precision: 2 }), field('fee', 'numInput')] },
  field('createUser', 'createUser'),
];

describe('where a model form starts', () => {
  it('gives each field its default, or its empty value, and an input table one row', () => {
    const v = initialValues(fields, 'create');
    expect(v).toEqual({ title: '巡检', done: false, tags: [], items: [{ name: null, qty: 1, price: null, amount: 0 }], total: 0, fee: null, createUser: null });
    expect(emptyValue(field('u', 'userSelect', { multiple: true }))).toEqual([]);
    expect(emptyValue(field('n', 'numInput'))).toBeNull();
  });

  it('lets a prefill win over the default, and works out the calculations', () => {
    const v = initialValues(fields, 'create', { title: '复检', items: [{ name: 'A', qty: 2, price: 3.5 }], fee: 1 });
    expect(v.title).toBe('复检');
    expect(v.items).toEqual([{ name: 'A', qty: 2, price: 3.5, amount: 7 }]);
    expect(v.total).toBe(8);
  });

  it('shows a record as stored in detail mode (no row added, nothing recomputed)', () => {
    const v = initialValues(fields, 'detail', { title: 'x', items: [], total: 99, createUser: '01HZZZZZZZZZZZZZZZZZZZZZZZ' });
    expect(v.items).toEqual([]);
    expect(v.total).toBe(99);
    expect(v.createUser).toBe('01HZZZZZZZZZZZZZZZZZZZZZZZ');
    expect(initialValues(fields, 'edit', { items: [] }).items).toHaveLength(1);
  });
});

describe('recalculating after a change', () => {
  const plan = formCalcPlan(fields)!;
  it('recomputes only what the change touches and gives only what differs', () => {
    const start = initialValues(fields, 'create', { items: [{ name: 'A', qty: 2, price: 3 }, { name: 'B', qty: 1, price: 1 }], fee: 0 });
    const typed = { ...start, items: [{ ...(start.items as object[])[0], qty: 4 }, (start.items as object[])[1]] };
    const out = recalculated(plan, typed, ['items.qty']);
    expect(Object.keys(out).sort()).toEqual(['items', 'total']);
    expect((out.items as { amount: number }[]).map((r) => r.amount)).toEqual([12, 1]);
    expect(out.total).toBe(13);
    // The unchanged row reads the same (the table keeps it rendered as it is).
    expect(sameRow((out.items as object[])[1] as never, (typed.items as object[])[1] as never)).toBe(true);
    expect(recalculated(plan, { ...typed, ...out }, ['fee'])).toEqual({});
    expect(recalculated(plan, typed, ['title'])).toEqual({});
  });

  it('counts an error as 0 and logs it', () => {
    const log = vi.fn();
    const bad = [field('a', 'numInput'), field('r', 'calculate', { expression: '10 ÷ {a}' })];
    const p = formCalcPlan(bad, log)!;
    expect(recalculated(p, { a: 0, r: 5 }, ['a'], log)).toEqual({ r: 0 });
    expect(log).toHaveBeenCalledWith('calculation field error', expect.objectContaining({ expression: '10 ÷ {a}' }));
    expect(formCalcPlan([field('a', 'numInput')])).toBeNull();
  });

  it('compares rows by what they show, not by identity', () => {
    expect(sameRow({ a: 1, f: [{ url: 'x', name: 'n' }] }, { a: 1, f: [{ url: 'x', name: 'n' }] })).toBe(true);
    expect(sameRow({ a: 1, t: ['x'] }, { a: 1, t: ['y'] })).toBe(false);
    expect(sameRow({ a: 1 }, { a: 1, b: null })).toBe(false);
  });
});

describe('the check as form errors', () => {
  it('puts a field’s message on it and a cell’s under its table', () => {
    const errors = issuesToErrors(
      [
        { path: ['title'], message: '{label}不能为空', params: { label: '标题' } },
        { path: ['items', 0, 'name'], message: 'not empty', params: { label: '名称' } },
        { path: ['items', 2, 'name'], message: 'not empty', params: { label: '名称' } },
      ],
      (m, p) => `${m}|${p.label}`,
    );
    expect(errors.title).toEqual({ type: 'record', message: '{label}不能为空|标题' });
    expect(errors.items?.message).toBe('');
    expect(cellMessage(errors.items, 0, 'name')).toBe('not empty|名称');
    expect(cellMessage(errors.items, 1, 'name')).toBeUndefined();
    expect(cellMessage(errors.items, 2, 'name')).toBe('not empty|名称');
  });

  it('checks with the shared schema: translated messages, not empty cells, normalised values', async () => {
    const resolve = recordResolver(fields);
    const bad = await resolve({ ...initialValues(fields, 'create'), title: '  ' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(bad.errors.title?.message).toBe('标题不能为空');
    expect(cellMessage(bad.errors.items, 0, 'name')).toBe('不能为空');
    const good = await resolve({ ...initialValues(fields, 'create'), title: ' 巡检 ', items: [{ name: 'A', qty: '2', price: 1 }] }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(good.errors).toEqual({});
    expect(good.values).toMatchObject({ title: '巡检', items: [{ name: 'A', qty: 2, price: 1 }] });
    expect(good.values).not.toHaveProperty('createUser');
  });

  it('accepts a file kept on this device (the server would not)', async () => {
    const photos = [field('photos', 'uploadImg')];
    const local = { photos: [{ name: 'a.png', fileId: 'k1', url: 'local:k1', fileName: '门店.png' }] };
    const opts = { fields: {}, shouldUseNativeValidation: false };
    expect((await recordResolver(photos)(local, undefined, opts)).errors).toEqual({});
    expect((await recordResolver(photos)({ photos: [{ ...local.photos[0], url: 'http://x/a.png' }] }, undefined, opts)).errors.photos?.message).toBe('photos格式不正确');
  });
});
