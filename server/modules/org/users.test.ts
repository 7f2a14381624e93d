import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ulid } from 'ulid';
import { Code } from '../../../src/contracts/codes';
import type { TreeNode } from '../../../src/contracts/common';
import type { OrganizeRow, PositionRow, RoleRow, UserBrief, UserRow } from '../../../src/contracts/org';
import { hashPassword } from '../../../src/contracts/password';
import { quickQuery } from '../../../src/contracts/quick-query';
import { rules } from '../../../src/contracts/validation';
import { userRoles, users } from '../../db/schema';
import { ADMIN_PASSWORD, authed, call, createTestApp, login, tokenFor, type TestApp } from '../../test/helper';

let t: TestApp;
let admin: string;
let adminId: string;
let company: OrganizeRow;
const dept = new Map<string, OrganizeRow>();
const position = new Map<string, PositionRow>();
const role = new Map<string, RoleRow>();

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown, headers: Record<string, string> = {}) =>
  call(t.app, { method, url, headers: { ...authed(token), ...headers }, payload: method === 'GET' ? undefined : ((payload ?? {}) as object) });
const get = (url: string, token = admin) => req('GET', url, token);
const list = async (query: string, token = admin) => {
  const res = await get(`/Permission/Users?${query}`, token);
  expect(res.status).toBe(200);
  return res.data as { list: UserRow[]; pagination: { total: number; currentPage: number; pageSize: number } };
};
const byAccount = async (account: string) => (await list(`keyword=${account}`)).list.find((u) => u.account === account)!;
const currentUser = (token: string) => get('/Permission/Users/App/CurrentUser', token);
const flatten = <T extends { children?: T[] }>(items: T[]): T[] => items.flatMap((n) => [n, ...flatten(n.children ?? [])]);

let seq = 0;
/** A valid create body in the Xuhui store (overrides on top). */
const newUser = (over: Record<string, unknown> = {}) => {
  seq++;
  return {
    account: `tester${seq}`,
    realName: `测试用户${seq}`,
    password: hashPassword('Abc12345'),
    organizeId: company.id,
    departmentId: dept.get('YM.OPS.SHXH')!.id,
    positionId: position.get('SA')!.id,
    roleIds: [role.get('staff')!.id],
    gender: '1',
    mobilePhone: '13900001111',
    email: 'tester@yunmian.example.com',
    entryDate: '2024-05-06T00:00:00.000Z',
    ...over,
  };
};
const create = async (over: Record<string, unknown> = {}) => {
  const res = await req('POST', '/Permission/Users', admin, newUser(over));
  expect(res).toMatchObject({ status: 200, code: 200 });
  return res.data as UserRow;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenFor(t.app, 'admin');
  const companies = await get('/Permission/Organize');
  company = companies.data.list.find((c: OrganizeRow) => c.enCode === 'YM');
  for (const d of flatten<OrganizeRow>((await get(`/Permission/Organize/${company.id}/Department`)).data.list)) dept.set(d.enCode, d);
  for (const p of (await get('/Permission/Position?pageSize=100')).data.list as PositionRow[]) position.set(p.enCode, p);
  for (const r of (await get('/Permission/Role')).data.list as RoleRow[]) role.set(r.enCode, r);
  adminId = (await currentUser(admin)).data.userInfo.userId;
});
afterAll(async () => {
  await t?.close();
});

describe('GET /Permission/Users (administrator)', () => {
  it('pages users with readable names and roles', async () => {
    const page = await list('');
    expect(page.pagination).toMatchObject({ currentPage: 1, pageSize: 20 });
    expect(page.pagination.total).toBe(51); // the administrator and 50 demo staff (ym0001 … ym0050)
    expect(page.list).toHaveLength(20);
    const me = await byAccount('admin');
    expect(me).toMatchObject({
      id: adminId,
      account: 'admin',
      realName: '管理员',
      organize: '云眠家居有限公司',
      department: '信息技术部',
      position: '工程师',
      roles: '系统管理员',
      roleIds: [role.get('admin')!.id],
      isAdministrator: true,
      enabledMark: 1,
      entryDate: '2020-03-01T00:00:00.000Z',
      sortCode: 0,
      version: 1,
    });
    expect(Number.isNaN(Date.parse(me.creatorTime!))).toBe(false);
    const last = await list('currentPage=3&pageSize=20');
    expect(last.list.length).toBe(page.pagination.total - 40);
    expect(last.pagination.total).toBe(page.pagination.total);
    // A page past the end is empty but still tells the total.
    const beyond = await list('currentPage=9&pageSize=20');
    expect(beyond).toEqual({ list: [], pagination: { currentPage: 9, pageSize: 20, total: page.pagination.total } });
    expect((await list('keyword=nobody-has-this')).pagination.total).toBe(0);
  });

  it('keyword matches account, name, pinyin initials and phone, ignoring case', async () => {
    const sample = await byAccount('ym0004');
    expect((await list('keyword=YM0004')).list.map((u) => u.account)).toEqual(['ym0004']);
    const byName = await list(`keyword=${encodeURIComponent(sample.realName)}`);
    expect(byName.list.map((u) => u.account)).toContain('ym0004');
    const initials = quickQuery(sample.realName);
    const byInitials = await list(`keyword=${initials.toLowerCase()}`);
    expect(byInitials.list.map((u) => u.account)).toContain('ym0004');
    const byPhone = await list(`keyword=${sample.mobilePhone!.slice(3, 9)}`);
    expect(byPhone.list.map((u) => u.account)).toContain('ym0004');
    // LIKE wildcards in the keyword are literal.
    expect((await list('keyword=%25')).pagination.total).toBe(0);
    expect((await list('keyword=ym_0')).pagination.total).toBe(0);
  });

  it('organizeId: that department and everything below it; enabledMark filter', async () => {
    const ops = await list(`organizeId=${dept.get('YM.OPS')!.id}&pageSize=100`);
    const stores = ['门店运营部', '上海徐汇店', '上海浦东店', '杭州西湖店', '南京新街口店'];
    expect(ops.list.every((u) => stores.includes(u.department!))).toBe(true);
    expect(ops.pagination.total).toBeGreaterThanOrEqual(30);
    const store = await list(`organizeId=${dept.get('YM.OPS.SHXH')!.id}`);
    expect(store.list.every((u) => u.department === '上海徐汇店')).toBe(true);
    const whole = await list(`organizeId=${company.id}`);
    expect(whole.pagination.total).toBe((await list('')).pagination.total);
    expect((await list('enabledMark=0')).list.every((u) => u.enabledMark === 0)).toBe(true);
    expect((await get('/Permission/Users?organizeId=bad')).msg).toBe('ID格式不正确');
  });
});

describe('data scope and columns', () => {
  it('a store manager sees only its store, without phone, e-mail and other ungranted columns', async () => {
    const manager = await tokenFor(t.app, 'ym0004');
    const page = await list('pageSize=100', manager);
    const store = await list(`organizeId=${dept.get('YM.OPS.SHXH')!.id}&pageSize=100`);
    expect(page.pagination.total).toBe(store.pagination.total);
    expect(page.list.map((u) => u.account).sort()).toEqual(store.list.map((u) => u.account).sort());
    for (const a of ['ym0004', 'ym0005', 'ym0010']) expect(page.list.map((u) => u.account)).toContain(a);
    expect(page.list.map((u) => u.account)).not.toContain('admin');
    for (const u of page.list) {
      expect(u.department).toBe('上海徐汇店');
      for (const hidden of ['mobilePhone', 'email', 'roles', 'entryDate', 'creatorTime']) expect(u).not.toHaveProperty(hidden);
      for (const shown of ['id', 'version', 'headIcon', 'account', 'realName', 'gender', 'position', 'enabledMark', 'departmentId', 'roleIds']) expect(u).toHaveProperty(shown);
    }
    // Outside the scope: not found; inside: the same columns.
    expect((await get(`/Permission/Users/${adminId}`, manager)).status).toBe(404);
    const mate = page.list.find((u) => u.account === 'ym0005')!;
    const one = await get(`/Permission/Users/${mate.id}`, manager);
    expect(one.data).toEqual(mate);
    expect((await list('keyword=ym0001', manager)).pagination.total).toBe(0);
  });

  it('an operations manager sees the operations department and its stores', async () => {
    const manager = await tokenFor(t.app, 'ym0002');
    const page = await list('pageSize=100', manager);
    const ops = await list(`organizeId=${dept.get('YM.OPS')!.id}&pageSize=100`);
    expect(page.pagination.total).toBe(ops.pagination.total);
    expect(new Set(page.list.map((u) => u.department)).size).toBe(5);
  });

  it('a store manager may not create, edit or delete users', async () => {
    const manager = await tokenFor(t.app, 'ym0004');
    const before = await list('pageSize=100');
    const mate = await byAccount('ym0005');
    const calls = [
      req('POST', '/Permission/Users', manager, newUser()),
      req('PUT', `/Permission/Users/${mate.id}`, manager, { ...newUser(), account: 'ym0005' }),
      req('DELETE', `/Permission/Users/${mate.id}`, manager),
      req('POST', `/Permission/Users/${mate.id}/Actions/ResetPassword`, manager, { userPassword: 'Abc12345' }),
      req('PUT', `/Permission/Users/${mate.id}/Actions/State`, manager, { enabledMark: 0 }),
    ];
    for (const res of await Promise.all(calls)) expect(res).toMatchObject({ status: 403, code: Code.FORBIDDEN, msg: '您没有此操作的权限' });
    expect(await list('pageSize=100')).toEqual(before);
  });
});

describe('create, read, update, delete', () => {
  it('creates a user that can sign in, with its roles and pinyin initials', async () => {
    const id = ulid();
    const created = await create({ id, realName: '王晓明', account: 'wangxm', sortCode: 3 });
    expect(created).toMatchObject({
      id,
      account: 'wangxm',
      realName: '王晓明',
      department: '上海徐汇店',
      position: '导购',
      roles: '店员',
      roleIds: [role.get('staff')!.id],
      mobilePhone: '13900001111',
      email: 'tester@yunmian.example.com',
      entryDate: '2024-05-06T00:00:00.000Z',
      headIcon: '001.svg',
      sortCode: 3,
      enabledMark: 1,
      isAdministrator: false,
      version: 1,
    });
    expect((await get(`/Permission/Users/${id}`)).data).toEqual(created);
    const token = await tokenFor(t.app, 'wangxm', 'Abc12345');
    expect((await currentUser(token)).data.userInfo).toMatchObject({ userAccount: 'wangxm', userName: '王晓明', roleName: '店员' });
    const all = await get('/Permission/Users/All', token);
    expect(all.data.list.find((u: UserBrief) => u.id === id)).toEqual({
      id,
      realName: '王晓明',
      account: 'wangxm',
      headIcon: '001.svg',
      department: '上海徐汇店',
      departmentId: dept.get('YM.OPS.SHXH')!.id,
      quickQuery: 'WXM',
    });
    expect((await list('keyword=wxm')).list.map((u) => u.id)).toContain(id);
    // The same client-made id again.
    expect(await req('POST', '/Permission/Users', admin, newUser({ id }))).toMatchObject({ status: 400, msg: '记录已存在' });
  });

  // Functions: ids exist only once beforeAll has run.
  it.each([
    ['phone', () => ({ mobilePhone: '12345678901' }), rules.phone.message],
    ['short phone', () => ({ mobilePhone: '1390000111' }), '请正确输入您的手机号'],
    ['e-mail', () => ({ email: 'nope' }), '请正确输入您的邮箱地址'],
    ['account symbols', () => ({ account: 'ab-c' }), '只能输入数字英文'],
    ['account in Chinese', () => ({ account: '张三' }), rules.account.message],
    ['empty account', () => ({ account: '' }), '账户不能为空'],
    ['name symbols', () => ({ realName: '李#四' }), '名称不能含有特殊符号'],
    ['empty name', () => ({ realName: '' }), '名称不能为空'],
    ['password not hashed', () => ({ password: 'Abc12345' }), '密码格式不正确'],
    ['no password', () => ({ password: undefined }), '密码不能为空'],
    ['gender', () => ({ gender: '9' }), '性别不正确'],
    ['entry date', () => ({ entryDate: '2024-13-45' }), '入职日期格式不正确'],
    ['no organize', () => ({ organizeId: undefined }), 'ID不能为空'],
    ['organize is a department', () => ({ organizeId: dept.get('YM.IT')!.id }), '所属组织不存在'],
    ['department is a company', () => ({ departmentId: company.id }), '所属部门不存在'],
    ['unknown position', () => ({ positionId: ulid() }), '岗位不存在'],
    ['unknown manager', () => ({ managerId: ulid() }), '直属主管不存在'],
    ['unknown role', () => ({ roleIds: [ulid()] }), '角色不存在'],
    ['account taken', () => ({ account: 'ym0001' }), '账户已存在'],
  ] as const)('refuses %s', async (_label, over, msg) => {
    const before = (await list('')).pagination.total;
    expect(await req('POST', '/Permission/Users', admin, newUser(over()))).toMatchObject({ status: 400, code: 400, msg });
    expect((await list('')).pagination.total).toBe(before);
  });

  it('answers validation messages in the caller language', async () => {
    const res = await req('POST', '/Permission/Users', admin, newUser({ account: 'a-b' }), { 'accept-language': 'en' });
    expect(res.msg).toBe('Only letters and digits are allowed');
    const taken = await req('POST', '/Permission/Users', admin, newUser({ account: 'ym0001' }), { 'accept-language': 'zh-TW' });
    expect(taken.msg).toBe('賬戶已存在');
  });

  it('a department of another company is refused', async () => {
    const other = await req('POST', '/Permission/Organize', admin, { fullName: '另一公司', enCode: 'OTHERCO' });
    const res = await req('POST', '/Permission/Users', admin, newUser({ organizeId: other.data.id }));
    expect(res).toMatchObject({ status: 400, msg: '所属部门不属于所选组织' });
    await req('DELETE', `/Permission/Organize/${other.data.id}`, admin);
  });

  it('updates fields; roleIds replace the roles, and leaving them out keeps them', async () => {
    const u = await create();
    const body = { ...newUser(), account: u.account, realName: '改名用户', mobilePhone: '', email: '', roleIds: [role.get('storeManager')!.id, role.get('staff')!.id] };
    delete (body as { password?: string }).password;
    const updated = await req('PUT', `/Permission/Users/${u.id}`, admin, body);
    expect(updated).toMatchObject({ status: 200, msg: '修改成功' });
    expect(updated.data).toMatchObject({ realName: '改名用户', mobilePhone: null, email: null, version: 2 });
    expect(updated.data.roleIds.sort()).toEqual([role.get('storeManager')!.id, role.get('staff')!.id].sort());
    const { roleIds: _dropped, ...withoutRoles } = body;
    const kept = await req('PUT', `/Permission/Users/${u.id}`, admin, { ...withoutRoles, realName: '再改名' });
    expect(kept.data.roleIds.sort()).toEqual(updated.data.roleIds.sort());
    const cleared = await req('PUT', `/Permission/Users/${u.id}`, admin, { ...body, roleIds: [] });
    expect(cleared.data).toMatchObject({ roleIds: [], roles: '', version: 4 });
    // A manager cannot be the user itself; the account stays unique.
    expect((await req('PUT', `/Permission/Users/${u.id}`, admin, { ...body, managerId: u.id })).msg).toBe('直属主管不能是自己');
    expect((await req('PUT', `/Permission/Users/${u.id}`, admin, { ...body, account: 'ym0001' })).msg).toBe('账户已存在');
    expect((await get(`/Permission/Users/${ulid()}`)).status).toBe(404);
    expect((await req('PUT', `/Permission/Users/${ulid()}`, admin, body)).status).toBe(404);
  });

  it('fields left out of an edit keep their value (a form that was not shown the phone does not wipe it)', async () => {
    const u = await create();
    const { password: _p, mobilePhone: _m, email: _e, gender: _g, entryDate: _d, ...partial } = newUser();
    const saved = await req('PUT', `/Permission/Users/${u.id}`, admin, { ...partial, account: u.account, realName: '只改名字' });
    expect(saved.data).toMatchObject({ realName: '只改名字', mobilePhone: '13900001111', email: 'tester@yunmian.example.com', gender: '1' });
    expect(saved.data.entryDate).toBe('2024-05-06T00:00:00.000Z');
  });

  it('If-Match: a stale version gets 409 with the current row and changes nothing', async () => {
    const u = await create();
    const body = { ...newUser(), account: u.account };
    const first = await req('PUT', `/Permission/Users/${u.id}`, admin, { ...body, realName: '第一次' }, { 'if-match': '1' });
    expect(first.data.version).toBe(2);
    const stale = await req('PUT', `/Permission/Users/${u.id}`, admin, { ...body, realName: '第二次' }, { 'if-match': '1' });
    expect(stale).toMatchObject({ status: 409, code: Code.CONFLICT, msg: '数据已被他人修改，请刷新后重试' });
    expect(stale.data).toEqual(first.data);
    const state = await req('PUT', `/Permission/Users/${u.id}/Actions/State`, admin, { enabledMark: 0 }, { 'if-match': '1' });
    expect(state.status).toBe(409);
    expect((await get(`/Permission/Users/${u.id}`)).data).toEqual(first.data);
  });

  it('deletes a user: its roles go and its sessions end', async () => {
    const u = await create();
    const token = await tokenFor(t.app, u.account, 'Abc12345');
    expect(await req('DELETE', `/Permission/Users/${u.id}`, admin)).toMatchObject({ status: 200, msg: '删除成功' });
    expect((await get(`/Permission/Users/${u.id}`)).status).toBe(404);
    expect((await currentUser(token)).status).toBe(401);
    expect(await t.db.select().from(userRoles).where(eq(userRoles.userId, u.id))).toEqual([]);
    expect((await req('DELETE', `/Permission/Users/${u.id}`, admin)).status).toBe(404);
  });

  it('refuses to delete yourself or an administrator', async () => {
    expect(await req('DELETE', `/Permission/Users/${adminId}`, admin)).toMatchObject({ status: 400, msg: '不能删除自己' });
    const other = await create();
    await t.db.update(users).set({ isAdministrator: true }).where(eq(users.id, other.id));
    expect(await req('DELETE', `/Permission/Users/${other.id}`, admin)).toMatchObject({ status: 400, msg: '不能删除系统管理员' });
    expect((await get(`/Permission/Users/${other.id}`)).status).toBe(200);
  });
});

describe('offline replay', () => {
  it('the same Idempotency-Key twice on POST creates one user', async () => {
    const key = ulid();
    const body = newUser({ id: ulid(), account: 'replayed' });
    const first = await t.app.inject({ method: 'POST', url: '/Permission/Users', headers: { ...authed(admin), 'idempotency-key': key }, payload: body });
    const second = await t.app.inject({ method: 'POST', url: '/Permission/Users', headers: { ...authed(admin), 'idempotency-key': key }, payload: body });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect((await list('keyword=replayed')).pagination.total).toBe(1);
    // Without the key, the same client-made id is refused rather than duplicated.
    expect((await req('POST', '/Permission/Users', admin, body)).msg).toBe('记录已存在');
  });

  it('a failed write inside an idempotent request leaves nothing behind', async () => {
    const key = ulid();
    const body = newUser({ account: 'ym0001' });
    const res = await req('POST', '/Permission/Users', admin, body, { 'idempotency-key': key });
    expect(res.msg).toBe('账户已存在');
    const retry = await req('POST', '/Permission/Users', admin, { ...body, account: 'afterfix' }, { 'idempotency-key': key });
    expect(retry.status).toBe(200);
  });
});

describe('reset password and state', () => {
  it('reset password: the new one signs in, the old one and old sessions no longer work', async () => {
    const token = await tokenFor(t.app, 'ym0020');
    const u = await byAccount('ym0020');
    const url = `/Permission/Users/${u.id}/Actions/ResetPassword`;
    expect(await req('POST', url, admin, { userPassword: 'abcdef' })).toMatchObject({ status: 400, msg: '6-16位字符的密码（数字和字母组成）' });
    expect(await req('POST', url, admin, { userPassword: '12345678' })).toMatchObject({ status: 400, msg: rules.password.message });
    expect(await req('POST', url, admin, {})).toMatchObject({ status: 400, msg: '新密码不能为空' });
    const res = await req('POST', url, admin, { userPassword: 'NewPass99' });
    expect(res).toMatchObject({ status: 200, code: 200, msg: '重置密码成功' });
    expect(res.data).toMatchObject({ id: u.id, account: 'ym0020' });
    expect(await currentUser(token)).toMatchObject({ status: 401, code: Code.TOKEN_REVOKED });
    expect((await login(t.app, 'ym0020', ADMIN_PASSWORD)).msg).toBe('账户或密码错误');
    expect((await login(t.app, 'ym0020', 'NewPass99')).code).toBe(200);
  });

  it("resetting one's own password keeps the current session", async () => {
    const other = await tokenFor(t.app, 'admin');
    const res = await req('POST', `/Permission/Users/${adminId}/Actions/ResetPassword`, admin, { userPassword: ADMIN_PASSWORD });
    expect(res.status).toBe(200);
    expect((await currentUser(admin)).code).toBe(200);
    expect((await currentUser(other)).code).toBe(Code.TOKEN_REVOKED);
  });

  it('disabling signs the user out (602) and blocks sign-in; enabling lets it back', async () => {
    const token = await tokenFor(t.app, 'ym0021');
    const u = await byAccount('ym0021');
    const url = `/Permission/Users/${u.id}/Actions/State`;
    const off = await req('PUT', url, admin, {});
    expect(off).toMatchObject({ status: 200, msg: '修改成功' });
    expect(off.data).toMatchObject({ id: u.id, enabledMark: 0, version: u.version + 1 });
    expect(await currentUser(token)).toMatchObject({ status: 401, code: Code.TOKEN_REVOKED });
    expect((await login(t.app, 'ym0021', ADMIN_PASSWORD)).msg).toBe('账户已被禁用，请联系管理员');
    // Users/All and the selector leave disabled users out.
    expect((await get('/Permission/Users/All')).data.list.some((x: UserBrief) => x.id === u.id)).toBe(false);
    const again = await req('PUT', url, admin, { enabledMark: 1 });
    expect(again.data).toMatchObject({ enabledMark: 1, version: u.version + 2 });
    expect((await login(t.app, 'ym0021', ADMIN_PASSWORD)).code).toBe(200);
    // Toggle without a body, then explicitly to the same state.
    expect((await req('PUT', url, admin)).data.enabledMark).toBe(0);
    expect((await req('PUT', url, admin, { enabledMark: 0 })).data.enabledMark).toBe(0);
    expect((await req('PUT', url, admin, { enabledMark: 2 })).status).toBe(400);
  });

  it('disabling through PUT signs the user out too; nobody disables themself', async () => {
    const u = await create();
    const token = await tokenFor(t.app, u.account, 'Abc12345');
    const body = { ...newUser(), account: u.account, enabledMark: 0 };
    expect((await req('PUT', `/Permission/Users/${u.id}`, admin, body)).data.enabledMark).toBe(0);
    expect((await currentUser(token)).code).toBe(Code.TOKEN_REVOKED);

    expect(await req('PUT', `/Permission/Users/${adminId}/Actions/State`, admin, {})).toMatchObject({ status: 400, msg: '不能禁用自己' });
    const me = await byAccount('admin');
    const selfBody = { account: 'admin', realName: me.realName, organizeId: me.organizeId, departmentId: me.departmentId, roleIds: me.roleIds, enabledMark: 0 };
    expect(await req('PUT', `/Permission/Users/${adminId}`, admin, selfBody)).toMatchObject({ status: 400, msg: '不能禁用自己' });
    expect((await currentUser(admin)).code).toBe(200);
  });
});

describe('user pickers', () => {
  it('Users/All lists enabled users for any signed-in user', async () => {
    const staff = await tokenFor(t.app, 'ym0010');
    const res = await get('/Permission/Users/All', staff);
    expect(res.status).toBe(200);
    const me = res.data.list.find((u: UserBrief) => u.account === 'ym0010');
    expect(me).toMatchObject({ department: '上海徐汇店', departmentId: dept.get('YM.OPS.SHXH')!.id });
    expect(me.quickQuery).toMatch(/^[A-Z]+$/);
  });

  it('Users/Selector: companies → departments → users', async () => {
    const staff = await tokenFor(t.app, 'ym0010');
    const res = await get('/Permission/Users/Selector', staff);
    const root = (res.data.list as TreeNode[]).find((n) => n.id === company.id)!;
    expect(root.type).toBe('company');
    const store = flatten<TreeNode>([root]).find((n) => n.id === dept.get('YM.OPS.SHXH')!.id)!;
    expect(store.type).toBe('department');
    const member = store.children!.find((n) => n.enCode === 'ym0010')!;
    expect(member).toMatchObject({ type: 'user', parentId: store.id, hasChildren: false });
    expect(member.icon).toMatch(/\.svg$/);
  });

  it.each(['/Permission/Users/All', '/Permission/Users/Selector'])('%s answers an ETag and 304 on If-None-Match', async (url) => {
    const first = await t.app.inject({ method: 'GET', url, headers: authed(admin) });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({ method: 'GET', url, headers: { ...authed(admin), 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });
});
