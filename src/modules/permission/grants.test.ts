import { describe, expect, it } from 'vitest';
import { indexTree } from '@/components/tree-model';
import type { AuthorityData } from '@/contracts/org';
import {
  buildGrantModel,
  filterItems,
  grantBody,
  initialGrants,
  itemCheck,
  moduleCheck,
  sameGrants,
  setAll,
  summarize,
  tabItems,
  toggleControl,
  toggleItem,
  toggleModule,
  type GrantState,
} from './grants';

/**
 * 组织权限 (directory)
 *   用户管理 (page): 新建, 编辑 | 账户, 手机
 *   角色管理 (page): 新建, 授权 | 名称
 * 系统管理 (directory)
 *   行政区划 (page): no buttons | 名称
 * 首页 (page, top level): no controls
 */
const data: AuthorityData = {
  modules: [
    { id: 'perm', parentId: null, fullName: '组织权限', enCode: 'permission', icon: 'users', type: 1 },
    { id: 'user', parentId: 'perm', fullName: '用户管理', enCode: 'permission.user', icon: '', type: 2 },
    { id: 'role', parentId: 'perm', fullName: '角色管理', enCode: 'permission.role', icon: '', type: 2 },
    { id: 'sys', parentId: '-1', fullName: '系统管理', enCode: 'system', icon: '', type: 1 },
    { id: 'area', parentId: 'sys', fullName: '行政区划', enCode: 'system.area', icon: '', type: 2 },
    { id: 'home', parentId: null, fullName: '首页', enCode: 'home', icon: '', type: 2 },
  ],
  buttons: [
    { id: 'u.add', moduleId: 'user', fullName: '新建', enCode: 'btn_add' },
    { id: 'u.edit', moduleId: 'user', fullName: '编辑', enCode: 'btn_edit' },
    { id: 'r.add', moduleId: 'role', fullName: '新建', enCode: 'btn_add' },
    { id: 'r.auth', moduleId: 'role', fullName: '授权', enCode: 'btn_authorize' },
    { id: 'x.orphan', moduleId: 'gone', fullName: '孤儿', enCode: 'btn_x' },
  ],
  columns: [
    { id: 'u.account', moduleId: 'user', fullName: '账户', enCode: 'account' },
    { id: 'u.phone', moduleId: 'user', fullName: '手机', enCode: 'mobilePhone' },
    { id: 'r.name', moduleId: 'role', fullName: '名称', enCode: 'fullName' },
    { id: 'a.name', moduleId: 'area', fullName: '名称', enCode: 'fullName' },
  ],
  granted: { module: [], button: [], column: [] },
};

const model = buildGrantModel(data);
const none: GrantState = { module: new Set(), button: new Set(), column: new Set() };
const sorted = (s: ReadonlySet<string>) => [...s].sort();

describe('module tree', () => {
  it('nests modules depth-first with their buttons and columns; unknown parents make roots, unknown modules drop their controls', () => {
    expect(model.order).toEqual(['perm', 'user', 'role', 'sys', 'area', 'home']);
    expect(model.parentOf.get('sys')).toBeNull();
    expect(model.controls.button.get('user')!.map((b) => b.id)).toEqual(['u.add', 'u.edit']);
    expect(model.owner.button.has('x.orphan')).toBe(false);
  });

  it('a parent chain that loops does not hang and becomes a root', () => {
    const m = buildGrantModel({
      modules: [
        { id: 'a', parentId: 'b', fullName: 'A', enCode: 'a', icon: '', type: 1 },
        { id: 'b', parentId: 'a', fullName: 'B', enCode: 'b', icon: '', type: 1 },
      ],
      buttons: [],
      columns: [],
    });
    expect(m.order.sort()).toEqual(['a', 'b']);
  });

  it('the menu tab lists every module; the button tab only modules with buttons under them, each with its buttons first', () => {
    expect(tabItems(model, 'module').map((i) => i.id)).toEqual(['m:perm', 'm:user', 'm:role', 'm:sys', 'm:area', 'm:home']);
    const buttons = tabItems(model, 'button');
    expect(buttons.map((i) => i.id)).toEqual(['m:perm', 'm:user', 'b:u.add', 'b:u.edit', 'm:role', 'b:r.add', 'b:r.auth']);
    expect(buttons.find((i) => i.id === 'b:u.add')!.parentId).toBe('m:user');
    expect(tabItems(model, 'column').map((i) => i.id)).toEqual(['m:perm', 'm:user', 'c:u.account', 'c:u.phone', 'm:role', 'c:r.name', 'm:sys', 'm:area', 'c:a.name']);
  });

  it('grants of items the answer does not show are left out (the server refuses them)', () => {
    const s = initialGrants(model, { module: ['user', 'gone'], button: ['u.add', 'x.orphan'], column: [] });
    expect(sorted(s.module)).toEqual(['user']);
    expect(sorted(s.button)).toEqual(['u.add']);
  });
});

describe('tri-state of a parent from its children', () => {
  it('menu tab: checked when the module and all modules under it are, unchecked when none, else indeterminate', () => {
    const s: GrantState = { ...none, module: new Set(['perm', 'user']) };
    const sum = summarize(model, s);
    expect(moduleCheck(sum, 'perm', 'module')).toBe('indeterminate');
    expect(moduleCheck(sum, 'user', 'module')).toBe('checked');
    expect(moduleCheck(sum, 'role', 'module')).toBe('unchecked');
    expect(moduleCheck(sum, 'sys', 'module')).toBe('unchecked');
    const all = summarize(model, { ...none, module: new Set(['perm', 'user', 'role']) });
    expect(moduleCheck(all, 'perm', 'module')).toBe('checked');
  });

  it('button and column tabs: from the buttons (columns) of the subtree only', () => {
    const s: GrantState = { module: new Set(['perm', 'user', 'role']), button: new Set(['u.add', 'u.edit']), column: new Set(['r.name']) };
    const sum = summarize(model, s);
    expect(moduleCheck(sum, 'user', 'button')).toBe('checked');
    expect(moduleCheck(sum, 'perm', 'button')).toBe('indeterminate');
    expect(moduleCheck(sum, 'role', 'button')).toBe('unchecked');
    expect(moduleCheck(sum, 'perm', 'column')).toBe('indeterminate');
    expect(moduleCheck(sum, 'role', 'column')).toBe('checked');
    // A module with no button at all is never shown as checked in the button tab.
    expect(moduleCheck(sum, 'home', 'button')).toBe('unchecked');
    const row = tabItems(model, 'button', sum).find((i) => i.id === 'b:u.add')!;
    expect(itemCheck(row, 'button', s, sum)).toBe('checked');
  });
});

describe('checking and unchecking', () => {
  it('checking a module checks the modules under it, all their buttons and columns, and its ancestors', () => {
    const s = toggleModule(model, none, 'user', 'module');
    expect(sorted(s.module)).toEqual(['perm', 'user']);
    expect(sorted(s.button)).toEqual(['u.add', 'u.edit']);
    expect(sorted(s.column)).toEqual(['u.account', 'u.phone']);
    const whole = toggleModule(model, none, 'perm', 'module');
    expect(sorted(whole.module)).toEqual(['perm', 'role', 'user']);
    expect(sorted(whole.button)).toEqual(['r.add', 'r.auth', 'u.add', 'u.edit']);
  });

  it('unchecking a module removes it, what is under it and their buttons and columns; an emptied directory goes too', () => {
    const all = setAll(model, none, 'module', true);
    const s = toggleModule(model, all, 'user', 'module');
    expect(sorted(s.module)).toEqual(['area', 'home', 'perm', 'role', 'sys']);
    expect(sorted(s.button)).toEqual(['r.add', 'r.auth']);
    expect(sorted(s.column)).toEqual(['a.name', 'r.name']);
    // The last page of 组织权限 goes: the directory holds nothing and goes as well.
    const t = toggleModule(model, s, 'role', 'module');
    expect(t.module.has('perm')).toBe(false);
    expect(t.module.has('sys')).toBe(true);
  });

  it('a page above other modules stays when those are unchecked (only directories are emptied)', () => {
    const m = buildGrantModel({
      modules: [
        { id: 'p', parentId: null, fullName: '报表', enCode: 'report', icon: '', type: 2 },
        { id: 'c', parentId: 'p', fullName: '明细', enCode: 'report.detail', icon: '', type: 2 },
      ],
      buttons: [{ id: 'p.export', moduleId: 'p', fullName: '导出', enCode: 'btn_export' }],
      columns: [],
    });
    const on = toggleModule(m, none, 'p', 'module');
    const off = toggleModule(m, on, 'c', 'module');
    expect(sorted(off.module)).toEqual(['p']);
    expect(sorted(off.button)).toEqual(['p.export']);
  });

  it('clicking an indeterminate module checks all of it; clicking a checked one clears it', () => {
    const partial = toggleControl(model, none, 'button', 'u.add');
    const full = toggleModule(model, partial, 'user', 'button');
    expect(sorted(full.button)).toEqual(['u.add', 'u.edit']);
    const cleared = toggleModule(model, full, 'user', 'button');
    expect(cleared.button.size).toBe(0);
    // Clearing buttons leaves the menu itself granted.
    expect(sorted(cleared.module)).toEqual(['perm', 'user']);
  });

  it('checking a button or column also checks its module and the module ancestors; unchecking it leaves them', () => {
    const s = toggleControl(model, none, 'column', 'a.name');
    expect(sorted(s.module)).toEqual(['area', 'sys']);
    expect(sorted(s.column)).toEqual(['a.name']);
    const off = toggleControl(model, s, 'column', 'a.name');
    expect(off.column.size).toBe(0);
    expect(sorted(off.module)).toEqual(['area', 'sys']);
  });

  it('a row click goes to the module or control toggle by the row kind', () => {
    const rows = tabItems(model, 'button');
    const s = toggleItem(model, none, rows.find((r) => r.id === 'b:r.auth')!, 'button');
    expect(sorted(s.button)).toEqual(['r.auth']);
    expect(sorted(s.module)).toEqual(['perm', 'role']);
  });

  it('全选 and 清空 of a tab', () => {
    const buttons = setAll(model, none, 'button', true);
    expect(buttons.button.size).toBe(4);
    expect(sorted(buttons.module)).toEqual(['perm', 'role', 'user']);
    expect(setAll(model, buttons, 'button', false).button.size).toBe(0);
    const everything = setAll(model, none, 'module', true);
    expect([everything.module.size, everything.button.size, everything.column.size]).toEqual([6, 4, 4]);
    expect(setAll(model, everything, 'module', false)).toEqual(none);
  });

  it('changes never touch the state they were given', () => {
    const before = initialGrants(model, { module: ['home'], button: [], column: [] });
    toggleModule(model, before, 'perm', 'module');
    expect(sorted(before.module)).toEqual(['home']);
  });
});

describe('the body sent', () => {
  it('is the checked ids by kind, in the tree order', () => {
    let s = toggleControl(model, none, 'button', 'r.auth');
    s = toggleModule(model, s, 'home', 'module');
    s = toggleControl(model, s, 'column', 'u.phone');
    expect(grantBody(model, s)).toEqual({ module: ['perm', 'user', 'role', 'home'], button: ['r.auth'], column: ['u.phone'] });
  });

  it('sameGrants tells whether anything changed', () => {
    const a = initialGrants(model, { module: ['home'], button: [], column: [] });
    expect(sameGrants(a, { ...none, module: new Set(['home']) })).toBe(true);
    expect(sameGrants(a, toggleModule(model, a, 'home', 'module'))).toBe(false);
  });
});

describe('filter', () => {
  it('shows the matches, the rows above them (opened) and what is under a matching module', () => {
    const items = tabItems(model, 'button');
    const index = indexTree(items);
    const r = filterItems(items, index, '授权')!;
    expect([...r.index.byId.keys()]).toEqual(['m:perm', 'm:role', 'b:r.auth']);
    expect(sorted(r.expanded)).toEqual(['m:perm', 'm:role']);
    const byModule = filterItems(items, index, 'permission.USER')!;
    expect([...byModule.index.byId.keys()]).toEqual(['m:perm', 'm:user', 'b:u.add', 'b:u.edit']);
    expect(filterItems(items, index, '  ')).toBeNull();
  });
});
