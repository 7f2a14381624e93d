import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, newPage, screenshot, signIn } from './browser';
import { startFaultProxy, type FaultProxy } from './fault-proxy';
import { sharedServerUrl } from './shared-server';

/** Issue 15 "Trust": what the user is told about a write is what the server did with it. */

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

/** Signs in through a fresh fault proxy (its delays and outages apply to this page only). */
async function open(account: string, before?: (proxy: FaultProxy) => void): Promise<{ proxy: FaultProxy; context: BrowserContext; page: Page }> {
  const proxy = await startFaultProxy(base);
  proxies.push(proxy);
  before?.(proxy);
  const { context, page } = await newPage(browser);
  await page.goto(`${proxy.url}#/login`);
  await signIn(page, account);
  await page.getByTestId('home-greeting').waitFor();
  return { proxy, context, page };
}

async function saveRealName(page: Page, url: string, name: string) {
  await page.goto(`${url}#/profile`);
  await expect.poll(() => page.locator('input[name=realName]').inputValue()).not.toBe('');
  await page.locator('input[name=realName]').fill(name);
  await page.getByRole('button', { name: '保存', exact: true }).click();
}

describe('honest feedback on writes (issue 15)', () => {
  it('online, a save is reported once the server has it; a slow answer is reported as saved on the device and syncing', async () => {
    const { proxy, context, page } = await open('ym0011');
    await saveRealName(page, proxy.url, '反馈测试一');
    await page.getByText('保存成功').first().waitFor();
    await page.getByText('保存成功').first().waitFor({ state: 'hidden', timeout: 10_000 });

    proxy.setDelay('/Permission/Users/Current/BaseInfo', 3500);
    await saveRealName(page, proxy.url, '反馈测试二');
    await page.getByText('已保存在本机，正在同步').first().waitFor();
    expect(await page.getByText('保存成功').count()).toBe(0);
    await context.close();
  });

  it('the sync panel says in words why a write waits and when it is tried again', async () => {
    const { proxy, context, page } = await open('ym0012');
    // The server cannot be reached, but the browser believes it is online: the write is tried and fails.
    await page.goto(`${proxy.url}#/profile`);
    await expect.poll(() => page.locator('input[name=realName]').inputValue()).not.toBe('');
    // The sync panel's code has been fetched (the shell fetches its drawers once it has settled).
    await page.locator('[data-testid=app-layout][data-drawers=ready]').waitFor();
    proxy.setMode('down');
    await page.locator('input[name=realName]').fill('面板文字');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByTestId('sync-pending').click();
    const error = page.getByTestId('sync-entry-error').first();
    await expect.poll(() => error.textContent(), { timeout: 15_000 }).toMatch(/^网络不可用，(将在 \d+ 秒后重试|正在重试)（第 \d+ 次）$/);
    expect(await page.getByTestId('sync-panel').textContent()).not.toMatch(/Failed to fetch|no response/);
    await screenshot(page, 'feedback-sync-panel');
    await context.close();
  });

  it('signing out ends quietly: no expired-session message', async () => {
    const { context, page } = await open('ym0013');
    await page.locator('[data-testid=app-layout][data-realtime=open]').waitFor();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.getByText('您确定要退出应用程序吗?').waitFor();
    await page.getByTestId('confirm-ok').click();
    await page.waitForURL(/#\/login/);
    await page.waitForTimeout(2500);
    expect(await page.getByText('登录过期,请重新登录').count()).toBe(0);
    await context.close();
  });

  it('while online and loading, the home page does not say the figures need the network', async () => {
    const proxy = await startFaultProxy(base);
    proxies.push(proxy);
    proxy.setDelay('/api/home/summary', 1500);
    const { context, page } = await newPage(browser);
    // Watches the whole page life from its first script: a flash of the note counts too.
    await context.addInitScript(() => {
      const w = window as unknown as { __sawFiguresOffline?: boolean };
      new MutationObserver(() => {
        if (document.querySelector('[data-testid=home-figures-offline]')) w.__sawFiguresOffline = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${proxy.url}#/login`);
    await signIn(page, 'ym0014');
    await page.getByTestId('home-greeting').waitFor();
    await expect.poll(() => page.getByTestId('home-staff-value').textContent(), { timeout: 10_000 }).toMatch(/\d/);
    expect(await page.evaluate(() => (window as unknown as { __sawFiguresOffline?: boolean }).__sawFiguresOffline ?? false)).toBe(false);
    await context.close();
  });

  it('a delete the server refuses shows its message, never 删除成功, and the row stays', async () => {
    const { proxy, context, page } = await open('admin');
    await page.goto(`${proxy.url}#/permission/organize`);
    const row = page.getByTestId('org-company-table-row').filter({ hasText: '云眠家居有限公司' }).first();
    await row.waitFor();
    await row.getByTestId('org-company-table-delete').click();
    await page.getByTestId('record-delete-confirm').getByText('确定删除「云眠家居有限公司」吗？').waitFor();
    await page.getByTestId('delete-confirm-yes').click();
    await page.getByText('该组织下有下级组织或用户，不能删除').first().waitFor();
    expect(await page.getByText('删除成功').count()).toBe(0);
    // Taken back on screen: the company is listed, without 待同步.
    await row.waitFor();
    await expect.poll(() => row.textContent()).not.toContain('待同步');
    // Told at once, so not left behind as a problem in the sync panel.
    await expect.poll(() => page.getByTestId('sync-problems').count()).toBe(0);
    await screenshot(page, 'feedback-refused-delete');
    await context.close();
  });
});
