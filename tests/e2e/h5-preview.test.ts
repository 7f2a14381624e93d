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

/** 我的作品 → 模板中心 → 使用模板 on the template titled `title`: the editor of the new work. */
async function workFromTemplate(page: Page, title: string) {
  await page.goto(`${base}#/h5/works`);
  await page.getByTestId('works-section-templates').click();
  await page.locator(`[data-testid=template-card][data-title="${title}"]`).first().getByTestId('template-use').click();
  await page.waitForURL(/#\/h5\/editor\//);
  await page.locator('[data-testid=editor-page][data-state=ready]').waitFor();
}

/** 我的作品 → 新建作品 → the editor of the new work; answers the work's id. */
async function createWork(page: Page): Promise<string> {
  await page.goto(`${base}#/h5/works`);
  await page.getByTestId('work-create').click();
  await page.waitForURL(/#\/h5\/editor\//);
  await page.locator('[data-testid=editor-page][data-state=ready]').waitFor();
  await page.getByTestId('canvas-page').waitFor();
  return hashPath(page).split('/').pop()!;
}

describe('previewing a campaign page (issue 19)', () => {
  it('预览 shows the editor\'s current document in a phone frame with the QR code of the preview route, which shows the draft at 390 px', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1366, height: 768 } });
    await signedIn(page);
    const id = await createWork(page);

    // A text element, then 预览: the phone frame draws it through the published page's view.
    await page.getByTestId('left-tab-components').click();
    await page.locator('[data-testid=component-palette] [data-testid=palette-item][data-name="text"]').click();
    await expect.poll(() => page.getByTestId('canvas-page').getByTestId('canvas-element').count()).toBe(1);
    await page.getByTestId('editor-preview').click();
    const dialog = page.getByTestId('preview-dialog');
    const phone = dialog.getByTestId('preview-phone');
    await phone.locator('.h5-root.h5-preview [data-name=text]').getByText('请输入文字').waitFor();
    // The frame fits the dialog and the dialog fits the screen.
    const frame = (await phone.boundingBox())!;
    const box = (await dialog.boundingBox())!;
    expect(frame.height).toBeGreaterThan(400);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(768);
    // The QR code holds the preview route's full URL (hash routing).
    const qr = dialog.getByTestId('preview-qr');
    await qr.waitFor();
    const url = await qr.getAttribute('data-text');
    expect(url).toBe(new URL(`#/h5/preview/${id}`, base).href);
    expect(await dialog.getByTestId('preview-who').innerText()).toContain('只有你本人');
    await dialog.getByTestId('preview-replay').click();
    await phone.locator('[data-name=text]').getByText('请输入文字').waitFor();
    await screenshot(page, 'h5-preview-dialog-1366');
    await dialog.getByRole('button', { name: '关闭' }).first().click();
    await dialog.waitFor({ state: 'detached' });

    // The preview URL in the same browser (signed in) at a phone's width: the draft, at phone width.
    const mobile = await context.newPage();
    await mobile.setViewportSize({ width: 390, height: 844 });
    await mobile.goto(url!);
    const route = mobile.locator('[data-testid=preview-page][data-state=ready]');
    await route.waitFor();
    await route.getByTestId('preview-phone').locator('[data-name=text]').getByText('请输入文字').waitFor();
    const routeFrame = (await route.getByTestId('preview-phone').boundingBox())!;
    expect(Math.round(routeFrame.width)).toBe(390);
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(mobile, 'h5-preview-route-390');
    // 返回编辑 goes back to the editor of this work.
    await route.getByTestId('preview-back').click();
    await mobile.waitForURL(new RegExp(`#/h5/editor/${id}`));
    await mobile.close();

    // The works card's 预览 opens the same route.
    await page.goto(`${base}#/h5/works`);
    await page.locator(`[data-testid=work-card][data-id="${id}"]`).locator('button[data-testid=work-preview]').click();
    await page.waitForURL(new RegExp(`#/h5/preview/${id}`));
    await page.locator('[data-testid=preview-page][data-state=ready]').getByText('请输入文字').waitFor();
    // On a wide screen the page keeps a phone's width (375 px), centred.
    expect(Math.round((await page.getByTestId('preview-phone').boundingBox())!.width)).toBe(375);
    await screenshot(page, 'h5-preview-route-1366');
    await context.close();
  });

  it('a paged work turns pages with 上一页 / 下一页; a call and a form say what they would do and nothing is sent (390 px: the dialog is the whole screen)', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signedIn(page);
    await workFromTemplate(page, '节日大促');
    const sent: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && /\/p\/[^/]+\/(form|view)/.test(r.url()) && sent.push(r.url()));

    await page.getByTestId('editor-more').click();
    await page.getByTestId('editor-menu-preview').click();
    const dialog = page.getByTestId('preview-dialog');
    const phone = dialog.getByTestId('preview-phone');
    await phone.getByText('节日焕新 · 好眠狂欢').waitFor();
    // (once its opening animation is over)
    await expect
      .poll(async () => {
        const b = await dialog.boundingBox();
        return b && [Math.round(b.width), Math.round(b.height)];
      })
      .toEqual([390, 844]);
    expect((await phone.boundingBox())!.width).toBeLessThanOrEqual(390);
    expect(await dialog.getByTestId('preview-page').innerText()).toBe('1 / 3');
    await screenshot(page, 'h5-preview-dialog-390');
    await dialog.getByTestId('preview-next').click();
    await dialog.getByTestId('preview-next').click();
    expect(await dialog.getByTestId('preview-page').innerText()).toBe('3 / 3');
    await expect.poll(() => phone.locator('.h5-dots button[aria-current=page]').evaluate((b) => [...b.parentElement!.children].indexOf(b))).toBe(2);
    await phone.locator('.h5-slide[aria-hidden=false]').getByText('致电预约').click();
    await phone.getByTestId('h5-note').filter({ hasText: '预览中不拨号：4008001234' }).waitFor();
    expect(page.url()).toContain('#/h5/editor/');
    await dialog.getByTestId('preview-prev').click();
    expect(await dialog.getByTestId('preview-page').innerText()).toBe('2 / 3');
    await dialog.getByRole('button', { name: '关闭' }).first().click();

    // A form: checked as published, then 预览中不会提交数据 — no submission leaves the browser.
    await workFromTemplate(page, '床垫试睡报名');
    await page.getByTestId('editor-more').click();
    await page.getByTestId('editor-menu-preview').click();
    await phone.getByText('立即报名').click();
    await phone.getByTestId('h5-field-error').first().waitFor();
    await phone.getByLabel('姓名').fill('王小明');
    await phone.getByLabel('手机号').fill('13800138000');
    await phone.getByLabel('意向门店').selectOption({ label: '上海徐汇店' });
    await phone.getByText('立即报名').click();
    await phone.getByTestId('h5-note').filter({ hasText: '预览中不会提交数据' }).waitFor();
    // The frame stays where it is drawn (a focused field scrolls the page inside it, never the frame).
    const [frameBox, phoneBox] = await Promise.all([phone.locator('.h5-preview-frame').boundingBox(), phone.boundingBox()]);
    expect([Math.round(frameBox!.x - phoneBox!.x), Math.round(frameBox!.y - phoneBox!.y)]).toEqual([0, 0]);
    await screenshot(page, 'h5-preview-form-390');
    expect(sent).toEqual([]);
    await context.close();
  });
});
