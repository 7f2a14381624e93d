import { describe, expect, it } from 'vitest';
import { checkDefinition } from '@/contracts/online-dev-define';
import { emptyDefinition, type ModelField } from '@/contracts/online-dev-model';
import { columnChoices, columnLabel, keywordChoices, moveColumn, searchChoices, sortChoices, suggestedList, toggleColumn, toggleIn, treeChoices, updateColumn } from './list-settings';
import { sampleRows } from './sample-rows';
import { field } from './test-support';

const opts = { kind: 'static' as const, items: [{ label: '甲', value: '1' }, { label: '乙', value: '2' }] };
function def() {
  const d = emptyDefinition();
  const fields: ModelField[] = [
    field('a', 'name'),
    field('b', 'kind', 'select', { options: opts, label: '类别' }),
    field('c', 'note', 'editor'),
    field('d', 'dept', 'depSelect'),
    field('e', 'price', 'numInput', { precision: 2 }),
    field('f', 'photos', 'uploadImg'),
    field('g', 'created', 'createTime'),
    { id: 't', key: 'items', type: 'table', label: '明细', span: 24, columns: [field('q', 'qty', 'numInput')] },
  ];
  d.form.fields = fields;
  return d;
}
const keys = (c: { key: string }[]) => c.map((x) => x.key);

describe('list settings', () => {
  it('offers each setting the fields it can use', () => {
    const d = def();
    expect(keys(columnChoices(d))).toEqual(['name', 'kind', 'dept', 'price', 'photos', 'created', 'creatorTime', 'lastModifyTime', 'creatorUserId', 'lastModifyUserId', 'organizeId']);
    expect(keys(searchChoices(d))).toEqual(['name', 'kind', 'dept', 'price']);
    expect(keys(keywordChoices(d))).toEqual(['name']);
    expect(keys(sortChoices(d))).toContain('price');
    expect(keys(sortChoices(d))).not.toContain('photos');
    expect(keys(treeChoices(d, 'dictionary'))).toEqual(['kind']);
    expect(keys(treeChoices(d, 'org'))).toEqual(['dept']);
  });

  it('adds, edits, orders and removes columns', () => {
    const d = def();
    d.list = { ...d.list, ...toggleColumn(d.list, 'name') };
    d.list = { ...d.list, ...toggleColumn(d.list, 'price') };
    d.list = { ...d.list, ...updateColumn(d.list, 'price', { label: '单价', width: 120, align: 'right' }) };
    d.list = { ...d.list, ...moveColumn(d.list, 'price', -1) };
    expect(d.list.columns).toEqual([{ key: 'price', label: '单价', width: 120, align: 'right' }, { key: 'name' }]);
    d.list = { ...d.list, ...updateColumn(d.list, 'price', { label: '' }) };
    expect(columnLabel(d, d.list.columns[0]!)).toBe('price');
    expect(moveColumn(d.list, 'price', -1)).toEqual({});
    d.list = { ...d.list, ...toggleColumn(d.list, 'name') };
    expect(keys(d.list.columns)).toEqual(['price']);
    expect(toggleIn(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleIn(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('a suggested list from the form passes the definition check', () => {
    const d = def();
    d.list = { ...d.list, ...suggestedList(d) };
    expect(keys(d.list.columns)).toEqual(['name', 'kind', 'dept', 'price', 'photos', 'created', 'creatorTime']);
    expect(d.list.keywordFields).toEqual(['name']);
    expect(checkDefinition(d)).toEqual([]);
  });

  it('sample rows fill every column by its control type', () => {
    const d = def();
    d.list.columns = [{ key: 'name' }, { key: 'kind' }, { key: 'price' }, { key: 'creatorTime' }];
    const rows = sampleRows(d);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({ id: 'sample-1', name: 'name1', kind: '甲', price: '12.50', creatorTime: '2025-03-08 09:30:00' });
    expect(rows[1]!.kind).toBe('乙');
  });
});
