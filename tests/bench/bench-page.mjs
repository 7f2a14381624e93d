// A bench page (a .tsx/.ts entry that mounts the app's own code) built with Vite as the app is —
// Lingui's macros, the `@` alias, dexie-react-hooks on the lazy Dexie — into a temporary
// directory, and served from loopback (IndexedDB needs a real origin) at `url`, with the page's
// script as /page.js. `close()` stops the server and removes the build unless `keep`.
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';

const TYPES = { '.js': 'text/javascript', '.svg': 'image/svg+xml', '.css': 'text/css' };

/** Builds `entry` (relative to the project) and serves it; `minify: false` keeps function names for a profile. */
export async function serveBenchPage(entry, { name, minify = true } = {}) {
  const root = process.cwd();
  const out = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${name ?? path.basename(entry).replace(/\W+/g, '-')}-`));
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
      minify,
      rollupOptions: {
        input: path.join(root, entry),
        output: { entryFileNames: 'page.js' },
        // The page imports the database code statically, which the app loads lazily: expected here.
        onwarn: (warning, warn) => warning.code !== 'INEFFECTIVE_DYNAMIC_IMPORT' && warn(warning),
      },
    },
  });
  const server = http
    .createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x').pathname;
      if (url === '/') return res.end('<!doctype html><html lang="zh-CN"><body><div id="root"></div><script type="module" src="/page.js"></script></body></html>');
      const file = path.join(out, path.normalize(url));
      if (!file.startsWith(out) || !fs.existsSync(file)) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(fs.readFileSync(file));
    })
    .listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return {
    out,
    url: `http://127.0.0.1:${server.address().port}/`,
    close({ keep = false } = {}) {
      server.close();
      if (!keep) fs.rmSync(out, { recursive: true, force: true });
    },
  };
}
