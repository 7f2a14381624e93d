import type { HomeSummary } from '@/contracts/home';
import { http } from '@/lib/http';

/** Shell calls. Silent: the home page shows its own offline state instead of an error toast. */
export const shellApi = {
  homeSummary: (signal?: AbortSignal) => http.get<HomeSummary>('/api/home/summary', undefined, { silent: true, signal }),
};
