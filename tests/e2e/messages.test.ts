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

async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path.replace(/^\//, '')}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data: T; msg: string };
  if (json.code !== 200) throw new Error(`${method} ${path}: ${json.code} ${json.msg}`);
  return json.data;
}

/** Drafts and releases a notice through the API, as the administrator. */
async function releaseNotice(title: string, bodyText: string, toUserIds: string[] = []) {
  const admin = await apiLogin(base, 'admin');
  const notice = await api<{ id: string }>(admin, 'POST', '/Message', { title, bodyText, toUserIds });
  await api(admin, 'PUT', `/Message/${notice.id}/Actions/Release`);
  return notice.id;
}

/** Signs in through a fault proxy; waits for the service worker and the websocket. */
async function open(account: string): Promise<{ proxy: FaultProxy; context: BrowserContext; page: Page }> {
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
  await page.locator('[data-testid=app-layout][data-realtime=open]').waitFor();
  return { proxy, context, page };
}

const badge = async (page: Page) => {
  const el = page.getByTestId('message-badge');
  if (!(await el.count())) return 0;
  return Number((await el.textContent())?.replace('+', '') ?? 0);
};
const pendingCount = async (page: Page) => Number((await page.getByTestId('sync-pending').getAttribute('data-count').catch(() => '0')) ?? 0);

describe('notices and system messages (issue 6)', () => {
  it('an admin writes and releases a notice on the notice page; a staff member sees the badge rise live and reads it in the dialog', async () => {
    const staff = await open('ym0035');
    await expect.poll(() => badge(staff.page)).toBeGreaterThan(0); // the welcome notice
    const before = await badge(staff.page);

    const admin = await open('admin');
    await admin.page.goto(`${admin.proxy.url}#/system/notice`);
    await admin.page.getByTestId('notice-add').click();
    const form = admin.page.getByTestId('notice-form');
    await form.getByTestId('notice-title').fill('周末门店促销安排');
    const editor = form.getByTestId('notice-editor-content');
    await editor.click();
    await admin.page.keyboard.type('本周六全场床垫');
    await form.getByTestId('notice-editor-bold').click();
    await admin.page.waitForTimeout(150);
    await admin.page.keyboard.type('八折');
    await screenshot(admin.page, 'notice-editor');
    await form.getByTestId('notice-form-submit').click();
    await form.waitFor({ state: 'detached' });
    const row = admin.page.getByTestId('notice-row').filter({ hasText: '周末门店促销安排' });
    await row.and(admin.page.locator('[data-state=draft]')).waitFor();
    await expect.poll(() => pendingCount(admin.page)).toBe(0);
    // A draft reaches nobody.
    expect(await badge(staff.page)).toBe(before);

    await row.getByTestId('notice-release').click();
    await admin.page.getByTestId('confirm-ok').click();
    await row.and(admin.page.locator('[data-state=released]')).waitFor();
    await screenshot(admin.page, 'notice-page');

    // Pushed over the websocket: the badge rises without a reload.
    await expect.poll(() => badge(staff.page), { timeout: 15_000 }).toBe(before + 1);
    await staff.page.getByTestId('message-entry').click();
    const item = staff.page.getByTestId('message-item').filter({ hasText: '周末门店促销安排' });
    await item.and(staff.page.locator('[data-read="0"]')).waitFor();
    await screenshot(staff.page, 'message-drawer');
    await item.click();
    const dialog = staff.page.getByTestId('message-notice-dialog');
    await expect.poll(() => dialog.getByTestId('message-notice-title').textContent()).toContain('周末门店促销安排');
    expect(await dialog.getByTestId('message-notice-body').locator('strong').textContent()).toBe('八折');
    await screenshot(staff.page, 'message-notice-dialog');
    expect(await badge(staff.page)).toBe(before);

    // The read reached the server.
    const token = await apiLogin(base, 'ym0035');
    await expect
      .poll(async () => (await api<{ list: { title: string; isRead: string }[] }>(token, 'GET', '/Message?keyword=' + encodeURIComponent('周末门店促销安排'))).list[0]?.isRead)
      .toBe('1');
    await staff.context.close();
    await admin.context.close();
  });

  it('a notice released while a staff member is offline is listed in the catch-up notice; a message read offline is read on the server once', async () => {
    await releaseNotice('离线前的公告', '<p>先到的公告</p>');
    const { proxy, context, page } = await open('ym0036');
    await page.getByTestId('message-entry').click();
    await page.getByTestId('message-item').filter({ hasText: '离线前的公告' }).waitFor();
    await page.keyboard.press('Escape');

    proxy.setMode('down');
    await context.setOffline(true);
    await page.locator('[data-testid=app-layout][data-realtime=open]').waitFor({ state: 'detached' });
    const id = await releaseNotice('离线期间发布的公告', '<p>到店请查看<img src="x" onerror="window.__pwned=1"></p>');

    // Read offline from the device's copy: queued, the counter drops at once.
    const before = await badge(page);
    await page.getByTestId('message-entry').click();
    await page.getByTestId('message-item').filter({ hasText: '离线前的公告' }).click();
    await page.getByTestId('message-notice-dialog').waitFor();
    await expect.poll(() => badge(page)).toBe(before - 1);
    await page.getByTestId('message-notice-close').click();
    await expect.poll(() => pendingCount(page)).toBe(1);
    await page.keyboard.press('Escape');

    proxy.setMode('pass');
    await context.setOffline(false);
    await expect.poll(() => page.getByText(/离线期间：.*离线期间发布的公告/).count(), { timeout: 40_000 }).toBeGreaterThan(0);
    await screenshot(page, 'message-catch-up');
    await expect.poll(() => pendingCount(page), { timeout: 30_000 }).toBe(0);
    await page.locator('[data-testid=app-layout][data-realtime=open]').waitFor();

    // The new notice is in the drawer; its HTML lost the handler.
    await page.getByTestId('message-entry').click();
    await page.getByTestId('message-item').filter({ hasText: '离线期间发布的公告' }).click();
    await page.getByTestId('message-notice-body').waitFor();
    expect(await page.getByTestId('message-notice-body').innerHTML()).not.toContain('onerror');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    const token = await apiLogin(base, 'ym0036');
    const list = await api<{ list: { id: string; title: string; isRead: string }[] }>(token, 'GET', '/Message?pageSize=50');
    expect(list.list.find((m) => m.title === '离线前的公告')?.isRead).toBe('1');
    // The notice just opened (online) is read on the server once its queued read is sent.
    await expect.poll(async () => (await api<{ list: { id: string; isRead: string }[] }>(token, 'GET', '/Message?pageSize=50')).list.find((m) => m.id === id)?.isRead).toBe('1');
    // The offline read went through the queue once.
    expect(proxy.log.filter((r) => r.method === 'GET' && r.url.startsWith('/Message/ReadInfo/') && r.outcome === 'answered').length).toBeGreaterThanOrEqual(1);
    await context.close();
  });

  it('mark-all-read asks the spec confirmation and zeroes the badge; the message centre searches and deletes', async () => {
    await releaseNotice('全部已读测试一', '<p>一</p>');
    await releaseNotice('全部已读测试二', '<p>二</p>');
    const { context, page, proxy } = await open('ym0037');
    await expect.poll(() => badge(page)).toBeGreaterThanOrEqual(2);
    await page.getByTestId('message-entry').click();
    await page.getByTestId('message-read-all').click();
    await page.getByText('您确定全部为已读状态, 是否继续?').waitFor();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => badge(page)).toBe(0);
    const token = await apiLogin(base, 'ym0037');
    await expect.poll(async () => (await api<{ unreadNoticeCount: number; unreadMessageCount: number }>(token, 'GET', '/Message')).unreadNoticeCount).toBe(0);

    await page.getByTestId('message-view-all').click();
    await page.waitForURL(/#\/messageRecord/);
    expect(hashPath(page)).toMatch(/^\/messageRecord/);
    const row = page.getByTestId('message-record-row').filter({ hasText: '全部已读测试一' });
    await row.waitFor();
    await screenshot(page, 'message-record');
    await row.getByTestId('message-record-row-delete').click();
    await page.locator('[data-testid=delete-confirm-yes]:visible').click();
    await row.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await api<{ list: { title: string }[] }>(token, 'GET', '/Message?keyword=' + encodeURIComponent('全部已读测试'))).list.map((m) => m.title))
      .toEqual(['全部已读测试二']);
    expect(proxy.log.filter((r) => r.method === 'DELETE' && r.url.startsWith('/Message/Record') && r.outcome === 'answered')).toHaveLength(1);
    await context.close();
  });

  it('a revoked session gets the websocket logout: 登录过期,请重新登录, then the sign-in page', async () => {
    const { context, page } = await open('ym0038');
    const token = await page.evaluate(() => localStorage.getItem('yunmian_token'));
    expect(token).toBeTruthy();
    // Signing the same session out elsewhere revokes it; the server tells the open websocket.
    await api(token!, 'POST', '/Permission/Login/logout');
    await page.getByText('登录过期,请重新登录').waitFor({ timeout: 15_000 });
    await page.waitForURL(/#\/login/, { timeout: 15_000 });
    await context.close();
  });
});
