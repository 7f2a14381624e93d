import { describe, expect, it } from 'vitest';
import { grantedPages, planWarmUp } from '@/lib/sync/warm';
import { modules } from './modules';

/** What the cache warm-up asks for a user whose menu grants these pages (menu urlAddresses). */
const entries = () => modules.flatMap((m) => m.warm?.() ?? []);
const plan = (pages: string[]) => planWarmUp(entries(), grantedPages(pages), { online: true, saveData: false }).map((t) => t.key);

const everyone = ['ds:base.dictionaries', 'ds:base.region.1.-1'];
/** The seeded menus of a store clerk (店员): the login log and the help pages. */
const clerk = ['system/log', '/help/handbook.html', '/help/index.html'];
/** A store manager (店长) also has 用户管理. */
const storeManager = [...clerk, 'permission/user'];

describe('the cache warm-up of the modules', () => {
  it('a store clerk gets the dictionaries and the first region level, and nothing of the admin pages', () => {
    expect(plan(clerk)).toEqual(everyone);
  });

  it('a store manager also gets what the user page shows offline: the tree, its pickers and the list’s first page', () => {
    expect(plan(storeManager)).toEqual([
      'ds:org.tree',
      'ds:org.users',
      'rl:org.user:{"currentPage":1,"pageSize":20}',
      'ds:org.departmentSelector',
      'ds:org.positionSelector',
      'ds:org.positions',
      'ds:org.roles',
      ...everyone,
    ]);
  });

  it('the administrator gets the first page of every list, each dataset once', () => {
    const keys = plan(modules.flatMap((m) => Object.keys(m.pages ?? {})));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(
      expect.arrayContaining([
        ...everyone,
        'rl:org.position:{"currentPage":1,"pageSize":20}',
        'rl:org.unit.company:{}',
        'rl:org.unit.department:first',
        'ds:org.userSelector',
        'rl:permission.role:{"currentPage":1,"pageSize":20}',
        'rl:message.notice:{"currentPage":1,"pageSize":20}',
        'rl:base.dictionaryType:{}',
        'rl:base.dictionaryData:first',
        'rl:base.billRule:{"currentPage":1,"pageSize":20}',
        'rl:base.area:{"parentId":"-1"}',
      ]),
    );
    // The dictionary types come before the data of the first type (which reads them).
    expect(keys.indexOf('rl:base.dictionaryType:{}')).toBeLessThan(keys.indexOf('rl:base.dictionaryData:first'));
    expect(keys.indexOf('ds:org.tree')).toBeLessThan(keys.indexOf('rl:org.unit.department:first'));
  });

  it('warms nothing offline or when the browser saves data', () => {
    const all = grantedPages(modules.flatMap((m) => Object.keys(m.pages ?? {})));
    expect(planWarmUp(entries(), all, { online: false, saveData: false })).toEqual([]);
    expect(planWarmUp(entries(), all, { online: true, saveData: true })).toEqual([]);
  });
});
