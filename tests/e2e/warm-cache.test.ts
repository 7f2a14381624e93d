import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, newPage, screenshot, signIn } from './browser';
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

/** Signs in through a fresh fault proxy, lands on /home and waits until the service worker controls the page. */
async function open(account: string, opts: { saveData?: boolean } = {}): Promise<{ proxy: FaultProxy; context: BrowserContext; page: Page }> {
  const proxy = await startFaultProxy(base);
  proxies.push(proxy);
  const { context, page } = await newPage(browser);
  if (opts.saveData) await context.addInitScript(() => Object.defineProperty(navigator, 'connection', { configurable: true, value: { saveData: true } }));
  await page.goto(`${proxy.url}#/login`);
  await signIn(page, account);
  await page.getByTestId('home-greeting').waitFor();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
  });
  return { proxy, context, page };
}

const warmState = (page: Page) => page.getByTestId('app-layout').getAttribute('data-warm');

async function goOffline(proxy: FaultProxy, context: BrowserContext) {
  proxy.setMode('down');
  await context.setOffline(true);
}

/** GETs the page asked of the server (answered), by path. */
const asked = (proxy: FaultProxy, path: RegExp) => proxy.log.filter((r) => r.method === 'GET' && r.outcome === 'answered' && path.test(r.url.split('?')[0]!));

describe('the cache warm-up (issue 16)', () => {
  it('after sign-in the granted pages are warmed in the background: offline, pages never opened online show their rows', async () => {
    const { proxy, context, page } = await open('admin');
    await expect.poll(() => warmState(page), { timeout: 60_000 }).toBe('done');
    // Warmed without ever opening the pages: their first pages were asked by the warm-up.
    expect(asked(proxy, /^\/Permission\/Position$/)).toHaveLength(1);
    expect(asked(proxy, /^\/Base\/DictionaryType$/)).toHaveLength(1);

    await goOffline(proxy, context);
    await page.goto(`${proxy.url}#/permission/position`);
    await page.getByTestId('org-position-row').first().waitFor();
    expect(await page.getByTestId('org-position-row').count()).toBeGreaterThan(1);
    await page.getByTestId('cache-note').getByText(/离线：显示的是/).waitFor();
    // With local rows, 新建 stays usable offline (the write is queued).
    expect(await page.getByTestId('org-position-add').isEnabled()).toBe(true);
    await screenshot(page, 'warm-position-offline');

    await page.goto(`${proxy.url}#/systemData/dictionary`);
    await page.getByTestId('dictionary-type-tree').waitFor();
    await page.getByTestId('dictionary-data-row').first().waitFor();
    await screenshot(page, 'warm-dictionary-offline');

    for (const [path, row] of [
      ['/permission/user', 'org-user-row'],
      ['/permission/role', 'role-row'],
      ['/system/billRule', 'bill-rule-row'],
      ['/system/area', 'area-row'],
    ] as const) {
      await page.goto(`${proxy.url}#${path}`);
      await page.getByTestId(row).first().waitFor();
    }
    // 系统公告 may have no notices: its (empty) first page is on the device all the same.
    await page.goto(`${proxy.url}#/system/notice`);
    // The notice page's own note (the area page's may linger while the page loads).
    const note = page.getByTestId('notice-page').getByTestId('cache-note');
    await note.getByText(/离线：显示的是/).waitFor();
    // The page's own offline line is part of that note: under the shell's banner, one notice.
    const own = '新建、修改、发布和删除先记在本机，联网后自动同步。';
    expect(await page.getByTestId('cache-note').count()).toBe(1);
    expect(await note.textContent()).toContain(own);
    expect(await page.getByText(own).count()).toBe(1);
    expect(await page.getByTestId('offline-note').count()).toBe(1);
    await screenshot(page, 'warm-notice-offline');
    await context.close();
  });

  it('a store clerk’s warm-up takes the dictionaries and the first region level, nothing of the admin pages', async () => {
    // ym0005: a sales assistant (店员) of the first store.
    const { proxy, context, page } = await open('ym0005');
    await expect.poll(() => warmState(page), { timeout: 60_000 }).toBe('done');
    expect(asked(proxy, /^\/Base\/DictionaryData\/All$/).length).toBeGreaterThanOrEqual(1);
    expect(asked(proxy, /^\/api\/integration\/district\/select$/).length).toBeGreaterThanOrEqual(1);
    expect(asked(proxy, /^\/Permission\/(Position|Role|Organize)/)).toEqual([]);
    expect(asked(proxy, /^\/Permission\/Users$/)).toEqual([]);
    await context.close();
  });

  it('when the browser asks to save data nothing is warmed; offline, a list with no local data disables 新建 and says why', async () => {
    const { proxy, context, page } = await open('admin', { saveData: true });
    await expect.poll(() => warmState(page), { timeout: 30_000 }).toBe('skipped');
    expect(asked(proxy, /^\/Permission\/Position$/)).toEqual([]);

    await goOffline(proxy, context);
    await page.goto(`${proxy.url}#/permission/position`);
    await page.getByTestId('cache-note').getByText('离线：本机没有此列表的数据，请联网后查看。').waitFor();
    const add = page.getByTestId('org-position-add');
    await add.waitFor();
    expect(await add.isDisabled()).toBe(true);
    expect(await add.getAttribute('title')).toBe('离线且本机没有此列表的数据，联网后才能新建');
    await screenshot(page, 'warm-no-local-data');
    await context.close();
  });
});
