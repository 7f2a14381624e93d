import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../src/contracts/codes';
import { homeSummarySchema, type HomeSummary } from '../../../src/contracts/home';
import { organizes, sessions, users } from '../../db/schema';
import { newId } from '../../lib/ids';
import { storePlainPassword, tokenHash } from '../../lib/passwords';
import { ADMIN_PASSWORD, authed, call, createTestApp, tokenFor, type TestApp } from '../../test/helper';

const HOME_SUMMARY_PATH = '/api/home/summary';
let t: TestApp;
let admin: string;

/** A second company built here, so every figure it should show is known. */
const acme = {
  company: newId(),
  sales: newId(),
  north: newId(), // under sales
  closed: newId(), // disabled department
  sub: newId(), // a sub-company: a separate organisation
  subDept: newId(),
};
let passwordHash: string;

const user = (account: string, org: Partial<typeof users.$inferInsert>, enabled = true): typeof users.$inferInsert => ({
  id: newId(),
  account,
  realName: account,
  passwordHash,
  enabled,
  ...org,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenFor(t.app, 'admin');
  passwordHash = await storePlainPassword(ADMIN_PASSWORD);
  await t.db.insert(organizes).values([
    { id: acme.company, parentId: null, category: 'company', enCode: 'ACME', fullName: '测试公司' },
    { id: acme.sales, parentId: acme.company, category: 'department', enCode: 'ACME.S', fullName: '销售部' },
    { id: acme.north, parentId: acme.sales, category: 'department', enCode: 'ACME.S.N', fullName: '北区门店' },
    { id: acme.closed, parentId: acme.company, category: 'department', enCode: 'ACME.X', fullName: '已撤销部门', enabled: false },
    { id: acme.sub, parentId: acme.company, category: 'company', enCode: 'ACME.SUB', fullName: '测试子公司' },
    { id: acme.subDept, parentId: acme.sub, category: 'department', enCode: 'ACME.SUB.D', fullName: '子公司门店' },
  ]);
  await t.db.insert(users).values([
    user('acme01', { organizeId: acme.company, departmentId: acme.sales }),
    user('acme02', { organizeId: acme.company, departmentId: acme.north }),
    // Only a department on record: the company is found above it.
    user('acme03', { organizeId: null, departmentId: acme.north }),
    user('acme04', { organizeId: acme.company, departmentId: acme.sales }, false),
    user('acmesub01', { organizeId: acme.sub, departmentId: acme.subDept }),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const summary = async (token: string) => {
  const res = await call<HomeSummary>(t.app, { method: 'GET', url: HOME_SUMMARY_PATH, headers: authed(token) });
  expect(res).toMatchObject({ status: 200, code: 200 });
  // The answer satisfies the shared contract exactly.
  expect(homeSummarySchema.strict().parse(res.data)).toEqual(res.data);
  return res.data;
};

describe('GET /api/home/summary', () => {
  it('needs a session', async () => {
    expect(await call(t.app, { method: 'GET', url: HOME_SUMMARY_PATH })).toMatchObject({ status: 401, code: Code.TOKEN_INVALID });
    expect(await call(t.app, { method: 'GET', url: HOME_SUMMARY_PATH, headers: authed('not-a-token') })).toMatchObject({
      status: 401,
      code: Code.TOKEN_INVALID,
    });
    const token = await tokenFor(t.app, 'ym0040');
    await call(t.app, { method: 'POST', url: '/Permission/Login/logout', headers: authed(token) });
    expect((await call(t.app, { method: 'GET', url: HOME_SUMMARY_PATH, headers: authed(token) })).code).toBe(Code.TOKEN_REVOKED);
  });

  it('unread notices and messages are the caller\'s own; the administrator has no approvals waiting', async () => {
    const before = await summary(admin);
    expect(before).toMatchObject({ unreadNotices: 1, unreadMessages: 0, todoApprovals: 0 }); // the welcome notice
    await call(t.app, { method: 'POST', url: '/Message/Actions/ReadAll', headers: authed(admin), payload: {} });
    expect(await summary(admin)).toMatchObject({ unreadNotices: 0, unreadMessages: 0 });
  });

  it('the demo company: its staff and departments, counted from the rows', async () => {
    // Worked out here from the seeded rows, independently of the server's SQL.
    const orgs = await t.db.select().from(organizes);
    const company = orgs.find((o) => o.enCode === 'YM')!;
    const inCompany = new Set([company.id]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const o of orgs) {
        if (o.category === 'department' && o.parentId && inCompany.has(o.parentId) && !inCompany.has(o.id)) {
          inCompany.add(o.id);
          grew = true;
        }
      }
    }
    const all = await t.db.select().from(users);
    const staff = all.filter((u) => u.enabled && (inCompany.has(u.organizeId ?? '') || inCompany.has(u.departmentId ?? ''))).length;
    const departments = orgs.filter((o) => o.category === 'department' && o.enabled && inCompany.has(o.id)).length;
    // The demo seed: the admin and 50 staff, 12 departments of which 4 stores sit under operations.
    expect([staff, departments]).toEqual([51, 12]);

    const admins = await summary(admin);
    expect(admins).toMatchObject({ staffInOrganize: staff, departmentsInOrganize: departments });
    // A store assistant sees the same organisation.
    expect(await summary(await tokenFor(t.app, 'ym0005'))).toMatchObject({ staffInOrganize: staff, departmentsInOrganize: departments });
  });

  it('a company built in the test: nested departments count, disabled ones and sub-companies do not', async () => {
    for (const account of ['acme01', 'acme03']) {
      expect(await summary(await tokenFor(t.app, account))).toMatchObject({ staffInOrganize: 3, departmentsInOrganize: 2 });
    }
    // The sub-company is its own organisation.
    expect(await summary(await tokenFor(t.app, 'acmesub01'))).toMatchObject({ staffInOrganize: 1, departmentsInOrganize: 1 });
  });

  it('a new user raises the count of their organisation only', async () => {
    const before = await summary(admin);
    const acmeBefore = await summary(await tokenFor(t.app, 'acme02'));
    const itDept = (await t.db.select().from(organizes)).find((o) => o.enCode === 'YM.IT')!;
    await t.db.insert(users).values(user('ym_new_01', { organizeId: itDept.parentId, departmentId: itDept.id }));
    expect((await summary(admin)).staffInOrganize).toBe(before.staffInOrganize + 1);
    expect((await summary(await tokenFor(t.app, 'acme02'))).staffInOrganize).toBe(acmeBefore.staffInOrganize);

    // A new department counts as well; a disabled user does not.
    await t.db.insert(organizes).values({ id: newId(), parentId: acme.north, category: 'department', enCode: 'ACME.S.N.2', fullName: '北区二店' });
    await t.db.insert(users).values(user('acme05', { organizeId: acme.company, departmentId: acme.north }, false));
    expect(await summary(await tokenFor(t.app, 'acme02'))).toMatchObject({
      staffInOrganize: acmeBefore.staffInOrganize,
      departmentsInOrganize: acmeBefore.departmentsInOrganize + 1,
    });
  });

  it('revalidates with If-None-Match: the same figures → 304 without a body; changed figures → 200 and a new tag', async () => {
    const token = await tokenFor(t.app, 'acme02');
    const get = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: HOME_SUMMARY_PATH, headers: { ...authed(token), ...headers } });
    const first = await get();
    const tag = first.headers.etag as string;
    expect(tag).toBeTruthy();
    const same = await get({ 'if-none-match': tag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    await t.db.insert(users).values(user('acme06', { organizeId: acme.company, departmentId: acme.sales }));
    const changed = await get({ 'if-none-match': tag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(tag);
  });

  it('onlineSessions counts the unexpired, unrevoked sessions of the organisation', async () => {
    const demoBefore = (await summary(admin)).onlineSessions;
    const sub = await tokenFor(t.app, 'acmesub01', ADMIN_PASSWORD, { remoteAddress: '10.9.0.1' });
    const base = (await summary(sub)).onlineSessions;
    expect(base).toBeGreaterThanOrEqual(1);

    const second = await tokenFor(t.app, 'acmesub01', ADMIN_PASSWORD, { remoteAddress: '10.9.0.2' });
    expect((await summary(sub)).onlineSessions).toBe(base + 1);

    // Expired and revoked sessions are not online.
    const subUser = (await t.db.select().from(users)).find((u) => u.account === 'acmesub01')!;
    const past = new Date(Date.now() - 60_000);
    await t.db.insert(sessions).values([
      { id: newId(), userId: subUser.id, tokenHash: tokenHash('expired-one'), expiresAt: past },
      { id: newId(), userId: subUser.id, tokenHash: tokenHash('revoked-one'), expiresAt: new Date(Date.now() + 3600_000), revokedAt: past },
    ]);
    expect((await summary(sub)).onlineSessions).toBe(base + 1);

    await call(t.app, { method: 'POST', url: '/Permission/Login/logout', headers: authed(second) });
    expect((await summary(sub)).onlineSessions).toBe(base);

    // Sign-ins in another organisation do not change the demo company's figure.
    expect((await summary(admin)).onlineSessions).toBe(demoBefore);
    await tokenFor(t.app, 'ym0041');
    expect((await summary(admin)).onlineSessions).toBe(demoBefore + 1);
  });

  it('lastLoginTime is null on the first sign-in, then the sign-in before the current one', async () => {
    const first = await tokenFor(t.app, 'ym0042', ADMIN_PASSWORD, { remoteAddress: '10.8.0.1' });
    expect((await summary(first)).lastLoginTime).toBeNull();
    const second = await tokenFor(t.app, 'ym0042', ADMIN_PASSWORD, { remoteAddress: '10.8.0.2' });
    const last = (await summary(second)).lastLoginTime;
    expect(last).not.toBeNull();
    const me = await call(t.app, { method: 'GET', url: '/Permission/Users/App/CurrentUser', headers: authed(second) });
    expect(last).toBe(me.data.userInfo.prevLoginTime);
  });
});
