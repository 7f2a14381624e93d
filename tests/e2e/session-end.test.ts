import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hashPath, launch, newPage, signIn } from './browser';
import { startServer, type RunningServer } from './server';

let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  // Tokens that live 10.8 seconds, so a session expires during the test (long enough for the
  // sign-in's own background calls to end before it, on a loaded machine too).
  [browser, server] = await Promise.all([launch(), startServer({ env: { YUNMIAN_TOKEN_TTL_HOURS: '0.003' } })]);
});
afterAll(async () => {
  await browser.close();
  await server.stop();
});

describe('session end (spec 8: codes 600-602)', () => {
  it('an expired token (600) resets the session and reloads to the sign-in page, keeping where the user was going', async () => {
    const { context, page } = await newPage(browser);
    // The websocket would end the expired session first (its logout); this test is about the HTTP
    // answer, so the socket reaches a stand-in that never answers.
    await context.routeWebSocket(/\/api\/message\/websocket/, () => {});
    await page.goto(`${server.url}#/login`);
    await signIn(page);
    await page.waitForURL(/#\/home/);
    // The token was issued before this moment: it has surely expired 11.5 s later.
    const signedInAt = Date.now();
    // The page's background calls (datasets, warm-up) end while the token is good; then it expires.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(Math.max(0, signedInAt + 11_500 - Date.now()));
    const codes: number[] = [];
    await page.route('**/Permission/Users/Current/BaseInfo**', async (route) => {
      const response = await route.fetch();
      codes.push(((await response.json()) as { code: number }).code);
      await route.fulfill({ response });
    });
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '个人信息' }).click();
    await page.waitForURL(/#\/login\?redirect=%2Fprofile/, { waitUntil: 'domcontentloaded', timeout: 30_000 });
    expect(codes).toContain(600);
    expect(await page.evaluate(() => localStorage.getItem('yunmian_token'))).toBeNull();
    expect(hashPath(page)).toMatch(/^\/login/);
    await context.close();
  });
});
