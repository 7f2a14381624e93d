import { homePaths, homeSummarySchema } from '@/contracts/home';
import { defineDataset } from '@/lib/sync/dataset';

/**
 * The /home dashboard figures (GET /api/home/summary), cached per user: offline the page shows the
 * last figures with their time; online they are revalidated (ETag) on arrival and after a reconnect.
 */
export const homeSummaryData = defineDataset({
  key: 'home.summary',
  shape: 1,
  url: homePaths.summary,
  parse: homeSummarySchema.parse,
  freshForMs: 30_000,
});
