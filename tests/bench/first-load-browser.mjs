// Prints what a first and a warm start cost in headless Chromium, through the real built server
// (a separate process, as `npm start` runs it; a fresh data directory with the demo company):
//   - cold /login: a fresh browser profile, no cache, no service worker; requests (the files the
//     page asked for until it was shown, and until the network was quiet: what loads after, such as
//     the shell's drawers, counted apart) and first contentful paint, median of 5;
//   - cold /home, signed in (the session in local storage), otherwise as cold: requests, the files'
//     bytes as they came over the wire (headers included; Chromium asks for gzip over plain http and
//     for br over https), FCP and the time until the greeting shows, median of 5;
//   - warm start: a persistent phone profile (390 px) that had opened the app once (service worker
//     installed, everything cached), the browser restarted on a deep link (/profile), online and
//     offline: navigation start → the page's content shown, median of 5 restarts.
// Targets (issue 16): /login ≤ 12 requests and FCP no slower than the peers (vue-element-admin
// ≈ 0.44 s, ant-design-pro ≈ 0.88 s); /home ≤ 25 requests; warm start ≤ 1 s.
// Run after `npm run build`; `E2E_BUILD=.e2e/x` (or BENCH_BUILD) runs a build made beside it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';

if (!process.env.E2E_BUILD && process.env.BENCH_BUILD) process.env.E2E_BUILD = process.env.BENCH_BUILD;
const { startServer, ADMIN_PASSWORD, E2E_BUILD } = await tsImport('../e2e/server.ts', import.meta.url);
if (!fs.existsSync(`${E2E_BUILD.dist}/index.html`) || !fs.existsSync(E2E_BUILD.server)) throw new Error('the build is missing: run "npm run build" first');
if (!fs.existsSync('/usr/bin/chromium')) throw new Error('Debian chromium is missing: apt-get install chromium fonts-noto-cjk');

const RUNS = 5;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (n) => `${Math.round(n)} ms`;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const launchOptions = { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-dev-shm-usage'] };

const server = await startServer();
const base = server.url;

/** Files asked for by one page load (and their bytes on the wire) until the network is quiet. */
async function coldLoad(browser, hash, ready, storageState) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, serviceWorkers: 'block', storageState });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  let requests = 0;
  let bytes = 0;
  // The app's files (not its API calls, nor the websocket).
  const files = new Set();
  cdp.on('Network.requestWillBeSent', (e) => {
    const url = e.request.url;
    if (!url.startsWith(base) || url.includes('/api/') || /\/(Permission|Base|Message|event)\b/.test(url)) return;
    files.add(e.requestId);
    requests++;
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (files.has(e.requestId)) bytes += e.encodedDataLength;
  });
  const t0 = Date.now();
  await page.goto(`${base}#${hash}`);
  await ready(page);
  const shown = Date.now() - t0;
  const requestsShown = requests;
  const bytesShown = bytes;
  await page.waitForLoadState('networkidle');
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
  await context.close();
  return { requests: requestsShown, bytes: bytesShown, settled: requests, settledBytes: bytes, fcp, shown };
}

async function session(browser) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`${base}#/login`);
  await page.locator('input[name=account]').fill('admin');
  await page.locator('input[name=password]').fill(ADMIN_PASSWORD);
  await page.locator('button[type=submit]').click();
  await page.getByTestId('home-greeting').waitFor();
  const state = await context.storageState();
  await context.close();
  return state;
}

function report(label, runs, targets) {
  const requests = median(runs.map((r) => r.requests));
  const line = [
    `${label}: ${requests} requests until shown (target ≤ ${targets.requests}), ${median(runs.map((r) => r.settled))} once settled`,
    `FCP ${ms(median(runs.map((r) => r.fcp)))}`,
    `shown ${ms(median(runs.map((r) => r.shown)))}`,
    `${kb(median(runs.map((r) => r.bytes)))} over the wire until shown (${kb(median(runs.map((r) => r.settledBytes)))} settled)`,
  ];
  console.log(`  ${line.join(' · ')}`);
}

try {
  console.log(`first load (median of ${RUNS} cold loads, headless Chromium, localhost, server ${E2E_BUILD.server})`);
  const browser = await chromium.launch(launchOptions);
  const login = [];
  for (let i = 0; i < RUNS; i++) login.push(await coldLoad(browser, '/login', (p) => p.locator('input[name=account]').waitFor()));
  report('/login', login, { requests: 12 });
  console.log('    peers on the same kind of machine: vue-element-admin FCP ≈ 440 ms (8 requests), ant-design-pro ≈ 880 ms');
  const state = await session(browser);
  const home = [];
  for (let i = 0; i < RUNS; i++) home.push(await coldLoad(browser, '/home', (p) => p.getByTestId('home-greeting').waitFor(), state));
  report('/home', home, { requests: 25 });
  await browser.close();

  // Warm start: a phone profile with the app installed by its service worker, restarted on a deep link.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'yunmian-bench-profile-'));
  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  {
    const context = await chromium.launchPersistentContext(profile, { ...launchOptions, ...phone });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${base}#/login`);
    await page.locator('input[name=account]').fill('admin');
    await page.locator('input[name=password]').fill(ADMIN_PASSWORD);
    await page.locator('button[type=submit]').click();
    await page.getByTestId('home-greeting').waitFor();
    await page.goto(`${base}#/profile`);
    await page.locator('input[name=realName]').waitFor();
    // The service worker has taken over and cached the app.
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 20_000 });
    await page.waitForTimeout(1500);
    await context.close();
  }
  for (const offline of [false, true]) {
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await chromium.launchPersistentContext(profile, { ...launchOptions, ...phone, offline });
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${base}#/profile`);
      await page.locator('input[name=realName]').waitFor();
      await page.waitForFunction(() => !!document.querySelector('input[name=realName]')?.value);
      times.push(await page.evaluate(() => performance.now()));
      await context.close();
    }
    console.log(`  warm start on a deep link (/profile, 390 px, browser restarted, ${offline ? 'offline' : 'online'}): ${ms(median(times))} (target ≤ 1 s; runs ${times.map(ms).join(', ')})`);
  }
  fs.rmSync(profile, { recursive: true, force: true });
} finally {
  await server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
