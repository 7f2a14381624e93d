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
import fs from 'node:fs';
import { tsImport } from 'tsx/esm/api';
import { serveBenchPage } from './bench-page.mjs';

const { launch } = await tsImport('../e2e/browser.ts', import.meta.url);

const site = await serveBenchPage('tests/bench/chat-open-page.tsx', { name: 'chat-open' });
const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(site.url);
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
  site.close();
}
