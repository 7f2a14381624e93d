// Prints the time of a PSD import (issue 19, Performance: a 50-layer 1242 × 2208 file, target < 5 s
// to elements) in headless Chromium. The PSD is made here with ag-psd: a full-size background,
// 34 picture layers of 300-1242 × 200-700 px (gradients with some texture, as a designer's layers
// compress, not flat fills) and 15 text layers. The page runs the app's own reader: the file's
// size and signature checked, read, decoded layer by layer and each layer encoded to PNG in the
// Web Worker (src/modules/h5/psd), then the elements added to the editor core in one change.
// Uploads are stubbed (each picture gets a made-up URL at once): they go to the server 3 at a
// time, so over the network add roughly (PNG bytes / 3) / bandwidth; the PNG total is printed.
// Five runs after a first (cold) one; median and worst. Printed, never asserted.
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { writePsdBuffer } from 'ag-psd';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { build } from 'vite';

const { launch } = await tsImport('../e2e/browser.ts', import.meta.url);

const W = 1242;
const H = 2208;
const RUNS = 5;

function layerPixels(width, height, seed) {
  const data = new Uint8ClampedArray(width * height * 4);
  let r = seed * 9301 + 49297;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      r = (r * 9301 + 49297) % 233280;
      const i = (y * width + x) * 4;
      const grain = (r / 233280) * 12;
      data[i] = (x * 255) / width + grain;
      data[i + 1] = (y * 255) / height + grain;
      data[i + 2] = (seed * 37) % 255;
      data[i + 3] = 255;
    }
  return { width, height, data };
}

function makePsd() {
  const children = [{ name: 'bg', left: 0, top: 0, right: W, bottom: H, imageData: layerPixels(W, H, 1) }];
  for (let i = 0; i < 49; i++) {
    const top = (i * 97) % (H - 300);
    if (i % 10 < 3) {
      children.push({ name: `text ${i}`, left: 60, top, right: 60, bottom: top, text: { text: `春季床垫节 第${i}号`, transform: [1, 0, 0, 1, 60, top + 60], style: { fontSize: 48 + (i % 4) * 12, fillColor: { r: 200, g: 30, b: i * 5 } } } });
    } else {
      const width = 300 + ((i * 131) % (W - 300));
      const height = 200 + ((i * 71) % 500);
      const left = (i * 53) % (W - width + 1);
      children.push({ name: `layer ${i}`, left, top, right: left + width, bottom: top + height, imageData: layerPixels(width, height, i + 2) });
    }
  }
  return writePsdBuffer({ width: W, height: H, children }, { invalidateTextLayers: true });
}

const root = process.cwd();
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-h5-psd-'));
const t0 = performance.now();
const psd = makePsd();
console.log(`PSD made with ag-psd: 50 layers, ${W} × ${H}, ${(psd.length / 1024 / 1024).toFixed(1)} MB (${Math.round(performance.now() - t0)} ms)`);

await build({
  configFile: false,
  root,
  publicDir: false,
  logLevel: 'warn',
  resolve: { alias: { '@': path.join(root, 'src') } },
  plugins: [react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }), lingui()],
  build: {
    outDir: out,
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
    chunkSizeWarningLimit: 10_000,
    rollupOptions: {
      input: path.join(root, 'tests/bench/h5-psd-import-page.ts'),
      output: { entryFileNames: 'page.js' },
      // The page imports the reader statically, which the app loads lazily: expected here.
      onwarn: (warning, warn) => warning.code !== 'INEFFECTIVE_DYNAMIC_IMPORT' && warn(warning),
    },
  },
});

const server = http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x').pathname;
    if (url === '/') return res.end('<!doctype html><html lang="zh-CN"><body><script type="module" src="/page.js"></script></body></html>');
    if (url === '/bench.psd') return res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(psd);
    const file = path.join(out, path.normalize(url));
    if (!file.startsWith(out) || !fs.existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file.endsWith('.js') ? 'text/javascript' : 'application/octet-stream' }).end(fs.readFileSync(file));
  })
  .listen(0, '127.0.0.1');
await new Promise((r) => server.once('listening', r));
const base = `http://127.0.0.1:${server.address().port}/`;

const browser = await launch();
try {
  const page = await browser.newPage();
  await page.goto(base);
  await page.waitForFunction(() => 'benchPsd' in window);
  const runs = [];
  for (let i = 0; i <= RUNS; i++) runs.push(await page.evaluate((u) => window.benchPsd.run(u), `${base}bench.psd`));
  const [cold, ...warm] = runs;
  const med = (k) => [...warm.map((r) => r[k])].sort((a, b) => a - b)[Math.floor(warm.length / 2)];
  const worst = (k) => Math.max(...warm.map((r) => r[k]));
  const ms = (n) => `${Math.round(n)} ms`;
  console.log(`elements: ${cold.elements} (${cold.pictures} pictures), one history step: ${cold.undoSteps === 1}; PNG total ${(cold.pngBytes / 1024 / 1024).toFixed(1)} MB`);
  console.log(`cold run: total ${ms(cold.totalMs)} (read ${ms(cold.readMs)}, decode + PNG in the worker ${ms(cold.decodeEncodeMs)}, add to the core ${ms(cold.applyMs)})`);
  console.log(
    `warm, median of ${RUNS}: total ${ms(med('totalMs'))} (worst ${ms(worst('totalMs'))}); read ${ms(med('readMs'))}, decode + PNG ${ms(med('decodeEncodeMs'))}, add ${ms(med('applyMs'))}  — target < 5000 ms, uploads not included`,
  );
} finally {
  await browser.close();
  server.close();
  fs.rmSync(out, { recursive: true, force: true });
}
