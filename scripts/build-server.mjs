// Bundles the server (TypeScript) into build/server/main.js so `npm start` runs plain Node
// (no on-the-fly transpiling at each start) and copies the SQL migrations beside it.
import { build } from 'esbuild';
import fs from 'node:fs';

/** Where the bundle goes (a second build beside the main one, e.g. for a parallel e2e run: `OUT_DIR=.e2e/x/server`). */
const out = process.env.OUT_DIR ?? 'build/server';

// Split at the dynamic imports: main.js loads only the config and the database client, so PGlite
// (its WebAssembly compiling off the main thread) opens while the API's packages load and evaluate
// (server/main.ts). Chunks sit beside main.js; the previous build's are removed first.
fs.mkdirSync(out, { recursive: true });
for (const f of fs.readdirSync(out)) if (/\.js(\.map)?$/.test(f)) fs.rmSync(`${out}/${f}`);
await build({
  entryPoints: ['server/main.ts'],
  outdir: out,
  splitting: true,
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
fs.rmSync(`${out}/migrations`, { recursive: true, force: true });
fs.cpSync('server/db/migrations', `${out}/migrations`, { recursive: true });
