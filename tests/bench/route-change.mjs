// Prints how long a warm in-app route change takes: signed in as admin in headless Chromium
// (1280×800), after each lazily loaded page was opened once (its chunk is cached), it clicks the
// tab-bar tabs /home → /profile → /system/log (登录日志) → … and measures, inside the page, from the
// click event to the first painted frame that shows the new page (its marker in <main>, then
// requestAnimationFrame + setTimeout 0). Also prints the time until the page's data is shown
// (profile form, login-log table), which includes the API request.
// Run after `npm run build`. Needs /usr/bin/chromium. Target: median < 100 ms (warm).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';

if (!fs.existsSync('dist/index.html') || !fs.existsSync('build/server/main.js')) throw new Error('the build is missing: run "npm run build" first');
if (!fs.existsSync('/usr/bin/chromium')) throw new Error('Debian chromium is missing: apt-get install chromium fonts-noto-cjk');

const { startServer } = await tsImport('../e2e/server.ts', import.meta.url);
const { launch, newPage, signIn } = await tsImport('../e2e/browser.ts', import.meta.url);

const ROUTES = ['/home', '/profile', '/system/log'];
const CYCLES = 10; // measured changes = CYCLES × 3

/** Installed in the page: arms a measurement for the next click that should lead to `route`. */
function installProbe() {
  const main = () => document.querySelector('main');
  const text = (sel, s) => [...(main()?.querySelectorAll(sel) ?? [])].some((el) => el.textContent?.trim() === s);
  const at = (route) => location.hash.replace(/^#/, '').split('?')[0] === route;
  // The first thing of each page that shows it is there (shell), and its loaded data.
  const shell = {
    '/home': () => at('/home') && !!main()?.querySelector('[data-testid=home-greeting]'),
    '/profile': () => at('/profile') && text('[role=tab]', '基本信息'),
    '/system/log': () => at('/system/log') && text('h1,h2,h3', '登录日志'),
  };
  const data = {
    '/home': shell['/home'],
    '/profile': () => at('/profile') && !!main()?.querySelector('input[name=realName]'),
    '/system/log': () => at('/system/log') && !!main()?.querySelector('[data-testid=login-log]'),
  };
  const painted = () => new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(performance.now()), 0)));
  window.__routeBench = {
    shell,
    data,
    arm(route) {
      if (shell[route]()) throw new Error(`already showing ${route}`);
      let t0 = null;
      document.addEventListener('click', () => (t0 ??= performance.now()), { capture: true, once: true });
      this.pending = new Promise((resolve, reject) => {
        const out = {};
        const timer = setTimeout(() => {
          obs.disconnect();
          reject(new Error(`timed out waiting for ${route}: ${JSON.stringify(out)}`));
        }, 10_000);
        const check = () => {
          if (t0 === null) return;
          if (!('shell' in out) && shell[route]()) {
            out.shell = null;
            void painted().then((t) => (out.shell = t - t0));
          }
          if (!('data' in out) && data[route]()) {
            out.data = null;
            void painted().then((t) => {
              out.data = t - t0;
              const wait = () => (out.shell === null ? setTimeout(wait, 0) : (clearTimeout(timer), resolve(out)));
              wait();
            });
          }
          if ('shell' in out && 'data' in out) obs.disconnect();
        };
        const obs = new MutationObserver(check);
        obs.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
        window.addEventListener('hashchange', check, { once: true });
      });
    },
  };
}

const server = await startServer({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'yunmian-bench-')) });
const browser = await launch();
try {
  const { page } = await newPage(browser);
  const base = server.url;
  const waitFor = (route, kind = 'data') => page.waitForFunction(([r, k]) => window.__routeBench[k][r](), [route, kind]);

  await page.goto(base);
  await page.waitForURL(/#\/login/);
  await signIn(page);
  await page.waitForURL(/#\/home/);
  await page.getByTestId('home-greeting').waitFor();
  await page.evaluate(installProbe);

  // Warm-up: open each lazy page once (loads its chunk and puts it in the tab bar), then one unmeasured round.
  await page.goto(`${base}#/profile`);
  await waitFor('/profile');
  await page.getByTestId('sidebar').getByText('登录日志', { exact: true }).click();
  await waitFor('/system/log');
  for (const route of ROUTES) {
    await page.locator(`[data-tab="${route}"]`).click();
    await waitFor(route);
  }
  // Let the post-sign-in notice and service-worker install settle.
  await page.locator('[data-testid=toast-info]').waitFor({ state: 'detached', timeout: 5000 }).catch(() => {});
  await page.waitForTimeout(500);

  const shellTimes = [];
  const dataTimes = [];
  const perRoute = Object.fromEntries(ROUTES.map((r) => [r, []]));
  for (let c = 0; c < CYCLES; c++) {
    for (const route of ROUTES) {
      await page.evaluate((r) => window.__routeBench.arm(r), route);
      await page.locator(`[data-tab="${route}"]`).click();
      const { shell, data } = await page.evaluate(() => window.__routeBench.pending);
      shellTimes.push(shell);
      dataTimes.push(data);
      perRoute[route].push(shell);
      await page.waitForTimeout(100);
    }
  }

  const q = (xs, p) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor(p * s.length))];
  };
  const ms = (n) => `${n.toFixed(0)} ms`;
  const n = shellTimes.length;
  console.log(`route change, click → first frame of new page (${n} warm changes): median ${ms(q(shellTimes, 0.5))}, p95 ${ms(q(shellTimes, 0.95))} (target median < 100 ms)`);
  console.log(`  per page, median: ${ROUTES.map((r) => `${r} ${ms(q(perRoute[r], 0.5))}`).join(', ')}`);
  console.log(`route change, click → page data shown (incl. API request): median ${ms(q(dataTimes, 0.5))}, p95 ${ms(q(dataTimes, 0.95))}`);
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
