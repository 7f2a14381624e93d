import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, newPage, screenshot, signIn } from './browser';
import { sharedServerUrl } from './shared-server';

/** Issue 15 "Phones and tables": the list kit's conveniences, and the user page at 1366 and 390 px (rows or none). */

const base = sharedServerUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

async function open(account: string, viewport = { width: 1366, height: 800 }, phone = false): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, phone ? { viewport, isMobile: true, hasTouch: true } : { viewport });
  await page.goto(`${base}#/login`);
  await signIn(page, account);
  await page.getByTestId('home-greeting').waitFor();
  return { context, page };
}

const accounts = (page: Page) => page.getByTestId('org-user-row').evaluateAll((rows) => rows.map((r) => r.querySelector('td')?.textContent?.trim() ?? ''));

describe('list kit and the user page (issue 15)', () => {
  it('a header sorts the list (ascending, descending, default), kept in the URL across a reload', async () => {
    const { context, page } = await open('admin');
    await page.goto(`${base}#/permission/user`);
    await page.getByTestId('org-user-row').first().waitFor();
    const header = page.getByTestId('sort-account');
    await header.click();
    await page.waitForURL(/sort=account/);
    await expect.poll(async () => (await accounts(page))[0]).toBe('admin');
    expect(await page.locator('th[data-column=account]').getAttribute('aria-sort')).toBe('ascending');
    await header.click();
    await page.waitForURL(/sort=-account/);
    await expect.poll(async () => (await accounts(page))[0]).toBe('ym0050');
    const descending = await accounts(page);
    expect([...descending].sort().reverse()).toEqual(descending);

    await page.reload();
    await page.getByTestId('org-user-row').first().waitFor();
    await expect.poll(async () => (await accounts(page))[0]).toBe('ym0050');
    expect(await page.locator('th[data-column=account]').getAttribute('aria-sort')).toBe('descending');
    await header.click();
    await expect.poll(() => page.url()).not.toMatch(/sort=/);
    await context.close();
  });

  it('hidden columns and the density are remembered for the user; 恢复默认 brings them back; 刷新 asks again', async () => {
    const { context, page } = await open('admin');
    await page.goto(`${base}#/system/notice`);
    await page.getByTestId('notice-page').waitFor();
    await page.locator('table th').first().waitFor();
    const headers = () => page.locator('table th').allTextContents();
    const before = await headers();
    await page.getByTestId('list-columns').click();
    const toggles = page.getByTestId('list-column-toggle').and(page.locator(':not([data-disabled])'));
    const hidden = (await toggles.first().getAttribute('data-column'))!;
    const hiddenHeader = before[await page.locator('table th').evaluateAll((ths, key) => ths.findIndex((th) => th.getAttribute('data-column') === key), hidden)]!;
    await toggles.first().click();
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await headers()).length).toBe(before.length - 1);
    expect(await headers()).not.toContain(hiddenHeader);
    await page.getByTestId('list-density').click();
    expect(await page.locator('[data-density]').first().getAttribute('data-density')).toBe('compact');

    await page.reload();
    await page.locator('table th').first().waitFor();
    await expect.poll(async () => (await headers()).length).toBe(before.length - 1);
    expect(await page.locator('[data-density]').first().getAttribute('data-density')).toBe('compact');
    await screenshot(page, 'lists-settings');

    const asked = page.waitForRequest((r) => r.url().includes('/Message/Notice') && r.method() === 'GET');
    await page.getByTestId('list-refresh').click();
    await asked;

    await page.getByTestId('list-columns').click();
    await page.getByTestId('list-columns-reset').click();
    await expect.poll(async () => (await headers()).length).toBe(before.length);
    expect(await page.locator('[data-density]').first().getAttribute('data-density')).toBe('comfortable');
    await context.close();
  });

  it('at 1366 px every user column is visible beside the pinned actions, 状态 included', async () => {
    const { context, page } = await open('admin');
    await page.goto(`${base}#/permission/user`);
    const row = page.getByTestId('org-user-row').first();
    await row.waitFor();
    await page.locator('th[data-column=enabledMark]').waitFor();
    const box = page.locator('[data-overflowing]').first();
    const boxRect = (await box.boundingBox())!;
    // Scrolled sideways to its end (when it scrolls), every column stands clear of the pinned actions.
    await box.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await page.waitForTimeout(100);
    const actions = (await page.locator('th[data-column=actions]').boundingBox())!;
    expect(actions.x + actions.width).toBeLessThanOrEqual(boxRect.x + boxRect.width + 1);
    for (const key of ['entryDate', 'enabledMark']) {
      const rect = (await page.locator(`th[data-column=${key}]`).boundingBox())!;
      expect(rect.x + rect.width, `${key} ends before the actions`).toBeLessThanOrEqual(actions.x + 1);
      expect(rect.x).toBeGreaterThanOrEqual(boxRect.x - 1);
    }
    const state = page.getByTestId('org-user-row').filter({ hasText: 'ym0001' }).getByTestId('org-user-state');
    expect(await state.count()).toBe(1);
    const sw = (await state.boundingBox())!;
    expect(sw.x + sw.width).toBeLessThanOrEqual(actions.x + 1);
    // And back at the start, the first columns are in view.
    await box.evaluate((el) => el.scrollTo({ left: 0 }));
    await page.waitForTimeout(100);
    for (const key of ['account', 'realName', 'department', 'mobilePhone']) {
      const rect = (await page.locator(`th[data-column=${key}]`).boundingBox())!;
      expect(rect.x + rect.width, `${key} in view`).toBeLessThanOrEqual(actions.x + 1);
    }
    await screenshot(page, 'lists-user-1366');
    await context.close();
  });

  it('on a 390 px phone the user page shows the table first, the org tree as a filter drawer, and columns never squeezed', async () => {
    const { context, page } = await open('admin', { width: 390, height: 844 }, true);
    await page.goto(`${base}#/permission/user`);
    const row = page.getByTestId('org-user-row').first();
    await row.waitFor();
    // The table is within the first screen; the tree is not on the page until asked for.
    expect((await row.boundingBox())!.y).toBeLessThan(844);
    expect(await page.getByTestId('org-filter-panel').isVisible().catch(() => false)).toBe(false);
    // No cell so narrow that its text stands one character per line.
    const narrow = await page.locator('[data-testid=org-user-row] td').evaluateAll((tds) =>
      tds.filter((td) => (td.textContent ?? '').trim().length > 2 && td.getBoundingClientRect().width < 40).map((td) => td.textContent),
    );
    expect(narrow).toEqual([]);
    await screenshot(page, 'lists-user-390');

    await page.getByTestId('org-filter-open').click();
    const drawer = page.getByTestId('org-filter-drawer');
    await drawer.waitFor();
    await drawer.getByRole('searchbox').fill('杭州');
    await drawer.getByRole('treeitem', { name: /杭州西湖店/ }).first().click();
    await page.waitForURL(/org=/);
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('org-filter-open').textContent()).toContain('杭州西湖店');
    await context.close();
  });

  it('on a 390 px phone an empty list says so in the middle of what is in view, however wide its table and wherever it is scrolled', async () => {
    const { context, page } = await open('admin', { width: 390, height: 844 }, true);
    await page.goto(`${base}#/permission/user`);
    await page.getByTestId('org-user-row').first().waitFor();
    const keyword = page.getByTestId('list-toolbar-keyword');
    await keyword.fill('没有这个人zzz');
    await keyword.press('Enter');
    const empty = page.getByTestId('empty-state');
    await empty.waitFor();
    const box = page.locator('[data-overflowing]').first();
    // The table (its headers) is wider than the phone: it scrolls sideways.
    await expect.poll(() => box.getAttribute('data-overflowing')).toBe('true');
    for (const where of ['start', 'end'] as const) {
      await box.evaluate((el, to) => el.scrollTo({ left: to === 'end' ? el.scrollWidth : 0 }), where);
      await page.waitForTimeout(100);
      const view = (await box.boundingBox())!;
      const shown = (await empty.boundingBox())!;
      expect(shown.x, `scrolled to the ${where}`).toBeGreaterThanOrEqual(view.x - 1);
      expect(shown.x + shown.width, `scrolled to the ${where}`).toBeLessThanOrEqual(view.x + view.width + 1);
      expect(Math.abs(shown.x + shown.width / 2 - (view.x + view.width / 2)), `centred, scrolled to the ${where}`).toBeLessThanOrEqual(2);
      // Its text and 清除搜索 are whole within the screen.
      for (const part of [empty.getByText('没有找到匹配的用户'), empty.getByRole('button', { name: '清除搜索' })]) {
        const r = (await part.boundingBox())!;
        expect(r.x).toBeGreaterThanOrEqual(0);
        expect(r.x + r.width).toBeLessThanOrEqual(390);
      }
    }
    await screenshot(page, 'lists-empty-390');
    await empty.getByRole('button', { name: '清除搜索' }).click();
    await page.getByTestId('org-user-row').first().waitFor();
    await context.close();
  });
});
