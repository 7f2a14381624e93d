// Prints how long it takes to open a cached chat conversation of 10,000 messages in headless
// Chromium: the messages (Chinese texts, some with emoji alt texts such as [微笑], a few images kept
// on the device) are stored in the signed-in user's database (real IndexedDB, opened by the sync
// engine as the session service does), then each run mounts the app's Conversation
// (src/modules/chat/components/conversation.tsx) with the app's Chakra system and catalogs, from
// mounting to the frame that paints the newest message in view (Element Timing), 20 times after a
// first (cold) one. Offline (`network.online = false`), as a store without a connection: no server
// is involved. Target: < 100 ms median. The screenshot is test-results/bench-chat-open.png.
//
// The page is built with Vite (the emoji pictures are `import.meta.glob` assets, and Lingui's macros
// compile as in the app) into a temporary directory served on loopback.
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { build } from 'vite';

const { launch } = await tsImport('../e2e/browser.ts', import.meta.url);

const root = process.cwd();
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chat-open-'));
// As in the app's build (vite.config.ts): dexie-react-hooks' Dexie is the lazy liveQuery of dexie-lazy.ts.
const DEXIE_LAZY = path.join(root, 'src/lib/sync/dexie-lazy.ts');
const lazyDexieForHooks = {
  name: 'bench:lazy-dexie-for-hooks',
  enforce: 'pre',
  resolveId: (source, importer) => (source === 'dexie' && importer?.includes('/node_modules/dexie-react-hooks/') ? DEXIE_LAZY : null),
};
await build({
  configFile: false,
  root,
  publicDir: false,
  logLevel: 'warn',
  resolve: { alias: { '@': path.join(root, 'src') } },
  plugins: [lazyDexieForHooks, react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }), lingui()],
  build: {
    outDir: out,
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
    chunkSizeWarningLimit: 10_000,
    rollupOptions: {
      input: path.join(root, 'tests/bench/chat-open-page.tsx'),
      output: { entryFileNames: 'page.js' },
      // The page imports the database code statically, which the app loads lazily: expected here.
      onwarn: (warning, warn) => warning.code !== 'INEFFECTIVE_DYNAMIC_IMPORT' && warn(warning),
    },
  },
});

const types = { '.js': 'text/javascript', '.svg': 'image/svg+xml', '.css': 'text/css' };
// IndexedDB needs a real origin: the built page on loopback.
const server = http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x').pathname;
    if (url === '/') return res.end('<!doctype html><html lang="zh-CN"><body><div id="root"></div><script type="module" src="/page.js"></script></body></html>');
    const file = path.join(out, path.normalize(url));
    if (!file.startsWith(out) || !fs.existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' }).end(fs.readFileSync(file));
  })
  .listen(0, '127.0.0.1');
await new Promise((r) => server.once('listening', r));
const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForFunction(() => 'runChatBench' in window);
  const r = await page.evaluate((input) => window.runChatBench(input), { messages: 10_000, runs: 21 });
  fs.mkdirSync('test-results', { recursive: true });
  await page.locator('#chat-panel').screenshot({ path: 'test-results/bench-chat-open.png' });
  if (errors.length) console.log('page errors:', errors.join('; '));
  if (process.env.BENCH_DETAIL) console.log(JSON.stringify(r));
  console.log(
    `chat open in Chromium: a cached conversation of ${r.stored.toLocaleString('en')} messages (${r.images} images) from Dexie, mounting the conversation to the frame that paints the newest message ` +
      `(${r.loaded} loaded, ${r.rendered} rendered): median ${r.median.toFixed(0)} ms, p95 ${r.p95.toFixed(0)} ms over ${r.runs} runs, first (cold) ${r.first.toFixed(0)} ms (target < 100 ms median); ` +
      `to the end of the first frame with it wholly in view (requestAnimationFrame): median ${r.inView.median.toFixed(0)} ms, first ${r.inView.first.toFixed(0)} ms; ` +
      `first message in the DOM median ${r.firstRow.median.toFixed(0)} ms; ` +
      `IndexedDB busy until median ${r.busy.median.toFixed(0)} ms after mounting (first ${r.busy.first.toFixed(0)}): for comparison, reading all ${r.stored.toLocaleString('en')} messages takes ${r.scanMedian.toFixed(0)} ms, the newest ${r.loaded} ${r.pageMedian.toFixed(1)} ms` +
      (r.byFrames ? `; ${r.byFrames} runs without a paint entry counted by frames` : '') +
      (r.sends ? `; ${r.sends} sends attempted (none expected)` : ''),
  );
} finally {
  await browser.close();
  server.close();
  fs.rmSync(out, { recursive: true, force: true });
}
