import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@/contracts/menu';
import { menuTrail } from './breadcrumb';

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

const menu: MenuItem[] = [
  item({ id: 'w', enCode: 'workbench', fullName: '工作台', type: 1, children: [item({ id: 'log', enCode: 'system.log', fullName: '登录日志', type: 2, urlAddress: 'system/log' })] }),
  item({
    id: 'perm',
    enCode: 'permission',
    fullName: '组织权限',
    type: 1,
    children: [
      item({ id: 'user', enCode: 'permission.user', fullName: '用户管理', type: 2, urlAddress: 'permission/user' }),
      item({ id: 'deep', enCode: 'permission.more', fullName: '更深', type: 1, children: [item({ id: 'role', enCode: 'permission.role', fullName: '角色管理', type: 2, urlAddress: '/permission/role/' })] }),
    ],
  }),
  item({ id: 'ext', enCode: 'help.guide', fullName: '使用帮助', type: 7, urlAddress: '/help/index.html', linkTarget: '_blank' }),
];

const names = (trail: MenuItem[] | null) => trail?.map((m) => m.fullName) ?? null;

describe('breadcrumb menu trail', () => {
  it('is the menu path of the page: its directories, then its entry', () => {
    expect(names(menuTrail(menu, '/permission/user'))).toEqual(['组织权限', '用户管理']);
    expect(names(menuTrail(menu, '/system/log/'))).toEqual(['工作台', '登录日志']);
    expect(names(menuTrail(menu, '/permission/role'))).toEqual(['组织权限', '更深', '角色管理']);
  });

  it('a directory route is its own trail', () => {
    expect(names(menuTrail(menu, '/permission'))).toEqual(['组织权限']);
  });

  it('is null for a page no menu entry opens (fixed routes, external links)', () => {
    expect(menuTrail(menu, '/home')).toBeNull();
    expect(menuTrail(menu, '/profile')).toBeNull();
    expect(menuTrail(menu, '/help/index.html')).toBeNull();
    expect(menuTrail([], '/permission/user')).toBeNull();
  });
});
