import { inject } from 'vitest';

/** The shared server of the worker running this file (one per worker, started by global-setup.ts). */
export function sharedServerUrl(): string {
  const urls = inject('baseUrls');
  return urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length]!;
}
