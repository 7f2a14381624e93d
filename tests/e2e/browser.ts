import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { CLIENT_SECRET } from '../../src/contracts/limits';
import { hashPassword } from '../../src/contracts/password';
import { ADMIN_PASSWORD } from './server';

export const ARTIFACTS = 'test-results/e2e';

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN', ...options });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}

export async function signIn(page: Page, account = 'admin', password = ADMIN_PASSWORD) {
  await page.locator('input[name=account]').fill(account);
  await page.locator('input[name=password]').fill(password);
  await page.locator('button[type=submit]').click();
}

/** Signs in through the API (for tests about what follows sign-in). */
export async function apiLogin(baseUrl: string, account = 'admin', password = ADMIN_PASSWORD): Promise<string> {
  const res = await fetch(`${baseUrl}Permission/Login/login?client_id=admin&client_secret=${CLIENT_SECRET}&scope=all&grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: hashPassword(password), platform: 'event' }),
  });
  const body = (await res.json()) as { code: number; data: { token: string } };
  if (body.code !== 200) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

export const hashPath = (page: Page) => new URL(page.url()).hash.replace(/^#/, '');

export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}/${name}.png` });
}
