import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launch, newPage, screenshot, signIn } from './browser';
import { sharedServerUrl } from './shared-server';

/**
 * Accessibility scan (axe-core, WCAG 2.1 A and AA) of the main screens at 1366 and 390 px. A
 * critical or serious violation fails the test; every violation found is printed
 * (rule, impact, where) so a failure says what is wrong.
 */

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
}

const base = sharedServerUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

async function scan(page: Page, screen: string) {
  // The page has settled: no navigation pending, fonts laid out.
  await page.waitForFunction(() => {
    const bar = document.querySelector('[data-testid=nav-progress]');
    return !bar || getComputedStyle(bar).opacity === '0';
  });
  await page.evaluate(() => document.fonts.ready);
  // No notice coming or going while axe reads the page (a toast fading in or out reads as low
  // contrast); then no element half-way through an animation.
  await page.locator('[data-scope=toast][data-part=root]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
  await page.waitForTimeout(300);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = (await page.evaluate(
    (tags) => (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: unknown[] }> } }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }).then((r) => r.violations),
    TAGS,
  )) as Violation[];
  const lines: string[] = [];
  const blocking: string[] = [];
  for (const v of violations) {
    for (const node of v.nodes) {
      const line = `${screen}: ${v.impact} ${v.id} at ${node.target.join(' ')} — ${v.help}\n    ${node.html.slice(0, 160)}\n    ${(node.failureSummary ?? '').split('\n').slice(1, 2).join('').trim()}`;
      lines.push(line);
      if (v.impact === 'critical' || v.impact === 'serious') blocking.push(line);
    }
  }
  if (lines.length) console.log(`axe ${screen}:\n${lines.join('\n')}`);
  expect(blocking, `critical or serious violations on ${screen}:\n${blocking.join('\n')}`).toEqual([]);
}

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The screens, each opened from where the previous one left the page. */
const screens: { name: string; path: string; ready: (page: Page) => Promise<unknown> }[] = [
  { name: 'home', path: '/home', ready: (p) => p.getByTestId('home-greeting').waitFor() },
  { name: 'user list', path: '/permission/user', ready: (p) => p.getByTestId('org-user-row').first().waitFor() },
  { name: 'role list', path: '/permission/role', ready: (p) => p.getByTestId('role-row').first().waitFor() },
  { name: 'notice page', path: '/system/notice', ready: (p) => p.getByTestId('notice-page').waitFor() },
  { name: 'dictionary', path: '/systemData/dictionary', ready: (p) => p.getByTestId('dictionary-page').waitFor() },
  { name: 'message centre', path: '/messageRecord', ready: (p) => p.getByTestId('message-record-page').waitFor() },
  // The task lists' actions (on a phone 查看 is an icon, named 查看).
  { name: 'workflow monitor', path: '/workFlow/flowMonitor', ready: (p) => p.getByTestId('wf-row').first().waitFor() },
  { name: 'profile', path: '/profile', ready: (p) => p.getByRole('tab', { name: '基本信息' }).waitFor() },
];

for (const [label, options] of [
  ['1366 px', { viewport: { width: 1366, height: 800 } }],
  ['390 px', PHONE],
] as const) {
  describe(`axe (WCAG 2.1 A/AA) at ${label}: no critical or serious violations`, () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      ({ context, page } = await newPage(browser, options));
    });
    afterAll(async () => {
      await context.close();
    });

    it('login', async () => {
      await page.goto(base);
      await page.waitForURL(/#\/login/);
      await page.locator('input[name=account]').waitFor();
      await scan(page, `login ${label}`);
      await signIn(page);
      await page.getByTestId('home-greeting').waitFor();
    });

    for (const screen of screens) {
      it(screen.name, async () => {
        await page.goto(`${base}#${screen.path}`);
        await screen.ready(page);
        await page.locator('[data-testid$=loading]').first().waitFor({ state: 'hidden' }).catch(() => undefined);
        await scan(page, `${screen.name} ${label}`);
      });
    }

    it('settings drawer open', async () => {
      await page.goto(`${base}#/home`);
      await page.getByTestId('home-greeting').waitFor();
      await page.getByTestId('settings-open').click();
      await page.getByTestId('settings-drawer').waitFor();
      await page.getByTestId('storage-usage').waitFor();
      await scan(page, `settings drawer ${label}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('settings-drawer').waitFor({ state: 'hidden' });
    });

    it('message drawer open', async () => {
      await page.getByTestId('message-entry').click();
      await page.getByTestId('message-drawer').waitFor();
      await page.getByTestId('message-list-loading').waitFor({ state: 'hidden' });
      await scan(page, `message drawer ${label}`);
      await screenshot(page, `a11y-message-drawer-${label.replace(' ', '')}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('message-drawer').waitFor({ state: 'hidden' });
    });
  });
}
