import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ADMIN_PASSWORD = 'Admin123';

/** How many e2e files run at once, each worker with its own shared server (vitest.config.ts). */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);

/**
 * The build the e2e tests run: `dist` and `build/server` by default; `E2E_BUILD=.e2e/x` runs a build
 * made beside it (`npx vite build --outDir .e2e/x/dist && npx vite build -c vite.runtime.config.ts --outDir $PWD/.e2e/x/dist/p
 * && OUT_DIR=.e2e/x/server node scripts/build-server.mjs`; the second step is the published-page runtime).
 */
export const E2E_BUILD = { dist: process.env.E2E_BUILD ? `${process.env.E2E_BUILD}/dist` : 'dist', server: process.env.E2E_BUILD ? `${process.env.E2E_BUILD}/server/main.js` : 'build/server/main.js' };

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** The server's process id (benches read its CPU time). */
  pid: number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Starts the real server (built app + embedded PGlite) as its own process, as `npm start` does. */
export async function startServer(opts: { port?: number; dataDir?: string; env?: Record<string, string> } = {}): Promise<RunningServer> {
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'yunmian-e2e-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, YUNMIAN_ADMIN_PASSWORD: ADMIN_PASSWORD, YUNMIAN_STATIC_DIR: E2E_BUILD.dist, ...opts.env };
  if (!opts.env?.DATABASE_URL) delete env.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, [E2E_BUILD.server], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      const res = await fetch(`${url}health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    dataDir,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}
