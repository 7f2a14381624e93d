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

const BASE_INFO = '/Permission/Users/Current/BaseInfo';

/** The server's copy of an account's base info (read directly, not through the proxy). */
async function serverBaseInfo(account: string): Promise<{ realName: string; mobilePhone: string | null; headIcon: string; version: number }> {
  const token = await apiLogin(base, account);
  const res = await fetch(`${base}${BASE_INFO.slice(1)}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: { realName: string; mobilePhone: string | null; headIcon: string; version: number } }).data;
}

/** Signs in through a fresh fault proxy and waits until the service worker controls the page. */
async function open(account: string): Promise<{ proxy: FaultProxy; context: BrowserContext; page: Page }> {
  const proxy = await startFaultProxy(base);
  proxies.push(proxy);
  const { context, page } = await newPage(browser);
  await page.goto(`${proxy.url}#/login`);
  await signIn(page, account);
  await page.getByTestId('home-greeting').waitFor();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
  });
  return { proxy, context, page };
}

async function openProfile(page: Page, url: string) {
  await page.goto(`${url}#/profile`);
  await page.locator('input[name=realName]').waitFor();
  await expect.poll(() => page.locator('input[name=realName]').inputValue()).not.toBe('');
}

async function saveRealName(page: Page, name: string) {
  await page.locator('input[name=realName]').fill(name);
  await page.getByRole('button', { name: '保存', exact: true }).click();
}

async function goOffline(proxy: FaultProxy, context: BrowserContext) {
  proxy.setMode('down');
  await context.setOffline(true);
}
async function goOnline(proxy: FaultProxy, context: BrowserContext) {
  proxy.setMode('pass');
  await context.setOffline(false);
}

const pendingCount = async (page: Page) => Number((await page.getByTestId('sync-pending').getAttribute('data-count').catch(() => '0')) ?? 0);

describe('sync queue in the browser (issue 4)', () => {
  it('edits made offline survive the page being killed and reach the server exactly once when back online, with one catch-up notice', async () => {
    const account = 'ym0040';
    const { proxy, context, page } = await open(account);
    await openProfile(page, proxy.url);
    const before = await serverBaseInfo(account);

    await goOffline(proxy, context);
    await saveRealName(page, '离线改名一');
    await page.getByText('已保存在本机，联网后自动同步').first().waitFor();
    await page.locator('input[name=mobilePhone]').fill('13900001111');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect.poll(() => pendingCount(page)).toBe(2);
    await screenshot(page, 'sync-offline-pending');

    // The page is killed; the app is opened again, still offline.
    await page.close();
    const again = await context.newPage();
    await again.goto(`${proxy.url}#/profile`);
    await again.locator('input[name=realName]').waitFor();
    await expect.poll(() => again.locator('input[name=realName]').inputValue()).toBe('离线改名一');
    await expect.poll(() => pendingCount(again)).toBe(2);
    expect((await serverBaseInfo(account)).version).toBe(before.version);

    await goOnline(proxy, context);
    await expect.poll(async () => (await serverBaseInfo(account)).version, { timeout: 20_000 }).toBe(before.version + 2);
    const after = await serverBaseInfo(account);
    expect(after).toMatchObject({ realName: '离线改名一', mobilePhone: '13900001111' });
    await expect.poll(() => again.getByTestId('sync-pending').count()).toBe(0);
    // Each write was sent with its own key; none was applied twice.
    const keys = proxy.writes('PUT', BASE_INFO).map((w) => w.idempotencyKey);
    expect(new Set(keys).size).toBe(2);

    // One catch-up notice says what happened while offline.
    await again.getByText(/离线期间：.*2 条离线修改已同步到服务器/).waitFor();
    await screenshot(again, 'sync-catch-up');
    await again.waitForTimeout(1500);
    expect(await again.getByText(/离线期间：/).count()).toBe(1);
    await context.close();
  });

  it('when the answer to a committed write is lost, the retry returns the stored answer: no duplicate', async () => {
    const account = 'ym0041';
    const { proxy, context, page } = await open(account);
    await openProfile(page, proxy.url);
    const before = await serverBaseInfo(account);

    proxy.setMode('drop-write-responses');
    await saveRealName(page, '丢失应答');
    await expect.poll(() => proxy.log.some((l) => l.outcome === 'dropped')).toBe(true);
    proxy.setMode('pass');
    await expect.poll(() => page.getByTestId('sync-pending').count(), { timeout: 20_000 }).toBe(0);

    const sent = proxy.writes('PUT', BASE_INFO);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sent.map((w) => w.idempotencyKey)).size).toBe(1);
    const after = await serverBaseInfo(account);
    expect(after.realName).toBe('丢失应答');
    expect(after.version).toBe(before.version + 1);
    await context.close();
  });

  it('three tabs: one replays; when that tab dies another takes over, and nothing is sent twice', async () => {
    const account = 'ym0042';
    const { proxy, context, page } = await open(account);
    const tabs = [page, await context.newPage(), await context.newPage()];
    for (const tab of tabs) await openProfile(tab, proxy.url);
    const leaders = async () => {
      const flags = await Promise.all(tabs.filter((t) => !t.isClosed()).map((t) => t.getByTestId('sync-indicator').getAttribute('data-leader')));
      return flags.filter((f) => f === 'true').length;
    };
    await expect.poll(leaders).toBe(1);
    const before = await serverBaseInfo(account);

    await goOffline(proxy, context);
    const leaderIndex = (await Promise.all(tabs.map((t) => t.getByTestId('sync-indicator').getAttribute('data-leader')))).indexOf('true');
    const writer = tabs[(leaderIndex + 1) % 3]!;
    await saveRealName(writer, '三个标签页');
    await expect.poll(() => pendingCount(tabs[leaderIndex]!)).toBe(1);
    // The leader dies; one of the others takes over.
    await tabs[leaderIndex]!.close();
    await expect.poll(leaders).toBe(1);

    await goOnline(proxy, context);
    await expect.poll(async () => (await serverBaseInfo(account)).realName, { timeout: 20_000 }).toBe('三个标签页');
    expect((await serverBaseInfo(account)).version).toBe(before.version + 1);
    expect(new Set(proxy.writes('PUT', BASE_INFO).map((w) => w.idempotencyKey)).size).toBe(1);
    await context.close();
  });

  it('a session that ends while offline stops the queue (needs sign-in); after signing in again the write is sent', async () => {
    const account = 'ym0043';
    const { proxy, context, page } = await open(account);
    await openProfile(page, proxy.url);
    await goOffline(proxy, context);
    await saveRealName(page, '过期后同步');
    await expect.poll(() => pendingCount(page)).toBe(1);

    // The session is revoked on the server meanwhile (signed out elsewhere, or expired).
    const token = await page.evaluate(() => localStorage.getItem('yunmian_token'));
    await fetch(`${base}Permission/Login/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });

    await goOnline(proxy, context);
    await page.waitForURL(/#\/login/, { timeout: 20_000 });
    expect((await serverBaseInfo(account)).realName).not.toBe('过期后同步');
    await signIn(page, account);
    await page.waitForURL((u) => !u.hash.startsWith('#/login'));
    await expect.poll(async () => (await serverBaseInfo(account)).realName, { timeout: 20_000 }).toBe('过期后同步');
    expect(hashPath(page)).not.toMatch(/^\/login/);
    await context.close();
  });

  it('a write made offline on an old version becomes a conflict; the user keeps theirs or keeps mine', async () => {
    const account = 'ym0044';
    const { proxy, context, page } = await open(account);
    await openProfile(page, proxy.url);
    await goOffline(proxy, context);
    await saveRealName(page, '我的离线修改');
    // Meanwhile the same record is changed elsewhere.
    const token = await apiLogin(base, account);
    await fetch(`${base}${BASE_INFO.slice(1)}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ realName: '别处的修改' }),
    });
    await goOnline(proxy, context);
    await page.getByTestId('sync-problems').waitFor({ timeout: 20_000 });
    expect((await serverBaseInfo(account)).realName).toBe('别处的修改');
    await page.getByTestId('sync-indicator').click();
    const panel = page.getByTestId('sync-panel');
    await panel.locator('[data-testid=sync-entry][data-state=conflict]').waitFor();
    await page.waitForTimeout(500); // the drawer's opening animation
    await screenshot(page, 'sync-conflict');
    await panel.getByTestId('sync-keep-mine').click();
    await expect.poll(async () => (await serverBaseInfo(account)).realName, { timeout: 20_000 }).toBe('我的离线修改');
    await panel.getByTestId('sync-empty').waitFor();
    await page.keyboard.press('Escape');

    // Again, and this time the server's copy wins.
    await goOffline(proxy, context);
    await saveRealName(page, '再一次离线修改');
    await fetch(`${base}${BASE_INFO.slice(1)}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ realName: '服务器上的名字' }),
    });
    await goOnline(proxy, context);
    await page.getByTestId('sync-problems').waitFor({ timeout: 20_000 });
    await page.getByTestId('sync-indicator').click();
    await panel.getByTestId('sync-keep-theirs').click();
    await panel.getByTestId('sync-empty').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('input[name=realName]').inputValue()).toBe('服务器上的名字');
    expect((await serverBaseInfo(account)).realName).toBe('服务器上的名字');
    await context.close();
  });

  it('an avatar chosen offline and a base-info edit after it both arrive, in order, without a false conflict', async () => {
    const account = 'ym0045';
    const { proxy, context, page } = await open(account);
    await openProfile(page, proxy.url);
    const before = await serverBaseInfo(account);
    await goOffline(proxy, context);
    await page.getByRole('tab', { name: '头像' }).click();
    await page.getByRole('button', { name: '选择头像 007.svg' }).click();
    await page.getByRole('tab', { name: '基本信息' }).click();
    await saveRealName(page, '换了头像');
    await expect.poll(() => pendingCount(page)).toBe(2);
    await goOnline(proxy, context);
    await expect.poll(async () => (await serverBaseInfo(account)).version, { timeout: 20_000 }).toBe(before.version + 2);
    expect(await serverBaseInfo(account)).toMatchObject({ realName: '换了头像', headIcon: '007.svg' });
    expect(await page.getByTestId('sync-problems').count()).toBe(0);
    await context.close();
  });
});

describe('cached datasets and catch-up (issue 4)', () => {
  it('a reload revalidates the session with its ETag (304); offline, /home shows the cached figures with their time', async () => {
    const account = 'ym0046';
    const { proxy, context, page } = await open(account);
    const staff = await page.getByTestId('home-staff-value').innerText();
    expect(Number(staff.replace(/,/g, ''))).toBeGreaterThan(0);

    const statuses: number[] = [];
    page.on('response', (r) => r.url().includes('/Permission/Users/App/CurrentUser') && statuses.push(r.status()));
    await page.reload();
    await page.getByTestId('home-greeting').waitFor();
    await expect.poll(() => statuses).toContain(304);

    // On demand: the refresh button revalidates the figures (unchanged: 304). The figures are live
    // (sessions, unread notices), so one that changed since the cached copy gets a 200 with the new
    // tag first; the next refresh then revalidates.
    const summary: number[] = [];
    page.on('response', (r) => r.url().includes('/api/home/summary') && summary.push(r.status()));
    await expect
      .poll(async () => {
        await page.getByTestId('home-refresh').click();
        await page.waitForTimeout(300);
        return summary;
      })
      .toContain(304);

    await goOffline(proxy, context);
    await page.reload();
    await page.getByTestId('home-figures-as-of').waitFor();
    expect(await page.getByTestId('home-staff-value').innerText()).toBe(staff);
    await screenshot(page, 'home-offline-cached-figures');
    await context.close();
  });

  it('after a catch-up in a hidden tab, a system notification (through the service worker) says what arrived and opens /home', async () => {
    const account = 'ym0047';
    const { proxy, context, page } = await open(account);
    await context.grantPermissions(['notifications'], { origin: new URL(proxy.url).origin });
    await openProfile(page, proxy.url);
    await goOffline(proxy, context);
    await saveRealName(page, '后台同步');
    await expect.poll(() => pendingCount(page)).toBe(1);
    // The user switches to another app: the page is hidden when the connection returns. What the
    // page asks the service worker to show is recorded (headless Chromium may close a shown
    // notification before it can be listed).
    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      const shown: Array<{ title: string; body: string; url: string }> = [];
      (window as unknown as { shown: typeof shown }).shown = shown;
      const original = ServiceWorkerRegistration.prototype.showNotification;
      ServiceWorkerRegistration.prototype.showNotification = function (title, options) {
        shown.push({ title, body: options?.body ?? '', url: (options?.data as { url: string }).url });
        return original.call(this, title, options);
      };
    });
    await goOnline(proxy, context);
    const notifications = () => page.evaluate(() => (window as unknown as { shown: Array<{ title: string; body: string; url: string }> }).shown);
    await expect.poll(notifications, { timeout: 30_000 }).toHaveLength(1);
    const [shown] = await notifications();
    expect(shown!.title).toBe('云眠：离线期间的更新');
    expect(shown!.body).toContain('1 条离线修改已同步到服务器');
    expect(shown!.url).toMatch(/#\/home$/);
    await context.close();
  });
});
