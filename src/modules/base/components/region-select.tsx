import type { Region } from '@/contracts/base';
import { RegionCascader, type RegionCascaderProps } from '@/components/region-cascader';
import { loadRegions } from '../data';

export type RegionSelectProps = Omit<RegionCascaderProps, 'load' | 'onChange'> & {
  onChange(ids: string[], regions: Region[]): void;
};

/**
 * Province / city / district field backed by this device's region cache: every level that was
 * opened once is answered from the local database (offline too); others are fetched and cached.
 */
export function RegionSelect(props: RegionSelectProps) {
  return <RegionCascader {...props} load={loadRegions} />;
}
