import { foundationMenus } from '../../db/seed/menus';
import { baseMenus } from '../base/seed';
import { h5Menus } from '../h5/seed';
import { onlineDevMenus } from '../online-dev/seed';
import { workflowMenus } from '../workflow/seed';
import { messageMenus } from '../message/seed';
import { orgMenus } from '../org/seed';
import { permissionMenus } from '../permission/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../src/contracts/codes';
import { languages } from '../../../src/contracts/auth';
import { AVATARS } from '../../../src/contracts/limits';
import { hashPassword } from '../../../src/contracts/password';
import { rules } from '../../../src/contracts/validation';
import { ADMIN_PASSWORD, authed, call, createTestApp, login, tokenFor, type TestApp } from '../../test/helper';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenFor(t.app, 'admin');
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token: string, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'GET', url, headers: { ...authed(token), ...headers } });
const put = (url: string, token: string, payload?: unknown, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'PUT', url, headers: { ...authed(token), ...headers }, payload: payload as object });
const currentUser = (token: string) => get('/Permission/Users/App/CurrentUser', token);
const baseInfo = (token: string) => get('/Permission/Users/Current/BaseInfo', token);
const modifyPassword = (token: string, oldPlain: string, newPlain: string) =>
  call(t.app, {
    method: 'POST',
    url: '/Permission/Users/Current/Actions/ModifyPassword',
    headers: authed(token),
    payload: { oldPassword: hashPassword(oldPlain), password: newPlain },
  });

describe('every profile call needs a session', () => {
  it.each([
    ['GET', '/Permission/Users/Current/BaseInfo'],
    ['PUT', '/Permission/Users/Current/BaseInfo'],
    ['PUT', '/Permission/Users/Current/Avatar/002.svg'],
    ['POST', '/Permission/Users/Current/Actions/ModifyPassword'],
    ['PUT', '/Permission/Users/CurrentTheme'],
    ['PUT', '/Permission/Users/CurrentLanguage'],
    ['GET', '/Permission/Users/Current/Subordinate'],
    ['GET', '/Permission/Users/Current/Authorize'],
    ['GET', '/Permission/Users/CurrentLog'],
  ] as const)('%s %s without a token → 601', async (method, url) => {
    const res = await call(t.app, { method, url, payload: method === 'GET' ? undefined : {} });
    expect(res).toMatchObject({ status: 401, code: Code.TOKEN_INVALID });
  });
});

describe('BaseInfo', () => {
  it('GET describes the signed-in user with readable names', async () => {
    const res = await baseInfo(admin);
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({
      account: 'admin',
      realName: '管理员',
      headIcon: '001.svg',
      organizeName: '云眠家居有限公司',
      departmentName: '信息技术部',
      positionName: '工程师',
      roleName: '系统管理员',
      managerName: null,
      entryDate: '2020-03-01T00:00:00.000Z',
    });
    expect(Number.isNaN(Date.parse(res.data.creatorTime))).toBe(false);
  });

  it('a store assistant sees the store manager as manager', async () => {
    const manager = await baseInfo(await tokenFor(t.app, 'ym0004'));
    const assistant = await baseInfo(await tokenFor(t.app, 'ym0005'));
    expect(assistant.data.departmentName).toBe('上海徐汇店');
    expect(assistant.data.positionName).toBe('导购');
    expect(assistant.data.managerName).toBe(manager.data.realName);
  });

  it('PUT saves the fields (trimmed), and the new name shows in CurrentUser', async () => {
    const token = await tokenFor(t.app, 'ym0030');
    const body = {
      realName: '测试 员工',
      gender: '2',
      mobilePhone: '13912345678',
      email: 'tester@yunmian.example.com',
      signature: '  今天也要加油  ',
      description: '门店支持',
    };
    const res = await put('/Permission/Users/Current/BaseInfo', token, body);
    expect(res).toMatchObject({ status: 200, code: 200, msg: '修改成功' });
    const after = await baseInfo(token);
    expect(after.data).toMatchObject({ ...body, signature: '今天也要加油', account: 'ym0030' });
    expect((await currentUser(token)).data.userInfo.userName).toBe('测试 员工');

    // Empty phone and e-mail clear the stored values.
    await put('/Permission/Users/Current/BaseInfo', token, { realName: '测试员工', mobilePhone: '', email: '' });
    const cleared = await baseInfo(token);
    expect(cleared.data).toMatchObject({ realName: '测试员工', mobilePhone: null, email: null });
  });

  it('PUT rejects invalid values with the spec messages and keeps the saved data', async () => {
    const token = await tokenFor(t.app, 'ym0031');
    const before = await baseInfo(token);
    const cases: [Record<string, unknown>, string][] = [
      [{ realName: '张三', mobilePhone: '12345678901' }, rules.phone.message],
      [{ realName: '张三', mobilePhone: '1391234567' }, '请正确输入您的手机号'],
      [{ realName: '张三', email: 'not-an-email' }, '请正确输入您的邮箱地址'],
      [{ realName: '张三#' }, '名称不能含有特殊符号'],
      [{ realName: '' }, '姓名不能为空'],
      [{ mobilePhone: '13912345678' }, '姓名不能为空'],
      [{ realName: '张'.repeat(51) }, '姓名长度不能超过50个字符'],
      [{ realName: '张三', gender: 'x' }, '性别不正确'],
      [{ realName: '张三', signature: 's'.repeat(501) }, '长度不能超过500个字符'],
    ];
    for (const [body, msg] of cases) {
      const res = await put('/Permission/Users/Current/BaseInfo', token, body);
      expect({ body, ...res }).toMatchObject({ body, status: 400, code: 400, msg });
    }
    expect((await baseInfo(token)).data).toEqual(before.data);
  });

  it('validation messages follow Accept-Language', async () => {
    const res = await put('/Permission/Users/Current/BaseInfo', admin, { realName: 'X', mobilePhone: '123' }, { 'accept-language': 'en' });
    expect(res.msg).toBe('Please enter a valid mobile number');
    const long = await put('/Permission/Users/Current/BaseInfo', admin, { realName: 'x'.repeat(51) }, { 'accept-language': 'en' });
    expect(long.msg).toBe('Name must be at most 50 characters');
  });
});

describe('Avatar', () => {
  it('a built-in avatar name is saved and shown everywhere', async () => {
    const token = await tokenFor(t.app, 'ym0032');
    expect(await put('/Permission/Users/Current/Avatar/001.svg', token)).toMatchObject({ status: 200, code: 200 });
    expect((await baseInfo(token)).data.headIcon).toBe('001.svg');
    const last = AVATARS[AVATARS.length - 1]!;
    expect((await put(`/Permission/Users/Current/Avatar/${last}`, token)).code).toBe(200);
    expect((await baseInfo(token)).data.headIcon).toBe(last);
    expect((await currentUser(token)).data.userInfo.headIcon).toBe(last);
  });

  it.each(['evil.png', '013.svg', '..%2F..%2Fetc%2Fpasswd', '001.SVG'])('refuses %s', async (name) => {
    const token = await tokenFor(t.app, 'ym0033');
    const before = (await baseInfo(token)).data.headIcon;
    const res = await put(`/Permission/Users/Current/Avatar/${name}`, token);
    expect(res).toMatchObject({ status: 400, code: 400, msg: '头像名称不正确' });
    expect((await baseInfo(token)).data.headIcon).toBe(before);
  });

  it('an over-long or badly encoded name still gets a coded 400 envelope', async () => {
    for (const [name, msg] of [
      ['x'.repeat(300), '路径参数格式不正确'],
      ['%E0%A4%A', '请求格式不正确'],
    ]) {
      const res = await put(`/Permission/Users/Current/Avatar/${name}`, admin);
      expect(res).toMatchObject({ status: 400, code: 400, msg });
    }
  });
});

describe('versions and If-Match', () => {
  const BASE_INFO = '/Permission/Users/Current/BaseInfo';

  it('BaseInfo carries a version; base-info and avatar changes add one, settings do not', async () => {
    const token = await tokenFor(t.app, 'ym0042');
    const v = (await baseInfo(token)).data.version;
    expect(Number.isInteger(v) && v >= 1).toBe(true);
    const saved = await put(BASE_INFO, token, { realName: '版本' });
    // The answer is the saved BaseInfo, so a replayed write learns the new version.
    expect(saved).toMatchObject({ status: 200, code: 200, msg: '修改成功', data: { realName: '版本', version: v + 1 } });
    const avatar = await put('/Permission/Users/Current/Avatar/003.svg', token);
    expect(avatar.data).toMatchObject({ headIcon: '003.svg', version: v + 2 });
    await put('/Permission/Users/CurrentTheme', token, { theme: 'functional' });
    await put('/Permission/Users/CurrentLanguage', token, { language: 'en' });
    expect((await baseInfo(token)).data.version).toBe(v + 2);
  });

  it('a matching If-Match saves and adds one; quotes are allowed', async () => {
    const token = await tokenFor(t.app, 'ym0043');
    const v = (await baseInfo(token)).data.version;
    const plain = await put(BASE_INFO, token, { realName: '甲方' }, { 'if-match': String(v) });
    expect(plain).toMatchObject({ status: 200, data: { realName: '甲方', version: v + 1 } });
    const quoted = await put(BASE_INFO, token, { realName: '乙方' }, { 'if-match': `"${v + 1}"` });
    expect(quoted).toMatchObject({ status: 200, data: { realName: '乙方', version: v + 2 } });
    expect((await baseInfo(token)).data).toMatchObject({ realName: '乙方', version: v + 2 });
  });

  it('a stale If-Match → 409 with the current BaseInfo, and nothing changes', async () => {
    const token = await tokenFor(t.app, 'ym0044');
    const base = (await baseInfo(token)).data.version;
    // Someone else (another device) saves first, without If-Match: last writer wins.
    await put(BASE_INFO, token, { realName: '他人改过', signature: '他的签名' });
    const current = (await baseInfo(token)).data;
    expect(current.version).toBe(base + 1);

    const res = await put(BASE_INFO, token, { realName: '我的修改', signature: '我的签名' }, { 'if-match': `"${base}"` });
    expect(res).toMatchObject({ status: 409, code: Code.CONFLICT, msg: '数据已被他人修改，请刷新后重试' });
    expect(res.data).toEqual(current);
    expect((await baseInfo(token)).data).toEqual(current);

    const en = await put(BASE_INFO, token, { realName: '我的修改' }, { 'if-match': String(base), 'accept-language': 'en' });
    expect(en.msg).toBe('The data was changed by someone else. Please refresh and try again.');
    const tw = await put(BASE_INFO, token, { realName: '我的修改' }, { 'if-match': String(base), 'accept-language': 'zh-TW' });
    expect(tw.msg).toBe('數據已被他人修改，請刷新後重試');
    // A version from the future is just as stale.
    expect((await put(BASE_INFO, token, { realName: '我的修改' }, { 'if-match': String(base + 5) })).status).toBe(409);
    expect((await baseInfo(token)).data).toEqual(current);
  });

  it('concurrent saves on the same version: one wins, the other gets 409', async () => {
    const token = await tokenFor(t.app, 'ym0045');
    const v = (await baseInfo(token)).data.version;
    const results = await Promise.all(['并发一', '并发二'].map((realName) => put(BASE_INFO, token, { realName }, { 'if-match': String(v) })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await baseInfo(token)).data.version).toBe(v + 1);
  });

  it('a malformed If-Match → 400; * means any version', async () => {
    const token = await tokenFor(t.app, 'ym0046');
    const v = (await baseInfo(token)).data.version;
    for (const bad of ['abc', '1.5', '-1', '"', '99999999999']) {
      const res = await put(BASE_INFO, token, { realName: '坏版本' }, { 'if-match': bad });
      expect({ bad, ...res }).toMatchObject({ bad, status: 400, code: 400, msg: 'If-Match格式不正确，应为版本号' });
    }
    expect((await baseInfo(token)).data.version).toBe(v);
    expect(await put(BASE_INFO, token, { realName: '任意' }, { 'if-match': '*' })).toMatchObject({ status: 200, data: { version: v + 1 } });
  });
});

describe('ETag on CurrentUser', () => {
  const inject = (token: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/Permission/Users/App/CurrentUser', headers: { ...authed(token), ...headers } });

  it('a matching If-None-Match → 304 without a body; a change gives a new tag', async () => {
    const token = await tokenFor(t.app, 'ym0047');
    const first = await inject(token);
    expect(first.statusCode).toBe(200);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"[^"]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect((await inject(token)).headers.etag).toBe(tag);

    const cached = await inject(token, { 'if-none-match': tag });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');

    expect((await inject(token, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
    // The answer depends on the language and the user, and so does the tag.
    expect((await inject(token, { 'if-none-match': tag, 'accept-language': 'en' })).statusCode).toBe(200);
    expect((await inject(admin, { 'if-none-match': tag })).statusCode).toBe(200);

    await put('/Permission/Users/Current/BaseInfo', token, { realName: '新名字' });
    const changed = await inject(token, { 'if-none-match': tag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(tag);
    expect(changed.json().data.userInfo.userName).toBe('新名字');
  });

  it('errors and routes without the option carry no ETag', async () => {
    const expired = await t.app.inject({ method: 'GET', url: '/Permission/Users/App/CurrentUser', headers: authed('nope') });
    expect(expired.statusCode).toBe(401);
    expect(expired.headers.etag).toBeUndefined();
    const res = await t.app.inject({ method: 'GET', url: '/Permission/Users/Current/BaseInfo', headers: authed(admin) });
    expect(res.headers.etag).toBeUndefined();
  });
});

describe('ModifyPassword', () => {
  it('checks the old password and the spec 5.1 rule', async () => {
    const token = await tokenFor(t.app, 'ym0034');
    expect(await modifyPassword(token, 'NotMine1', 'NewPass99')).toMatchObject({ status: 400, code: 400, msg: '原密码错误' });
    for (const bad of ['abc12', 'abcdefgh', '12345678', 'abc123!@#', 'a1'.repeat(9)]) {
      const res = await modifyPassword(token, ADMIN_PASSWORD, bad);
      expect({ bad, ...res }).toMatchObject({ bad, status: 400, msg: '6-16位字符的密码（数字和字母组成）' });
    }
    expect(await modifyPassword(token, ADMIN_PASSWORD, ADMIN_PASSWORD)).toMatchObject({ status: 400, msg: '新密码不能与原密码相同' });
    const missing = await call(t.app, {
      method: 'POST',
      url: '/Permission/Users/Current/Actions/ModifyPassword',
      headers: authed(token),
      payload: { oldPassword: hashPassword(ADMIN_PASSWORD) },
    });
    expect(missing).toMatchObject({ status: 400, msg: '新密码不能为空' });
    // None of the refusals changed anything.
    expect((await login(t.app, 'ym0034', ADMIN_PASSWORD)).code).toBe(200);
  });

  it('success: the new password signs in, the old does not; other sessions end, this one stays', async () => {
    const current = await tokenFor(t.app, 'ym0035');
    const other = await tokenFor(t.app, 'ym0035', ADMIN_PASSWORD, { remoteAddress: '10.0.0.2' });
    const res = await modifyPassword(current, ADMIN_PASSWORD, 'NewPass99');
    expect(res).toMatchObject({ status: 200, code: 200, msg: '修改成功' });

    expect((await currentUser(current)).code).toBe(200);
    expect((await currentUser(other)).code).toBe(Code.TOKEN_REVOKED);

    const old = await login(t.app, 'ym0035', ADMIN_PASSWORD, { remoteAddress: '10.0.0.3' });
    expect(old).toMatchObject({ status: 400, msg: '账户或密码错误' });
    expect((await login(t.app, 'ym0035', 'NewPass99')).code).toBe(200);

    // Other users sharing the old password are not affected.
    expect((await login(t.app, 'ym0036', ADMIN_PASSWORD)).code).toBe(200);
  });
});

describe('CurrentTheme and CurrentLanguage', () => {
  it('the theme is saved and returned by the next login', async () => {
    const token = await tokenFor(t.app, 'ym0037');
    expect(await put('/Permission/Users/CurrentTheme', token, { theme: 'functional' })).toMatchObject({ status: 200, code: 200 });
    expect((await currentUser(token)).data.userInfo.theme).toBe('functional');
    const again = await login(t.app, 'ym0037', ADMIN_PASSWORD);
    expect(again.data.theme).toBe('functional');
  });

  it('an empty theme is refused', async () => {
    const token = await tokenFor(t.app, 'ym0038');
    expect(await put('/Permission/Users/CurrentTheme', token, { theme: '  ' })).toMatchObject({ status: 400, msg: '主题不能为空' });
    expect(await put('/Permission/Users/CurrentTheme', token, {})).toMatchObject({ status: 400, msg: '主题不能为空' });
    expect((await currentUser(token)).data.userInfo.theme).toBe('classic');
  });

  it('a supported language is saved; anything else is refused', async () => {
    const token = await tokenFor(t.app, 'ym0039');
    const lang = languages.find((l) => l !== 'zh-CN')!;
    expect(await put('/Permission/Users/CurrentLanguage', token, { language: lang })).toMatchObject({ status: 200, code: 200 });
    expect((await currentUser(token)).data.userInfo.language).toBe(lang);
    for (const bad of ['fr', 'klingon', '', 42]) {
      expect(await put('/Permission/Users/CurrentLanguage', token, { language: bad })).toMatchObject({ status: 400, code: 400, msg: '语言不正确' });
    }
    expect(await put('/Permission/Users/CurrentLanguage', token, {})).toMatchObject({ status: 400, msg: '语言不正确' });
    expect((await currentUser(token)).data.userInfo.language).toBe(lang);
  });
});

describe('CurrentLog', () => {
  it('pages through the user’s own sign-ins, newest first', async () => {
    const account = 'ym0040';
    const ips = ['10.0.1.1', '10.0.1.2', '10.0.1.3'];
    let token = '';
    for (const ip of ips) token = await tokenFor(t.app, account, ADMIN_PASSWORD, { remoteAddress: ip });
    await login(t.app, account, 'Wrong999', { remoteAddress: '10.0.1.4' });
    // Someone else's sign-in and this user's screen unlocks are not part of the history.
    await tokenFor(t.app, 'ym0041', ADMIN_PASSWORD, { remoteAddress: '10.0.1.5' });
    await call(t.app, {
      method: 'POST',
      url: '/api/craft/oauth/LockScreen',
      headers: authed(token),
      payload: { account, password: hashPassword(ADMIN_PASSWORD) },
      remoteAddress: '10.0.1.6',
    });

    const all = await get('/Permission/Users/CurrentLog', token);
    expect(all.code).toBe(200);
    expect(all.data.pagination).toEqual({ currentPage: 1, pageSize: 20, total: 4 });
    expect(all.data.list.map((e: { ipAddress: string }) => e.ipAddress)).toEqual(['10.0.1.4', '10.0.1.3', '10.0.1.2', '10.0.1.1']);
    expect(all.data.list[0]).toMatchObject({ success: false, abstracts: '账户或密码错误', ipAddressName: '内网' });
    expect(all.data.list[1]).toMatchObject({ success: true, abstracts: '登录成功', platform: 'event' });
    const times = all.data.list.map((e: { loginTime: string }) => Date.parse(e.loginTime));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const page1 = await get('/Permission/Users/CurrentLog?currentPage=1&pageSize=3', token);
    const page2 = await get('/Permission/Users/CurrentLog?currentPage=2&pageSize=3', token);
    expect(page1.data.list).toHaveLength(3);
    expect(page2.data.list).toHaveLength(1);
    expect(page2.data.pagination).toEqual({ currentPage: 2, pageSize: 3, total: 4 });
    expect([...page1.data.list, ...page2.data.list]).toEqual(all.data.list);
  });

  it('refuses a bad page query', async () => {
    for (const q of ['currentPage=0', 'pageSize=0', 'pageSize=501', 'currentPage=abc']) {
      const res = await get(`/Permission/Users/CurrentLog?${q}`, admin);
      expect({ q, ...res }).toMatchObject({ q, status: 400, code: 400 });
    }
  });
});

describe('Subordinate and Authorize', () => {
  it('the administrator has the department heads as subordinates, not the store assistants', async () => {
    const res = await get('/Permission/Users/Current/Subordinate', admin);
    expect(res.code).toBe(200);
    const accounts = res.data.map((s: { account: string }) => s.account);
    expect(accounts).toContain('ym0001');
    const gm = res.data.find((s: { account: string }) => s.account === 'ym0001');
    expect(gm).toMatchObject({ departmentName: '总经办', positionName: '总经理' });
    expect(accounts).toContain('ym0004');
    expect(accounts).not.toContain('ym0005');
    expect([...accounts].sort()).toEqual(accounts);
  });

  it('a store manager has the store assistants; an assistant has none', async () => {
    const manager = await get('/Permission/Users/Current/Subordinate', await tokenFor(t.app, 'ym0004'));
    expect(manager.data).toHaveLength(6);
    for (const s of manager.data) expect(s).toMatchObject({ departmentName: '上海徐汇店', positionName: '导购' });
    const assistant = await get('/Permission/Users/Current/Subordinate', await tokenFor(t.app, 'ym0005'));
    expect(assistant).toMatchObject({ code: 200, data: [] });
  });

  it('Authorize lists roles and the modules they grant', async () => {
    const a = await get('/Permission/Users/Current/Authorize', admin);
    expect(a.code).toBe(200);
    expect(a.data.roles.map((r: { fullName: string }) => r.fullName)).toEqual(['系统管理员']);
    expect(a.data.modules.map((m: { enCode: string }) => m.enCode).sort()).toEqual(
      [
        ...[...foundationMenus, ...orgMenus, ...permissionMenus, ...baseMenus, ...messageMenus, ...h5Menus, ...onlineDevMenus, ...workflowMenus].map((m) => m.enCode),
        // Online development's published models, its dynamic dictionary and its report (issue 20).
        ...['storeInspection', 'customerRegistration', 'sampleRequest'].map((c) => `onlineDev.model.${c}`),
        'storeBiz.customerSource',
        'storeBiz.inspectionWeekly',
      ].sort(),
    );
    // The directory's buttons and columns come with it (e.g. the user page's reset password).
    expect(a.data.buttons.map((b: { enCode: string }) => b.enCode)).toContain('btn_resetPassword');
    expect(Array.isArray(a.data.buttons)).toBe(true);
    expect(Array.isArray(a.data.columns)).toBe(true);

    const staff = await get('/Permission/Users/Current/Authorize', await tokenFor(t.app, 'ym0005'));
    expect(staff.data.roles.map((r: { fullName: string }) => r.fullName)).toEqual(['店员']);
    const codes = staff.data.modules.map((m: { enCode: string }) => m.enCode);
    expect(codes).toContain('system.log');
    expect(codes).not.toContain('dataV.orgOverview');
    // Campaign pages are designed by staff of the marketing department, who have the staff role.
    expect(codes).toEqual(expect.arrayContaining(['h5', 'h5.works', 'h5.images']));
  });
});
