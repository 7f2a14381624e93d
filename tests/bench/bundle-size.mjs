// The JavaScript a browser must load to render /login and /home, following Vite's build manifest
// (entry + static imports + the route's lazy chunks), as the real built server sends it: each file
// is fetched from a running `build/server/main.js` with `Accept-Encoding: br, gzip` and the bytes
// on the wire are summed (headers aside). Beside it: the same files with no Accept-Encoding (what
// was sent before compression), and their gzip -9 size computed here (the earlier figure).
// Run after `npm run build`; `BENCH_BUILD=.e2e/x` measures a build made beside it
// (`npx vite build --outDir .e2e/x/dist && OUT_DIR=.e2e/x/server node scripts/build-server.mjs`).
// Targets: /home ≤ 300 KB, /login ≤ 170 KB, the H5 editor route ≤ 450 KB (gzip, issue 18).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

const build = process.env.BENCH_BUILD;
const dist = path.resolve(build ? `${build}/dist` : (process.argv[2] ?? 'dist'));
const serverMain = build ? `${build}/server/main.js` : 'build/server/main.js';
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

function collect(keys) {
  const files = new Set();
  const visit = (key) => {
    const entry = manifest[key];
    if (!entry) throw new Error(`not in manifest: ${key}`);
    if (files.has(entry.file)) return;
    files.add(entry.file);
    for (const css of entry.css ?? []) files.add(css);
    for (const imp of entry.imports ?? []) visit(imp);
  };
  keys.forEach(visit);
  return [...files].filter((f) => f.endsWith('.js') || f.endsWith('.css'));
}

const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (n) => (n / 1024).toFixed(1);

// The zh-CN catalogs: core (sign-in path), app (loaded with the shell), h5 (the page builder's screens, with its pages).
const core = 'locales/zh-CN/core.po';
const app = 'locales/zh-CN/app.po';
const h5 = 'locales/zh-CN/h5.po';
for (const k of [core, app, h5]) if (!manifest[k]) throw new Error(`not in manifest: ${k}`);
const routes = {
  // The sign-in page comes with the entry (its static graph: see the chunks in vite.config.ts).
  '/login': ['index.html', core],
  // The shell also loads the session service (with the modules) and the cached session (Dexie, the user's database) when it starts.
  '/home': ['index.html', 'src/app/layouts/app-layout.tsx', 'src/app/session-service.ts', 'src/modules/home/pages/home-page.tsx', 'src/modules/auth/current-user-dataset.ts', core, app],
  // The campaign-page editor, opened directly (full screen, no layout): everything it loads, the entry included.
  '/h5/editor': ['index.html', 'src/app/session-service.ts', 'src/modules/h5/pages/editor-page.tsx', 'src/modules/auth/current-user-dataset.ts', core, app, h5],
};
const targets = { '/login': 170, '/home': 300, '/h5/editor': 450 };

// The built server on a fresh data directory (no demo company: only the static files are asked for).
const port = await new Promise((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunmian-bench-bundle-'));
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, YUNMIAN_STATIC_DIR: dist, YUNMIAN_ADMIN_PASSWORD: 'Bench123', YUNMIAN_DEMO_DATA: 'false' };
delete env.DATABASE_URL;
const child = spawn(process.execPath, [serverMain], { env, stdio: 'ignore' });

/** GET `file` as a browser would, counting the body bytes on the wire; checks the decoded body is the file. */
function sent(file, acceptEncoding) {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    http
      .get({ host: '127.0.0.1', port, path: `/${file}`, headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const plain = encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;
          if (res.statusCode !== 200 || !plain.equals(fs.readFileSync(path.join(dist, file)))) {
            reject(new Error(`${file}: ${res.statusCode}, not the built file`));
          } else resolve({ bytes: body.length, encoding: encoding ?? 'identity' });
        });
      })
      .on('error', reject);
  });
}

try {
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) break;
    } catch {
      /* starting */
    }
    if (child.exitCode !== null) throw new Error(`${serverMain} exited (built? npm run build)`);
    await new Promise((r) => setTimeout(r, 50));
  }

  const out = {};
  for (const [route, keys] of Object.entries(routes)) {
    const files = collect(keys.filter(Boolean));
    const sum = async (accept) => {
      const answers = await Promise.all(files.map((f) => sent(f, accept)));
      const count = {};
      for (const a of answers) count[a.encoding] = (count[a.encoding] ?? 0) + 1;
      // e.g. "br 120, identity 5": chunks too small to gain from compression go plain.
      const encodings = Object.entries(count).map(([e, n]) => `${e} ${n}`).join(', ');
      return { bytes: answers.reduce((s, a) => s + a.bytes, 0), encodings };
    };
    const compressed = await sum('br, gzip');
    const gzipOnly = await sum('gzip');
    const plain = await sum(undefined);
    const document = await sent('index.html', 'br, gzip');
    const computed = files.reduce((s, f) => s + gz(f), 0);
    out[route] = computed;
    out.sent = { ...out.sent, [route]: { br: compressed.bytes, gzip: gzipOnly.bytes, plain: plain.bytes, requests: files.length + 1 } };
    console.log(
      `${route.padEnd(7)} JS+CSS as sent with br, gzip: ${kb(compressed.bytes)} KB (target ≤ ${targets[route]} KB); ` +
        `${files.length + 1} requests: index.html (${kb(document.bytes)} KB) + ${files.length} JS/CSS files (${compressed.encodings})\n` +
        `${''.padEnd(8)}gzip only ${kb(gzipOnly.bytes)} KB; without Accept-Encoding ${kb(plain.bytes)} KB; gzip -9 computed ${kb(computed)} KB`,
    );
  }
  if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(out));
} finally {
  await new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
  fs.rmSync(dataDir, { recursive: true, force: true });
}
