import { describe, expect, it } from 'vitest';
import { createMenuSearch, pinyinForms, SEARCH_OPTIONS, type SearchEntry } from './menu-search';

const entry = (id: string, title: string, path: string): SearchEntry => ({ id, title, path, icon: '', target: { kind: 'route', path } });

const entries = [
  entry('1', '首页', '/home'),
  entry('2', '个人信息', '/profile'),
  entry('3', '登录日志', '/system/log'),
  entry('4', '员工手册', '/help-handbook'),
  entry('5', 'Login log', '/system/log-en'),
];

describe('menu search (spec 9)', () => {
  it('uses threshold 0.4 and weights title 0.7 / path 0.3', () => {
    expect(SEARCH_OPTIONS.threshold).toBe(0.4);
    expect(SEARCH_OPTIONS.keys).toEqual([
      { name: 'titles', weight: 0.7 },
      { name: 'path', weight: 0.3 },
    ]);
  });

  it('finds a page by its Chinese title', () => {
    const s = createMenuSearch(entries);
    expect(s.search('个人')[0]?.path).toBe('/profile');
    expect(s.search('日志')[0]?.title).toBe('登录日志');
  });

  it('finds a page by pinyin initials and by full pinyin', () => {
    const s = createMenuSearch(entries);
    expect(s.search('gr')[0]?.title).toBe('个人信息');
    expect(s.search('ygsc')[0]?.title).toBe('员工手册');
    expect(s.search('dengluri')[0]?.title).toBe('登录日志');
  });

  it('finds a page by its path', () => {
    const s = createMenuSearch(entries);
    expect(s.search('profile')[0]?.title).toBe('个人信息');
  });

  it('returns nothing for an empty query or for unrelated text', () => {
    const s = createMenuSearch(entries);
    expect(s.search('   ')).toEqual([]);
    expect(s.search('冰箱洗衣机')).toEqual([]);
  });

  it('gives no pinyin for titles without Chinese', () => {
    expect(pinyinForms('Login log')).toEqual([]);
    expect(pinyinForms('个人信息')).toEqual(['grxx', 'gerenxinxi']);
  });
});
