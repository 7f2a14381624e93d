import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { hashPath, launch, newPage, screenshot, signIn } from './browser';
import { sharedServerUrl } from './shared-server';

const base = sharedServerUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** Signs in through the sign-in page and waits for the dashboard. Each test uses its own account. */
async function openShell(account: string, options: BrowserContextOptions = {}) {
  const { context, page } = await newPage(browser, options);
  await page.goto(base);
  await page.waitForURL(/#\/login/);
  await signIn(page, account);
  await page.getByTestId('home-greeting').waitFor();
  return { context, page };
}

async function chooseLayout(page: Page, layout: 'classic' | 'functional' | 'plain') {
  await page.getByTestId('settings-open').click();
  await page.getByTestId(`layout-${layout}`).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('settings-drawer').waitFor({ state: 'hidden' });
  await page.locator(`[data-testid=app-layout][data-layout=${layout}]`).waitFor();
}

const tabPaths = (page: Page) => page.locator('[data-tab]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tab')));

describe('layouts (spec 2.4, 4 Device)', () => {
  it('classic: a 210 px sidebar with one submenu open at a time, collapsing to icons and remembered', async () => {
    const { context, page } = await openShell('ym0020');
    const sidebar = page.getByTestId('sidebar');
    expect((await sidebar.boundingBox())?.width).toBe(210);
    await screenshot(page, 'layout-classic-desktop');
    // One submenu open at a time.
    await sidebar.getByRole('button', { name: '帮助' }).click();
    await sidebar.getByText('员工手册').waitFor();
    await sidebar.getByText('登录日志').waitFor({ state: 'hidden' });
    await page.getByTestId('sidebar-toggle').click();
    await page.locator('[data-testid=sidebar][data-collapsed=true]').waitFor();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(64);
    await page.reload();
    await page.locator('[data-testid=sidebar][data-collapsed=true]').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('yunmian_sidebarStatus'))).toBe('0');
    await context.close();
  });

  it('functional: a top menu with dropdowns instead of the sidebar; the layout follows the account to its next sign-in', async () => {
    const { context, page } = await openShell('ym0021');
    await chooseLayout(page, 'functional');
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    await page.getByTestId('top-menu').getByRole('button', { name: '工作台' }).click();
    await page.getByRole('menuitem', { name: '登录日志' }).click();
    await page.waitForURL(/#\/system\/log$/);
    await page.getByTestId('login-log').waitFor();
    await screenshot(page, 'layout-functional-desktop');
    await context.close();

    // CurrentTheme saved the layout: a fresh browser signs in to the same layout (spec 4 Session).
    const again = await openShell('ym0021');
    await again.page.locator('[data-testid=app-layout][data-layout=functional]').waitFor();
    await again.context.close();
  });

  it('plain: an icon-only sidebar whose directories open as flyout menus', async () => {
    const { context, page } = await openShell('ym0022');
    await chooseLayout(page, 'plain');
    const sidebar = page.getByTestId('sidebar');
    expect((await sidebar.boundingBox())?.width).toBe(64);
    expect(await page.getByTestId('sidebar-toggle').count()).toBe(0);
    await sidebar.getByRole('button', { name: '工作台' }).click();
    await page.getByRole('menuitem', { name: '登录日志' }).click();
    await page.waitForURL(/#\/system\/log$/);
    await screenshot(page, 'layout-plain-desktop');
    await context.close();
  });

  for (const layout of ['classic', 'functional', 'plain'] as const) {
    it(`${layout} on a 390 px phone: the sidebar starts closed, opens as a drawer, closes on navigation and on an outside click`, async () => {
      const { context, page } = await openShell(`ym002${['classic', 'functional', 'plain'].indexOf(layout) + 3}`, PHONE);
      await page.evaluate((l) => localStorage.setItem('yunmian_layoutType', l), layout);
      await page.reload();
      await page.locator('[data-testid=app-layout][data-device=mobile]').waitFor();
      expect(await page.getByTestId('sidebar').count()).toBe(0);
      await screenshot(page, `layout-${layout}-phone`);
      await page.getByTestId('sidebar-toggle').click();
      await page.getByTestId('sidebar').waitFor();
      await screenshot(page, `layout-${layout}-phone-menu`);
      // An outside click closes it.
      await page.mouse.click(370, 500);
      await page.getByTestId('sidebar').waitFor({ state: 'hidden' });
      // A route change closes it.
      await page.getByTestId('sidebar-toggle').click();
      await page.getByTestId('sidebar').getByText('登录日志').click();
      await page.waitForURL(/#\/system\/log$/);
      await page.getByTestId('sidebar').waitFor({ state: 'hidden' });
      // Nothing is wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await context.close();
    });
  }
});

describe('tabs (spec 2.4)', () => {
  it('keeps visited pages as tabs across a reload; home is fixed; middle-click and close go to the last tab', async () => {
    const { context, page } = await openShell('ym0026');
    const home = page.locator('[data-tab="/home"]');
    expect(await home.getAttribute('data-affix')).toBe('true');
    expect((await home.innerText()).trim()).toBe(''); // icon only
    expect(await home.getByTestId('tab-close').count()).toBe(0);

    await page.goto(`${base}#/profile`);
    await page.getByRole('tab', { name: '基本信息' }).waitFor();
    await page.getByTestId('sidebar').getByText('登录日志').click();
    await page.getByTestId('login-log').waitFor();
    await page.goto(`${base}#/menuMore`);
    await page.getByTestId('menu-more-section').first().waitFor();
    // The same page again adds no second tab.
    await page.goto(`${base}#/profile`);
    await page.locator('[data-tab="/profile"][data-active=true]').waitFor();
    expect(await tabPaths(page)).toEqual(['/home', '/profile', '/system/log', '/menuMore']);

    await page.reload();
    await page.locator('[data-tab="/menuMore"]').waitFor();
    expect(await tabPaths(page)).toEqual(['/home', '/profile', '/system/log', '/menuMore']);
    expect(hashPath(page)).toBe('/profile');
    await screenshot(page, 'tabs-after-reload');

    // Middle-click closes a tab that is not active: the page stays.
    await page.locator('[data-tab="/system/log"]').click({ button: 'middle' });
    await expect.poll(() => tabPaths(page)).toEqual(['/home', '/profile', '/menuMore']);
    expect(hashPath(page)).toBe('/profile');
    // Closing the active tab goes to the last remaining tab.
    await page.locator('[data-tab="/profile"]').getByTestId('tab-close').click();
    await page.waitForURL(/#\/menuMore$/);
    expect(await tabPaths(page)).toEqual(['/home', '/menuMore']);
    await context.close();
  });

  it('right-click menu (105 px): refresh re-renders through /redirect, close others, close all', async () => {
    const { context, page } = await openShell('ym0027');
    await page.goto(`${base}#/profile`);
    await page.getByRole('tab', { name: '基本信息' }).waitFor();
    await page.goto(`${base}#/menuMore`);
    await page.getByTestId('menu-more-section').first().waitFor();
    await page.goto(`${base}#/profile`);
    await page.getByRole('tab', { name: '基本信息' }).waitFor();

    // Refresh: the page is rendered anew (a typed value is gone), the URL is the page again.
    await page.locator('input[name=realName]').fill('typed but not saved');
    await page.locator('[data-tab="/profile"]').click({ button: 'right' });
    const menu = page.getByTestId('tab-context-menu');
    await menu.waitFor();
    expect((await menu.boundingBox())?.width).toBe(105);
    await screenshot(page, 'tabs-context-menu');
    await page.getByRole('menuitem', { name: '刷新' }).click();
    await page.waitForURL(/#\/profile$/);
    await expect.poll(() => page.locator('input[name=realName]').inputValue()).not.toBe('typed but not saved');

    // One tab per route + query; refreshing a tab keeps its query.
    await page.goto(`${base}#/menuMore?section=all`);
    await page.locator('[data-tab="/menuMore?section=all"][data-active=true]').waitFor();
    await page.locator('[data-tab="/menuMore?section=all"]').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '刷新' }).click();
    await page.waitForURL(/#\/menuMore\?section=all$/);
    await page.locator('[data-tab="/menuMore?section=all"][data-active=true]').waitFor();
    expect(await tabPaths(page)).toEqual(['/home', '/profile', '/menuMore', '/menuMore?section=all']);

    await page.locator('[data-tab="/menuMore"]').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭其他' }).click();
    await page.waitForURL(/#\/menuMore$/);
    expect(await tabPaths(page)).toEqual(['/home', '/menuMore']);

    await page.locator('[data-tab="/menuMore"]').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭所有' }).click();
    await page.waitForURL(/#\/home$/);
    expect(await tabPaths(page)).toEqual(['/home']);
    await context.close();
  });
});

describe('menu search, keyboard and language (spec 2.4, 9)', () => {
  it('finds pages by Chinese title and by pinyin initials, with the keyboard; external links open a new tab', async () => {
    const { context, page } = await openShell('ym0028');
    const search = page.getByTestId('menu-search');
    await search.click();
    await search.pressSequentially('个人');
    await page.getByRole('option', { name: /个人信息/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/profile$/);

    await search.click();
    await search.pressSequentially('dlrz');
    await page.getByRole('option', { name: /登录日志/ }).waitFor();
    await screenshot(page, 'menu-search-pinyin');
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/system\/log$/);

    await search.click();
    await search.pressSequentially('gr');
    await expect.poll(() => page.getByRole('option').first().innerText()).toContain('个人信息');

    // 使用帮助 is a _blank link: it opens in a new browser tab.
    await search.fill('');
    await search.pressSequentially('使用帮助');
    await page.getByRole('option', { name: /使用帮助/ }).waitFor();
    const [popup] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
    await popup.waitForLoadState();
    expect(popup.url()).toContain('/help/index.html');
    await context.close();
  });

  it('menu and tabs can be used without a mouse', async () => {
    const { context, page } = await openShell('ym0029');
    // Tab through the page to the sidebar link, open it with Enter.
    let reached = false;
    for (let i = 0; i < 30 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.textContent?.trim() === '登录日志');
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/system\/log$/);
    // The active tab takes focus; arrows move between tabs, Enter opens, Delete closes. A tab and its
    // close button are siblings (no control inside another); only the active tab is in the tab order.
    const tabButton = (path: string) => page.locator(`[data-tab="${path}"] [data-tab-button]`);
    const focusedTab = () => page.evaluate(() => document.activeElement?.closest('[data-tab]')?.getAttribute('data-tab'));
    expect(await tabButton('/system/log').getAttribute('tabindex')).toBe('0');
    expect(await tabButton('/home').getAttribute('tabindex')).toBe('-1');
    expect(await page.locator('[data-tab="/system/log"] [data-tab-button] [data-testid=tab-close]').count()).toBe(0);
    await tabButton('/system/log').focus();
    await page.keyboard.press('ArrowLeft');
    expect(await focusedTab()).toBe('/home');
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/home$/);
    // The context-menu key (Shift+F10) opens the tab menu; Escape closes it.
    await tabButton('/system/log').focus();
    await page.keyboard.press('Shift+F10');
    await page.getByTestId('tab-context-menu').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('tab-context-menu').waitFor({ state: 'hidden' });
    await tabButton('/system/log').focus();
    await page.keyboard.press('Delete');
    await expect.poll(() => tabPaths(page)).toEqual(['/home']);
    // The focus stays in the tab bar, on the tab before the closed one.
    await expect.poll(focusedTab).toBe('/home');
    await context.close();
  });

  it('switches language without a reload and keeps it across a reload', async () => {
    const { context, page } = await openShell('ym0030');
    // The language selector is hidden by default (spec 9) and shown from the settings drawer.
    expect(await page.getByTestId('language-switch').count()).toBe(0);
    await page.getByTestId('settings-open').click();
    await page.getByTestId('setting-showLanguage').click();
    await page.keyboard.press('Escape');
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-en').click();
    await page.getByTestId('sidebar').getByText('Sign-in log').waitFor();
    expect(await page.title()).toBe('Home - 云眠');
    await page.reload();
    await page.getByTestId('sidebar').getByText('Sign-in log').waitFor();
    expect(await page.getByTestId('language-switch').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await screenshot(page, 'language-en');
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-zh-TW').click();
    await page.getByTestId('sidebar').getByText('工作台').waitFor();
    await page.getByRole('button', { name: '搜尋選單' }).or(page.getByPlaceholder('搜尋選單')).first().waitFor();
    await context.close();
  });
});

describe('settings and fullscreen (spec 2.4, 3)', () => {
  it('a theme becomes the brand colour, is kept across a reload, and the defaults come back after the delete confirmation', async () => {
    const { context, page } = await openShell('ym0031');
    const brand = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--chakra-colors-brand-500').trim());
    await expect.poll(brand).toBe('#1890ff');
    await page.getByTestId('settings-open').click();
    await page.getByTestId('theme-green').click();
    await page.getByTestId('slide-lightWhite').click();
    await page.getByTestId('setting-tagsView').click();
    await expect.poll(brand).toBe('#52c41a');
    await page.getByTestId('storage-usage').waitFor();
    await screenshot(page, 'settings-drawer');
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('tags-view').count()).toBe(0);
    await page.reload();
    await page.getByTestId('home-greeting').waitFor();
    await expect.poll(brand).toBe('#52c41a');
    expect(await page.getByTestId('sidebar').getAttribute('data-slide')).toBe('lightWhite');
    expect(await page.getByTestId('tags-view').count()).toBe(0);

    await page.getByTestId('settings-open').click();
    await page.getByTestId('settings-reset').click();
    const popup = page.getByTestId('delete-confirm');
    await popup.getByText('Are you sure delete this task?').waitFor();
    await popup.getByRole('button', { name: 'No' }).click();
    await page.getByText('Click on cancel.').waitFor();
    await expect.poll(brand).toBe('#52c41a');
    await page.getByTestId('settings-reset').click();
    await page.getByTestId('delete-confirm-yes').click();
    await page.getByText('Next step.').waitFor();
    await expect.poll(brand).toBe('#1890ff');
    await page.keyboard.press('Escape');
    await page.getByTestId('tags-view').waitFor();
    await context.close();
  });

  it('fullscreen warns 不支持全屏 where the browser has none', async () => {
    const { context, page } = await newPage(browser);
    await context.addInitScript(() => Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false }));
    await page.goto(base);
    await page.waitForURL(/#\/login/);
    await signIn(page, 'ym0032');
    await page.getByTestId('home-greeting').waitFor();
    await page.getByTestId('fullscreen').click();
    await page.getByText('不支持全屏').waitFor();
    await context.close();
  });
});
