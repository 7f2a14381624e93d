// Prints how long it takes to hydrate an organisation from the local database into a rendered,
// virtualized tree in headless Chromium: 10,000 cached users + 2,000 departments are stored with
// the app's cached-dataset code (src/lib/sync/dataset.ts, real IndexedDB), then each run reads
// them back from Dexie, builds the tree with every department open (12,000 rows) and renders the
// app's VirtualTree (src/components/virtual-tree.tsx) with the app's Chakra system until the rows
// are painted. Target: < 150 ms.
import { build } from 'esbuild';
import fs from 'node:fs';
import http from 'node:http';
import { tsImport } from 'tsx/esm/api';

const { launch } = await tsImport('../e2e/browser.ts', import.meta.url);

const bundle = await build({
  entryPoints: ['tests/bench/tree-hydrate-page.tsx'],
  bundle: true,
  format: 'iife',
  write: false,
  target: 'chrome120',
  jsx: 'automatic',
  minify: true,
  define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env': '{}' },
  logLevel: 'warning',
  // Lingui's macros are compiled away by the app's build; here a tagged template stands in.
  plugins: [
    {
      name: 'lingui-macro-shim',
      setup(b) {
        b.onResolve({ filter: /^@lingui\/(core|react)\/macro$/ }, (a) => ({ path: a.path, namespace: 'macro-shim' }));
        b.onLoad({ filter: /.*/, namespace: 'macro-shim' }, () => ({
          contents: 'export const t = (s, ...v) => (Array.isArray(s) ? String.raw({ raw: s }, ...v) : s.message ?? String(s)); export const msg = t;',
          loader: 'js',
        }));
      },
    },
  ],
});
const code = bundle.outputFiles[0].text;

// IndexedDB needs a real origin: a blank page on loopback.
const server = http.createServer((_req, res) => res.end('<!doctype html><html><body><div id="root"></div></body></html>')).listen(0, '127.0.0.1');
await new Promise((r) => server.once('listening', r));
const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.addScriptTag({ content: code });
  const r = await page.evaluate((input) => window.runTreeBench(input), { departments: 2000, users: 10_000, runs: 7 });
  fs.mkdirSync('test-results', { recursive: true });
  await page.screenshot({ path: 'test-results/bench-org-tree.png' });
  console.log(
    `org tree hydrate in Chromium: ${r.users} users + ${r.depts} departments from Dexie to a painted virtualized tree (${r.total} rows, ${r.shown} rendered): ` +
      `median ${r.median.toFixed(0)} ms (reading Dexie ${r.readMedian.toFixed(0)} ms), first ${r.first.toFixed(0)} ms over ${r.times.length} runs (target < 150 ms)`,
  );
} finally {
  await browser.close();
  server.close();
}
