import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { E2E_BUILD, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One shared server for the e2e files; tests that stop or reconfigure a server start their own. */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(`${E2E_BUILD.dist}/index.html`) || !fs.existsSync(E2E_BUILD.server)) throw new Error('the build is missing: run "npm run build" before the e2e tests');
  if (!fs.existsSync('/usr/bin/chromium')) throw new Error('Debian chromium is missing: apt-get install chromium fonts-noto-cjk');
  const server = await startServer();
  project.provide('baseUrl', server.url);
  return async () => {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  };
}
