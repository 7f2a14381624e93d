import Fuse from 'fuse.js';
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

  it('the character pre-filter never changes what Fuse finds', () => {
    const words = ['用户', '部门', '岗位', '字典', '日志', '报表', '审批', '公告', '门店', '库存', '订单', '会员', '管理', '统计', '明细'];
    const many: SearchEntry[] = Array.from({ length: 300 }, (_, i) => {
      const title = `${words[i % words.length]}${words[(i * 7) % words.length]}${i % 3 ? words[(i * 5) % words.length] : ''}`;
      return entry(String(i), title, `/m${i % 9}/page-${i}`);
    });
    const fast = createMenuSearch(many);
    const docs = many.map((e) => ({ ...e, titles: [e.title, ...pinyinForms(e.title)] }));
    const plain = new Fuse(docs, SEARCH_OPTIONS);
    for (const q of ['用', '用户', '用户管', '库存明细', '明细库存', 'y', 'yh', 'yhgl', 'hgly', 'kucun', 'kcumn', 'm3', '/m4/pa', 'page-12', 'pag-21', 'egap', '订单x', 'zzz']) {
      expect(fast.search(q, 50).map((r) => r.id), q).toEqual(plain.search(q, { limit: 50 }).map((r) => r.item.id));
    }
  });
});
