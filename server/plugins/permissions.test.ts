import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../src/contracts/codes';
import type { OrganizeRow, PositionRow, RoleRow, UserRow } from '../../src/contracts/org';
import { hashPassword } from '../../src/contracts/password';
import { authed, call, createTestApp, tokenFor, type TestApp } from '../test/helper';
import { permissionRepo } from './permissions';

/** Server-side enforcement: a shop assistant (role staff) reaches none of the admin screens' calls. */
let t: TestApp;
let admin: string;
let staff: string;
const ids = { company: '', department: '', position: '', user: '', role: '' };

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  call(t.app, { method, url, headers: authed(token), payload: method === 'GET' ? undefined : ((payload ?? {}) as object) });

/** Everything the admin screens show, to compare before and after. */
const snapshot = async () => {
  const reads = await Promise.all(
    [
      '/Permission/Organize',
      `/Permission/Organize/${ids.company}/Department`,
      '/Permission/Position?pageSize=100',
      '/Permission/Users?pageSize=100',
      '/Permission/Role?pageSize=100',
      `/Permission/Authority/Data/${ids.role}`,
    ].map((url) => req('GET', url, admin)),
  );
  for (const r of reads) expect(r.status).toBe(200);
  return reads.map((r) => r.data);
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenFor(t.app, 'admin');
  staff = await tokenFor(t.app, 'ym0010');
  const company = (await req('GET', '/Permission/Organize', admin)).data.list[0] as OrganizeRow;
  ids.company = company.id;
  ids.department = ((await req('GET', `/Permission/Organize/${company.id}/Department`, admin)).data.list as OrganizeRow[]).find((d) => d.enCode === 'YM.IT')!.id;
  ids.position = ((await req('GET', '/Permission/Position', admin)).data.list as PositionRow[])[0]!.id;
  ids.user = ((await req('GET', '/Permission/Users?keyword=ym0011', admin)).data.list as UserRow[])[0]!.id;
  ids.role = ((await req('GET', '/Permission/Role', admin)).data.list as RoleRow[]).find((r) => r.enCode === 'staff')!.id;
});
afterAll(async () => {
  await t?.close();
});

describe('a staff member (role staff) is refused every write and every admin list', () => {
  const organize = () => ({ fullName: '越权公司', enCode: 'HACK' });
  const calls: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', () => string, () => unknown][] = [
    ['list companies', 'GET', () => '/Permission/Organize', () => undefined],
    ['read company', 'GET', () => `/Permission/Organize/${ids.company}`, () => undefined],
    ['create company', 'POST', () => '/Permission/Organize', organize],
    ['edit company', 'PUT', () => `/Permission/Organize/${ids.company}`, organize],
    ['delete company', 'DELETE', () => `/Permission/Organize/${ids.company}`, () => undefined],
    ['list departments', 'GET', () => `/Permission/Organize/${ids.company}/Department`, () => undefined],
    ['read department', 'GET', () => `/Permission/Organize/Department/${ids.department}`, () => undefined],
    ['create department', 'POST', () => '/Permission/Organize/Department', () => ({ ...organize(), parentId: ids.company })],
    ['edit department', 'PUT', () => `/Permission/Organize/Department/${ids.department}`, () => ({ ...organize(), parentId: ids.company })],
    ['delete department', 'DELETE', () => `/Permission/Organize/Department/${ids.department}`, () => undefined],
    ['list positions', 'GET', () => '/Permission/Position', () => undefined],
    ['read position', 'GET', () => `/Permission/Position/${ids.position}`, () => undefined],
    ['create position', 'POST', () => '/Permission/Position', () => ({ ...organize(), organizeId: ids.department })],
    ['edit position', 'PUT', () => `/Permission/Position/${ids.position}`, () => ({ ...organize(), organizeId: ids.department })],
    ['delete position', 'DELETE', () => `/Permission/Position/${ids.position}`, () => undefined],
    ['list users', 'GET', () => '/Permission/Users', () => undefined],
    ['read user', 'GET', () => `/Permission/Users/${ids.user}`, () => undefined],
    ['create user', 'POST', () => '/Permission/Users', () => ({ account: 'hacker', realName: '越权', password: hashPassword('Abc12345'), organizeId: ids.company })],
    ['edit user', 'PUT', () => `/Permission/Users/${ids.user}`, () => ({ account: 'hacker', realName: '越权', organizeId: ids.company })],
    ['delete user', 'DELETE', () => `/Permission/Users/${ids.user}`, () => undefined],
    ['reset password', 'POST', () => `/Permission/Users/${ids.user}/Actions/ResetPassword`, () => ({ userPassword: 'Hijack123' })],
    ['disable user', 'PUT', () => `/Permission/Users/${ids.user}/Actions/State`, () => ({ enabledMark: 0 })],
    ['list roles', 'GET', () => '/Permission/Role', () => undefined],
    ['read role', 'GET', () => `/Permission/Role/${ids.role}`, () => undefined],
    ['create role', 'POST', () => '/Permission/Role', organize],
    ['edit role', 'PUT', () => `/Permission/Role/${ids.role}`, () => ({ ...organize(), dataScope: 'all' })],
    ['disable role', 'PUT', () => `/Permission/Role/${ids.role}/Actions/State`, () => ({ enabledMark: 0 })],
    ['delete role', 'DELETE', () => `/Permission/Role/${ids.role}`, () => undefined],
    ['read grants', 'GET', () => `/Permission/Authority/Data/${ids.role}`, () => undefined],
    ['grant', 'PUT', () => `/Permission/Authority/Data/${ids.role}`, () => ({ module: [] })],
  ];

  it('403 with the permission message on each call, and nothing changed', async () => {
    const before = await snapshot();
    for (const [name, method, url, body] of calls) {
      const res = await req(method, url(), staff, body());
      expect({ name, ...res }).toMatchObject({ name, status: 403, code: Code.FORBIDDEN, msg: '您没有此操作的权限', data: null });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('the refusal is translated', async () => {
    const res = await call(t.app, { method: 'GET', url: '/Permission/Role', headers: { ...authed(staff), 'accept-language': 'en' } });
    expect(res.msg).toBe('You do not have permission for this action');
  });

  it('pickers stay open to every signed-in user', async () => {
    for (const url of [
      '/Permission/Organize/Selector',
      '/Permission/Organize/Tree',
      '/Permission/Organize/Department/Selector',
      '/Permission/Position/Selector',
      '/Permission/Position/All',
      '/Permission/Users/All',
      '/Permission/Users/Selector',
      '/Permission/Role/Selector',
    ]) {
      const res = await req('GET', url, staff);
      expect({ url, status: res.status, code: res.code }).toEqual({ url, status: 200, code: 200 });
      expect(Array.isArray(res.data.list)).toBe(true);
    }
  });

  it('every call needs a session', async () => {
    for (const [name, method, url, body] of calls) {
      const res = await call(t.app, { method, url: url(), payload: method === 'GET' ? undefined : (body() as object) ?? {} });
      expect({ name, status: res.status, code: res.code }).toEqual({ name, status: 401, code: Code.TOKEN_INVALID });
    }
  });

  it('the grant check without the session query (permissionRepo.allowed) agrees with the calls', async () => {
    const repo = permissionRepo(t.db);
    const userOf = async (account: string) => (await req('GET', `/Permission/Users?keyword=${account}`, admin)).data.list[0].id as string;
    const [manager, clerk] = [await userOf('ym0001'), await userOf('ym0010')];
    for (const [userId, token] of [
      [manager, await tokenFor(t.app, 'ym0001')],
      [clerk, staff],
    ] as const) {
      for (const [rule, url] of [
        [{ module: 'permission.user' }, '/Permission/Users'],
        [{ module: 'permission.role' }, '/Permission/Role'],
      ] as const) {
        const res = await req('GET', url, token);
        expect({ userId, url, allowed: await repo.allowed(userId, rule) }).toEqual({ userId, url, allowed: res.status === 200 });
      }
    }
    // A button needs the module too: a button code nobody has is refused.
    expect(await repo.allowed(manager, { module: 'permission.user', button: 'btn_nonexistent' })).toBe(false);
  });
});
