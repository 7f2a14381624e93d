import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
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

/** Signs in (the administrator sees every menu area) and waits for the dashboard. */
async function openShell(options: BrowserContextOptions = {}) {
  const { context, page } = await newPage(browser, options);
  await page.goto(base);
  await page.waitForURL(/#\/login/);
  await signIn(page);
  await page.getByTestId('home-greeting').waitFor();
  return { context, page };
}

/** Switches the layout on this device only (the account's saved layout is left alone). */
async function useLayout(page: Page, layout: 'classic' | 'functional' | 'plain') {
  await page.evaluate((l) => localStorage.setItem('yunmian_layoutType', l), layout);
  await page.reload();
  await page.locator(`[data-testid=app-layout][data-layout=${layout}]`).waitFor();
}

type Box = { x: number; y: number; width: number; height: number };
const box = async (l: Locator): Promise<Box> => {
  const b = await l.boundingBox();
  if (!b) throw new Error('not laid out');
  return b;
};

/** The labels of the classic sidebar's top level (its directories and pages), in order. */
const topLevelTitles = (page: Page) =>
  page.getByTestId('side-menu').evaluate((nav) => [...nav.children].map((c) => (c.matches('a, button') ? c : c.querySelector('a, button'))?.textContent?.trim() ?? ''));

describe('functional layout: the top menu (spec 2.4: viewport ÷ 116 entries, the rest under 更多)', () => {
  let context: BrowserContext;
  let page: Page;
  let titles: string[];

  beforeAll(async () => {
    ({ context, page } = await openShell());
    titles = await topLevelTitles(page);
    expect(titles.length).toBeGreaterThanOrEqual(4);
    await useLayout(page, 'functional');
  });
  afterAll(async () => {
    await context.close();
  });

  for (const width of [1100, 1366, 1920]) {
    it(`${width} px: every top-level entry is shown whole or under 更多, no stubs, nothing under the tools`, async () => {
      await page.setViewportSize({ width, height: 800 });
      const menu = page.getByTestId('top-menu');
      // The bar measures itself again at this width.
      await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
      await page.waitForTimeout(300);
      const entries = menu.getByTestId('top-menu-entry');
      const shown = (await entries.allInnerTexts()).map((s) => s.trim());
      expect(shown.length).toBeLessThanOrEqual(Math.floor(width / 116));
      // Whole labels: each is one of the menu's titles, none twice, none cut (no ellipsis, no overflow).
      expect(new Set(shown).size).toBe(shown.length);
      for (const label of shown) expect(titles).toContain(label);
      expect(await entries.evaluateAll((els) => els.filter((e) => [e, ...e.querySelectorAll('*')].some((x) => x.scrollWidth > x.clientWidth + 1)).length)).toBe(0);

      // Nothing overlaps the search box and the tools on the right, nothing spills out of the bar.
      const search = await box(page.getByTestId('menu-search'));
      const bar = await box(menu);
      const more = page.getByTestId('top-menu-more');
      const hasMore = (await more.count()) > 0;
      const items = [...(await entries.all()), ...(hasMore ? [more] : [])];
      for (const item of items) {
        const b = await box(item);
        expect(b.x + b.width).toBeLessThanOrEqual(Math.min(search.x, bar.x + bar.width) + 0.5);
      }

      // The rest are under 更多 (which appears only when something is left over).
      const rest = titles.filter((x) => !shown.includes(x));
      expect(hasMore).toBe(rest.length > 0);
      if (width === 1100) expect(rest.length).toBeGreaterThan(0);
      if (hasMore) {
        await more.click();
        const content = page.getByTestId('top-menu-more-content');
        await content.waitFor();
        const text = await content.innerText();
        for (const title of rest) expect(text).toContain(title);
        await screenshot(page, `layout-functional-${width}-more`);
        await page.keyboard.press('Escape');
        await content.waitFor({ state: 'hidden' });
      }
      await screenshot(page, `layout-functional-${width}`);
    });
  }

  it('an entry under 更多 opens its page, and 更多 marks the area of the page', async () => {
    await page.setViewportSize({ width: 1100, height: 800 });
    const more = page.getByTestId('top-menu-more');
    await page.waitForTimeout(300);
    await more.click();
    // The last area is under 更多 at 1100 px (checked above): open its first page.
    const group = page.getByTestId('top-menu-more-content').getByRole('group', { name: titles[titles.length - 1]! });
    await group.getByRole('menuitem').first().click();
    await expect.poll(() => more.getAttribute('data-active')).toBe('true');
  });
});

describe('the sidebar follows the page (classic and plain layouts)', () => {
  const group = (page: Page, name: string) => page.getByTestId('sidebar').getByTestId('side-menu-group').filter({ hasText: name });
  const current = (page: Page) => page.getByTestId('sidebar').locator('a[aria-current=page]');
  const crumbs = (page: Page) => page.getByTestId('breadcrumb').allInnerTexts();

  it('tabs, the menu search, home links and back/forward open the group of the page and highlight it; breadcrumbs follow', async () => {
    const { context, page } = await openShell();
    // Open 用户管理 from the sidebar.
    await group(page, '组织权限').click();
    await page.getByTestId('sidebar').getByRole('link', { name: '用户管理' }).click();
    await page.waitForURL(/#\/permission\/user$/);
    await expect.poll(() => current(page).innerText()).toBe('用户管理');
    expect(await crumbs(page)).toEqual(['组织权限', '用户管理']);

    // The menu search opens 登录日志: its group (工作台) opens, the other one closes.
    const search = page.getByTestId('menu-search');
    await search.click();
    await search.pressSequentially('登录日志');
    await page.getByRole('option', { name: /登录日志/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/system\/log$/);
    await expect.poll(() => group(page, '工作台').getAttribute('aria-expanded')).toBe('true');
    expect(await group(page, '组织权限').getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => current(page).innerText()).toBe('登录日志');
    expect(await group(page, '工作台').getAttribute('data-active')).toBe('true');
    expect(await crumbs(page)).toEqual(['工作台', '登录日志']);

    // A tab goes back to 用户管理: its group opens again.
    await page.locator('[data-tab="/permission/user"]').click();
    await page.waitForURL(/#\/permission\/user$/);
    await expect.poll(() => group(page, '组织权限').getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => current(page).innerText()).toBe('用户管理');
    await screenshot(page, 'sidebar-follows-tab');

    // Back and forward.
    await page.goBack();
    await page.waitForURL(/#\/system\/log$/);
    await expect.poll(() => group(page, '工作台').getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => current(page).innerText()).toBe('登录日志');
    await page.goForward();
    await page.waitForURL(/#\/permission\/user$/);
    await expect.poll(() => current(page).innerText()).toBe('用户管理');

    // A quick link on the home page.
    await page.locator('[data-tab="/home"] [data-tab-button]').click();
    await page.waitForURL(/#\/home$/);
    expect(await crumbs(page)).toEqual(['首页']);
    await page.getByRole('main').getByRole('link', { name: '系统公告' }).click();
    await page.waitForURL(/#\/system\/notice$/);
    await expect.poll(() => group(page, '系统管理').getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => current(page).innerText()).toBe('系统公告');
    expect(await crumbs(page)).toEqual(['系统管理', '系统公告']);

    // A fixed page has its title as its breadcrumb.
    await page.goto(`${base}#/profile`);
    await expect.poll(() => crumbs(page)).toEqual(['个人信息']);
    await context.close();
  });

  it('plain layout: the icon of the group holding the page is highlighted', async () => {
    const { context, page } = await openShell();
    await useLayout(page, 'plain');
    const dir = (name: string) => page.getByTestId('sidebar').getByRole('button', { name });
    await page.goto(`${base}#/permission/user`);
    await expect.poll(() => dir('组织权限').getAttribute('data-active')).toBe('true');
    expect(await dir('工作台').getAttribute('data-active')).toBe('false');
    await page.goto(`${base}#/system/log`);
    await expect.poll(() => dir('工作台').getAttribute('data-active')).toBe('true');
    expect(await dir('组织权限').getAttribute('data-active')).toBe('false');
    await page.locator('[data-tab="/permission/user"] [data-tab-button]').click();
    await expect.poll(() => dir('组织权限').getAttribute('data-active')).toBe('true');
    await screenshot(page, 'layout-plain-follows');
    expect(hashPath(page)).toBe('/permission/user');
    await context.close();
  });
});

/**
 * Hovers each icon-only control in `scope` (one that shows no text of its own: text for screen
 * readers does not count); each must show a tooltip, tied to it by aria-describedby. Returns the
 * tooltips seen.
 */
async function tooltipsOfIconControls(page: Page, scope: Locator) {
  const controls = scope.locator('button, a[href]');
  const iconOnly = await controls.evaluateAll((els) =>
    els.flatMap((el, i) => {
      if (!el.checkVisibility({ visibilityProperty: true })) return [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const r = n.parentElement?.getBoundingClientRect();
        if (n.textContent?.trim() && r && r.width > 2 && r.height > 2) return [];
      }
      return [i];
    }),
  );
  const seen: string[] = [];
  const missing: string[] = [];
  for (const i of iconOnly) {
    const control = controls.nth(i);
    // Hovered twice at most: a header re-rendering meanwhile (an unread count arriving, a toast
    // sliding over it) can close a tooltip that had opened.
    let tip: string | null = null;
    for (let attempt = 0; attempt < 2 && !tip; attempt++) {
      if (attempt) await page.mouse.move(1, 799);
      await control.hover();
      const handle = await control.elementHandle();
      tip = await page
        .waitForFunction(
          (el) => {
            const id = el?.getAttribute('aria-describedby');
            const content = id ? document.getElementById(id) : null;
            return content?.checkVisibility() ? content.textContent?.trim() || null : null;
          },
          handle,
          { timeout: 3000 },
        )
        .then((h) => h.jsonValue())
        .catch(() => null);
    }
    if (tip) seen.push(tip);
    else missing.push((await control.getAttribute('aria-label')) ?? (await control.getAttribute('data-testid')) ?? (await control.evaluate((el) => el.outerHTML.slice(0, 80))));
  }
  await page.mouse.move(1, 799);
  expect(missing, `icon-only controls without a tooltip: ${missing.join(', ')}`).toEqual([]);
  return seen;
}

describe('header: tooltips, breadcrumbs, the search shortcut', () => {
  it('desktop: every icon-only button of the header, the tab bar and the collapsed sidebar has a tooltip', async () => {
    const { context, page } = await openShell();
    await page.goto(`${base}#/permission/user`);
    await page.getByTestId('breadcrumbs').waitFor();
    const header = await tooltipsOfIconControls(page, page.getByTestId('app-header'));
    // Toggle, fullscreen, messages, chat, settings, the two scroll buttons, the home tab, a close button at least.
    expect(header.length).toBeGreaterThanOrEqual(8);
    expect(header).toContain('系统设置');
    await page.getByTestId('settings-open').hover();
    await page.getByTestId('icon-tip').filter({ hasText: '系统设置', visible: true }).waitFor();
    await screenshot(page, 'header-tooltip-breadcrumbs');
    await page.mouse.move(1, 799);

    await page.getByTestId('sidebar-toggle').click();
    await page.locator('[data-testid=sidebar][data-collapsed=true]').waitFor();
    // Once the sidebar has finished narrowing.
    await expect.poll(async () => (await box(page.getByTestId('sidebar'))).width).toBe(64);
    const sidebar = await tooltipsOfIconControls(page, page.getByTestId('sidebar'));
    expect(sidebar).toEqual(expect.arrayContaining(['首页', '组织权限', '工作台']));
    await page.getByTestId('sidebar').getByRole('button', { name: '组织权限' }).hover();
    await page.getByTestId('icon-tip').filter({ hasText: '组织权限', visible: true }).waitFor();
    await screenshot(page, 'sidebar-collapsed-tooltip');
    await context.close();
  });

  it('phone: breadcrumbs give way; icon-only header buttons have tooltips', async () => {
    const { context, page } = await openShell(PHONE);
    await page.goto(`${base}#/permission/user`);
    await page.locator('[data-tab="/permission/user"][data-active=true]').waitFor();
    expect(await page.getByTestId('breadcrumbs').isVisible()).toBe(false);
    const tips = await tooltipsOfIconControls(page, page.getByTestId('app-header'));
    expect(tips.length).toBeGreaterThanOrEqual(4);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'header-phone');
    await context.close();
  });

  it('Ctrl+K, or / outside a text field, goes to the menu search; the box shows the hint', async () => {
    const { context, page } = await openShell();
    const search = page.getByTestId('menu-search');
    expect(await page.getByTestId('menu-search-hint').innerText()).toBe('Ctrl K');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
    await page.keyboard.press('Control+k');
    await expect.poll(focused).toBe('menu-search');
    await search.pressSequentially('yhgl');
    await page.getByRole('option', { name: /用户管理/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/permission\/user$/);
    // From a button, / goes to the search too.
    await page.getByTestId('settings-open').focus();
    await page.keyboard.press('/');
    await expect.poll(focused).toBe('menu-search');
    expect(await search.inputValue()).toBe('');
    // In a text field, / is typed.
    await page.goto(`${base}#/profile`);
    const field = page.locator('input[name=realName]');
    await field.click();
    await field.press('End');
    await page.keyboard.press('/');
    expect(await field.inputValue()).toMatch(/\/$/);
    expect(await focused()).not.toBe('menu-search');
    await context.close();
  });
});
