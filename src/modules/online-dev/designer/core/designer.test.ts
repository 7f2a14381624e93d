import { describe, expect, it } from 'vitest';
import { createDesigner } from './designer';
import { problemItems } from './problems';
import { docOf, field } from './test-support';
import { findItem } from './tree';

const label = (d: ReturnType<typeof createDesigner>, id: string) => findItem(d.view().state.doc.draft.form.fields, id)?.label;

describe('the designer store', () => {
  it('undo and redo walk the changes; selection changes neither enter history nor clear redo', () => {
    const d = createDesigner(docOf());
    d.dispatch({ type: 'addField', controlType: 'comInput' });
    const id = d.view().state.selection!;
    d.dispatch({ type: 'updateItem', id, patch: { label: '客户名称' } });
    d.undo();
    expect(label(d, id)).toBe('单行输入');
    d.dispatch({ type: 'select', id: null });
    d.dispatch({ type: 'showPanel', panel: 'list' });
    expect(d.view().canRedo).toBe(true);
    d.redo();
    expect(label(d, id)).toBe('客户名称');
    d.undo();
    d.undo();
    expect(d.view().state.doc.draft.form.fields).toEqual([]);
    expect(d.view().canUndo).toBe(false);
  });

  it('a change after undoing drops the redo states', () => {
    const d = createDesigner(docOf());
    d.dispatch({ type: 'addField', controlType: 'comInput' });
    d.dispatch({ type: 'addField', controlType: 'numInput' });
    d.undo();
    d.dispatch({ type: 'addField', controlType: 'date' });
    expect(d.view().canRedo).toBe(false);
    expect(d.view().state.doc.draft.form.fields.map((f) => f.type)).toEqual(['comInput', 'date']);
  });

  it('history is bounded: after 120 changes only the last 100 can be undone', () => {
    const d = createDesigner(docOf([field('a', 'a')]));
    for (let i = 1; i <= 120; i++) d.dispatch({ type: 'updateItem', id: 'a', patch: { label: `标题${i}` } });
    let undone = 0;
    while (d.view().canUndo) {
      d.undo();
      undone++;
    }
    expect(undone).toBe(100);
    expect(label(d, 'a')).toBe('标题20');
  });

  it('typing a label is one step; a sealed gesture starts the next', () => {
    const d = createDesigner(docOf([field('a', 'a')]));
    for (const text of ['客', '客户', '客户名']) d.dispatch({ type: 'updateItem', id: 'a', patch: { label: text }, merge: 'label:a' });
    d.seal();
    d.dispatch({ type: 'updateItem', id: 'a', patch: { label: '客户名称' }, merge: 'label:a' });
    d.undo();
    expect(label(d, 'a')).toBe('客户名');
    d.undo();
    expect(label(d, 'a')).toBe('a');
  });

  it('undo keeps the selection while its item exists, and drops it otherwise', () => {
    const d = createDesigner(docOf());
    d.dispatch({ type: 'addField', controlType: 'comInput' });
    expect(d.view().state.selection).not.toBeNull();
    d.undo();
    expect(d.view().state.selection).toBeNull();
  });

  it('is dirty while the document differs from the saved one, also after an undo back to it', () => {
    const d = createDesigner(docOf());
    expect(d.view().dirty).toBe(false);
    d.dispatch({ type: 'updateMeta', patch: { fullName: '门店巡检' } });
    expect(d.view().dirty).toBe(true);
    d.undo();
    expect(d.view().dirty).toBe(false);
    d.redo();
    d.markSaved(d.view().state.doc);
    expect(d.view().dirty).toBe(false);
  });

  it('opened from a copy kept on this device (the server unknown), it is unsaved until a save', () => {
    const d = createDesigner(docOf(), { saved: null });
    expect(d.view().dirty).toBe(true);
    d.markSaved(d.view().state.doc);
    expect(d.view().dirty).toBe(false);
  });

  it('checks the definition on every change and names the items with problems', () => {
    const d = createDesigner(docOf());
    expect(d.view().problems.map((p) => p.message)).toEqual(['表单还没有字段']);
    d.dispatch({ type: 'addField', controlType: 'billRule' });
    const id = d.view().state.selection!;
    expect(problemItems(d.view().problems)).toEqual(new Set([id]));
    d.dispatch({ type: 'updateItem', id, patch: { billRule: 'OrderNo' } });
    expect(d.view().problems).toEqual([]);
    d.dispatch({ type: 'updateMeta', patch: { fullName: ' ' } });
    expect(d.view().problems).toEqual([{ message: '名称不能为空', params: { field: 'fullName' }, where: 'meta' }]);
    d.dispatch({ type: 'updateMeta', patch: { fullName: '巡检' } });
    d.dispatch({ type: 'updateList', patch: { sort: { field: 'nothing', order: 'asc' } } });
    expect(d.view().problems).toEqual([{ message: '排序字段「{key}」不能用于排序', params: { key: 'nothing' }, where: 'list' }]);
  });

  it('tells its listeners of every change, and only then', () => {
    const d = createDesigner(docOf([field('a', 'a')]));
    let calls = 0;
    const off = d.subscribe(() => calls++);
    d.dispatch({ type: 'select', id: 'a' });
    d.dispatch({ type: 'select', id: 'a' });
    d.dispatch({ type: 'moveBy', id: 'a', delta: -1 });
    expect(calls).toBe(1);
    off();
    d.dispatch({ type: 'select', id: null });
    expect(calls).toBe(1);
  });
});
