// First paint of a published page (issue 19: < 1 s on a throttled phone profile). Builds nothing:
// serves the built runtime (`dist/p/`, `BENCH_BUILD=.e2e/x` → `.e2e/x/dist/p/`) from a small
// server of its own, as the real server does (index.html with the boot data in place of
// `<!--h5-boot-->`, the gzip copies of the assets, a snapshot JSON), with a 10-element work
// (background, texts with an animation, picture as a data: URL, button, shape, notice bar, form
// input, submit). Chromium at 390 × 844, a fresh context per load (no cache), CPU 4× slower, and
// the network as puppeteer's presets: none, "Fast 3G" (562.5 ms RTT, 1.44 Mbps) and "Slow 3G"
// (2 s RTT, 400 kbps). Median of 5 of: first paint (the spinner of the HTML: a border, not
// "contentful") and the work shown (its 10 elements in the DOM, to the next frame). The requests
// come one after the other — HTML, then the entry script and CSS, then the snapshot — so on a
// 3G profile the round trips, not the bytes, make most of the time. Printed, never asserted.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium } from 'playwright-core';

const build = process.env.BENCH_BUILD;
const dir = path.resolve(process.argv[2] ?? (build ? `${build}/dist/p` : 'dist/p'));
if (!fs.existsSync(path.join(dir, 'index.html'))) {
  console.error(`runtime-first-paint: no runtime in ${dir} (npm run build)`);
  process.exit(1);
}
const RUNS = Number(process.env.RUNS ?? 5);
const ID = '01JBENCH000000000000000000';
const side = { value: 0, unit: 'px' };
const sides = { top: side, right: side, bottom: side, left: side };
const el = (name, n, [top, left, width, height], pluginProps, style = {}, more = {}) => ({
  name,
  uuid: `${name}_bench${String(n).padStart(4, '0')}`,
  version: 1,
  pluginProps,
  commonStyle: { top, left, width, height, rotate: 0, zindex: n, textAlign: 'center', color: '#333333', backgroundColor: 'transparent', fontSize: 14, opacity: 1, borderRadius: 0, margin: sides, padding: sides, border: { ...sides, color: '#000', style: 'solid' }, ...style },
  events: [],
  methodList: [],
  scripts: [],
  animations: [],
  ...more,
});
const PIXEL = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="320" height="160"><rect width="320" height="160" fill="#ffcdd2"/><circle cx="260" cy="40" r="24" fill="#fff59d"/></svg>');
const fade = [{ type: 'fadeInUp', duration: 0.6, delay: 0, iterationCount: 1 }];
const snapshot = {
  workId: ID,
  version: 1,
  publishedAt: new Date().toISOString(),
  work: {
    id: ID, title: '首屏测试', description: '', datasources: [], cover_image_url: '', width: 320, height: 568, page_mode: 'h5_long_page', schemaVersion: 1, is_publish: true, is_template: false, version: 1, creatorUserId: ID, created_time: '', updated_time: '',
    pages: [
      {
        uuid: 'page_bench01', title: '首页', type: 'index',
        elements: [
          el('background', 0, [0, 0, 320, 568], { imgSrc: '', color: '#b71c1c', size: 'cover' }, { zindex: -1 }),
          el('picture', 1, [0, 0, 320, 160], { imgSrc: PIXEL, alt: '', fit: 'cover' }),
          el('text', 2, [176, 20, 280, 44], { text: '<p><strong>双11床垫节</strong></p>' }, { fontSize: 28, color: '#ffffff' }, { animations: fade }),
          el('text', 3, [224, 20, 280, 24], { text: '<p>11月1日-11月11日 · 全场床垫低至5折</p>' }, { fontSize: 14, color: '#ffffff' }),
          el('notice-bar', 4, [256, 0, 320, 36], { text: '前100名下单加赠乳胶枕一对', speed: 50, color: '#ed6a0c', backgroundColor: '#fffbe8', icon: true }),
          el('shape', 5, [300, 140, 40, 40], { shape: 'star', fill: '#ffd54f', stroke: '#ffd54f', strokeWidth: 0 }),
          el('button', 6, [350, 60, 200, 44], { text: '查看活动规则', verticalAlign: 'middle' }, { backgroundColor: '#ffffff', color: '#b71c1c', borderRadius: 22, fontSize: 16 }),
          el('form-input', 7, [410, 20, 280, 40], { name: 'name', label: '姓名', required: true, placeholder: '请输入姓名', type: 'text' }, { color: '#ffffff' }),
          el('form-input', 8, [460, 20, 280, 40], { name: 'mobile', label: '手机', required: true, placeholder: '请输入手机号', type: 'tel' }, { color: '#ffffff' }),
          el('form-submit', 9, [510, 20, 280, 44], { text: '立即报名', verticalAlign: 'middle' }, { backgroundColor: '#ffd54f', color: '#b71c1c', borderRadius: 4, fontSize: 16 }),
        ],
      },
    ],
  },
};

const html = fs
  .readFileSync(path.join(dir, 'index.html'), 'utf8')
  // As server/modules/h5/publish-html.ts renders the page: the snapshot preloaded, the boot data in place of the comment.
  .replace('</head>', `<link rel="preload" as="fetch" crossorigin="anonymous" href="/p/${ID}/1.json"></head>`)
  .replace('<!--h5-boot-->', `<script type="application/json" id="h5-boot">${JSON.stringify({ workId: ID, version: 1, snapshotUrl: `/p/${ID}/1.json`, title: '首屏测试' })}</script>`);
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  if (url.pathname === `/p/${ID}`) return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  if (url.pathname === `/p/${ID}/1.json`) return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(snapshot));
  if (req.method === 'POST') return res.writeHead(204).end();
  const file = path.join(dir, url.pathname.replace(/^\/p\//, ''));
  if (!url.pathname.startsWith('/p/assets/') || !fs.existsSync(file)) return res.writeHead(404).end();
  const type = file.endsWith('.css') ? 'text/css' : 'text/javascript';
  const gz = /\bgzip\b/.test(String(req.headers['accept-encoding'])) && fs.existsSync(`${file}.gz`);
  res.writeHead(200, { 'content-type': type, ...(gz ? { 'content-encoding': 'gzip' } : {}) }).end(fs.readFileSync(gz ? `${file}.gz` : file));
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}`;

const PROFILES = [
  { name: 'no network throttle', net: null },
  { name: 'Fast 3G', net: { latency: 562.5, downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9, uploadThroughput: ((750 * 1000) / 8) * 0.9 } },
  { name: 'Slow 3G', net: { latency: 2000, downloadThroughput: ((500 * 1000) / 8) * 0.8, uploadThroughput: ((500 * 1000) / 8) * 0.8 } },
];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-dev-shm-usage'] });
try {
  console.log(`published page first paint (runtime in ${path.relative(process.cwd(), dir) || dir}), 10 elements, 390 × 844, CPU 4× slower, median of ${RUNS}`);
  for (const profile of PROFILES) {
    const fcp = [];
    const shown = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      if (profile.net) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.net });
      await page.addInitScript(() => {
        const tick = () => {
          if (document.querySelectorAll('.h5-el').length >= 10) requestAnimationFrame(() => (window.__shown = performance.now()));
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      await page.goto(`${base}/p/${ID}`);
      await page.waitForFunction(() => window.__shown !== undefined, null, { timeout: 60_000 });
      const t = await page.evaluate(() => ({ shown: window.__shown, fcp: performance.getEntriesByType('paint').find((e) => e.name === 'first-paint')?.startTime ?? NaN }));
      fcp.push(t.fcp);
      shown.push(t.shown);
      await context.close();
    }
    console.log(`  ${profile.name.padEnd(20)} first paint (spinner) ${median(fcp).toFixed(0).padStart(5)} ms   work shown ${median(shown).toFixed(0).padStart(5)} ms (target < 1000)`);
  }
} finally {
  await browser.close();
  server.close();
}
