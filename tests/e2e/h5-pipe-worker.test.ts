import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CSP } from '../../server/modules/h5/publish-html';
import { launch, newPage } from './browser';

/**
 * The datasource pipe's Web Worker in Chromium (docs/h5-datasources.md): built by Vite as the
 * runtime builds it (a classic worker chunk with JSONata, the runtime's browser targets), served
 * with the published page's CSP, run by the real pipe runner. A pipe's result and error come back;
 * a looping pipe is ended after 1 s and the next one runs in a fresh worker.
 */

const pipeBrowser = new URL('../../src/modules/h5/datasource/pipe-browser.ts', import.meta.url).pathname;
let dir = '';
let server: http.Server;
let baseUrl = '';
let browser: Browser;
let page: Page;

type Outcome = { ok: true; value: unknown } | { ok: false; error: { code: string; detail?: string; ms?: number } };
const run = (expr: string, input: unknown) => page.evaluate(([e, i]) => (window as unknown as { runPipe(e: string, i: unknown): Promise<Outcome> }).runPipe(e as string, i), [expr, input] as const);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'h5-pipe-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body><script type="module" src="./entry.ts"></script></body></html>');
  fs.writeFileSync(path.join(dir, 'entry.ts'), `import { browserPipeRunner } from ${JSON.stringify(pipeBrowser)};\n(window as any).runPipe = (e: string, i: unknown) => browserPipeRunner().run(e, i);\n`);
  // As `npm run build` builds (vitest sets NODE_ENV=test, which Vite reads as a development build).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  await build({
    configFile: false,
    root: dir,
    logLevel: 'silent',
    build: { outDir: path.join(dir, 'dist'), target: ['es2018', 'chrome70', 'safari12'], modulePreload: { polyfill: false } },
  }).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  });
  const dist = path.join(dir, 'dist');
  server = http.createServer((req, res) => {
    const file = path.join(dist, req.url === '/' ? 'index.html' : (req.url ?? '').split('?')[0]!);
    if (!file.startsWith(dist) || !fs.existsSync(file)) {
      res.statusCode = 404;
      return res.end();
    }
    res.setHeader('content-type', file.endsWith('.js') ? 'text/javascript' : 'text/html');
    res.setHeader('content-security-policy', PAGE_CSP);
    res.end(fs.readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  browser = await launch();
  ({ page } = await newPage(browser));
  await page.goto(baseUrl);
  await page.waitForFunction(() => typeof (window as unknown as { runPipe?: unknown }).runPipe === 'function');
});

afterAll(async () => {
  await browser?.close();
  await new Promise((r) => server?.close(r));
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the pipe worker in Chromium', () => {
  it('is a chunk of its own, a classic script (older phone browsers have no module workers)', () => {
    const assets = fs.readdirSync(path.join(dir, 'dist', 'assets'));
    const worker = assets.find((f) => f.startsWith('pipe-worker'));
    expect(worker).toBeTruthy();
    const entry = assets.filter((f) => f.endsWith('.js') && f !== worker).map((f) => fs.readFileSync(path.join(dir, 'dist', 'assets', f), 'utf8'));
    // JSONata is only in the worker.
    expect(entry.some((code) => code.includes('Attempted to invoke a non-function'))).toBe(false);
    expect(entry.some((code) => code.includes('new Worker('))).toBe(true);
    expect(entry.some((code) => /type:\s*[`'"]module/.test(code))).toBe(false);
    expect(fs.readFileSync(path.join(dir, 'dist', 'assets', worker!), 'utf8')).toMatch(/^\(function\(\)\{/);
  });

  it('answers a pipe’s result and a throwing pipe’s error', async () => {
    expect(await run('items[price > 100].{ "title": name }', { items: [{ name: '床垫', price: 1999 }, { name: '枕头', price: 99 }] })).toEqual({ ok: true, value: { title: '床垫' } });
    const bad = await run('$nope()', {});
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error.detail).toContain('T1006');
  });

  it('a looping pipe is ended after 1 s; the next pipe runs in a fresh worker', async () => {
    const started = Date.now();
    expect(await run('($f := function($n){ $f($n + 1) }; $f(0))', {})).toEqual({ ok: false, error: { code: 'pipe-timeout', ms: 1000 } });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await run('$count(x)', { x: [1, 2, 3] })).toEqual({ ok: true, value: 3 });
  });
});
