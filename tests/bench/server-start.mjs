// Prints how long the server takes from process start to answering /health, with a fresh data
// directory (creates and seeds the database) and with that same directory again (existing data).
// Target: existing data dir ≤ 2 s.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';

const port = await new Promise((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunmian-bench-'));

async function timeStart(label) {
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, YUNMIAN_ADMIN_PASSWORD: 'Bench123' };
  delete env.DATABASE_URL;
  const started = performance.now();
  const child = spawn(process.execPath, ['build/server/main.js'], { env, stdio: 'ignore' });
  for (;;) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/health`);
      if (r.ok) break;
    } catch {
      /* starting */
    }
    if (child.exitCode !== null) throw new Error('server exited');
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
  console.log(`server start, ${label}: ${(ms / 1000).toFixed(2)} s`);
  return ms;
}

await timeStart('fresh data dir');
await timeStart('existing data dir (target ≤ 2 s)');
fs.rmSync(dataDir, { recursive: true, force: true });
