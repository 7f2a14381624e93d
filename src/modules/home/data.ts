import type { HomeSummary } from '@/contracts/home';
import { homePaths } from '@/contracts/home-paths';
import { defineDataset } from '@/lib/sync/dataset';

/**
 * The /home dashboard figures (GET /api/home/summary), cached per user: offline the page shows the
 * last figures with their time; online they are revalidated (ETag) on arrival and after a reconnect.
 */
export const homeSummaryData = defineDataset<HomeSummary>({
  key: 'home.summary',
  shape: 1,
  url: homePaths.summary,
  // The schema (and zod) load with the first answer, not with the shell.
  parse: async (raw) => (await import('@/contracts/home')).homeSummarySchema.parse(raw),
  freshForMs: 30_000,
});
