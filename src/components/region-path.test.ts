import { describe, expect, it } from 'vitest';
import type { Region } from '@/contracts/base';
import { findPath, pathLabel, pathRequests, pickRegion, regionKey, visibleColumns, type RegionRequest } from './region-path';

const r = (id: string, name: string, grade: number, parentId: string, leaf = false): Region => ({ id, name, grade, parentId, leaf });
const provinces = [r('44', '广东省', 1, '-1'), r('11', '北京市', 1, '-1'), r('81', '香港特别行政区', 1, '-1', true)];
const cities = [r('4403', '深圳市', 2, '44'), r('4420', '中山市', 2, '44', true)];
const districts = [r('440305', '南山区', 3, '4403', true)];
const loaded = new Map<string, Region[]>([
  [regionKey({ grade: 1, parentId: '-1' }), provinces],
  [regionKey({ grade: 2, parentId: '44' }), cities],
  [regionKey({ grade: 3, parentId: '4403' }), districts],
]);
const find = (col: RegionRequest, id: string) => loaded.get(regionKey(col))?.find((x) => x.id === id);

describe('region cascader', () => {
  it('opens with the provinces, then the children of each chosen region', () => {
    expect(visibleColumns([], 3, find)).toEqual([{ grade: 1, parentId: '-1' }]);
    expect(visibleColumns(['44'], 3, find)).toEqual([
      { grade: 1, parentId: '-1' },
      { grade: 2, parentId: '44' },
    ]);
    expect(visibleColumns(['44', '4403'], 3, find).map(regionKey)).toEqual(['1:-1', '2:44', '3:4403']);
  });

  it('shows no column under a leaf region, nor past the depth', () => {
    expect(visibleColumns(['81'], 3, find)).toHaveLength(1);
    expect(visibleColumns(['44', '4420'], 3, find)).toHaveLength(2);
    expect(visibleColumns(['44', '4403'], 2, find)).toHaveLength(2);
    expect(visibleColumns(['44'], 1, find)).toHaveLength(1);
  });

  it('a column whose parent is not loaded yet waits', () => {
    expect(visibleColumns(['99', '9901'], 3, find)).toHaveLength(1);
  });

  it('picking a province or city continues; a district, a leaf or the last level ends the choice', () => {
    expect(pickRegion([], 0, provinces[0]!, 3)).toEqual({ path: ['44'], done: false });
    expect(pickRegion(['44'], 1, cities[0]!, 3)).toEqual({ path: ['44', '4403'], done: false });
    expect(pickRegion(['44', '4403'], 2, districts[0]!, 3)).toEqual({ path: ['44', '4403', '440305'], done: true });
    expect(pickRegion(['44'], 1, cities[1]!, 3)).toEqual({ path: ['44', '4420'], done: true });
    expect(pickRegion([], 0, provinces[2]!, 3).done).toBe(true);
    expect(pickRegion(['44'], 1, cities[0]!, 2).done).toBe(true);
    expect(pickRegion([], 0, provinces[0]!, 1).done).toBe(true);
  });

  it('picking another province drops the old city and district', () => {
    expect(pickRegion(['44', '4403', '440305'], 0, provinces[1]!, 3).path).toEqual(['11']);
    expect(pickRegion(['44', '4403', '440305'], 1, cities[1]!, 3).path).toEqual(['44', '4420']);
  });

  it('names a chosen path 省 / 市 / 区 from the lists loaded for it', () => {
    const ids = ['44', '4403', '440305'];
    expect(pathRequests(ids, 3)).toEqual([
      { grade: 1, parentId: '-1' },
      { grade: 2, parentId: '44' },
      { grade: 3, parentId: '4403' },
    ]);
    expect(pathRequests(ids, 2)).toHaveLength(2);
    const regions = findPath(ids, [provinces, cities, districts]);
    expect(pathLabel(regions)).toBe('广东省 / 深圳市 / 南山区');
    // An id not found stops the path there.
    expect(pathLabel(findPath(['44', '9999', '440305'], [provinces, cities, districts]))).toBe('广东省');
    expect(pathLabel([])).toBe('');
  });
});
