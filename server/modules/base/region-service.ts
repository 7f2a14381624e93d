import type { Region } from '../../../src/contracts/base';
import type { RegionRepo } from './region-repo';

/** Administrative divisions (spec 7.5 Regions), read by grade and parent. */
export function regionService(repo: RegionRepo) {
  return {
    async regions(parentId: string, grade: number): Promise<Region[]> {
      return repo.regions(parentId, grade);
    },
  };
}
export type RegionService = ReturnType<typeof regionService>;
