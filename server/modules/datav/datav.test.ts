import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Code } from '../../../src/contracts/codes';
import type { MenuItem } from '../../../src/contracts/menu';
import { roles, userRoles, users } from '../../db/schema';
import { authed, call, createTestApp, tokenFor, type TestApp } from '../../test/helper';

let t: TestApp;
let admin: string;
let viewId: string;
let pageId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenFor(t.app, 'admin');
  const me = await call(t.app, { method: 'GET', url: '/Permission/Users/App/CurrentUser', headers: authed(admin) });
  const all = (me.data.menuList as MenuItem[]).flatMap((m) => [m, ...m.children]);
  viewId = all.find((m) => m.type === 6)!.id;
  pageId = all.find((m) => m.enCode === 'system.log')!.id;
});
afterAll(async () => {
  await t?.close();
});

const view = (id: string, token?: string) =>
  call(t.app, { method: 'GET', url: `/api/datav/view/${encodeURIComponent(id)}`, headers: token ? authed(token) : {} });

/** First enabled user holding the given role. */
async function accountWithRole(code: string) {
  const rows = await t.db
    .select({ account: users.account })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(roles.enCode, code), eq(users.enabled, true)))
    .orderBy(users.account)
    .limit(1);
  return rows[0]!.account;
}

describe('GET /api/datav/view/:id', () => {
  it('the type-6 menu entry opens the organisation overview with staff counts', async () => {
    const res = await view(viewId, admin);
    expect(res.status).toBe(200);
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ title: '组织概览', board: 'org-overview' });
    const seededUsers = await t.db.select({ id: users.id }).from(users).where(eq(users.enabled, true));
    expect(res.data.staffTotal).toBe(seededUsers.length);
    expect(res.data.staffTotal).toBeGreaterThan(40);

    const byDept = res.data.staffByDepartment as { name: string; count: number }[];
    expect(byDept.map((d) => d.name)).toContain('信息技术部');
    expect(byDept.find((d) => d.name === '上海徐汇店')?.count).toBe(7); // store manager + 6 assistants
    expect(byDept.find((d) => d.name === '信息技术部')?.count).toBe(4); // 3 engineers + the admin
    // Everyone sits in exactly one department.
    expect(byDept.reduce((s, d) => s + d.count, 0)).toBe(res.data.staffTotal);

    const signIns = res.data.signInsLast7Days as { day: string; count: number }[];
    expect(signIns.length).toBeGreaterThan(0);
    expect(signIns.reduce((s, d) => s + d.count, 0)).toBeGreaterThanOrEqual(1);
    expect(signIns.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d.day))).toBe(true);
  });

  it('a disabled user leaves the counts', async () => {
    const before = (await view(viewId, admin)).data.staffTotal;
    await t.db.update(users).set({ enabled: false }).where(eq(users.account, 'ym0049'));
    try {
      expect((await view(viewId, admin)).data.staffTotal).toBe(before - 1);
    } finally {
      await t.db.update(users).set({ enabled: true }).where(eq(users.account, 'ym0049'));
    }
  });

  it('a store manager (granted the view) may open it', async () => {
    const token = await tokenFor(t.app, await accountWithRole('storeManager'));
    const res = await view(viewId, token);
    expect(res.code).toBe(200);
    expect(res.data.board).toBe('org-overview');
  });

  it('a staff-role user gets 403 and does not see it in the menu', async () => {
    const token = await tokenFor(t.app, await accountWithRole('staff'));
    const res = await view(viewId, token);
    expect(res).toMatchObject({ status: 403, code: Code.FORBIDDEN, msg: '您的权限不足，请联系管理员' });
    const me = await call(t.app, { method: 'GET', url: '/Permission/Users/App/CurrentUser', headers: authed(token) });
    const ids = (me.data.menuList as MenuItem[]).flatMap((m) => [m.id, ...m.children.map((c) => c.id)]);
    expect(ids).not.toContain(viewId);
  });

  it('an unknown id, or a module that is not a data view, gets 403; a value that is not an id, 400', async () => {
    expect(await view('01ARZ3NDEKTSV4RRFFQ69G5FAV', admin)).toMatchObject({ status: 403, code: Code.FORBIDDEN });
    expect(await view(pageId, admin)).toMatchObject({ status: 403, code: Code.FORBIDDEN });
    expect(await view('01NOSUCHMODULE', admin)).toMatchObject({ status: 400, code: 400, msg: 'ID格式不正确' });
    expect(await view('x'.repeat(41), admin)).toMatchObject({ status: 400, code: 400 });
  });

  it('without a valid token it answers the session codes', async () => {
    expect((await view(viewId)).code).toBe(Code.TOKEN_INVALID);
    expect((await view(viewId, 'bogus')).code).toBe(Code.TOKEN_INVALID);
  });
});
