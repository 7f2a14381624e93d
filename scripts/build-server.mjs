// Bundles the server (TypeScript) into build/server/main.js so `npm start` runs plain Node
// (no on-the-fly transpiling at each start) and copies the SQL migrations beside it.
import { build } from 'esbuild';
import fs from 'node:fs';

await build({
  entryPoints: ['server/main.ts'],
  outfile: 'build/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
fs.rmSync('build/server/migrations', { recursive: true, force: true });
fs.cpSync('server/db/migrations', 'build/server/migrations', { recursive: true });
