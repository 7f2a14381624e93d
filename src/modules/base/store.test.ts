import { describe, expect, it } from 'vitest';
import { numberingChanged, rowLabel } from './store';

describe('base-data writes', () => {
  it('names queued writes for the sync panel', () => {
    expect(rowLabel('区域', 'create', { request: { method: 'POST', url: '/Base/Area', body: { fullName: '朝阳区' } } })).toBe('区域「朝阳区」新建');
    expect(rowLabel('区域', 'state', { request: { method: 'PUT', url: '/Base/Area/x/Actions/State', body: { enabledMark: 0 } } })).toBe('区域禁用');
    expect(rowLabel('单据规则', 'state', { request: { method: 'PUT', url: '/x', body: { enabledMark: 1 } } })).toBe('单据规则启用');
    expect(rowLabel('字典数据', 'delete', { request: { method: 'DELETE', url: '/x' } })).toBe('字典数据删除');
  });

  it('knows which rule changes alter the numbers it hands out', () => {
    const rule = { enCode: 'SO', prefix: 'SO', dateFormat: 'YYYYMMDD' as const, digit: 4, resetPeriod: 'day' as const };
    expect(numberingChanged(rule, { ...rule })).toBe(false);
    expect(numberingChanged(rule, { ...rule, prefix: 'XS' })).toBe(true);
    expect(numberingChanged(rule, { ...rule, resetPeriod: 'month' })).toBe(true);
    expect(numberingChanged(rule, { ...rule, digit: 5 })).toBe(true);
  });
});
