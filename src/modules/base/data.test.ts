import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConditionalResult } from '@/lib/http';
import type { DictionaryListEntry, Region } from '@/contracts/base';

/** A fake server for the conditional GETs of the datasets. */
const asked: { url: string; query: unknown; etag: string | null | undefined }[] = [];
let regions: Record<string, Region[]> = {};
let reachable = true;
vi.mock('@/lib/http', async () => {
  const { NetworkError } = await import('@/lib/errors');
  return {
    conditionalGet: vi.fn(async (url: string, etag: string | null | undefined, query: { grade: number; parentId: string }): Promise<ConditionalResult<unknown>> => {
      asked.push({ url, query, etag });
      if (!reachable) throw new NetworkError('offline');
      const key = `${query.grade}:${query.parentId}`;
      const tag = `"${key}"`;
      if (etag === tag) return { notModified: true };
      return { notModified: false, data: regions[key] ?? [], etag: tag };
    }),
    request: vi.fn(async () => {
      throw new Error('no direct requests with a local database');
    }),
  };
});

let db: InstanceType<typeof UserDb> | null = null;
vi.mock('@/lib/sync/engine', () => ({ currentUserDb: () => db, syncStatus: { active: true } }));

const { UserDb } = await import('@/lib/sync/user-db');
const { network } = await import('@/lib/network');
const { NotCachedError, dictionaryLabel, dictionaryOptions, loadRegions, regionDataset } = await import('./data');

const region = (id: string, name: string, grade: number, parentId: string, leaf = false): Region => ({ id, name, grade, parentId, leaf });

beforeEach(async () => {
  asked.length = 0;
  reachable = true;
  network.online = true;
  regions = {
    '1:-1': [region('110000', '北京市', 1, '-1'), region('310000', '上海市', 1, '-1')],
    '2:110000': [region('110100', '北京市', 2, '110000')],
    '3:110100': [region('110101', '东城区', 3, '110100', true)],
  };
  db = new UserDb(`base-data-${Math.random()}`);
  await db.open();
});
afterEach(async () => {
  await db?.delete();
  db = null;
});

describe('regions cached per level', () => {
  it('fetches a level once, keeps it under its own key, and answers from the cache while fresh', async () => {
    expect((await loadRegions(1, '-1')).map((r) => r.name)).toEqual(['北京市', '上海市']);
    expect(asked).toEqual([{ url: '/api/integration/district/select', query: { grade: 1, parentId: '-1' }, etag: undefined }]);
    expect(await db!.kv.get('base.region.1.-1')).toBeTruthy();
    await loadRegions(1, '-1');
    expect(asked).toHaveLength(1);
    await loadRegions(2, '110000');
    expect(asked).toHaveLength(2);
    expect(regionDataset(2, '110000')).toBe(regionDataset(2, '110000'));
  });

  it('offline: cached levels come from this device, others give a clear error', async () => {
    await loadRegions(1, '-1');
    await loadRegions(2, '110000');
    network.online = false;
    reachable = false;
    expect((await loadRegions(2, '110000')).map((r) => r.id)).toEqual(['110100']);
    await expect(loadRegions(3, '110100')).rejects.toBeInstanceOf(NotCachedError);
    expect(asked).toHaveLength(2);
  });

  it('a stale level is revalidated with its ETag; the server failing keeps the copy', async () => {
    await loadRegions(1, '-1');
    await db!.meta.update('ds:base.region.1.-1', { fetchedAt: 1 });
    await loadRegions(1, '-1');
    expect(asked[1]!.etag).toBe('"1:-1"');
    await db!.meta.update('ds:base.region.1.-1', { fetchedAt: 1 });
    reachable = false; // the browser still says online
    expect(await loadRegions(1, '-1')).toHaveLength(2);
  });
});

describe('dictionaries', () => {
  const list: DictionaryListEntry[] = [
    { id: 't1', enCode: 'sex', fullName: '性别', isTree: 0, dictionaryList: [{ id: 'd1', enCode: '1', fullName: '男', parentId: '0' }, { id: 'd2', enCode: '2', fullName: '女', parentId: '0' }] },
    {
      id: 't2',
      enCode: 'storeArea',
      fullName: '门店片区',
      isTree: 1,
      dictionaryList: [{ id: 'e1', enCode: 'east', fullName: '华东', parentId: '0', children: [{ id: 'e11', enCode: 'sh', fullName: '上海', parentId: 'e1' }] }],
    },
  ];

  it('finds a type by code or id', () => {
    expect(dictionaryOptions(list, 'sex').map((o) => o.fullName)).toEqual(['男', '女']);
    expect(dictionaryOptions(list, 't2')).toHaveLength(1);
    expect(dictionaryOptions(list, 'nope')).toEqual([]);
    expect(dictionaryOptions(undefined, 'sex')).toEqual([]);
  });

  it('labels values by id or code, nested ones too; unknown values show as they are', () => {
    expect(dictionaryLabel('sex', '2', list)).toBe('女');
    expect(dictionaryLabel('sex', 'd1', list)).toBe('男');
    expect(dictionaryLabel('storeArea', 'sh', list)).toBe('上海');
    expect(dictionaryLabel('storeArea', ['east', 'e11'], list)).toBe('华东, 上海');
    expect(dictionaryLabel('sex', '9', list)).toBe('9');
    expect(dictionaryLabel('sex', null, list)).toBe('');
  });
});
