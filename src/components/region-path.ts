import { ROOT_PARENT, type Region } from '@/contracts/base';

/**
 * Pure logic of the region cascader (spec 3 Region entry, 7.5 Regions, 9: levels 1 to 3): which
 * columns a path shows, what a click does to the path, and the label of a chosen path.
 */

/** One call of the regions API: the regions of a grade under a parent ('-1' for the provinces). */
export interface RegionRequest {
  grade: number;
  parentId: string;
}

export function regionKey({ grade, parentId }: RegionRequest): string {
  return `${grade}:${parentId}`;
}

/** The lists to load to name a chosen path (all at once: the ids say the parents). */
export function pathRequests(ids: readonly string[], depth: number): RegionRequest[] {
  return ids.slice(0, depth).map((_, i) => ({ grade: i + 1, parentId: i ? ids[i - 1]! : ROOT_PARENT }));
}

/**
 * The columns shown while browsing `path`: the provinces, then the children of each region on the
 * path that is not a leaf, up to `depth` columns. `find(column, id)` looks a region up in a loaded
 * column; a column whose parent is not loaded yet is not shown yet.
 */
export function visibleColumns(path: readonly string[], depth: number, find: (column: RegionRequest, id: string) => Region | undefined): RegionRequest[] {
  const out: RegionRequest[] = [{ grade: 1, parentId: ROOT_PARENT }];
  for (let level = 0; level < path.length && level + 1 < depth; level++) {
    const region = find(out[level]!, path[level]!);
    if (!region || region.leaf) break;
    out.push({ grade: level + 2, parentId: region.id });
  }
  return out;
}

/**
 * A click on `region` in column `level`: the path up to it (a new province drops the old city and
 * district). The choice is done on a leaf or in the last column.
 */
export function pickRegion(path: readonly string[], level: number, region: Region, depth: number): { path: string[]; done: boolean } {
  const next = [...path.slice(0, level), region.id];
  return { path: next, done: region.leaf || level + 1 >= depth };
}

/** The regions of a path of ids in the loaded columns (`lists[i]` holds level i), up to the first unknown. */
export function findPath(ids: readonly string[], lists: ReadonlyArray<readonly Region[] | undefined>): Region[] {
  const out: Region[] = [];
  for (let i = 0; i < ids.length; i++) {
    const region = lists[i]?.find((r) => r.id === ids[i]);
    if (!region) break;
    out.push(region);
  }
  return out;
}

/** What the field shows: 省 / 市 / 区. */
export function pathLabel(regions: ReadonlyArray<Pick<Region, 'name'>>, separator = ' / '): string {
  return regions.map((r) => r.name).join(separator);
}

export function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}
