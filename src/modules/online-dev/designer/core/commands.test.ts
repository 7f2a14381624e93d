import { describe, expect, it } from 'vitest';
import { apply, captureOf } from './commands';
import { field, fieldsOf, item, run, stateOf, topKeys } from './test-support';
import type { ModelField } from '@/contracts/online-dev-model';

const card = (id: string, children: ModelField[] = []): ModelField => ({ id, key: '', type: 'card', label: '卡片', span: 24, children });
const tabs = (id: string, a: ModelField[] = [], b: ModelField[] = []): ModelField => ({
  id,
  key: '',
  type: 'tab',
  label: '',
  span: 24,
  tabs: [
    { title: '一', children: a },
    { title: '二', children: b },
  ],
});
const table = (id: string, key: string, columns: ModelField[]): ModelField => ({ id, key, type: 'table', label: key, span: 24, columns });

describe('adding items', () => {
  it('adds at the end with a unique key and selects the new item', () => {
    const s = run(stateOf(), { type: 'addField', controlType: 'comInput' }, { type: 'addField', controlType: 'comInput' });
    expect(topKeys(s)).toEqual(['input_1', 'input_2']);
    expect(s.selection).toBe(fieldsOf(s)[1]!.id);
    expect(s.panel).toBe('field');
    expect(new Set(fieldsOf(s).map((f) => f.id)).size).toBe(2);
  });

  it('adds after the selected item, in the selected item’s container', () => {
    let s = stateOf([field('a', 'a'), card('c', [field('b', 'b'), field('d', 'd')]), field('e', 'e')]);
    s = run(s, { type: 'select', id: 'a' }, { type: 'addField', controlType: 'numInput' });
    expect(topKeys(s)).toEqual(['a', 'number_1', 'card', 'e']);
    s = run(s, { type: 'select', id: 'b' }, { type: 'addField', controlType: 'date' });
    expect(item(s, 'c').children!.map((f) => f.key)).toEqual(['b', 'date_1', 'd']);
  });

  it('adds into a card, a tab pane and a table at a placement', () => {
    let s = stateOf([card('c'), tabs('t'), table('tb', 'items', [field('q', 'qty', 'numInput')])]);
    s = run(
      s,
      { type: 'addField', controlType: 'comInput', at: { parent: 'c', index: 0 } },
      { type: 'addField', controlType: 'select', at: { parent: 't', pane: 1, index: 0 } },
      { type: 'addTableColumn', tableId: 'tb', controlType: 'numInput' },
    );
    expect(item(s, 'c').children!.map((f) => f.type)).toEqual(['comInput']);
    expect(item(s, 't').tabs![1]!.children.map((f) => f.type)).toEqual(['select']);
    expect(item(s, 'tb').columns!.map((f) => f.key)).toEqual(['qty', 'number_1']);
    expect(s.selection).toBe(item(s, 'tb').columns![1]!.id);
  });

  it('a table refuses controls a cell cannot hold; a click with such a selection adds at the end instead', () => {
    let s = stateOf([table('tb', 'items', [field('q', 'qty', 'numInput')])]);
    const refused = run(s, { type: 'addField', controlType: 'card', at: { parent: 'tb', index: 0 } });
    expect(refused).toBe(s);
    s = run(s, { type: 'select', id: 'q' }, { type: 'addField', controlType: 'editor' });
    expect(topKeys(s)).toEqual(['items', 'richText_1']);
  });
});

describe('moving items', () => {
  it('reorders within a list (the index as shown, before the item leaves)', () => {
    const s = stateOf([field('a', 'a'), field('b', 'b'), field('c', 'c')]);
    expect(topKeys(run(s, { type: 'moveItem', id: 'a', to: { parent: null, index: 3 } }))).toEqual(['b', 'c', 'a']);
    expect(topKeys(run(s, { type: 'moveItem', id: 'c', to: { parent: null, index: 0 } }))).toEqual(['c', 'a', 'b']);
    expect(run(s, { type: 'moveItem', id: 'a', to: { parent: null, index: 1 } })).toBe(s);
  });

  it('moves into and out of a card, a row and a tab pane', () => {
    const row: ModelField = { id: 'r', key: '', type: 'row', label: '', span: 24, children: [] };
    let s = stateOf([field('a', 'a'), card('c'), row, tabs('t')]);
    s = run(s, { type: 'moveItem', id: 'a', to: { parent: 'c', index: 0 } });
    expect(item(s, 'c').children!.map((f) => f.key)).toEqual(['a']);
    s = run(s, { type: 'moveItem', id: 'a', to: { parent: 'r', index: 0 } });
    expect(item(s, 'c').children).toEqual([]);
    expect(item(s, 'r').children!.map((f) => f.key)).toEqual(['a']);
    s = run(s, { type: 'moveItem', id: 'a', to: { parent: 't', pane: 0, index: 0 } });
    s = run(s, { type: 'moveItem', id: 'a', to: { parent: 't', pane: 1, index: 0 } });
    expect(item(s, 't').tabs!.map((p) => p.children.length)).toEqual([0, 1]);
    s = run(s, { type: 'moveItem', id: 'a', to: { parent: null, index: 0 } });
    expect(topKeys(s)).toEqual(['a', 'card', 'row', 'tab']);
  });

  it('a container cannot go inside itself', () => {
    const s = stateOf([card('outer', [card('inner')])]);
    expect(run(s, { type: 'moveItem', id: 'outer', to: { parent: 'inner', index: 0 } })).toBe(s);
    expect(run(s, { type: 'moveItem', id: 'outer', to: { parent: 'outer', index: 0 } })).toBe(s);
  });

  it('up and down stay within the item’s own list', () => {
    const s = stateOf([card('c', [field('a', 'a'), field('b', 'b')])]);
    expect(item(run(s, { type: 'moveBy', id: 'b', delta: -1 }), 'c').children!.map((f) => f.key)).toEqual(['b', 'a']);
    expect(item(run(s, { type: 'moveBy', id: 'a', delta: 1 }), 'c').children!.map((f) => f.key)).toEqual(['b', 'a']);
    expect(run(s, { type: 'moveBy', id: 'a', delta: -1 })).toBe(s);
  });

  it('a field moved into a table leaves the list settings and takes a key free among the columns', () => {
    let s = stateOf([field('a', 'qty', 'numInput'), table('tb', 'items', [field('q', 'qty', 'numInput')])]);
    s = run(s, { type: 'updateList', patch: { columns: [{ key: 'qty' }], sort: { field: 'qty', order: 'asc' } } });
    s = run(s, { type: 'moveItem', id: 'a', to: { parent: 'tb', index: 1 } });
    expect(item(s, 'tb').columns!.map((f) => f.key)).toEqual(['qty', 'qty_1']);
    expect(s.doc.draft.list.columns).toEqual([]);
    expect(s.doc.draft.list.sort).toEqual({ field: 'creatorTime', order: 'desc' });
  });
});

describe('removing and duplicating', () => {
  it('removing a field removes it from the list settings and clears the selection', () => {
    let s = stateOf([field('a', 'name'), field('b', 'kind', 'select', { options: { kind: 'static', items: [{ label: '甲', value: '1' }] } })]);
    s = run(
      s,
      { type: 'updateList', patch: { columns: [{ key: 'name' }, { key: 'kind' }], searchFields: ['kind'], keywordFields: ['name'], sort: { field: 'kind', order: 'asc' }, tree: { source: 'dictionary', dictionary: 'Kind', field: 'kind' } } },
      { type: 'updateForm', patch: { titleField: 'name' } },
      { type: 'select', id: 'a' },
      { type: 'removeItem', id: 'a' },
      { type: 'removeItem', id: 'b' },
    );
    expect(fieldsOf(s)).toEqual([]);
    expect(s.selection).toBeNull();
    const { list, form } = s.doc.draft;
    expect([list.columns, list.searchFields, list.keywordFields, list.tree, form.titleField]).toEqual([[], [], [], null, undefined]);
    expect(list.sort.field).toBe('creatorTime');
  });

  it('removing a card removes what it holds from the list settings', () => {
    let s = stateOf([card('c', [field('a', 'name')])]);
    s = run(s, { type: 'updateList', patch: { columns: [{ key: 'name' }, { key: 'creatorTime' }] } }, { type: 'removeItem', id: 'c' });
    expect(s.doc.draft.list.columns).toEqual([{ key: 'creatorTime' }]);
  });

  it('a copy goes after the original with new ids and keys, and is selected', () => {
    let s = stateOf([card('c', [field('a', 'input_1'), field('b', 'price', 'numInput')]), field('z', 'z')]);
    s = run(s, { type: 'duplicateItem', id: 'c' });
    const copy = fieldsOf(s)[1]!;
    expect(copy.type).toBe('card');
    expect(s.selection).toBe(copy.id);
    expect(copy.children!.map((f) => f.key)).toEqual(['input_2', 'price_1']);
    const ids = [copy.id, ...copy.children!.map((f) => f.id)];
    expect(ids.some((id) => ['c', 'a', 'b'].includes(id))).toBe(false);
  });

  it('a copied table reads its own columns in its calculations', () => {
    let s = stateOf([table('tb', 'items', [field('q', 'qty', 'numInput'), field('p', 'price', 'numInput'), field('m', 'amount', 'calculate', { expression: '{items.qty} × {items.price}' })])]);
    s = run(s, { type: 'duplicateItem', id: 'tb' });
    const copy = fieldsOf(s)[1]!;
    expect(copy.key).toBe('items_1');
    expect(copy.columns![2]!.expression).toBe('{items_1.qty} × {items_1.price}');
    expect(item(s, 'm').expression).toBe('{items.qty} × {items.price}');
  });
});

describe('renaming keys', () => {
  const base = () =>
    run(
      stateOf([
        field('a', 'price', 'numInput'),
        field('b', 'kind', 'select', { options: { kind: 'static', items: [{ label: '甲', value: '1' }] } }),
        field('n', 'name'),
        field('c', 'total', 'calculate', { expression: '{price} × 2 + SUM({items.qty})' }),
        table('tb', 'items', [field('q', 'qty', 'numInput'), field('m', 'amount', 'calculate', { expression: '{items.qty} × {price}' })]),
      ]),
      {
        type: 'updateList',
        patch: {
          columns: [{ key: 'price', label: '单价' }, { key: 'kind' }, { key: 'name' }],
          searchFields: ['kind', 'price'],
          keywordFields: ['name'],
          sort: { field: 'price', order: 'asc' },
          tree: { source: 'dictionary', dictionary: 'Kind', field: 'kind' },
        },
      },
      { type: 'updateForm', patch: { titleField: 'name' } },
    );

  it('list settings and calculations follow a field’s new key', () => {
    let s = run(base(), { type: 'updateItem', id: 'a', patch: { key: 'unitPrice' } }, { type: 'updateItem', id: 'b', patch: { key: 'category' } }, { type: 'updateItem', id: 'n', patch: { key: 'title' } });
    const { list, form } = s.doc.draft;
    expect(list.columns).toEqual([{ key: 'unitPrice', label: '单价' }, { key: 'category' }, { key: 'title' }]);
    expect(list.searchFields).toEqual(['category', 'unitPrice']);
    expect(list.keywordFields).toEqual(['title']);
    expect(list.sort.field).toBe('unitPrice');
    expect(list.tree).toEqual({ source: 'dictionary', dictionary: 'Kind', field: 'category' });
    expect(form.titleField).toBe('title');
    expect(item(s, 'c').expression).toBe('{unitPrice} × 2 + SUM({items.qty})');
    expect(item(s, 'm').expression).toBe('{items.qty} × {unitPrice}');
    s = run(s, { type: 'updateItem', id: 'tb', patch: { key: 'lines' } });
    expect(item(s, 'c').expression).toBe('{unitPrice} × 2 + SUM({lines.qty})');
    expect(item(s, 'm').expression).toBe('{lines.qty} × {unitPrice}');
    s = run(s, { type: 'updateItem', id: 'q', patch: { key: 'count' } });
    expect(item(s, 'c').expression).toBe('{unitPrice} × 2 + SUM({lines.count})');
    expect(item(s, 'm').expression).toBe('{lines.count} × {unitPrice}');
  });

  it('a key taken by another field or not usable is kept but nothing follows it', () => {
    const s = run(base(), { type: 'updateItem', id: 'a', patch: { key: 'name' } });
    expect(item(s, 'a').key).toBe('name');
    expect(s.doc.draft.list.sort.field).toBe('price');
    const t = run(base(), { type: 'updateItem', id: 'a', patch: { key: '' } });
    expect(t.doc.draft.list.columns[0]!.key).toBe('price');
  });

  it('layout items keep no key', () => {
    const s = run(stateOf([card('c')]), { type: 'updateItem', id: 'c', patch: { key: 'x', label: '基本信息' } });
    expect(item(s, 'c')).toMatchObject({ key: '', label: '基本信息' });
  });

  it('an undefined value in a patch removes the property', () => {
    const s = run(stateOf([field('a', 'a', 'comInput', { rule: 'phone' })]), { type: 'updateItem', id: 'a', patch: { rule: undefined } });
    expect('rule' in item(s, 'a')).toBe(false);
  });
});

describe('tab panes', () => {
  it('adds, renames, reorders and removes panes; a removed pane’s fields leave the list', () => {
    let s = stateOf([tabs('t', [field('a', 'a')], [field('b', 'b')])]);
    s = run(s, { type: 'addTab', id: 't' }, { type: 'renameTab', id: 't', pane: 2, title: '附件' }, { type: 'moveTab', id: 't', pane: 2, delta: -1 });
    expect(item(s, 't').tabs!.map((p) => p.title)).toEqual(['一', '附件', '二']);
    s = run(s, { type: 'updateList', patch: { columns: [{ key: 'a' }, { key: 'b' }] } }, { type: 'select', id: 'b' }, { type: 'removeTab', id: 't', pane: 2 });
    expect(item(s, 't').tabs!.map((p) => p.title)).toEqual(['一', '附件']);
    expect(s.doc.draft.list.columns).toEqual([{ key: 'a' }]);
    expect(s.selection).toBe('t');
  });

  it('the last pane stays', () => {
    let s = stateOf([tabs('t')]);
    s = run(s, { type: 'removeTab', id: 't', pane: 0 });
    expect(run(s, { type: 'removeTab', id: 't', pane: 0 })).toBe(s);
  });
});

describe('selection and history capture', () => {
  it('selecting shows the field panel; an unknown id changes nothing', () => {
    const s = stateOf([field('a', 'a')]);
    const t = run(s, { type: 'showPanel', panel: 'list' }, { type: 'select', id: 'a' });
    expect([t.selection, t.panel]).toEqual(['a', 'field']);
    expect(apply(s, { type: 'select', id: 'nope' })).toBe(s);
  });

  it('selection and panel changes do not enter history; typing merges by its key', () => {
    expect(captureOf({ type: 'select', id: null })).toBe('none');
    expect(captureOf({ type: 'showPanel', panel: 'list' })).toBe('none');
    expect(captureOf({ type: 'removeItem', id: 'a' })).toBe('step');
    expect(captureOf({ type: 'updateItem', id: 'a', patch: { label: 'x' }, merge: 'label:a' })).toEqual({ merge: 'label:a' });
  });
});
