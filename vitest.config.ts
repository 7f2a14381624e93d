import { defineConfig } from 'vitest/config';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';

/**
 * Three projects: `unit` (client code in Node with fake-indexeddb), `server` (app.inject against
 * PGlite, or PostgreSQL when DATABASE_URL is set), `e2e` (playwright-core + Debian chromium against
 * the real server serving the built app). `npm test` (scripts/test.mjs) runs them all.
 */
export default defineConfig({
  test: {
    // Two files at once even on a 2-core machine (Vitest's default there is one): much of a file's
    // time is waiting — on PostgreSQL, on the browser, on imports — not computing.
    maxWorkers: Math.max(1, Number(process.env.TEST_WORKERS ?? 2) || 1),
    projects: [
      {
        plugins: [react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }), lingui()],
        resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['src/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // E2E_WORKERS files at once (default 2), each worker with its own shared server (global-setup.ts).
          maxWorkers: Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1),
          globalSetup: ['tests/e2e/global-setup.ts'],
        },
      },
    ],
  },
});
