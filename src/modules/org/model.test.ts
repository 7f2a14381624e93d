import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TreeNode } from '@/contracts/common';
import type { OrganizeRow, PositionRow, UserBrief, UserRow } from '@/contracts/org';
import { quickQuery } from '@/contracts/quick-query';
import { UserDb } from '@/lib/sync/user-db';
import { orgTreeData } from './data';
import { userCreateFormSchema } from './forms';
import { buildOrgIndex, departmentMatches, departmentsOfCompany, flattenTree, listOf, nestTree, placementOf, positionMatches, userMatches, withoutBranch, type FlatNode } from './model';
import { buildOrganizeRow, buildPositionRow, buildUserRow, nameLookup, removeBranch, upsertNode } from './pending-rows';
import { userList } from './store';

// Ids are ULIDs in real data; short names keep the tests readable.
const node = (id: string, parentId: string, fullName: string, type: string, children?: TreeNode[]): TreeNode => ({
  id,
  parentId,
  fullName,
  type,
  hasChildren: !!children?.length,
  ...(children ? { children } : {}),
});

/** GET /Permission/Organize/Tree as the server nests it: 云眠集团 › 市场部 › 电商组, 研发部; 云眠集团 › 华东分公司 › 销售部; 另一公司 › 行政部. */
const orgAnswer = {
  list: [
    node('hq', '-1', '云眠集团', 'company', [
      node('mkt', 'hq', '市场部', 'department', [node('ec', 'mkt', '电商组', 'department')]),
      node('rd', 'hq', '研发部', 'department'),
      node('east', 'hq', '华东分公司', 'company', [node('sales', 'east', '销售部', 'department')]),
    ]),
    node('other', '-1', '另一公司', 'company', [node('admin', 'other', '行政部', 'department')]),
  ],
};
const flat = flattenTree(listOf<TreeNode>(orgAnswer, 'test'));
const index = buildOrgIndex(flat);

const user = (over: Partial<UserRow>): UserRow => ({
  id: 'u',
  account: 'user',
  realName: '用户',
  headIcon: '001.svg',
  organizeId: 'hq',
  departmentId: null,
  positionId: null,
  managerId: null,
  roleIds: [],
  sortCode: 0,
  enabledMark: 1,
  isAdministrator: false,
  version: 1,
  ...over,
});
const q = (over: Partial<{ keyword: string; organizeId: string }> = {}) => ({ currentPage: 1, pageSize: 20, keyword: '', ...over });

describe('cached organisation tree', () => {
  it('a nested answer is cached flat, each node under its parent, and nests back the same for the pickers', () => {
    expect(flat.map((n) => `${n.parentId}>${n.id}`)).toEqual(['-1>hq', 'hq>mkt', 'mkt>ec', 'hq>rd', 'hq>east', 'east>sales', '-1>other', 'other>admin']);
    expect(flat.every((n) => n.children === undefined)).toBe(true);
    const again = nestTree(flat);
    expect(again.map((n) => n.fullName)).toEqual(['云眠集团', '另一公司']);
    expect(again[0]!.children!.map((n) => n.fullName)).toEqual(['市场部', '研发部', '华东分公司']);
    expect(again[0]!.children![0]!.children![0]).toMatchObject({ fullName: '电商组', hasChildren: false });
  });

  it('accepts a bare list or { list }, and refuses anything else (the cached copy then stays)', () => {
    expect(listOf([{ id: 'a' }], 't')).toHaveLength(1);
    expect(() => listOf({ rows: [] }, 't')).toThrow();
  });

  describe('stored in the device database', () => {
    let db: UserDb;
    beforeEach(async () => {
      db = new UserDb(`org-${Math.random()}`);
      await db.open();
    });
    afterEach(async () => {
      await db.delete();
    });

    it('reads back offline as the same tree, and one level at a time by parent', async () => {
      await orgTreeData.store(await orgTreeData.def.parse(orgAnswer), '"v1"', db);
      const rows = await orgTreeData.readRows<FlatNode>('', db);
      expect(nestTree(rows)).toEqual(nestTree(flat));
      expect((await orgTreeData.readRows<FlatNode>('hq', db)).map((n) => n.fullName)).toEqual(['市场部', '研发部', '华东分公司']);
      expect(await orgTreeData.meta(db)).toMatchObject({ etag: '"v1"' });
    });
  });

  it('a department picker for one company offers its departments only, not a sub-company’s', () => {
    expect(departmentsOfCompany(flat, 'hq').map((n) => n.fullName)).toEqual(['云眠集团', '市场部', '研发部', '电商组']);
    expect(departmentsOfCompany(flat, 'east').map((n) => n.fullName)).toEqual(['华东分公司', '销售部']);
  });

  it('a department cannot be moved under itself or its own sub-departments', () => {
    const choosable = withoutBranch(flat, 'mkt').filter((n) => !n.disabled).map((n) => n.id);
    expect(choosable).not.toContain('mkt');
    expect(choosable).not.toContain('ec');
    expect(choosable).toContain('rd');
  });

  it('while a write waits the pickers show it: a new department under its parent, a disabled branch gone', () => {
    const added = upsertNode(flat, { id: 'new', parentId: 'rd', fullName: '测试组', type: 'department', hasChildren: false });
    expect(nestTree(added)[0]!.children![1]).toMatchObject({ fullName: '研发部', hasChildren: true, children: [{ fullName: '测试组' }] });
    // Renaming keeps its place and its children.
    const renamed = upsertNode(flat, { id: 'mkt', parentId: 'hq', fullName: '市场中心', type: 'department', hasChildren: false });
    expect(renamed.findIndex((n) => n.id === 'mkt')).toBe(1);
    expect(renamed.find((n) => n.id === 'mkt')).toMatchObject({ fullName: '市场中心', hasChildren: true });
    expect(removeBranch(flat, 'mkt').map((n) => n.id)).not.toContain('ec');
  });

  it('a new user starts in the company and department chosen in the filter', () => {
    expect(placementOf(index, 'ec')).toEqual({ organizeId: 'hq', departmentId: 'ec' });
    expect(placementOf(index, 'sales')).toEqual({ organizeId: 'east', departmentId: 'sales' });
    expect(placementOf(index, 'east')).toEqual({ organizeId: 'east', departmentId: null });
  });
});

describe('offline search', () => {
  const wang = user({ id: 'w', realName: '王晓明', account: 'wangxm', mobilePhone: '13800138000', organizeId: 'hq', departmentId: 'ec' });
  const li = user({ id: 'l', realName: '李娜', account: 'lina', organizeId: 'other', departmentId: 'admin' });

  it('finds users by name, account, mobile phone and pinyin initials, in any case', () => {
    const initials = (r: UserRow) => quickQuery(r.realName);
    for (const keyword of ['晓明', 'WANGXM', '1380013', 'wxm', 'WXM']) expect(userMatches(wang, q({ keyword }), index, initials), keyword).toBe(true);
    expect(userMatches(li, q({ keyword: 'wxm' }), index, initials)).toBe(false);
    // A row that carries its quickQuery (a user created on this device) needs no lookup.
    expect(userList.def.matches!({ ...li, quickQuery: 'LN' } as UserRow, q({ keyword: 'ln' }))).toBe(true);
  });

  it('a company or department filter covers the users of everything under it', () => {
    expect(userMatches(wang, q({ organizeId: 'hq' }), index)).toBe(true);
    expect(userMatches(wang, q({ organizeId: 'mkt' }), index)).toBe(true);
    expect(userMatches(wang, q({ organizeId: 'rd' }), index)).toBe(false);
    expect(userMatches(li, q({ organizeId: 'hq' }), index)).toBe(false);
  });

  it('positions: keyword over name and code, department filter over its subtree', () => {
    const p = { id: 'p', organizeId: 'ec', department: '电商组', fullName: '运营专员', enCode: 'OPS01', type: null, description: null, sortCode: 0, enabledMark: 1, creatorTime: '', version: 1 } satisfies PositionRow;
    expect(positionMatches(p, q({ keyword: 'ops' }), index)).toBe(true);
    expect(positionMatches(p, q({ organizeId: 'mkt' }), index)).toBe(true);
    expect(positionMatches(p, q({ organizeId: 'rd' }), index)).toBe(false);
  });

  it("a company's department list holds its own departments (nested ones too), not another company's", () => {
    const dept = (id: string, parentId: string, fullName: string): OrganizeRow => ({
      id,
      parentId,
      category: 'department',
      fullName,
      enCode: id,
      managerId: null,
      manager: '',
      description: null,
      sortCode: 0,
      enabledMark: 1,
      creatorTime: '',
      version: 1,
      hasChildren: false,
    });
    expect(departmentMatches(dept('mkt', 'hq', '市场部'), { organizeId: 'hq', keyword: '' }, index)).toBe(true);
    expect(departmentMatches(dept('x', 'mkt', '新组'), { organizeId: 'hq', keyword: '' }, index)).toBe(true);
    expect(departmentMatches(dept('sales', 'east', '销售部'), { organizeId: 'hq', keyword: '' }, index)).toBe(false);
    expect(departmentMatches(dept('mkt', 'hq', '市场部'), { organizeId: 'hq', keyword: '研发' }, index)).toBe(false);
  });
});

describe('the row shown while a write waits', () => {
  const users: UserBrief[] = [{ id: 'boss', realName: '张总', account: 'zhang', headIcon: '', department: '', departmentId: null, quickQuery: 'ZZ' }];
  const positions = [{ id: 'pos', organizeId: 'ec', department: '电商组', fullName: '运营专员' }] as PositionRow[];
  const names = nameLookup({ org: flat, users, positions, roles: [{ id: 'r1', fullName: '管理员', enCode: 'admin' }, { id: 'r2', fullName: '员工', enCode: 'staff' }] });
  const values = {
    account: 'xiaoming',
    realName: '王晓明',
    organizeId: 'hq',
    departmentId: 'ec',
    positionId: 'pos',
    roleIds: ['r1', 'r2'],
    sortCode: 0,
    enabledMark: 1 as const,
  };

  it('a new user shows with its department, position and role names from the cached trees', () => {
    const row = buildUserRow('new', values, null, names, 'WXM');
    expect(row).toMatchObject({ id: 'new', organize: '云眠集团', department: '电商组', position: '运营专员', roles: '管理员,员工', quickQuery: 'WXM', version: 0 });
    expect(row.headIcon).toBe('001.svg');
  });

  it('an edit keeps the version it was made on (sent as If-Match) and what the form does not hold', () => {
    const prev = user({ id: 'w', version: 7, headIcon: '005.svg', isAdministrator: true, creatorTime: '2024-01-01T00:00:00.000Z' });
    const row = buildUserRow('w', { ...values, departmentId: 'rd', positionId: null }, prev, names);
    expect(row).toMatchObject({ version: 7, headIcon: '005.svg', isAdministrator: true, creatorTime: '2024-01-01T00:00:00.000Z', department: '研发部', position: '' });
  });

  it('a company without a parent is top-level, with its manager’s name', () => {
    const row = buildOrganizeRow('c', 'company', { parentId: null, fullName: '新公司', enCode: 'NEW', managerId: 'boss', sortCode: 1, enabledMark: 1 }, null, names);
    expect(row).toMatchObject({ parentId: '-1', manager: '张总', category: 'company', version: 0 });
  });

  it('a position shows the name of its department', () => {
    expect(buildPositionRow('p', { organizeId: 'rd', fullName: '工程师', enCode: 'ENG', sortCode: 0, enabledMark: 1 }, null, names)).toMatchObject({ department: '研发部' });
  });
});

describe('user form', () => {
  const base = { account: 'xiaoming', realName: '王晓明', organizeId: '01J0000000000000000000000A', password: 'abc12345' };
  const messages = (v: object) => {
    const r = userCreateFormSchema.safeParse(v);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('shows the spec messages word for word', () => {
    expect(messages({ ...base, password: 'abcdef' })).toEqual({ password: '6-16位字符的密码（数字和字母组成）' });
    expect(messages({ ...base, mobilePhone: '12345678901' })).toEqual({ mobilePhone: '请正确输入您的手机号' });
    expect(messages({ ...base, email: 'a@b' })).toEqual({ email: '请正确输入您的邮箱地址' });
    expect(messages({ ...base, account: '王' })).toEqual({ account: '只能输入数字英文' });
    expect(messages({ ...base, realName: '王@' })).toEqual({ realName: '名称不能含有特殊符号' });
    expect(messages(base)).toEqual({});
  });
});
