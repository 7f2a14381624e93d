import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { ConditionalResult } from '@/lib/http';

/** A fake server for conditional GETs: what it answers and what it was asked. */
const asked: { url: string; etag: string | null | undefined }[] = [];
let answer: (etag: string | null | undefined) => ConditionalResult<unknown> | Error = () => ({ notModified: true });
vi.mock('@/lib/http', () => ({
  conditionalGet: vi.fn(async (url: string, etag: string | null | undefined) => {
    asked.push({ url, etag });
    const r = answer(etag);
    if (r instanceof Error) throw r;
    return r;
  }),
}));

const { defineDataset, prepareDataset, prepareDatasets, refreshCachedDatasets, datasetStatus } = await import('./dataset');
const { enqueue } = await import('./outbox');
const { UserDb, userDbName } = await import('./user-db');

let db: InstanceType<typeof UserDb>;
let n = 0;
beforeEach(async () => {
  asked.length = 0;
  db = new UserDb(`ds-${++n}-${Math.random()}`);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

const summary = z.object({ staff: z.number() });
let keyN = 0;
const single = (extra: Partial<Parameters<typeof defineDataset<{ staff: number }>>[0]> = {}) =>
  defineDataset({ key: `test.single.${++keyN}`, shape: 1, url: '/api/x', parse: summary.parse, freshForMs: 60_000, ...extra });

describe('cached dataset', () => {
  it('stores the server copy with its ETag, then revalidates with If-None-Match: 304 keeps the copy', async () => {
    const ds = single();
    expect(await ds.read(db)).toBeNull();
    answer = () => ({ notModified: false, data: { staff: 12 }, etag: '"v1"' });
    expect(await ds.refresh({ db })).toBe('updated');
    expect(await ds.read(db)).toEqual({ staff: 12 });
    expect((await ds.meta(db))?.etag).toBe('"v1"');

    // Fresh: no request at all.
    expect(await ds.refresh({ db })).toBe('fresh');
    expect(asked).toHaveLength(1);

    // Forced (reconnect, on demand): asks with the ETag; 304 keeps the copy and renews fetchedAt.
    const before = (await ds.meta(db))!.fetchedAt!;
    await new Promise((r) => setTimeout(r, 5));
    answer = (etag) => (etag === '"v1"' ? { notModified: true } : new Error('no etag sent'));
    expect(await ds.refresh({ db, force: true })).toBe('unchanged');
    expect(asked[1]!.etag).toBe('"v1"');
    expect(await ds.read(db)).toEqual({ staff: 12 });
    expect((await ds.meta(db))!.fetchedAt!).toBeGreaterThan(before);
  });

  it('the server wins: a changed answer replaces the cached copy', async () => {
    const ds = single({ freshForMs: 0 });
    answer = () => ({ notModified: false, data: { staff: 1 }, etag: '"a"' });
    await ds.refresh({ db });
    answer = () => ({ notModified: false, data: { staff: 2 }, etag: '"b"' });
    expect(await ds.refresh({ db })).toBe('updated');
    expect(await ds.read(db)).toEqual({ staff: 2 });
  });

  it('rejects a server answer of the wrong shape and keeps the last good copy', async () => {
    const ds = single({ freshForMs: 0 });
    answer = () => ({ notModified: false, data: { staff: 3 }, etag: '"a"' });
    await ds.refresh({ db });
    answer = () => ({ notModified: false, data: { staff: 'many' }, etag: '"b"' });
    await expect(ds.refresh({ db })).rejects.toThrow();
    expect(await ds.read(db)).toEqual({ staff: 3 });
    expect(datasetStatus[ds.def.key]?.error).toBeTruthy();
  });

  it('a failed refresh (offline) keeps the copy and reports the error', async () => {
    const ds = single({ freshForMs: 0 });
    answer = () => ({ notModified: false, data: { staff: 4 }, etag: null });
    await ds.refresh({ db });
    answer = () => new Error('offline');
    await expect(ds.refresh({ db })).rejects.toThrow('offline');
    expect(await ds.read(db)).toEqual({ staff: 4 });
    expect(datasetStatus[ds.def.key]).toEqual({ refreshing: false, error: 'offline' });
  });

  it('concurrent refreshes share one request', async () => {
    const ds = single();
    answer = () => ({ notModified: false, data: { staff: 5 }, etag: null });
    const outcomes = await Promise.all([ds.refresh({ db }), ds.refresh({ db }), ds.refresh({ db })]);
    expect(outcomes).toEqual(['updated', 'updated', 'updated']);
    expect(asked).toHaveLength(1);
  });

  it('a forced refresh does not settle for a running one that found the copy fresh (a page shown while a form asks again)', async () => {
    const ds = single();
    answer = () => ({ notModified: false, data: { staff: 5 }, etag: '"a"' });
    await ds.refresh({ db });
    answer = () => ({ notModified: false, data: { staff: 6 }, etag: '"b"' });
    const outcomes = await Promise.all([ds.refresh({ db }), ds.refresh({ db, force: true })]);
    expect(outcomes).toEqual(['fresh', 'updated']);
    expect(asked).toHaveLength(2);
    expect(await ds.read(db)).toEqual({ staff: 6 });
  });

  it('keeps the local copy while a queued write of its entity waits, and takes the server copy after', async () => {
    const ds = single({ freshForMs: 0, heldBy: 'user:baseInfo' });
    answer = () => ({ notModified: false, data: { staff: 1 }, etag: null });
    await ds.refresh({ db });
    await enqueue(db, { entity: 'user:baseInfo', kind: 'x', request: { method: 'PUT', url: '/x' } }, () => db.kv.put({ key: ds.def.key, value: { staff: 99 }, updatedAt: 0 }));
    answer = () => ({ notModified: false, data: { staff: 2 }, etag: null });
    expect(await ds.refresh({ db })).toBe('held');
    expect(await ds.read(db)).toEqual({ staff: 99 });
    // A dead letter does not hold it (it will not reach the server by itself).
    await db.outbox.toCollection().modify({ state: 'dead' });
    expect(await ds.refresh({ db })).toBe('updated');
    expect(await ds.read(db)).toEqual({ staff: 2 });
  });

  it('big datasets are rows read by parent, in the server order, replaced whole on refresh', async () => {
    type Dept = { id: string; parentId: string; name: string };
    const depts = defineDataset({
      key: `test.rows.${++keyN}`,
      shape: 1,
      url: '/api/depts',
      parse: (raw) => raw as Dept[],
      freshForMs: 0,
      rows: (list) => list.map((d) => ({ id: d.id, parent: d.parentId, value: d })),
    });
    answer = () => ({
      notModified: false,
      data: [
        { id: 'b', parentId: '', name: 'B' },
        { id: 'a', parentId: '', name: 'A' },
        { id: 'a1', parentId: 'a', name: 'A1' },
      ],
      etag: null,
    });
    await depts.refresh({ db });
    expect((await depts.readRows<Dept>('', db)).map((d) => d.id)).toEqual(['b', 'a', 'a1']);
    expect((await depts.readRows<Dept>('a', db)).map((d) => d.name)).toEqual(['A1']);
    answer = () => ({ notModified: false, data: [{ id: 'c', parentId: '', name: 'C' }], etag: null });
    await depts.refresh({ db });
    expect((await depts.readRows<Dept>('', db)).map((d) => d.id)).toEqual(['c']);

    // Thousands of items (stored in slices) come back complete and in order; a smaller copy leaves no old slice behind.
    const many = Array.from({ length: 2500 }, (_, i) => ({ id: `x${i}`, parentId: i % 2 ? 'odd' : '', name: `${i}` }));
    answer = () => ({ notModified: false, data: many, etag: null });
    await depts.refresh({ db });
    const back = await depts.readRows<Dept>('', db);
    expect(back).toHaveLength(2500);
    expect(back.map((d) => d.id)).toEqual(many.map((d) => d.id));
    expect(await depts.readRows<Dept>('odd', db)).toHaveLength(1250);
    answer = () => ({ notModified: false, data: many.slice(0, 1200), etag: null });
    await depts.refresh({ db });
    expect(await depts.readRows<Dept>('', db)).toHaveLength(1200);
    expect(await db.chunks.count()).toBe(2);
  });

  it('an old shape is repaired when the dataset knows how, else discarded, never shown as it is', async () => {
    const key = `test.shape.${++keyN}`;
    await db.kv.put({ key, value: { count: 7 }, updatedAt: 0 });
    await db.meta.put({ key: `ds:${key}`, value: null, fetchedAt: 1, etag: '"old"', shape: 1 });
    const repaired = defineDataset({ key, shape: 2, url: '/x', parse: summary.parse, freshForMs: 60_000, repair: (old) => ({ staff: (old as { count: number }).count }) });
    expect(await repaired.read(db)).toBeNull();
    await prepareDatasets(db, [repaired]);
    expect(await repaired.read(db)).toEqual({ staff: 7 });
    // The ETag of the old shape is not reused: the next refresh gets the whole current copy.
    expect((await repaired.meta(db))?.etag).toBeNull();

    const key2 = `test.shape.${++keyN}`;
    await db.kv.put({ key: key2, value: 'garbage', updatedAt: 0 });
    await db.meta.put({ key: `ds:${key2}`, value: null, fetchedAt: 1, shape: 1 });
    const discarded = defineDataset({ key: key2, shape: 2, url: '/x', parse: summary.parse, freshForMs: 60_000 });
    await prepareDataset(db, discarded.def as never);
    expect(await db.kv.get(key2)).toBeUndefined();
    expect(await db.meta.get(`ds:${key2}`)).toBeUndefined();
  });

  it('after a reconnect every cached dataset is revalidated and the changed ones are announced', async () => {
    const a = single({ announce: () => 'A 有更新' });
    const b = single({ announce: () => 'B 有更新' });
    const never = single({ announce: () => 'never fetched' });
    answer = () => ({ notModified: false, data: { staff: 1 }, etag: '"1"' });
    await a.refresh({ db });
    await b.refresh({ db });
    asked.length = 0;
    answer = (etag) => (asked.length === 1 ? { notModified: false, data: { staff: 2 }, etag: '"2"' } : etag ? { notModified: true } : new Error('x'));
    const lines = await refreshCachedDatasets(db, [a, b, never], true);
    expect(asked).toHaveLength(2);
    expect(lines).toHaveLength(1);
    expect(await never.read(db)).toBeNull();
  });

  it('upgrading a version-1 database keeps the cached profile readable (it gets its dataset record)', async () => {
    const { default: Dexie } = await import('dexie');
    const userId = `v1-${Math.random()}`;
    const v1 = new Dexie(userDbName(userId));
    v1.version(1).stores({ meta: 'key', outbox: 'id, seq, entity, state, [entity+seq]', kv: 'key' });
    await v1.table('kv').put({ key: 'profile.baseInfo', value: { realName: '张三', version: 3 }, updatedAt: 5 });
    v1.close();
    const upgraded = new UserDb(userId);
    const profile = defineDataset({ key: 'profile.baseInfo', shape: 1, url: '/x', parse: (r) => r, freshForMs: 0 });
    expect(await profile.read(upgraded)).toEqual({ realName: '张三', version: 3 });
    expect((await profile.meta(upgraded))?.fetchedAt).toBe(5);
    await upgraded.delete();
  });
});
