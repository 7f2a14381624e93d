import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiLogin, hashPath, launch, newPage, screenshot, signIn } from './browser';
import { sharedServerUrl } from './shared-server';

const base = sharedServerUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

describe('sign-in and session (spec 2.3, 4, 5.2)', () => {
  it('an unsigned visit goes to /login with the redirect parameter, and sign-in returns there', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${base}#/profile`);
    await page.waitForURL(/#\/login\?redirect=%2Fprofile/);
    await screenshot(page, 'login');
    await signIn(page);
    await page.waitForURL(/#\/profile$/);
    await page.getByRole('tab', { name: '基本信息' }).waitFor();
    expect(await page.title()).toBe('个人信息 - 云眠');
    await context.close();
  });

  it('signs in to a home page whose menu comes from the server, survives a reload, and signs out with confirmation', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(base);
    await page.waitForURL(/#\/login/);
    await signIn(page);
    await page.waitForURL(/#\/home/);
    await page.getByTestId('home-greeting').waitFor();
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByText('登录日志').waitFor();
    expect(await sidebar.locator('a[href*="/datav/index.html?id="]').getAttribute('href')).toMatch(/token=/);
    expect(await page.title()).toBe('首页 - 云眠');
    await screenshot(page, 'home');

    await page.reload();
    await page.getByTestId('home-greeting').waitFor();
    expect(hashPath(page)).toBe('/home');

    // A type-2 menu page and a type-7 _self link shown inside the app.
    await sidebar.getByText('登录日志').click();
    await page.waitForURL(/#\/system\/log$/);
    await page.getByTestId('login-log').waitFor();
    await sidebar.getByText('帮助', { exact: true }).click();
    await sidebar.getByText('员工手册').click();
    await page.waitForURL(/#\/help\.handbook$/);
    expect(await page.getByTestId('menu-iframe').getAttribute('src')).toBe('/help/handbook.html');
    // Leaving a menu-built page lands on the next page, not /404.
    await sidebar.getByText('员工手册').waitFor();
    await page.goto(`${base}#/home`);
    await page.getByTestId('home-greeting').waitFor();
    expect(hashPath(page)).toBe('/home');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.getByText('您确定要退出应用程序吗?').waitFor();
    await page.getByTestId('confirm-ok').click();
    await page.waitForURL(/#\/login/);
    expect(await page.evaluate(() => localStorage.getItem('yunmian_token'))).toBeNull();
    await context.close();
  });

  it('shows the previous-login notice bottom-right only after a sign-in from /login, for about 2 s', async () => {
    const { context, page } = await newPage(browser);
    await apiLogin(base); // guarantees a previous sign-in exists
    await page.goto(`${base}#/login`);
    await signIn(page);
    await page.waitForURL(/#\/home/);
    const notice = page.getByText('上次登录', { exact: true }).last();
    // Shown once home has loaded (which takes longer with another e2e file sharing the machine).
    await notice.waitFor({ timeout: 5000 });
    const box = await page.locator('[data-testid=toast-info]').boundingBox();
    expect(box!.x).toBeGreaterThan(640);
    expect(box!.y).toBeGreaterThan(400);
    await page.locator('[data-testid=toast-info]').waitFor({ state: 'detached', timeout: 5000 });
    // A reload is not a sign-in from /login: no notice.
    await page.reload();
    await page.getByTestId('home-greeting').waitFor();
    await page.waitForTimeout(600);
    expect(await page.locator('[data-testid=toast-info]').count()).toBe(0);
    await context.close();
  });

  it('a wrong password gets a clear error toast and stays on /login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${base}#/login`);
    await signIn(page, 'ym0003', 'Wrong123');
    await page.getByText('账户或密码错误').waitFor();
    expect(hashPath(page)).toMatch(/^\/login/);
    await context.close();
  });

  it('empty fields are refused on the client', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${base}#/login`);
    await page.locator('button[type=submit]').click();
    await page.getByText('请输入账户', { exact: true }).waitFor();
    await context.close();
  });

  it('locks the screen; every route then goes to /lockScreen until unlocked with account and password', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${base}#/login`);
    await signIn(page);
    await page.waitForURL(/#\/home/);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '锁定屏幕' }).click();
    await page.waitForURL(/#\/lockScreen$/);
    expect(await page.evaluate(() => localStorage.getItem('yunmian_isLock'))).toBe('1');
    await page.goto(`${base}#/profile`);
    await page.waitForURL(/#\/lockScreen$/);
    await page.reload();
    await page.waitForURL(/#\/lockScreen$/);
    await page.locator('input[name=password]').waitFor();
    await page.getByText('管理员').waitFor();
    await screenshot(page, 'lock-screen');
    await page.locator('input[name=password]').fill('Wrong123');
    await page.getByRole('button', { name: '解锁' }).click();
    await page.getByText('账户或密码错误').waitFor();
    expect(hashPath(page)).toBe('/lockScreen');
    await page.locator('input[name=password]').fill('Admin123');
    await page.getByRole('button', { name: '解锁' }).click();
    await page.waitForURL(/#\/home$/);
    expect(await page.evaluate(() => localStorage.getItem('yunmian_isLock'))).toBeNull();
    await context.close();
  });

  it('unknown paths go to /404; /home?token= signs in with the given token', async () => {
    const { context, page } = await newPage(browser);
    const token = await apiLogin(base);
    await page.goto(`${base}#/home?token=${token}`);
    await page.getByTestId('home-greeting').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('yunmian_token'))).toBe(token);
    await page.goto(`${base}#/no/such/page`);
    await page.waitForURL(/#\/404$/);
    await page.getByText('页面不存在').first().waitFor();
    await context.close();
  });

  it('/home?token= with a bad token goes to /login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${base}#/home?token=not-a-token`);
    await page.waitForURL(/#\/login/);
    await page.locator('input[name=account]').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('yunmian_token'))).toBeNull();
    await context.close();
  });

  it("a chat messenger's in-app browser is sent to /wxError on every route", async () => {
    const { context, page } = await newPage(browser, {
      userAgent: 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36 MicroMessenger/8.0.44',
    });
    await page.goto(`${base}#/login`);
    await page.waitForURL(/#\/wxError$/);
    await page.getByText('请在浏览器中打开').first().waitFor();
    await page.goto(`${base}#/profile`);
    await page.waitForURL(/#\/wxError$/);
    await context.close();
  });
});
