import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
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

async function signedIn(page: Page) {
  await page.goto(`${base}#/login`);
  await signIn(page, 'admin');
  await page.getByTestId('home-greeting').waitFor();
}

/** 我的作品 → 模板中心 → 使用模板 on the template titled `title`: the editor of the new work; answers its id. */
async function workFromTemplate(page: Page, title: string): Promise<string> {
  await page.goto(`${base}#/h5/works`);
  await page.getByTestId('works-section-templates').click();
  await page.getByTestId('template-card').first().waitFor();
  await screenshot(page, 'h5-template-center-1366');
  const card = page.locator(`[data-testid=template-card][data-title="${title}"]`).first();
  await card.getByTestId('template-use').click();
  await page.waitForURL(/#\/h5\/editor\//);
  await page.locator('[data-testid=editor-page][data-state=ready]').waitFor();
  return hashPath(page).split('/').pop()!;
}

/** 发布 → 立即发布: answers the public URL the dialog shows (the QR code encodes the same). */
async function publish(page: Page): Promise<string> {
  await page.getByTestId('editor-publish').click();
  const dialog = page.getByTestId('publish-dialog');
  await dialog.getByTestId('publish-confirm').click();
  await dialog.locator('[data-testid=publish-state][data-published=true]').waitFor();
  const url = await dialog.getByTestId('publish-url').inputValue();
  expect(await dialog.getByTestId('publish-qr').getAttribute('data-text')).toBe(url);
  return url;
}

describe('publishing campaign pages (issue 19)', () => {
  it('a template becomes a work, is published, filled in on a phone without signing in, and its row is in the data centre and its export', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1366, height: 800 } });
    await signedIn(page);
    const id = await workFromTemplate(page, '床垫试睡报名');
    const url = await publish(page);
    expect(url).toBe(new URL(`/p/${id}`, base).href);
    await screenshot(page, 'h5-publish-dialog-1366');
    await page.getByTestId('publish-dialog').getByRole('button', { name: '关闭' }).first().click();
    await expect.poll(() => page.getByTestId('editor-publish').getAttribute('data-active')).toBe('true');

    // A visitor: a fresh browser context (no session), a phone.
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const phone = await visitor.newPage();
    await phone.goto(url);
    await phone.getByText('100晚免费试睡').first().waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await phone.getByLabel('姓名').fill('王小明');
    await phone.getByLabel('手机号').fill('12345');
    await phone.getByLabel('意向门店').selectOption({ label: '上海徐汇店' });
    await phone.getByText('立即报名').click();
    await phone.getByTestId('h5-field-error').first().waitFor();
    await phone.getByLabel('手机号').fill('13800138000');
    await phone.getByText('立即报名').click();
    await phone.getByTestId('h5-note').filter({ hasText: '提交成功' }).waitFor();
    await screenshot(phone, 'h5-published-390');
    await visitor.close();

    // 数据中心: the work, its view and the row; 导出Excel downloads a real xlsx (a zip).
    await page.goto(`${base}#/h5/works?type=data`);
    await page.getByTestId('data-work').selectOption(id);
    await page.getByTestId('data-records').getByText('13800138000').waitFor();
    await expect.poll(async () => Number(await page.getByTestId('data-views').innerText()), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('data-export').click()]);
    const file = await download.path();
    const head = fs.readFileSync(file!).subarray(0, 2).toString('latin1');
    expect(head).toBe('PK');
    await screenshot(page, 'h5-data-center-1366');
    await context.close();
  });

  it('a paged work turns pages by swiping on a phone; 下线 takes the page down', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1366, height: 800 } });
    await signedIn(page);
    await workFromTemplate(page, '节日大促');
    const url = await publish(page);

    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const phone = await visitor.newPage();
    await phone.goto(url);
    const current = () => phone.locator('nav.h5-dots button[aria-current=page]').getAttribute('aria-label');
    await phone.locator('nav.h5-dots').waitFor();
    const first = await current();
    // A swipe up: a finger (pointer events of type touch) from low to high on the page.
    const cdp = await visitor.newCDPSession(phone);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: 195, y }] });
    await touch('touchStart', 600);
    for (let y = 560; y >= 200; y -= 60) await touch('touchMove', y);
    await touch('touchEnd', 200);
    await expect.poll(current).not.toBe(first);
    await visitor.close();

    // 下线 (the publish dialog is still open): the public page answers 404.
    await page.getByTestId('publish-unpublish').click();
    // The confirmation (the app's confirm host) opens over the publish dialog (clicked again if a
    // re-render of the dialog took the first click, as seen once on a loaded CI machine).
    const ask = page.getByRole('alertdialog').filter({ hasText: '下线后' });
    if (!(await ask.waitFor({ timeout: 5000 }).then(() => true, () => false))) {
      await screenshot(page, 'h5-unpublish-no-confirm');
      await page.getByTestId('publish-unpublish').click();
      await ask.waitFor();
    }
    await ask.getByRole('button', { name: '下线' }).click();
    await page.getByTestId('publish-dialog').locator('[data-testid=publish-state][data-published=false]').waitFor();
    await expect.poll(async () => (await fetch(url)).status, { timeout: 10_000 }).toBe(404);
    await context.close();
  });
});
