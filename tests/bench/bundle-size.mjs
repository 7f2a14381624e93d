// Prints the gzip size of the JavaScript a browser must load to render /login and /home,
// following Vite's build manifest (entry + static imports + the route's lazy chunks).
// Run after `npm run build`. Target: /login ≤ 170 KB gzip.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? 'dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

function collect(keys) {
  const files = new Set();
  const visit = (key) => {
    const entry = manifest[key];
    if (!entry) throw new Error(`not in manifest: ${key}`);
    if (files.has(entry.file)) return;
    files.add(entry.file);
    for (const imp of entry.imports ?? []) visit(imp);
  };
  keys.forEach(visit);
  return [...files].filter((f) => f.endsWith('.js'));
}

const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (n) => (n / 1024).toFixed(1);

// The zh-CN catalogs: core (sign-in path) and app (loaded with the shell).
const core = 'locales/zh-CN/core.po';
const app = 'locales/zh-CN/app.po';
for (const k of [core, app]) if (!manifest[k]) throw new Error(`not in manifest: ${k}`);
const routes = {
  '/login': ['index.html', 'src/modules/auth/pages/login-page.tsx', core],
  // The shell also loads the session service (with the modules) and the cached session (Dexie, the user's database) when it starts.
  '/home': ['index.html', 'src/app/layouts/app-layout.tsx', 'src/app/session-service.ts', 'src/modules/home/pages/home-page.tsx', 'src/modules/auth/current-user-dataset.ts', core, app],
};
const targets = { '/login': 170 };
const out = {};
for (const [route, keys] of Object.entries(routes)) {
  const files = collect(keys.filter(Boolean));
  const total = files.reduce((s, f) => s + gz(f), 0);
  out[route] = total;
  const target = targets[route] ? ` (target ≤ ${targets[route]} KB)` : '';
  console.log(`${route.padEnd(7)} JS gzip: ${kb(total)} KB in ${files.length} chunks${target}`);
}
if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(out));
