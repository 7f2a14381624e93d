import { describe, expect, it } from 'vitest';
import { INPUT_TABLE_REQUIRED_MESSAGE } from './online-dev';
import { addRow, cellError, initialRows, isEmptyCell, newRow, removeRow, setCell, submitTable, validateTable, type InputTableColumn } from './online-dev-table';

const columns: InputTableColumn[] = [
  { key: 'item', label: '检查项', required: true, jnpfKey: 'comInput' },
  { key: 'ok', label: '合格', jnpfKey: 'switch', defaultValue: true },
  { key: 'photos', label: '照片', required: true, jnpfKey: 'uploadImg' },
  { key: 'tags', label: '标签', jnpfKey: 'checkbox', defaultValue: ['a'] },
  { key: 'note', label: '备注', jnpfKey: 'textarea' },
];

describe('input table rows', () => {
  it('starts with one empty row when there is no initial value', () => {
    for (const none of [undefined, null, [], 'x', {}]) {
      const rows = initialRows(columns, none);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toEqual({ item: null, ok: true, photos: [], tags: ['a'], note: null });
    }
  });

  it('starts with the initial rows when there are some, as copies', () => {
    const value = [{ item: '灯光', photos: [{ url: 'u' }] }];
    const rows = initialRows(columns, value);
    expect(rows).toEqual(value);
    rows[0]!.item = '变了';
    expect(value[0]!.item).toBe('灯光');
  });

  it('gives each new row its own copy of array defaults', () => {
    const a = newRow(columns);
    const b = newRow(columns);
    (a.tags as string[]).push('b');
    expect(b.tags).toEqual(['a']);
    expect(columns[3]!.defaultValue).toEqual(['a']);
  });

  it('adds, removes and edits rows without changing the given ones', () => {
    const start = initialRows(columns, undefined);
    const two = addRow(columns, start);
    expect(two).toHaveLength(2);
    expect(start).toHaveLength(1);
    const edited = setCell(two, 1, 'item', '地面');
    expect(edited[1]!.item).toBe('地面');
    expect(two[1]!.item).toBeNull();
    expect(edited[0]).toBe(two[0]);
    expect(removeRow(edited, 0)).toEqual([edited[1]]);
    expect(removeRow(edited, 5)).toEqual(edited);
    expect(removeRow(removeRow(edited, 0), 0)).toEqual([]);
  });
});

describe('input table validation', () => {
  it('treats null, undefined, empty text and empty arrays as empty, and nothing else', () => {
    for (const v of [null, undefined, '', []]) expect(isEmptyCell(v), JSON.stringify(v)).toBe(true);
    for (const v of [0, false, ' ', '0', [null], {}]) expect(isEmptyCell(v), JSON.stringify(v)).toBe(false);
  });

  it('marks every empty required cell with `not empty`, row by row', () => {
    const rows = [
      { item: '灯光', photos: [{ url: 'u' }] },
      { item: '', photos: [] },
      { photos: [{ url: 'v' }], note: null },
    ];
    const result = validateTable(columns, rows);
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual([
      { row: 1, column: 'item', message: 'not empty' },
      { row: 1, column: 'photos', message: 'not empty' },
      { row: 2, column: 'item', message: 'not empty' },
    ]);
    expect(INPUT_TABLE_REQUIRED_MESSAGE).toBe('not empty');
    expect(cellError(result, 1, 'photos')).toBe('not empty');
    expect(cellError(result, 0, 'item')).toBeNull();
    // Optional columns may stay empty.
    expect(cellError(result, 2, 'note')).toBeNull();
  });

  it('refuses to submit while a required cell is invalid, then accepts once filled', () => {
    let rows = initialRows(columns, undefined);
    expect(submitTable(columns, rows)).toBe(false);
    rows = setCell(rows, 0, 'item', '灯光');
    expect(submitTable(columns, rows)).toBe(false);
    rows = setCell(rows, 0, 'photos', [{ url: 'u' }]);
    expect(submitTable(columns, rows)).toBe(true);
    rows = addRow(columns, rows);
    expect(submitTable(columns, rows)).toBe(false);
    expect(submitTable(columns, removeRow(rows, 1))).toBe(true);
  });

  it('accepts a table with no required columns or no rows', () => {
    expect(validateTable([{ key: 'note' }], [{}])).toEqual({ valid: true, errors: [] });
    expect(validateTable(columns, [])).toEqual({ valid: true, errors: [] });
  });
});
