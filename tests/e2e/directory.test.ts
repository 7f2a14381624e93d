import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiLogin, hashPath, launch, newPage, screenshot, signIn } from './browser';
import { startFaultProxy, type FaultProxy } from './fault-proxy';
import { sharedServerUrl } from './shared-server';

const base = sharedServerUrl();
let browser: Browser;
const proxies: FaultProxy[] = [];

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
  await Promise.all(proxies.map((p) => p.stop()));
});

/** GET on the server directly (not through a proxy), as the administrator. */
async function api<T>(path: string): Promise<T> {
  const token = await apiLogin(base, 'admin');
  const res = await fetch(`${base}${path.replace(/^\//, '')}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { code: number; data: T; msg: string };
  if (body.code !== 200) throw new Error(`${path}: ${body.msg}`);
  return body.data;
}

async function open(account = 'admin'): Promise<{ proxy: FaultProxy; context: BrowserContext; page: Page }> {
  const proxy = await startFaultProxy(base);
  proxies.push(proxy);
  const { context, page } = await newPage(browser);
  await page.goto(`${proxy.url}#/login`);
  await signIn(page, account);
  await page.waitForURL(/#\/home/);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
  });
  return { proxy, context, page };
}

const pendingCount = async (page: Page) => Number((await page.getByTestId('sync-pending').getAttribute('data-count').catch(() => '0')) ?? 0);

async function createDepartment(page: Page, url: string, name: string, code: string) {
  await page.goto(`${url}#/permission/department`);
  await page.getByTestId('org-department-add').click();
  await page.getByTestId('org-unit-fullName').fill(name);
  await page.getByTestId('org-unit-enCode').fill(code);
  await page.getByTestId('org-unit-form-submit').click();
  await page.getByTestId('org-unit-form').waitFor({ state: 'detached' });
  await page.getByRole('cell', { name }).first().waitFor();
}

/** Opens the user page filtered on a department (a new user then starts in it) and creates a user there. */
async function createUser(page: Page, url: string, dept: string, user: { account: string; realName: string; role?: string }) {
  await page.goto(`${url}#/permission/user`);
  const panel = page.getByTestId('org-filter-panel');
  await panel.getByRole('searchbox').fill(dept);
  await panel.getByRole('treeitem', { name: new RegExp(dept) }).click();
  await page.getByTestId('org-user-add').click();
  await page.getByTestId('org-user-account').fill(user.account);
  await page.getByTestId('org-user-realName').fill(user.realName);
  await page.getByTestId('org-user-password').fill('Abc12345');
  if (user.role) {
    await page.getByRole('combobox', { name: /角色/ }).or(page.getByText('请选择角色')).first().click();
    await page.getByRole('option', { name: user.role }).click();
    await page.keyboard.press('Escape');
  }
  await page.getByTestId('org-user-form-submit').click();
  await page.getByTestId('org-user-form').waitFor({ state: 'detached' });
}

describe('organisation directory and permissions (issue 5)', () => {
  it('an admin creates a department, a role with only the user page and its add button, and a user; the user sees exactly that', async () => {
    const { proxy, page } = await open();

    await createDepartment(page, proxy.url, 'E2E体验店', 'YM.E2E');
    await screenshot(page, 'directory-department');

    // A role granted the user page and, of its buttons, only 新建.
    await page.goto(`${proxy.url}#/permission/role`);
    await page.getByTestId('role-add').click();
    await page.getByTestId('role-fullName').fill('E2E只读角色');
    await page.getByTestId('role-enCode').fill('e2eRole');
    await page.getByTestId('role-form-submit').click();
    const roleRow = page.getByTestId('role-row').filter({ hasText: 'e2eRole' });
    await expect.poll(async () => (await api<{ list: { enCode: string }[] }>('/Permission/Role?keyword=e2eRole')).list.length).toBe(1);
    await roleRow.getByTestId('role-authorize').click();
    const dialog = page.getByTestId('authorize-dialog');
    await dialog.getByTestId('grant-filter').fill('用户管理');
    await dialog.getByRole('treeitem', { name: /用户管理/ }).click();
    await dialog.getByTestId('authorize-tab-button').click();
    for (const name of ['编辑', '删除', '重置密码']) {
      await dialog.getByTestId('grant-filter').fill(name);
      // Of the matching buttons of every menu, the checked one is the user page's (its menu was just
      // granted); the tree shows the rows in view only, so it is scrolled down to it.
      const button = dialog.getByRole('treeitem', { name: new RegExp(`^\\s*${name}`) }).filter({ has: page.locator('[data-check="checked"]') });
      await dialog.getByRole('tree').hover();
      for (let i = 0; i < 30 && !(await button.count()); i++) await page.mouse.wheel(0, 200);
      await button.click();
    }
    await screenshot(page, 'directory-authorize');
    await dialog.getByTestId('authorize-save').click();
    await dialog.waitFor({ state: 'detached' });

    await createUser(page, proxy.url, 'E2E体验店', { account: 'e2euser1', realName: '体验店员', role: 'E2E只读角色' });
    await expect.poll(async () => (await api<{ list: { account: string; department: string; roles: string }[] }>('/Permission/Users?keyword=e2euser1')).list[0]).toMatchObject({
      account: 'e2euser1',
      department: 'E2E体验店',
      roles: 'E2E只读角色',
    });
    await expect.poll(() => pendingCount(page)).toBe(0);
    await screenshot(page, 'directory-user-list');

    // The new user signs in: exactly the granted menu, and of the page's buttons only 新建.
    const staff = await newPage(browser);
    await staff.page.goto(`${base}#/login`);
    await signIn(staff.page, 'e2euser1', 'Abc12345');
    await staff.page.waitForURL(/#\/home/);
    const token = await apiLogin(base, 'e2euser1', 'Abc12345');
    const me = (await (await fetch(`${base}Permission/Users/App/CurrentUser`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      data: { menuList: { enCode: string; children: { enCode: string }[] }[]; permissionList: { button: { enCode: string }[] }[] };
    };
    const codes = me.data.menuList.flatMap((m) => [m.enCode, ...m.children.map((c) => c.enCode)]);
    expect(codes.sort()).toEqual(['permission', 'permission.user']);
    expect(me.data.permissionList.flatMap((p) => p.button.map((b) => b.enCode))).toEqual(['btn_add']);
    await expect.poll(() => staff.page.getByRole('link', { name: '用户管理' }).count()).toBeGreaterThan(0);
    expect(await staff.page.getByRole('link', { name: '角色管理' }).count()).toBe(0);

    await staff.page.goto(`${base}#/permission/user`);
    await staff.page.getByTestId('org-user-row').first().waitFor();
    await staff.page.getByTestId('org-user-add').waitFor();
    expect(await staff.page.getByTestId('org-user-edit').count()).toBe(0);
    expect(await staff.page.getByTestId('org-user-delete').count()).toBe(0);
    expect(await staff.page.getByTestId('org-user-reset').count()).toBe(0);
    await screenshot(staff.page, 'directory-granted-user');

    // The server refuses what the page does not show.
    const del = await fetch(`${base}Permission/Role?keyword=e2eRole`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await del.json()) as { code: number }).code).toBe(403);
    await staff.context.close();
  });

  it('the user list keeps its keyword and page in the URL: a reload shows the same rows, and the page keeps one tab', async () => {
    const { proxy, page } = await open();
    await page.goto(`${proxy.url}#/permission/user`);
    await page.getByTestId('org-user-row').first().waitFor();
    // The seeded staff accounts are ym0001 … ym0050: three pages of 20.
    const keyword = page.getByTestId('list-toolbar-keyword');
    await keyword.fill('ym00');
    await keyword.press('Enter');
    await page.waitForURL(/[?&]q=ym00/);
    await expect.poll(() => page.getByTestId('list-pagination-total').textContent()).toBe('共 50 条');
    const firstOnPage1 = await page.getByTestId('org-user-row').first().textContent();
    await page.getByTestId('list-pagination-next').click();
    await page.waitForURL(/[?&]page=2/);
    await expect.poll(() => page.getByTestId('org-user-row').first().textContent()).not.toBe(firstOnPage1);
    const shown = await page.getByTestId('org-user-row').allTextContents();

    await page.reload();
    await page.getByTestId('org-user-row').first().waitFor();
    expect(await keyword.inputValue()).toBe('ym00');
    expect(await page.getByTestId('list-pagination-jump').inputValue()).toBe('2');
    await expect.poll(() => page.getByTestId('org-user-row').allTextContents()).toEqual(shown);
    expect(hashPath(page)).toMatch(/^\/permission\/user\?/);
    await screenshot(page, 'directory-user-list-query');

    // One tab for the page, whatever its query; it returns to the list as it was left.
    const tabs = () => page.locator('[data-tab]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tab')));
    expect((await tabs()).filter((t) => t?.startsWith('/permission/user'))).toEqual(['/permission/user']);
    await page.locator('[data-tab="/home"]').click();
    await page.waitForURL(/#\/home/);
    await page.locator('[data-tab="/permission/user"]').click();
    await page.waitForURL(/#\/permission\/user\?/);
    expect(hashPath(page)).toMatch(/page=2/);
    expect(hashPath(page)).toMatch(/q=ym00/);
    expect((await tabs()).filter((t) => t?.startsWith('/permission/user'))).toEqual(['/permission/user']);
  });

  it('the same edits made offline are kept, shown at once, and reach the server exactly once when back online', async () => {
    const { proxy, context, page } = await open();
    await page.goto(`${proxy.url}#/permission/department`);
    await page.getByRole('cell', { name: '总经办' }).first().waitFor();
    // The user page once online, so its lists and pickers are cached.
    await page.goto(`${proxy.url}#/permission/user`);
    await page.getByTestId('org-user-row').first().waitFor();
    await page.getByTestId('org-filter-panel').getByRole('treeitem').first().waitFor();

    proxy.setMode('down');
    await context.setOffline(true);
    await createDepartment(page, proxy.url, '离线新店', 'YM.OFFLINE');
    await createUser(page, proxy.url, '离线新店', { account: 'e2eoffline1', realName: '离线店员' });
    // Shown at once from the device, marked as waiting.
    await page.getByTestId('org-user-row').filter({ hasText: 'e2eoffline1' }).waitFor();
    await expect.poll(() => pendingCount(page)).toBe(2);
    await screenshot(page, 'directory-offline-pending');
    expect((await api<{ list: unknown[] }>('/Permission/Users?keyword=e2eoffline1')).list).toHaveLength(0);

    proxy.setMode('pass');
    await context.setOffline(false);
    await expect.poll(() => pendingCount(page), { timeout: 30_000 }).toBe(0);
    const users = await api<{ list: { account: string; department: string }[] }>('/Permission/Users?keyword=e2eoffline1');
    expect(users.list).toEqual([expect.objectContaining({ account: 'e2eoffline1', department: '离线新店' })]);
    const depts = await api<{ list: { enCode: string }[] }>('/Permission/Organize/Department/Selector');
    const flat = (n: { enCode?: string; children?: unknown[] }[]): string[] => n.flatMap((x) => [x.enCode ?? '', ...flat((x.children ?? []) as never)]);
    expect(flat(depts.list as never).filter((c) => c === 'YM.OFFLINE')).toHaveLength(1);
    // Each write was sent once through the proxy (no duplicate POST reached the server).
    const posts = proxy.log.filter((r) => r.method === 'POST' && /\/Permission\/(Users|Organize\/Department)(\?|$)/.test(r.url) && r.outcome === 'answered');
    expect(posts).toHaveLength(2);
  });
});
