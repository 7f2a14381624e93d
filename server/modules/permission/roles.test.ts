import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { Code } from '../../../src/contracts/codes';
import type { MenuItem } from '../../../src/contracts/menu';
import type { AuthorityData, OrganizeRow, RoleRow, UserRow } from '../../../src/contracts/org';
import { hashPassword } from '../../../src/contracts/password';
import { rules } from '../../../src/contracts/validation';
import { authed, call, createTestApp, tokenFor, type TestApp } from '../../test/helper';

let t: TestApp;
let admin: string;
let company: OrganizeRow;
const dept = new Map<string, OrganizeRow>();
const role = new Map<string, RoleRow>();
let authority: AuthorityData;

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown, headers: Record<string, string> = {}) =>
  call(t.app, { method, url, headers: { ...authed(token), ...headers }, payload: method === 'GET' ? undefined : ((payload ?? {}) as object) });
const get = (url: string, token = admin) => req('GET', url, token);
const currentUser = (token: string) => get('/Permission/Users/App/CurrentUser', token);
const flatten = <T extends { children?: T[] }>(items: T[]): T[] => items.flatMap((n) => [n, ...flatten(n.children ?? [])]);

const moduleId = (enCode: string) => authority.modules.find((m) => m.enCode === enCode)!.id;
const buttonId = (module: string, enCode: string) => authority.buttons.find((b) => b.moduleId === moduleId(module) && b.enCode === enCode)!.id;
const columnIds = (module: string) => authority.columns.filter((c) => c.moduleId === moduleId(module)).map((c) => c.id);

let seq = 0;
const createRole = async (over: Record<string, unknown> = {}) => {
  seq++;
  const res = await req('POST', '/Permission/Role', admin, { fullName: `角色${seq}`, enCode: `role${seq}`, ...over });
  expect(res).toMatchObject({ status: 200, code: 200 });
  return res.data as RoleRow;
};
/** A user in the Xuhui store holding the given roles; answers its row and a signed-in token. */
const createUserWith = async (roleIds: string[], departmentCode = 'YM.OPS.SHXH') => {
  seq++;
  const account = `holder${seq}`;
  const res = await req('POST', '/Permission/Users', admin, {
    account,
    realName: `持有人${seq}`,
    password: hashPassword('Abc12345'),
    organizeId: company.id,
    departmentId: dept.get(departmentCode)!.id,
    roleIds,
  });
  expect(res.status).toBe(200);
  return { user: res.data as UserRow, token: await tokenFor(t.app, account, 'Abc12345') };
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenFor(t.app, 'admin');
  company = (await get('/Permission/Organize')).data.list.find((c: OrganizeRow) => c.enCode === 'YM');
  for (const d of flatten<OrganizeRow>((await get(`/Permission/Organize/${company.id}/Department`)).data.list)) dept.set(d.enCode, d);
  for (const r of (await get('/Permission/Role')).data.list as RoleRow[]) role.set(r.enCode, r);
  authority = (await get(`/Permission/Authority/Data/${role.get('staff')!.id}`)).data;
});
afterAll(async () => {
  await t?.close();
});

describe('roles', () => {
  it('lists the roles with their data scope and user counts', async () => {
    const res = await get('/Permission/Role');
    expect(res.data.pagination).toMatchObject({ currentPage: 1, pageSize: 20, total: 3 });
    expect(role.get('admin')).toMatchObject({ fullName: '系统管理员', dataScope: 'all', userCount: 1, enabledMark: 1, version: 1 });
    expect(role.get('storeManager')).toMatchObject({ fullName: '店长', dataScope: 'departmentAndBelow', userCount: 7 });
    expect(role.get('staff')).toMatchObject({ fullName: '店员', dataScope: 'self', userCount: 43 });
    expect((await get(`/Permission/Role?keyword=${encodeURIComponent('店')}`)).data.list.map((r: RoleRow) => r.enCode).sort()).toEqual(['staff', 'storeManager']);
    expect((await get('/Permission/Role?keyword=ADMIN')).data.list.map((r: RoleRow) => r.enCode)).toEqual(['admin']);
  });

  it('Role/Selector: enabled roles for any signed-in user', async () => {
    const staff = await tokenFor(t.app, 'ym0010');
    const off = await createRole({ enabledMark: 0 });
    const res = await get('/Permission/Role/Selector', staff);
    expect(res.status).toBe(200);
    expect(res.data.list).toContainEqual({ id: role.get('staff')!.id, fullName: '店员', enCode: 'staff' });
    expect(res.data.list.some((r: RoleRow) => r.id === off.id)).toBe(false);
    await req('DELETE', `/Permission/Role/${off.id}`, admin);
  });

  it('create, read, update, state and delete', async () => {
    const id = ulid();
    const created = await req('POST', '/Permission/Role', admin, { id, fullName: '区域经理', enCode: 'area.manager', dataScope: 'company', description: '管多个门店', sortCode: 4 });
    expect(created).toMatchObject({ status: 200, msg: '新建成功' });
    expect(created.data).toMatchObject({ id, fullName: '区域经理', enCode: 'area.manager', dataScope: 'company', userCount: 0, sortCode: 4, enabledMark: 1, version: 1 });
    expect((await get(`/Permission/Role/${id}`)).data).toEqual(created.data);
    expect((await req('POST', '/Permission/Role', admin, { id, fullName: '区域经理', enCode: 'other' })).msg).toBe('记录已存在');

    const updated = await req('PUT', `/Permission/Role/${id}`, admin, { fullName: '大区经理', enCode: 'area.manager', dataScope: 'department' });
    expect(updated.data).toMatchObject({ fullName: '大区经理', dataScope: 'department', description: null, version: 2 });
    const off = await req('PUT', `/Permission/Role/${id}/Actions/State`, admin);
    expect(off.data).toMatchObject({ enabledMark: 0, version: 3 });
    const on = await req('PUT', `/Permission/Role/${id}/Actions/State`, admin, { enabledMark: 1 });
    expect(on.data).toMatchObject({ enabledMark: 1, version: 4 });
    const stale = await req('PUT', `/Permission/Role/${id}`, admin, { fullName: '过期', enCode: 'area.manager' }, { 'if-match': '2' });
    expect(stale).toMatchObject({ status: 409, code: Code.CONFLICT });
    expect(stale.data).toEqual(on.data);

    expect(await req('DELETE', `/Permission/Role/${id}`, admin)).toMatchObject({ status: 200, msg: '删除成功' });
    expect((await get(`/Permission/Role/${id}`)).status).toBe(404);
  });

  it.each([
    [{ fullName: '角色', enCode: '.r' }, rules.code.message],
    [{ fullName: '角色', enCode: 'r-1' }, '编码只能输入英文、数字和小数点且小数点不能放在首尾'],
    [{ fullName: '角色/一', enCode: 'r1' }, '名称不能含有特殊符号'],
    [{ fullName: '角色', enCode: 'r1', dataScope: 'everything' }, '数据权限范围不正确'],
    [{ fullName: '角色', enCode: 'staff' }, '编码已存在'],
    [{ fullName: '角色', enCode: 'r1', sortCode: -1 }, '排序不能小于0'],
  ])('refuses %j: %s', async (body, msg) => {
    expect(await req('POST', '/Permission/Role', admin, body)).toMatchObject({ status: 400, code: 400, msg });
  });

  it('the built-in administrator role cannot be deleted, disabled or recoded', async () => {
    const adminRole = role.get('admin')!;
    expect(await req('DELETE', `/Permission/Role/${adminRole.id}`, admin)).toMatchObject({ status: 400, msg: '不能删除系统内置角色' });
    expect(await req('PUT', `/Permission/Role/${adminRole.id}/Actions/State`, admin, {})).toMatchObject({ status: 400, msg: '不能删除系统内置角色' });
    const body = { fullName: '系统管理员', enCode: 'admin', dataScope: 'all' };
    expect(await req('PUT', `/Permission/Role/${adminRole.id}`, admin, { ...body, enabledMark: 0 })).toMatchObject({ status: 400, msg: '不能删除系统内置角色' });
    expect(await req('PUT', `/Permission/Role/${adminRole.id}`, admin, { ...body, enCode: 'root' })).toMatchObject({ status: 400, msg: '不能修改系统内置角色的编码' });
    const renamed = await req('PUT', `/Permission/Role/${adminRole.id}`, admin, { ...body, fullName: '超级管理员' });
    expect(renamed.data).toMatchObject({ fullName: '超级管理员', enabledMark: 1 });
    expect((await get(`/Permission/Role/${adminRole.id}`)).data.enabledMark).toBe(1);
  });

  it('a role held by users cannot be deleted; its grants go with it otherwise', async () => {
    expect(await req('DELETE', `/Permission/Role/${role.get('staff')!.id}`, admin)).toMatchObject({ status: 400, msg: '该角色下有用户，不能删除' });
    const r = await createRole();
    await req('PUT', `/Permission/Authority/Data/${r.id}`, admin, { module: [moduleId('permission')] });
    expect((await req('DELETE', `/Permission/Role/${r.id}`, admin)).status).toBe(200);
    expect((await get(`/Permission/Authority/Data/${r.id}`)).status).toBe(404);
  });
});

describe('Authority/Data', () => {
  it('lists every grantable module, button and column, and the role grants', async () => {
    const res = await get(`/Permission/Authority/Data/${role.get('storeManager')!.id}`);
    expect(res.status).toBe(200);
    const data = res.data as AuthorityData;
    const userModule = data.modules.find((m) => m.enCode === 'permission.user')!;
    expect(userModule).toMatchObject({ fullName: '用户管理', type: 2, parentId: moduleId('permission') });
    expect(data.buttons.filter((b) => b.moduleId === userModule.id).map((b) => b.enCode)).toEqual(['btn_add', 'btn_edit', 'btn_remove', 'btn_resetPassword']);
    expect(data.buttons.filter((b) => b.moduleId === moduleId('permission.role')).map((b) => b.enCode)).toContain('btn_authorize');
    expect(data.granted.module).toEqual(expect.arrayContaining([moduleId('permission'), userModule.id]));
    // The store manager's button grants are the page builder's (营销活动: 新建, 编辑, 删除 of its two
    // pages) and the store business models' (门店业务: every button of the three, issue 20).
    const grantedButtons = data.buttons.filter((b) => data.granted.button.includes(b.id));
    const pageBuilder = [moduleId('h5.works'), moduleId('h5.images')];
    expect(grantedButtons.filter((b) => pageBuilder.includes(b.moduleId)).map((b) => b.enCode).sort()).toEqual(['btn_add', 'btn_add', 'btn_edit', 'btn_edit', 'btn_remove', 'btn_remove']);
    const models = ['storeInspection', 'customerRegistration', 'sampleRequest'].map((c) => moduleId(`onlineDev.model.${c}`));
    expect(grantedButtons.every((b) => pageBuilder.includes(b.moduleId) || models.includes(b.moduleId))).toBe(true);
    expect(grantedButtons.filter((b) => b.moduleId === models[0]).map((b) => b.enCode)).toEqual(['btn_add', 'btn_edit', 'btn_remove', 'btn_export', 'btn_detail']);
    const granted = data.columns.filter((c) => data.granted.column.includes(c.id) && !models.includes(c.moduleId)).map((c) => c.enCode).sort();
    expect(granted).toEqual(['account', 'department', 'enabledMark', 'gender', 'position', 'realName']);
    expect((await get(`/Permission/Authority/Data/${ulid()}`)).status).toBe(404);
  });

  it('a granted module shows in the holder menu at its next CurrentUser, with its buttons; revoking removes it', async () => {
    const r = await createRole({ dataScope: 'all' });
    const { token } = await createUserWith([r.id]);
    const before = await currentUser(token);
    expect(flatten<MenuItem>(before.data.menuList).map((m) => m.enCode)).not.toContain('permission.position');
    expect((await get('/Permission/Position', token)).status).toBe(403);

    const body = {
      module: [moduleId('permission'), moduleId('permission.position')],
      button: [buttonId('permission.position', 'btn_add')],
      column: columnIds('permission.position'),
    };
    const saved = await req('PUT', `/Permission/Authority/Data/${r.id}`, admin, body);
    expect(saved).toMatchObject({ status: 200, msg: '授权成功' });
    expect(saved.data.granted.module.sort()).toEqual([...body.module].sort());
    expect(saved.data.granted.button).toEqual(body.button);

    const after = await currentUser(token);
    const menu = (after.data.menuList as MenuItem[]).find((m) => m.enCode === 'permission')!;
    expect(menu.children.map((c) => c.enCode)).toEqual(['permission.position']);
    const entry = after.data.permissionList.find((p: { modelId: string }) => p.modelId === moduleId('permission.position'));
    expect(entry.button.map((b: { enCode: string }) => b.enCode)).toEqual(['btn_add']);

    // The server enforces the same grants.
    expect((await get('/Permission/Position', token)).status).toBe(200);
    const pos = await req('POST', '/Permission/Position', token, { organizeId: dept.get('YM.IT')!.id, fullName: '授权岗位', enCode: 'GRANTED' });
    expect(pos.status).toBe(200);
    expect(await req('DELETE', `/Permission/Position/${pos.data.id}`, token)).toMatchObject({ status: 403, msg: '您没有此操作的权限' });
    expect((await get('/Permission/Users', token)).status).toBe(403);

    // A disabled role grants nothing.
    await req('PUT', `/Permission/Role/${r.id}/Actions/State`, admin, { enabledMark: 0 });
    expect((await get('/Permission/Position', token)).status).toBe(403);
    await req('PUT', `/Permission/Role/${r.id}/Actions/State`, admin, { enabledMark: 1 });

    expect((await req('PUT', `/Permission/Authority/Data/${r.id}`, admin, {})).data.granted).toEqual({ module: [], button: [], column: [] });
    expect(flatten<MenuItem>((await currentUser(token)).data.menuList).map((m) => m.enCode)).not.toContain('permission.position');
    expect((await get('/Permission/Position', token)).status).toBe(403);
  });

  it('refuses unknown ids and keeps the grants', async () => {
    const r = await createRole();
    await req('PUT', `/Permission/Authority/Data/${r.id}`, admin, { module: [moduleId('permission')] });
    for (const body of [{ module: [ulid()] }, { button: [moduleId('permission')] }, { column: [buttonId('permission.user', 'btn_add')] }]) {
      expect(await req('PUT', `/Permission/Authority/Data/${r.id}`, admin, body)).toMatchObject({ status: 400, code: 400, msg: '授权项不存在' });
    }
    expect((await req('PUT', `/Permission/Authority/Data/${r.id}`, admin, { module: ['x'] })).msg).toBe('ID格式不正确');
    expect((await get(`/Permission/Authority/Data/${r.id}`)).data.granted.module).toEqual([moduleId('permission')]);
    expect((await req('PUT', `/Permission/Authority/Data/${ulid()}`, admin, {})).status).toBe(404);
  });
});

describe('data scopes of granted roles', () => {
  const userGrants = () => ({
    module: [moduleId('permission'), moduleId('permission.user')],
    button: ['btn_edit', 'btn_resetPassword'].map((b) => buttonId('permission.user', b)),
    column: columnIds('permission.user'),
  });

  it.each([
    ['self', 'YM.OPS.SHXH', (rows: UserRow[], me: UserRow) => rows.length === 1 && rows[0]!.id === me.id],
    ['department', 'YM.OPS', (rows: UserRow[]) => rows.every((u) => u.department === '门店运营部')],
    ['departmentAndBelow', 'YM.OPS', (rows: UserRow[]) => new Set(rows.map((u) => u.department)).size === 5],
    ['company', 'YM.IT', (rows: UserRow[]) => rows.length > 50 && rows.every((u) => u.organizeId === company.id)],
  ] as const)('%s', async (dataScope, deptCode, check) => {
    const r = await createRole({ dataScope });
    await req('PUT', `/Permission/Authority/Data/${r.id}`, admin, userGrants());
    const { user, token } = await createUserWith([r.id], deptCode);
    const res = await get('/Permission/Users?pageSize=100', token);
    expect(res.status).toBe(200);
    expect(check(res.data.list, user)).toBe(true);
    // Every column granted: phone and e-mail are there.
    expect(res.data.list[0]).toHaveProperty('mobilePhone');
  });

  it('a non-administrator with edit rights cannot change an administrator', async () => {
    const r = await createRole({ dataScope: 'all' });
    await req('PUT', `/Permission/Authority/Data/${r.id}`, admin, userGrants());
    const { token } = await createUserWith([r.id], 'YM.IT');
    const adminRow = (await get('/Permission/Users?keyword=admin', token)).data.list.find((u: UserRow) => u.account === 'admin');
    const reset = await req('POST', `/Permission/Users/${adminRow.id}/Actions/ResetPassword`, token, { userPassword: 'Hijack123' });
    expect(reset).toMatchObject({ status: 403, msg: '您没有此操作的权限' });
    expect((await req('PUT', `/Permission/Users/${adminRow.id}/Actions/State`, token, { enabledMark: 0 })).status).toBe(403);
    const mate = (await get('/Permission/Users?keyword=ym0030', token)).data.list[0] as UserRow;
    expect((await req('POST', `/Permission/Users/${mate.id}/Actions/ResetPassword`, token, { userPassword: 'Fresh123' })).status).toBe(200);
    // Granted btn_edit but not btn_remove.
    expect((await req('DELETE', `/Permission/Users/${mate.id}`, token)).status).toBe(403);
  });
});
