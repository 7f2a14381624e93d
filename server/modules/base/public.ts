import type { RegionService } from './region-service';

/** What the base module offers the modules registered after it (`deps.need('regions')`). */
export type RegionServices = Pick<RegionService, 'regions' | 'names'>;

declare module '../../lib/module' {
  interface ModuleServices {
    /** Administrative divisions: a level's regions under a parent, and names by id (published pages' region fields). */
    regions: RegionServices;
  }
}
