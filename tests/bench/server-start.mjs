// Prints how long the server takes from process start to answering /health, with a fresh data
// directory (creates and seeds the database) and with that same directory again (existing data,
// the median of 5 starts: one start moves by ±30 % with the machine's load). Beside it, the CPU
// time the server process used until then (all its threads; Linux), which load moves far less.
// Target: existing data dir ≤ 2 s. `BENCH_BUILD=.e2e/x` measures a build made beside the main one.
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
const build = process.env.BENCH_BUILD;
const serverMain = build ? `${build}/server/main.js` : 'build/server/main.js';
const staticDir = build ? `${build}/dist` : 'dist';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunmian-bench-'));

/** User + system CPU time of a running process in ms (/proc, Linux), or NaN. */
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks, USER_HZ = 100
  } catch {
    return NaN;
  }
}

async function timeStart() {
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, YUNMIAN_ADMIN_PASSWORD: 'Bench123', YUNMIAN_STATIC_DIR: staticDir };
  delete env.DATABASE_URL;
  const started = performance.now();
  const child = spawn(process.execPath, [serverMain], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  let cpu = NaN;
  for (;;) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/health`);
      if (r.ok) {
        cpu = cpuMs(child.pid);
        break;
      }
    } catch {
      /* starting */
    }
    if (child.exitCode !== null) throw new Error(`${serverMain} exited (built? npm run build): ${stderr}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
  return { ms, cpu };
}

const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fresh = await timeStart();
console.log(`server start, fresh data dir: ${s(fresh.ms)} (CPU ${s(fresh.cpu)})`);
const runs = [];
for (let i = 0; i < 5; i++) runs.push(await timeStart());
console.log(
  `server start, existing data dir: median ${s(median(runs.map((r) => r.ms)))} (target ≤ 2 s), CPU ${s(median(runs.map((r) => r.cpu)))}; ` +
    `runs ${runs.map((r) => s(r.ms)).join(', ')}`,
);
fs.rmSync(dataDir, { recursive: true, force: true });
