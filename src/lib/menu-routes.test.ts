import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@/contracts/menu';
import { buildMenuRoutes, flattenMenu, matchMenuRoute, menuTarget, routeName, splitTopMenu } from '@/lib/menu-routes';

const item = (p: Partial<MenuItem> & Pick<MenuItem, 'id' | 'enCode' | 'type'>): MenuItem => ({
  parentId: null,
  fullName: p.enCode,
  icon: '',
  urlAddress: '',
  linkTarget: null,
  propertyJson: {},
  hasChildren: false,
  children: [],
  sortCode: 0,
  ...p,
});

// A fixture menu with every type of spec 2.2.
const fixture: MenuItem[] = [
  item({
    id: 'd1',
    enCode: 'system',
    type: 1,
    hasChildren: true,
    children: [
      item({ id: 'p1', enCode: 'system.log', type: 2, urlAddress: 'system/log' }),
      item({ id: 'm1', enCode: 'crm.customer', type: 3, urlAddress: 'crm/customer', propertyJson: { moduleId: 'mod-9', relationId: 'rel-1', isTree: 1 } }),
      item({ id: 'x1', enCode: 'base.dict', type: 4, urlAddress: '/dict/sleep', propertyJson: { moduleId: 'mod-4', isTree: 0 } }),
      item({ id: 'r1', enCode: 'report.sales', type: 5, urlAddress: 'report/sales', propertyJson: { moduleId: 'mod-5' } }),
      item({ id: 'v1', enCode: 'dataV.board', type: 6, urlAddress: '/datav/index.html', propertyJson: { moduleId: 'v1' } }),
      item({ id: 'l1', enCode: 'help.handbook', type: 7, urlAddress: '/help/handbook.html', linkTarget: '_self' }),
      item({ id: 'l2', enCode: 'help.guide', type: 7, urlAddress: 'https://example.com/guide', linkTarget: '_blank' }),
    ],
  }),
];

describe('menu route builder (spec 2.2)', () => {
  const routes = buildMenuRoutes(fixture);
  const byName = (n: string) => routes.find((r) => r.name === n);

  it('type 1 directory: / plus its code', () => {
    expect(byName('system')).toMatchObject({ path: '/system', view: 'directory' });
  });

  it('type 2 page: / plus urlAddress, loading the page named by urlAddress; dots become dashes in the name', () => {
    expect(byName('system-log')).toMatchObject({ path: '/system/log', view: 'page', urlAddress: 'system/log' });
    expect(routeName('a.b.c')).toBe('a-b-c');
  });

  it('types 3-5 carry module id, relation id and isTree from propertyJson', () => {
    expect(byName('crm-customer')).toMatchObject({ path: '/crm/customer', view: 'model', moduleId: 'mod-9', relationId: 'rel-1', isTree: true });
    expect(byName('base-dict')).toMatchObject({ path: '/dict/sleep', view: 'dictionary', moduleId: 'mod-4', isTree: false });
    expect(byName('report-sales')).toMatchObject({ path: '/report/sales', view: 'report', moduleId: 'mod-5' });
  });

  it('type 6 gets no in-app route; it opens the view path with module id and token in the query', () => {
    expect(routes.some((r) => r.menuId === 'v1')).toBe(false);
    const target = menuTarget(fixture[0]!.children[4]!, 'tok en');
    expect(target).toEqual({ kind: 'external', href: '/datav/index.html?id=v1&token=tok%20en', newTab: true });
  });

  it('type 7 _self is shown inside the app at / plus its code; other targets open directly', () => {
    expect(byName('help-handbook')).toMatchObject({ path: '/help.handbook', view: 'iframe', urlAddress: '/help/handbook.html' });
    expect(routes.some((r) => r.menuId === 'l2')).toBe(false);
    expect(menuTarget(fixture[0]!.children[6]!, 't')).toEqual({ kind: 'external', href: 'https://example.com/guide', newTab: true });
  });

  it('matches paths with or without a trailing slash, and nothing else', () => {
    expect(matchMenuRoute(routes, '/system/log/')?.name).toBe('system-log');
    expect(matchMenuRoute(routes, '/system/logs')).toBeUndefined();
  });

  it('flattens to the entries that go somewhere', () => {
    expect(flattenMenu(fixture).map((m) => m.id)).toEqual(['p1', 'm1', 'x1', 'r1', 'v1', 'l1', 'l2']);
  });
});

describe('functional layout top menu (spec 2.4, 9)', () => {
  const items = Array.from({ length: 12 }, (_, i) => i);
  it('shows viewport width ÷ 116 entries and puts the rest under 更多', () => {
    expect(splitTopMenu(items, 1280)).toEqual({ shown: items.slice(0, 11), overflow: [11] });
    expect(splitTopMenu(items, 1000)).toEqual({ shown: items.slice(0, 8), overflow: items.slice(8) });
    expect(splitTopMenu(items, 116 * 12)).toEqual({ shown: items, overflow: [] });
    expect(splitTopMenu(items, 50).shown).toHaveLength(1);
  });
});
