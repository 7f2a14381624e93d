import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { Work } from '../../src/contracts/h5';
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

/** The server's copy of a work (read directly, not through any proxy). */
async function serverWork(token: string, id: string): Promise<Work | null> {
  const res = await fetch(`${base}event/work/${id}`, { headers: { authorization: `Bearer ${token}` } });
  const json = (await res.json()) as { code: number; data: Work };
  return json.code === 200 ? json.data : null;
}

const elementCount = (w: Work | null) => (w ? w.pages.reduce((n, p) => n + p.elements.length, 0) : -1);

/** Signs in (through `url`: the server or a fault proxy) and waits until the service worker controls the page. */
async function signedIn(page: Page, url: string, account = 'admin') {
  await page.goto(`${url}#/login`);
  await signIn(page, account);
  await page.getByTestId('home-greeting').waitFor();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
  });
}

/** 我的作品 → 新建作品 → the editor of the new work; answers the work's id. */
async function createWork(page: Page, url: string): Promise<string> {
  await page.goto(`${url}#/h5/works`);
  await page.getByTestId('work-create').click();
  await page.waitForURL(/#\/h5\/editor\//);
  await editorReady(page);
  return hashPath(page).split('/').pop()!;
}

async function editorReady(page: Page) {
  await page.locator('[data-testid=editor-page][data-state=ready]').waitFor();
  await page.getByTestId('canvas-page').waitFor();
}

const elements = (page: Page) => page.getByTestId('canvas-page').getByTestId('canvas-element');

/** Adds an element from the palette (组件 tab): its type name and the label the palette shows. */
async function addFromPalette(page: Page, name: string, label: string) {
  await page.getByTestId('left-tab-components').click();
  const item = page.locator(`[data-testid=component-palette] [data-testid=palette-item][data-name="${name}"]`);
  await expect.poll(() => item.innerText()).toContain(label);
  await item.click();
}

const boxOf = async (el: Locator) => el.evaluate((e) => ({ left: parseFloat((e as HTMLElement).style.left), top: parseFloat((e as HTMLElement).style.top), width: parseFloat((e as HTMLElement).style.width), height: parseFloat((e as HTMLElement).style.height), z: Number((e as HTMLElement).style.zIndex) }));

/** A click at the middle of an element's box, as a user's (the canvas's selection layer is drawn over the elements). */
async function clickAt(page: Page, el: Locator, button: 'left' | 'right' = 'left') {
  const b = (await el.boundingBox())!;
  await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2, { button });
}

async function dragBy(page: Page, el: Locator, dx: number, dy: number) {
  const b = (await el.boundingBox())!;
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(b.x + b.width / 2 + (dx * i) / 8, b.y + b.height / 2 + (dy * i) / 8);
  await page.mouse.up();
}

/** Confirms the app's confirmation dialog when one opens (deleting asks first by default). */
async function confirmIfAsked(page: Page) {
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog')).last();
  if (await dialog.waitFor({ state: 'visible', timeout: 1500 }).then(() => true, () => false)) await dialog.getByRole('button', { name: /确定|删除/ }).last().click();
}

async function goOffline(proxy: FaultProxy, context: BrowserContext) {
  proxy.setMode('down');
  await context.setOffline(true);
}
async function goOnline(proxy: FaultProxy, context: BrowserContext) {
  proxy.setMode('pass');
  await context.setOffline(false);
}

describe('campaign-page editor (issue 18)', () => {
  it('creates a work, adds, drags, resizes, undoes and redoes, orders through the context menu, keeps its last page, saves and reopens', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1366, height: 800 } });
    await signedIn(page, base);
    const token = await apiLogin(base);
    const id = await createWork(page, base);

    await addFromPalette(page, 'text', '文字');
    await addFromPalette(page, 'button', '按钮');
    await addFromPalette(page, 'shape', '形状');
    await expect.poll(() => elements(page).count()).toBe(3);

    // Drag the text 20 px right and 330 px down, clear of the others (at zoom 1): one undo step.
    await page.getByTestId('zoom-value').waitFor();
    const text = elements(page).filter({ has: page.getByTestId('h5-text') }).first();
    const before = await boxOf(text);
    await clickAt(page, text);
    await dragBy(page, text, 20, 330);
    await expect.poll(async () => (await boxOf(text)).top).toBeGreaterThan(before.top + 300);
    const moved = await boxOf(text);
    expect(moved.top).toBeGreaterThan(before.top + 300);

    // Resize from the bottom-right handle.
    const handle = page.locator('.moveable-control.moveable-se').first();
    const hb = (await handle.boundingBox())!;
    await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 6; i++) await page.mouse.move(hb.x + hb.width / 2 + 5 * i, hb.y + hb.height / 2 + 3 * i);
    await page.mouse.up();
    await expect.poll(async () => (await boxOf(text)).width).toBeGreaterThan(moved.width + 15);

    // Undo the resize, then the drag (one step each); redo the drag.
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await boxOf(text)).width).toBe(moved.width);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await boxOf(text)).top).toBe(before.top);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(async () => (await boxOf(text)).top).toBe(moved.top);

    // 置顶 then 置底 through the context menu (the text was added first, so it starts at the bottom):
    // zindexes renumbered 1..3 each time.
    const zs = () => elements(page).evaluateAll((els) => els.map((e) => Number((e as HTMLElement).style.zIndex)).sort());
    expect((await boxOf(text)).z).toBe(1);
    await clickAt(page, text, 'right');
    await page.getByTestId('context-moveToTop').click();
    await expect.poll(async () => (await boxOf(text)).z).toBe(3);
    expect(await zs()).toEqual([1, 2, 3]);
    // The menu opened at the pointer: a second right click there before its closing animation ends lands on the menu.
    await page.getByTestId('element-context-menu').waitFor({ state: 'hidden' });
    await clickAt(page, text, 'right');
    await page.getByTestId('context-moveToBottom').click();
    await expect.poll(async () => (await boxOf(text)).z).toBe(1);
    expect(await zs()).toEqual([1, 2, 3]);

    // Multi-select: shift-click adds the button to the text; 左对齐 lines them up; a shift-click on
    // one of the group takes it out again.
    const button = page.locator('[data-testid=canvas-page] [data-testid=canvas-element][data-name=button]');
    await clickAt(page, text);
    await page.keyboard.down('Shift');
    await clickAt(page, button);
    await page.keyboard.up('Shift');
    await page.getByTestId('align-bar').waitFor();
    await page.getByTestId('align-left').click();
    await expect.poll(async () => (await boxOf(button)).left).toBe((await boxOf(text)).left);
    await page.keyboard.down('Shift');
    await clickAt(page, button);
    await page.keyboard.up('Shift');
    await page.getByTestId('align-bar').waitFor({ state: 'hidden' });

    // Pages: add one, then delete both — the last one stays, with the spec's message.
    await page.getByTestId('left-tab-pages').click();
    await page.getByTestId('page-add').click();
    await expect.poll(() => page.getByTestId('page-list').getByTestId('page-item').count()).toBe(2);
    const pageItems = page.getByTestId('page-list').getByTestId('page-item');
    await pageItems.nth(1).getByTestId('page-delete').click();
    await confirmIfAsked(page);
    await expect.poll(() => pageItems.count()).toBe(1);
    await pageItems.first().getByTestId('page-delete').click();
    await confirmIfAsked(page);
    await page.getByText('at least one page must be kept in the work').first().waitFor();
    expect(await pageItems.count()).toBe(1);
    await expect.poll(() => elements(page).count()).toBe(3);

    // Save, wait for the server's answer, reload: still there, and on the server.
    await page.getByTestId('editor-save').click();
    await page.locator('[data-testid=save-status][data-state=saved]').waitFor();
    await expect.poll(async () => elementCount(await serverWork(token, id))).toBe(3);
    await screenshot(page, 'h5-editor-1366');
    await page.reload();
    await editorReady(page);
    await expect.poll(() => elements(page).count()).toBe(3);
    await context.close();
  });

  it('offline: the cached work opens, edits survive a closed tab, and one save reaches the server when back', async () => {
    const proxy = await startFaultProxy(base);
    proxies.push(proxy);
    const { context, page } = await newPage(browser, { viewport: { width: 1366, height: 800 } });
    await signedIn(page, proxy.url);
    const token = await apiLogin(base);
    const id = await createWork(page, proxy.url);
    await addFromPalette(page, 'text', '文字');
    await page.getByTestId('editor-save').click();
    await page.locator('[data-testid=save-status][data-state=saved]').waitFor();
    await expect.poll(async () => elementCount(await serverWork(token, id))).toBe(1);
    const version = (await serverWork(token, id))!.version;
    const savesBefore = proxy.log.filter((l) => l.method === 'POST' && l.url.startsWith('/event/work/update')).length;

    await goOffline(proxy, context);
    await addFromPalette(page, 'picture', '图片');
    await addFromPalette(page, 'button', '按钮');
    await expect.poll(() => elements(page).count()).toBe(3);
    // Saved on the device within a second; the tab is closed without waiting for anything else.
    await page.waitForTimeout(1200);
    await page.close();

    const again = await context.newPage();
    await again.goto(`${proxy.url}#/h5/editor/${id}`);
    await editorReady(again);
    await expect.poll(() => elements(again).count()).toBe(3);
    await again.getByTestId('save-status').filter({ hasText: '本机' }).waitFor();
    expect((await serverWork(token, id))!.version).toBe(version);
    // The works list opens offline too, with the work marked as not yet synced.
    await again.goto(`${proxy.url}#/h5/works`);
    await again.locator(`[data-testid=work-card][data-id="${id}"]`).getByTestId('work-pending').waitFor();

    await goOnline(proxy, context);
    await expect.poll(async () => elementCount(await serverWork(token, id)), { timeout: 20_000 }).toBe(3);
    await expect.poll(() => again.locator(`[data-testid=work-card][data-id="${id}"]`).getByTestId('work-pending').count()).toBe(0);
    const saves = proxy.log.filter((l) => l.method === 'POST' && l.url.startsWith('/event/work/update') && l.outcome === 'answered').length - savesBefore;
    expect(saves).toBe(1);
    expect((await serverWork(token, id))!.version).toBe(version + 1);
    await context.close();
  });

  it('a save over a change made elsewhere shows the choice; keep mine wins on top of theirs', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1366, height: 800 } });
    await signedIn(page, base);
    const token = await apiLogin(base);
    const id = await createWork(page, base);
    await page.getByTestId('editor-save').click();
    await page.locator('[data-testid=save-status][data-state=saved]').waitFor();

    // A colleague's client (the same account elsewhere) saves a new title first.
    const theirs = (await serverWork(token, id))!;
    const res = await fetch(`${base}event/work/update`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'if-match': String(theirs.version) },
      body: JSON.stringify({ ...theirs, title: '别处改的标题' }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(200);

    await addFromPalette(page, 'text', '文字');
    // Saved by hand, unless the editor's autosave got there first (on a slow machine it may): either
    // way the save meets their version and the choice opens (while it is open the button is covered).
    const saveClick = page.getByTestId('editor-save').click().catch(() => undefined);
    await page.getByTestId('conflict-mine').waitFor();
    await saveClick;
    await expect.poll(() => page.getByTestId('conflict-theirs').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('conflict-copy').isVisible()).toBe(true);
    await screenshot(page, 'h5-editor-conflict');
    await page.getByTestId('conflict-mine').click();
    await expect.poll(async () => elementCount(await serverWork(token, id)), { timeout: 15_000 }).toBe(1);
    expect((await serverWork(token, id))!.version).toBe(theirs.version + 2);
    await context.close();
  });

  it('phone: my works in one column, the editor fits the screen', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signedIn(page, base);
    await page.goto(`${base}#/h5/works`);
    await page.getByTestId('work-card').first().waitFor();
    const widths = await page.getByTestId('work-card').evaluateAll((els) => els.slice(0, 2).map((e) => e.getBoundingClientRect().width));
    expect(widths[0]).toBeGreaterThan(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'h5-works-390');
    await page.getByTestId('work-card').first().getByTestId('work-edit').click();
    await editorReady(page);
    const holder = (await page.getByTestId('canvas-holder').boundingBox())!;
    expect(holder.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'h5-editor-390');
    await context.close();
  });
});
