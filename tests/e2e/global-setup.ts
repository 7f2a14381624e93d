import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { E2E_BUILD, E2E_WORKERS, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One shared server per e2e worker (see sharedServerUrl). */
    baseUrls: string[];
  }
}

/**
 * One shared server per e2e worker (E2E_WORKERS, vitest.config.ts): the files a worker runs, one
 * after another, share its server as they all shared one before; tests that stop or reconfigure a
 * server start their own.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(`${E2E_BUILD.dist}/index.html`) || !fs.existsSync(E2E_BUILD.server)) throw new Error('the build is missing: run "npm run build" before the e2e tests');
  if (!fs.existsSync('/usr/bin/chromium')) throw new Error('Debian chromium is missing: apt-get install chromium fonts-noto-cjk');
  const servers = await Promise.all(Array.from({ length: E2E_WORKERS }, () => startServer()));
  project.provide('baseUrls', servers.map((s) => s.url));
  return async () => {
    for (const server of servers) {
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  };
}
