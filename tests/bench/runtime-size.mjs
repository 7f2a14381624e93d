// The published-page runtime's size (issue 19: JS + CSS ≤ 60 KB gzip, plus the work's own images).
// Builds nothing: reads the built runtime in `dist/p/` (`npm run build`, or only the runtime:
// `npx vite build -c vite.runtime.config.ts`); `BENCH_BUILD=.e2e/x` reads `.e2e/x/dist/p/`, and a
// directory given as the first argument is read instead. Follows the runtime's Vite manifest:
// **initial** = what every published page loads (index.html's entry chunk, its static imports and
// CSS); **lazy** = what a page loads only when it has that element (the chart with echarts, the QR
// code), each beside the initial files. Sizes are gzip -9 and brotli computed from the files (the
// server sends the build's precompressed copies, made at the same levels). Printed, never asserted.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const TARGET_KB = 60;
const build = process.env.BENCH_BUILD;
const dir = path.resolve(process.argv[2] ?? (build ? `${build}/dist/p` : 'dist/p'));
const manifestFile = path.join(dir, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(`runtime-size: no build in ${dir} (run "npm run build" or "npx vite build -c vite.runtime.config.ts")`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

/** The files of `keys` and their static imports (and, with `dynamic`, their lazy imports too). */
function closure(keys, dynamic, skip = []) {
  const files = new Set();
  const seen = new Set(skip);
  const visit = (key) => {
    const entry = manifest[key];
    if (!entry || seen.has(key)) return;
    seen.add(key);
    files.add(entry.file);
    for (const css of entry.css ?? []) files.add(css);
    for (const imp of entry.imports ?? []) visit(imp);
    if (dynamic) for (const imp of entry.dynamicImports ?? []) visit(imp);
  };
  keys.forEach(visit);
  return [...files].filter((f) => /\.(m?js|css)$/.test(f));
}

const bytes = (file) => fs.readFileSync(path.join(dir, file));
const sizes = (files) =>
  files.reduce(
    (t, f) => {
      const b = bytes(f);
      t.plain += b.length;
      t.gzip += zlib.gzipSync(b, { level: 9 }).length;
      t.brotli += zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
      return t;
    },
    { plain: 0, gzip: 0, brotli: 0 },
  );
const kb = (n) => (n / 1024).toFixed(1);
const line = (label, files) => {
  const s = sizes(files);
  return { label, files: files.length, ...s, text: `${label.padEnd(34)} ${String(files.length).padStart(2)} files  ${kb(s.gzip).padStart(6)} KB gzip  ${kb(s.brotli).padStart(6)} KB brotli  ${kb(s.plain).padStart(7)} KB plain` };
};

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const initial = closure([entryKey], false);
const first = line('initial (every published page)', initial);
console.log(`published-page runtime (${path.relative(process.cwd(), dir) || dir})`);
console.log(first.text);
console.log(
  `  target ≤ ${TARGET_KB} KB gzip: ${first.gzip <= TARGET_KB * 1024 ? 'met' : 'NOT met'} (${kb(first.gzip)} KB; JS ${kb(sizes(initial.filter((f) => !f.endsWith('.css'))).gzip)}, CSS ${kb(sizes(initial.filter((f) => f.endsWith('.css'))).gzip)})`,
);
for (const key of manifest[entryKey].dynamicImports ?? []) {
  // A lazy chunk imports the entry back (shared code): that is loaded already, not followed again.
  const extra = closure([key], true, [entryKey]).filter((f) => !initial.includes(f));
  const name = manifest[key].name ?? key;
  console.log(line(`lazy: ${name} (pages with one)`, extra).text);
}
const all = fs
  .readdirSync(path.join(dir, 'assets'))
  .filter((f) => /\.(m?js|css)$/.test(f))
  .map((f) => `assets/${f}`);
console.log(line('everything built', all).text);
