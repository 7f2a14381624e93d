import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { Code } from '../../../src/contracts/codes';
import {
  CLIENT_ID,
  CLIENT_SCOPE,
  CLIENT_SECRET,
  DATA_VIEW_PATH,
  GRANT_TYPE,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_WINDOW_MINUTES,
} from '../../../src/contracts/limits';
import type { MenuItem } from '../../../src/contracts/menu';
import { hashPassword } from '../../../src/contracts/password';
import { loginLogs, sessions, users } from '../../db/schema';
import { tokenHash } from '../../lib/passwords';
import { ADMIN_PASSWORD, authed, call, createTestApp, login, loginUrl, tokenFor, type TestApp } from '../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Each test that records failures signs in from its own address, so address throttling stays local. */
let ipSeq = 0;
const nextIp = () => `198.51.100.${++ipSeq}`;

const currentUser = (token: string, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'GET', url: '/Permission/Users/App/CurrentUser', headers: { ...authed(token), ...headers } });

const postLogin = (payload: unknown, extra: { url?: string; headers?: Record<string, string>; remoteAddress?: string } = {}) =>
  call(t.app, {
    method: 'POST',
    url: extra.url ?? loginUrl(),
    payload: payload as string,
    headers: extra.headers,
    remoteAddress: extra.remoteAddress,
  });

const lockScreen = (account: string, password: string, token?: string, remoteAddress?: string) =>
  call(t.app, {
    method: 'POST',
    url: '/api/craft/oauth/LockScreen',
    payload: { account, password: hashPassword(password) },
    headers: token ? authed(token) : {},
    remoteAddress,
  });

const setEnabled = (account: string, enabled: boolean) =>
  t.db.update(users).set({ enabled }).where(eq(users.account, account));

const byCode = (list: MenuItem[], enCode: string) => list.find((m) => m.enCode === enCode);

describe('login', () => {
  it('returns a token and the theme, and the token opens CurrentUser', async () => {
    const res = await login(t.app, 'admin', ADMIN_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.code).toBe(Code.OK);
    expect(res.msg).toBe('登录成功');
    expect(res.data.token).toMatch(/^[\w-]{20,}$/);
    expect(res.data.theme).toBe('classic');

    const me = await currentUser(res.data.token);
    expect(me.code).toBe(200);
    expect(Array.isArray(me.data.permissionList)).toBe(true);
  });

  it('trims the account (spec 5.2)', async () => {
    const res = await login(t.app, '  admin ', ADMIN_PASSWORD);
    expect(res.code).toBe(200);
  });

  it('accepts the sub-account form mobile@account and rejects a wrong mobile', async () => {
    const [u] = await t.db.select().from(users).where(eq(users.account, 'ym0001'));
    expect(u?.mobilePhone).toMatch(/^1[3-9]\d{9}$/);
    const ok = await login(t.app, `${u!.mobilePhone}@ym0001`, ADMIN_PASSWORD);
    expect(ok.code).toBe(200);
    const me = await currentUser(ok.data.token);
    expect(me.data.userInfo.userAccount).toBe('ym0001');

    const bad = await login(t.app, '13900000000@ym0001', ADMIN_PASSWORD, { remoteAddress: nextIp() });
    expect(bad.status).toBe(400);
    expect(bad.msg).toBe('账户或密码错误');
  });

  it('CurrentUser carries the seeded menu tree, user info and permission list', async () => {
    const token = await tokenFor(t.app, 'admin');
    const me = await currentUser(token);
    expect(me.status).toBe(200);
    const { menuList, userInfo, permissionList } = me.data as {
      menuList: MenuItem[];
      userInfo: Record<string, unknown>;
      permissionList: unknown[];
    };

    // Top-level entries in menu order: the foundation's, the store business (issue 20), the campaign
    // pages' (issue 18), workflow (issue 21), online development (issue 20) and the directory's (issue 5).
    expect(menuList.map((m) => m.enCode)).toEqual(['workbench', 'storeBiz', 'h5', 'workFlow', 'onlineDev', 'permission', 'system', 'systemData', 'help']);
    expect(byCode(menuList, 'permission')!.children.map((c) => c.enCode)).toEqual([
      'permission.organize',
      'permission.department',
      'permission.position',
      'permission.user',
      'permission.role',
    ]);
    const workbench = byCode(menuList, 'workbench')!;
    expect(workbench.type).toBe(1);
    expect(workbench.hasChildren).toBe(true);
    expect(workbench.children.map((c) => c.enCode)).toEqual(['system.log', 'dataV.orgOverview']);
    const log = byCode(workbench.children, 'system.log')!;
    expect(log).toMatchObject({ type: 2, urlAddress: 'system/log', hasChildren: false, parentId: workbench.id });
    expect(log.propertyJson.moduleId).toBe(log.id);
    const view = byCode(workbench.children, 'dataV.orgOverview')!;
    expect(view).toMatchObject({ type: 6, urlAddress: DATA_VIEW_PATH });

    const help = byCode(menuList, 'help')!;
    expect(help.children.map((c) => c.enCode)).toEqual(['help.handbook', 'help.guide']);
    expect(byCode(help.children, 'help.handbook')).toMatchObject({ type: 7, linkTarget: '_self' });
    expect(byCode(help.children, 'help.guide')).toMatchObject({ type: 7, linkTarget: '_blank' });

    expect(userInfo).toMatchObject({
      userAccount: 'admin',
      userName: '管理员',
      headIcon: '001.svg',
      theme: 'classic',
      isAdministrator: true,
      roleName: '系统管理员',
      organizeName: '云眠家居有限公司',
      departmentName: '信息技术部',
      positionName: '工程师',
    });
    expect(typeof userInfo.userId).toBe('string');
    expect(userInfo).toHaveProperty('portalId');
    expect([0, 1]).toContain(userInfo.prevLogin);
    expect(Array.isArray(permissionList)).toBe(true);
  });

  it('a staff member sees only the entries granted to the staff role', async () => {
    const token = await tokenFor(t.app, 'ym0005');
    const me = await currentUser(token);
    const workbench = byCode(me.data.menuList, 'workbench')!;
    expect(workbench.children.map((c: MenuItem) => c.enCode)).toEqual(['system.log']);
    expect(byCode(me.data.menuList, 'help')?.children).toHaveLength(2);
    expect(me.data.userInfo).toMatchObject({ userAccount: 'ym0005', isAdministrator: false, roleName: '店员' });
  });

  it('prevLogin is 0 on the first sign-in and then names the previous one', async () => {
    const first = await login(t.app, 'ym0010', ADMIN_PASSWORD, { remoteAddress: '10.1.2.3' });
    expect(first.code).toBe(200);
    const me1 = await currentUser(first.data.token);
    expect(me1.data.userInfo).toMatchObject({
      prevLogin: 0,
      prevLoginTime: null,
      prevLoginIPAddress: null,
      prevLoginIPAddressName: null,
    });

    const second = await login(t.app, 'ym0010', ADMIN_PASSWORD, { remoteAddress: '203.0.113.9' });
    const me2 = await currentUser(second.data.token);
    const [firstLog] = await t.db
      .select()
      .from(loginLogs)
      .where(and(eq(loginLogs.account, 'ym0010'), eq(loginLogs.success, true)))
      .orderBy(asc(loginLogs.createdAt))
      .limit(1);
    expect(me2.data.userInfo).toMatchObject({
      prevLogin: 1,
      prevLoginIPAddress: '10.1.2.3',
      prevLoginIPAddressName: '内网',
    });
    expect(new Date(me2.data.userInfo.prevLoginTime).getTime()).toBe(firstLog!.createdAt.getTime());

    // The first session still describes the sign-in before itself: none.
    expect((await currentUser(first.data.token)).data.userInfo.prevLogin).toBe(0);
  });

  it('unlocking the screen does not count as the previous sign-in', async () => {
    const first = await tokenFor(t.app, 'ym0015', ADMIN_PASSWORD, { remoteAddress: '10.7.7.7' });
    expect((await lockScreen('ym0015', ADMIN_PASSWORD, first, '10.8.8.8')).code).toBe(200);
    const second = await tokenFor(t.app, 'ym0015', ADMIN_PASSWORD, { remoteAddress: '10.9.9.9' });
    expect((await currentUser(second)).data.userInfo.prevLoginIPAddress).toBe('10.7.7.7');
  });
});

describe('login rejects bad input with a coded envelope', () => {
  it('wrong password', async () => {
    const res = await login(t.app, 'ym0002', 'Wrong999', { remoteAddress: nextIp() });
    expect(res).toMatchObject({ status: 400, code: 400, msg: '账户或密码错误', data: null });
  });

  it('unknown account answers exactly like a wrong password', async () => {
    const res = await login(t.app, 'nobody', ADMIN_PASSWORD, { remoteAddress: nextIp() });
    expect(res).toMatchObject({ status: 400, code: 400, msg: '账户或密码错误' });
  });

  it('disabled account: refused only once the password is right', async () => {
    await setEnabled('ym0011', false);
    const wrong = await login(t.app, 'ym0011', 'Wrong999', { remoteAddress: nextIp() });
    expect(wrong.msg).toBe('账户或密码错误');
    const right = await login(t.app, 'ym0011', ADMIN_PASSWORD, { remoteAddress: nextIp() });
    expect(right).toMatchObject({ status: 400, code: 400, msg: '账户已被禁用，请联系管理员' });
    await setEnabled('ym0011', true);
    expect((await login(t.app, 'ym0011', ADMIN_PASSWORD)).code).toBe(200);
  });

  it('malformed JSON body', async () => {
    const res = await postLogin('{"account": "admin", ', { headers: { 'content-type': 'application/json' } });
    expect(res).toMatchObject({ status: 400, code: 400, msg: '请求格式不正确' });
  });

  it('a body that is not a JSON object', async () => {
    const text = await postLogin('account=admin', { headers: { 'content-type': 'text/plain' } });
    expect(text).toMatchObject({ status: 400, code: 400, msg: '请求格式不正确' });
    const form = await postLogin('account=admin', { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form).toMatchObject({ status: 400, code: 400, msg: '请求格式不正确' });
    const array = await postLogin('["admin"]', { headers: { 'content-type': 'application/json' } });
    expect(array).toMatchObject({ status: 400, code: 400, msg: '请求格式不正确' });
  });

  it('an oversized body answers 413', async () => {
    const res = await postLogin({ account: 'admin', password: 'x'.repeat(1024 * 1024 + 10) });
    expect(res).toMatchObject({ status: 413, code: Code.PAYLOAD_TOO_LARGE, msg: '请求内容过大' });
  });

  it('missing fields name the missing field', async () => {
    expect(await postLogin({})).toMatchObject({ status: 400, code: 400, msg: '账户不能为空' });
    expect(await postLogin({ account: '   ', password: hashPassword('x') })).toMatchObject({ status: 400, msg: '账户不能为空' });
    expect(await postLogin({ account: 'admin' })).toMatchObject({ status: 400, code: 400, msg: '密码不能为空' });
    // no body at all
    const empty = await call(t.app, { method: 'POST', url: loginUrl() });
    expect(empty).toMatchObject({ status: 400, code: 400, msg: '账户不能为空' });
  });

  it('a body of the wrong shape', async () => {
    const res = await postLogin({ account: 12345, password: hashPassword('x') });
    expect(res.status).toBe(400);
    expect(res.code).toBe(400);
    expect(res.msg).toContain('账户');
  });

  it('wrong client secret answers 401', async () => {
    const res = await login(t.app, 'admin', ADMIN_PASSWORD, { secret: 'not-the-secret' });
    expect(res).toMatchObject({ status: 401, code: Code.UNAUTHORIZED, msg: '客户端认证失败' });
  });

  it('wrong scope or grant type answers 401, missing client query 400', async () => {
    const payload = { account: 'admin', password: hashPassword(ADMIN_PASSWORD) };
    const wrongScope = `/Permission/Login/login?client_id=${CLIENT_ID}&client_secret=${CLIENT_SECRET}&scope=none&grant_type=${GRANT_TYPE}`;
    expect(await postLogin(payload, { url: wrongScope })).toMatchObject({ status: 401, msg: '客户端认证失败' });
    const wrongGrant = `/Permission/Login/login?client_id=${CLIENT_ID}&client_secret=${CLIENT_SECRET}&scope=${CLIENT_SCOPE}&grant_type=code`;
    expect(await postLogin(payload, { url: wrongGrant })).toMatchObject({ status: 401, msg: '客户端认证失败' });
    expect(await postLogin(payload, { url: '/Permission/Login/login' })).toMatchObject({ status: 400, msg: '客户端标识不正确' });
  });

  it('too-long account', async () => {
    const res = await postLogin({ account: 'a'.repeat(51), password: hashPassword('x') });
    expect(res).toMatchObject({ status: 400, code: 400, msg: '账户长度不能超过50个字符' });
  });

  it('a password that is not the hashed wire form', async () => {
    const res = await postLogin({ account: 'admin', password: ADMIN_PASSWORD });
    expect(res).toMatchObject({ status: 400, code: 400, msg: '密码格式不正确' });
    // The plain password never signs in, even if it happened to be 64 hex characters long.
    const hexPlain = await postLogin({ account: 'admin', password: 'a'.repeat(64) }, { remoteAddress: nextIp() });
    expect(hexPlain.msg).toBe('账户或密码错误');
  });

  it('an unknown path answers 404 in the envelope', async () => {
    const res = await call(t.app, { method: 'GET', url: '/Permission/NoSuchThing' });
    expect(res).toMatchObject({ status: 404, code: 404, msg: '接口不存在' });
  });
});

describe('Accept-Language', () => {
  it('en gives English messages', async () => {
    const res = await login(t.app, 'nobody4', 'x', { headers: { 'accept-language': 'en-US,en;q=0.9' }, remoteAddress: nextIp() });
    expect(res.msg).toBe('Wrong account or password');
    const long = await postLogin({ account: 'a'.repeat(51), password: 'x' }, { headers: { 'accept-language': 'en' } });
    expect(long.msg).toBe('Account must be at most 50 characters');
    const none = await call(t.app, { method: 'GET', url: '/Permission/Users/App/CurrentUser', headers: { 'accept-language': 'en' } });
    expect(none.msg).toBe('Your sign-in is not valid. Please sign in again.');
  });

  it('zh-TW gives traditional Chinese, anything else simplified', async () => {
    const tw = await login(t.app, 'nobody2', 'x', { headers: { 'accept-language': 'zh-TW' }, remoteAddress: nextIp() });
    expect(tw.msg).toBe('賬戶或密碼錯誤');
    const fr = await login(t.app, 'nobody3', 'x', { headers: { 'accept-language': 'fr-FR' }, remoteAddress: nextIp() });
    expect(fr.msg).toBe('账户或密码错误');
  });
});

describe('token codes', () => {
  it('no token or an unknown token → 601', async () => {
    const none = await call(t.app, { method: 'GET', url: '/Permission/Users/App/CurrentUser' });
    expect(none).toMatchObject({ status: 401, code: Code.TOKEN_INVALID, msg: '登录信息无效,请重新登录' });
    const unknown = await currentUser('not-a-real-token');
    expect(unknown.code).toBe(Code.TOKEN_INVALID);
    const huge = await currentUser('x'.repeat(5000));
    expect(huge.code).toBe(Code.TOKEN_INVALID);
  });

  it('expired token → 600', async () => {
    const token = await tokenFor(t.app, 'ym0013');
    expect((await currentUser(token)).code).toBe(200);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, tokenHash(token)));
    const res = await currentUser(token);
    expect(res).toMatchObject({ status: 401, code: Code.TOKEN_EXPIRED, msg: '登录过期,请重新登录' });
  });

  it('after logout → 602; the user’s other sessions keep working', async () => {
    const a = await tokenFor(t.app, 'ym0014');
    const b = await tokenFor(t.app, 'ym0014');
    const out = await call(t.app, { method: 'POST', url: '/Permission/Login/logout', headers: authed(a) });
    expect(out).toMatchObject({ status: 200, code: 200, msg: '退出成功' });
    expect(await currentUser(a)).toMatchObject({ code: Code.TOKEN_REVOKED, msg: '登录已失效,请重新登录' });
    expect((await currentUser(b)).code).toBe(200);
    // Logging out again with the dead token is itself refused with the session code.
    const again = await call(t.app, { method: 'POST', url: '/Permission/Login/logout', headers: authed(a) });
    expect(again.code).toBe(Code.TOKEN_REVOKED);
  });

  it('user disabled after login → 602', async () => {
    const token = await tokenFor(t.app, 'ym0012');
    await setEnabled('ym0012', false);
    try {
      expect((await currentUser(token)).code).toBe(Code.TOKEN_REVOKED);
    } finally {
      await setEnabled('ym0012', true);
    }
    expect((await currentUser(token)).code).toBe(200);
  });

  it('login and LockScreen never answer 600-602, whatever token they carry', async () => {
    const dead = await tokenFor(t.app, 'ym0016');
    await call(t.app, { method: 'POST', url: '/Permission/Login/logout', headers: authed(dead) });
    const expired = await tokenFor(t.app, 'ym0016');
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, tokenHash(expired)));
    for (const token of [dead, expired, 'garbage-token']) {
      const res = await login(t.app, 'ym0016', ADMIN_PASSWORD, { headers: authed(token) });
      expect(res.code).toBe(200);
      const unlock = await lockScreen('ym0016', ADMIN_PASSWORD, token);
      expect(unlock.code).toBe(200);
      const wrong = await lockScreen('ym0016', 'Wrong999', token, nextIp());
      expect(wrong.code).toBe(400);
    }
  });
});

describe('rate limit', () => {
  it(`${LOGIN_MAX_FAILURES_PER_ACCOUNT} wrong passwords lock the account, even for the right password`, async () => {
    const ip = nextIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      const res = await login(t.app, 'ym0020', 'Wrong999', { remoteAddress: ip });
      expect(res.status).toBe(400);
    }
    const locked = await login(t.app, 'ym0020', ADMIN_PASSWORD, { remoteAddress: ip });
    expect(locked).toMatchObject({ status: 429, code: Code.TOO_MANY_REQUESTS });
    expect(locked.msg).toBe(`登录失败次数过多，请${LOGIN_WINDOW_MINUTES}分钟后再试`);
    const en = await login(t.app, 'ym0020', ADMIN_PASSWORD, { remoteAddress: ip, headers: { 'accept-language': 'en' } });
    expect(en.msg).toBe(`Too many failed sign-in attempts. Try again in ${LOGIN_WINDOW_MINUTES} minutes.`);
    // The account stays locked from another address too.
    expect((await login(t.app, 'ym0020', ADMIN_PASSWORD, { remoteAddress: nextIp() })).status).toBe(429);
    // Another account from the same address still works.
    const other = await login(t.app, 'ym0021', ADMIN_PASSWORD, { remoteAddress: ip });
    expect(other.code).toBe(200);
  });

  it('the failure count of an account restarts after a successful sign-in', async () => {
    const ip = nextIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT - 1; i++) {
      await login(t.app, 'ym0028', 'Wrong999', { remoteAddress: ip });
    }
    expect((await login(t.app, 'ym0028', ADMIN_PASSWORD, { remoteAddress: ip })).code).toBe(200);
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT - 1; i++) {
      expect((await login(t.app, 'ym0028', 'Wrong999', { remoteAddress: ip })).status).toBe(400);
    }
    expect((await login(t.app, 'ym0028', ADMIN_PASSWORD, { remoteAddress: ip })).code).toBe(200);
  });

  it(`${LOGIN_MAX_FAILURES_PER_ADDRESS} failures from one address lock that address for every account`, async () => {
    const ip = nextIp();
    const perAccount = LOGIN_MAX_FAILURES_PER_ACCOUNT - 1;
    const accounts = ['ym0022', 'ym0023', 'ym0024', 'ym0025', 'ym0026', 'ym0029'];
    let failures = 0;
    for (const account of accounts) {
      for (let i = 0; i < perAccount && failures < LOGIN_MAX_FAILURES_PER_ADDRESS; i++) {
        const res = await login(t.app, account, 'Wrong999', { remoteAddress: ip });
        // Under the limit each attempt is still judged on its merits.
        expect(res.status).toBe(400);
        failures++;
      }
    }
    expect(failures).toBe(LOGIN_MAX_FAILURES_PER_ADDRESS);
    const blocked = await login(t.app, 'ym0027', ADMIN_PASSWORD, { remoteAddress: ip });
    expect(blocked.status).toBe(429);
    expect(blocked.msg).toContain('登录失败次数过多');
    // The same account from another address is fine: the limit is per address.
    expect((await login(t.app, 'ym0027', ADMIN_PASSWORD, { remoteAddress: nextIp() })).code).toBe(200);
  });
});

describe('LockScreen', () => {
  it('right credentials unlock; wrong ones do not; another account is refused', async () => {
    const token = await tokenFor(t.app, 'admin');
    const ok = await lockScreen('admin', ADMIN_PASSWORD, token);
    expect(ok).toMatchObject({ status: 200, code: 200, msg: '解锁成功' });
    // The session still works after unlocking.
    expect((await currentUser(token)).code).toBe(200);

    const wrong = await lockScreen('admin', 'Wrong999', token, nextIp());
    expect(wrong).toMatchObject({ status: 400, code: 400, msg: '账户或密码错误' });

    const other = await lockScreen('ym0003', ADMIN_PASSWORD, token);
    expect(other).toMatchObject({ status: 400, code: 400, msg: '账户与当前登录用户不一致' });
  });

  it('validates its body like login', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/craft/oauth/LockScreen', payload: { account: 'admin' } });
    expect(res).toMatchObject({ status: 400, msg: '密码不能为空' });
    const raw = await call(t.app, {
      method: 'POST',
      url: '/api/craft/oauth/LockScreen',
      payload: { account: 'admin', password: ADMIN_PASSWORD },
    });
    expect(raw).toMatchObject({ status: 400, msg: '密码格式不正确' });
  });
});
