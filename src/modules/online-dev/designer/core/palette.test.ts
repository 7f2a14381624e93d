import { describe, expect, it } from 'vitest';
import { CONTROL_TYPE_KEYS, type ControlType } from '@/contracts/online-dev';
import { checkDefinition } from '@/contracts/online-dev-define';
import { emptyDefinition, type ModelField } from '@/contracts/online-dev-model';
import { modelDefinitionSchema } from '@/contracts/online-dev-schemas';
import { idMaker } from './commands';
import { newField, PALETTE, PALETTE_GROUPS, paletteEntry } from './palette';

const make = (type: ControlType, keys: string[] = []) => newField(type, new Set(keys), idMaker([]));

/** What an administrator must still choose for some controls before the form is complete. */
function complete(f: ModelField): ModelField {
  if (f.type === 'billRule') return { ...f, billRule: 'OrderNo' };
  if (f.type === 'relationForm') return { ...f, relation: { modelId: '01HZY3Q7V9ZJ6W9M3N4K5P6Q7R', field: 'name' } };
  if (f.type === 'calculate') return { ...f, expression: '{number_9} × 2' };
  return f;
}

describe('the palette', () => {
  it('has one entry per control type, in the four groups, each with a name and an icon', () => {
    expect(PALETTE.map((e) => e.type).sort()).toEqual([...CONTROL_TYPE_KEYS].sort());
    expect(new Set(PALETTE.map((e) => e.group))).toEqual(new Set(PALETTE_GROUPS));
    for (const e of PALETTE) expect(e.icon).toMatch(/^[a-z0-9-]+$/);
    expect(paletteEntry('table').group).toBe('advanced');
    expect(paletteEntry('createTime').group).toBe('system');
    expect(paletteEntry('row').group).toBe('layout');
  });

  it('gives a unique key named after the control, its name as label, and the full width', () => {
    expect(make('comInput', ['input_1', 'input_3'])).toMatchObject({ key: 'input_2', label: '单行输入', span: 24, type: 'comInput' });
    expect(make('numInput').key).toBe('number_1');
    expect(make('card').key).toBe('');
  });

  it('gives option controls two static options, tabs two panes, a table one column, uploads their kind, dates a format', () => {
    expect(make('select').options).toEqual({ kind: 'static', items: [{ label: '选项一', value: '1' }, { label: '选项二', value: '2' }] });
    expect(make('tab').tabs!.map((p) => p.children.length)).toEqual([0, 0]);
    const table = make('table');
    expect(table.columns!.map((c) => c.type)).toEqual(['comInput']);
    expect(table.columns![0]!.id).not.toBe(table.id);
    expect(make('uploadFz').upload).toMatchObject({ kind: 'file', fileSize: 2, sizeUnit: 'MB', limit: 9 });
    expect(make('uploadImg').upload).toMatchObject({ kind: 'image', limit: 10 });
    expect(make('date').format).toBe('YYYY-MM-DD');
    expect(make('address').level).toBe(3);
  });

  it('every new item, once its choices are made, passes the schema and the definition check', () => {
    for (const type of CONTROL_TYPE_KEYS) {
      const def = emptyDefinition();
      const number: ModelField = { ...make('numInput'), id: 'n9', key: 'number_9' };
      const text: ModelField = { ...make('comInput'), id: 't9', key: 'input_9' };
      def.form.fields = [number, text, complete(make(type))];
      expect(modelDefinitionSchema.safeParse(def).success, type).toBe(true);
      expect(checkDefinition(def), type).toEqual([]);
    }
  });

  it('before those choices, the problems name what is missing', () => {
    const def = emptyDefinition();
    def.form.fields = [make('billRule'), { ...make('relationForm'), key: 'relation_2' }];
    expect(checkDefinition(def).map((p) => p.message)).toEqual(['单据编号「{label}」还没有选择单据规则', '关联表单「{label}」还没有选择关联的功能和显示字段']);
  });
});
