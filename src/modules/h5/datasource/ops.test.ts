import { beforeEach, describe, expect, it } from 'vitest';
import { newWork } from '../core/model';
import { editorState, redo, undo, workSnapshot } from '../core/store';
import { openWork, pageWith } from '../core/test-support';
import type { DatasourceDoc } from './kinds';
import { createDatasource, datasourcesOf, DatasourceOpError, deleteDatasource, editDatasource, editDatasourceTitle, nextDatasourceName } from './ops';

const list = () => datasourcesOf().map((d) => d.name);
const byId = (id: string) => datasourcesOf().find((d) => d.id === id) as DatasourceDoc;

beforeEach(() => {
  openWork(newWork({ pages: [pageWith(1)] }));
});

describe('datasource changes (spec 4) on the open work', () => {
  it('add: a new id and the default names 数据源1, 数据源2 … (a freed name is used again)', () => {
    const a = createDatasource()!;
    const b = createDatasource()!;
    expect(a).not.toBe(b);
    expect(a).toMatch(/^ds_[A-Za-z0-9]{8}$/);
    expect(list()).toEqual(['数据源1', '数据源2']);
    expect(byId(a)).toMatchObject({ type: 'STATIC', refreshType: 'once', pipe: '', json: '', url: '' });
    deleteDatasource('数据源1');
    createDatasource();
    expect(list()).toEqual(['数据源2', '数据源1']);
    expect(nextDatasourceName(['数据源1', '数据源3'])).toBe('数据源2');
  });

  it('each change is one undo step, and undo / redo bring it back', () => {
    const id = createDatasource({ name: 'store', json: '{"name":"旗舰店"}' })!;
    editDatasource(id, { type: 'HTTP_API', url: 'https://api.example.com/store', refreshType: 'fixed', refreshInterval: 30, pipe: 'data' });
    deleteDatasource('store');
    expect(list()).toEqual([]);
    undo();
    expect(byId(id)).toMatchObject({ type: 'HTTP_API', url: 'https://api.example.com/store', refreshInterval: 30, pipe: 'data' });
    undo();
    expect(byId(id)).toMatchObject({ type: 'STATIC', json: '{"name":"旗舰店"}', refreshType: 'once' });
    undo();
    expect(list()).toEqual([]);
    expect(editorState.canUndo).toBe(false);
    redo();
    redo();
    expect(byId(id).type).toBe('HTTP_API');
  });

  it('the title edit: a run of typing with one merge key is one step', () => {
    const id = createDatasource()!;
    for (const name of ['s', 'st', 'sto', 'store']) editDatasourceTitle(id, name, { merge: `ds-name:${id}` });
    expect(list()).toEqual(['store']);
    undo();
    expect(list()).toEqual(['数据源1']);
  });

  it('delete by name removes only that one; an unknown name changes nothing', () => {
    createDatasource({ name: 'a' });
    createDatasource({ name: 'b' });
    const revision = editorState.revision;
    deleteDatasource('nope');
    expect(editorState.revision).toBe(revision);
    deleteDatasource('a');
    expect(list()).toEqual(['b']);
  });

  it('saved with the work: a save sends them, with the kinds’ data', () => {
    const id = createDatasource({ type: 'CSV', rows: [{ name: '床垫' }], columns: ['name'], fileName: 'a.csv', json: undefined })!;
    const saved = workSnapshot()!.datasources as readonly DatasourceDoc[];
    expect(saved).toEqual([expect.objectContaining({ id, type: 'CSV', rows: [{ name: '床垫' }], columns: ['name'], fileName: 'a.csv' })]);
  });

  it('changing the kind drops the other kinds’ data', () => {
    const id = createDatasource({ type: 'CSV', rows: [{ a: '1' }], columns: ['a'], fileName: 'x.csv' })!;
    editDatasource(id, { type: 'STATIC', json: '[]' });
    const ds = byId(id);
    expect(ds.rows).toBeUndefined();
    expect(ds.columns).toBeUndefined();
    expect(ds.json).toBe('[]');
    editDatasource(id, { type: 'HTTP_API', url: 'https://x.test' });
    expect(byId(id).json).toBeUndefined();
  });

  it('refused: a taken or bad name, a fixed interval under 5 s — nothing changes, no step', () => {
    createDatasource({ name: 'store' });
    const id = createDatasource({ name: 'other' })!;
    const revision = editorState.revision;
    expect(() => editDatasourceTitle(id, 'store')).toThrow(DatasourceOpError);
    expect(() => editDatasourceTitle(id, 'a.b')).toThrow(DatasourceOpError);
    expect(() => editDatasource(id, { refreshType: 'fixed', refreshInterval: 2 })).toThrow(DatasourceOpError);
    expect(() => createDatasource({ name: 'store' })).toThrow(DatasourceOpError);
    expect(list()).toEqual(['store', 'other']);
    expect(editorState.revision).toBe(revision);
  });

  it('at most 50 datasources', () => {
    for (let i = 0; i < 50; i++) createDatasource();
    try {
      createDatasource();
      expect.unreachable();
    } catch (e) {
      expect((e as DatasourceOpError).error).toEqual({ code: 'too-many', max: 50 });
    }
    expect(datasourcesOf()).toHaveLength(50);
  });

  it('a datasource is an immutable value in the document (replaced whole by each change)', () => {
    const id = createDatasource({ type: 'CSV', rows: [{ a: '1' }], columns: ['a'] })!;
    const before = byId(id);
    expect(Object.isFrozen(before)).toBe(true);
    expect(Object.isFrozen(before.rows![0])).toBe(true);
    editDatasourceTitle(id, 'x');
    expect(byId(id)).not.toBe(before);
    expect(before.name).toBe('数据源1');
  });
});

describe('the contract keeps the kinds’ data', () => {
  it('a save body with a STATIC and a CSV datasource passes the server schema with json, rows, columns and fileName intact', async () => {
    const { workUpdateBodySchema } = await import('@/contracts/h5');
    createDatasource({ name: 'store', json: '{"name":"旗舰店"}' });
    createDatasource({ name: 'goods', type: 'CSV', rows: [{ name: '床垫' }], columns: ['name'], fileName: 'goods.csv' });
    const work = JSON.parse(JSON.stringify(workSnapshot())) as Record<string, unknown>;
    const parsed = workUpdateBodySchema.parse({ ...work, id: '01JDATASRC0000000000000000' });
    expect(parsed.datasources).toEqual([
      expect.objectContaining({ name: 'store', type: 'STATIC', json: '{"name":"旗舰店"}' }),
      expect.objectContaining({ name: 'goods', type: 'CSV', rows: [{ name: '床垫' }], columns: ['name'], fileName: 'goods.csv' }),
    ]);
  });
});
