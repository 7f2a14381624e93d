import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, newPage, screenshot, signIn } from './browser';
import { startServer, type RunningServer } from './server';

let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launch(), startServer()]);
});
afterAll(async () => {
  await browser.close();
  await server.stop();
});

describe('offline start (service worker + IndexedDB cache)', () => {
  it('after one online visit the app opens with the network gone, shows the cached shell and menu, says it is offline, and refreshes when back', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}#/login`);
    await signIn(page);
    await page.waitForURL(/#\/home/);
    await page.getByTestId('home-greeting').waitFor();
    // The service worker has installed and controls the page (shell precached).
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
      }
    });

    // The network goes away: the server is gone entirely.
    await server.stop();
    await page.reload();
    await page.getByTestId('home-greeting').waitFor({ timeout: 15_000 });
    await page.getByTestId('sidebar').getByText('登录日志').waitFor();
    expect(await page.getByTestId('connectivity').getAttribute('data-online')).toBe('false');
    await page.getByTestId('offline-note').waitFor();
    await screenshot(page, 'offline-home');

    // Back online: the server copy replaces the cache and the banner goes away.
    server = await startServer({ port: server.port, dataDir: server.dataDir });
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.getByTestId('offline-note').waitFor({ state: 'detached', timeout: 15_000 });
    expect(await page.getByTestId('connectivity').getAttribute('data-online')).toBe('true');
    await context.close();
  });

  it('signing in while the server cannot be reached says so clearly and keeps the user on /login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}#/login`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await server.stop();
    await page.reload();
    await page.locator('input[name=account]').waitFor();
    await signIn(page);
    await page.getByText('请求出错，请重试').first().waitFor();
    await page.getByTestId('offline-note').waitFor();
    expect(new URL(page.url()).hash).toMatch(/^#\/login/);
    await context.close();
    server = await startServer({ port: server.port, dataDir: server.dataDir });
  });
});
