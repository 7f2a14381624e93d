import type { Region } from '../../../src/contracts/base';
import type { RegionRepo } from './region-repo';

/** Administrative divisions (spec 7.5 Regions), read by grade and parent. */
export function regionService(repo: RegionRepo) {
  return {
    async regions(parentId: string, grade: number): Promise<Region[]> {
      return repo.regions(parentId, grade);
    },
    /** Region names by id (a form's region answers shown as names). */
    names: (ids: readonly string[]) => repo.names(ids),
  };
}
export type RegionService = ReturnType<typeof regionService>;
