import { useMemo } from 'react';
import { useDataset, type Dataset } from '@/lib/sync/dataset';
import { departmentTreeData, orgTreeData, positionTreeData, userTreeData } from './data';
import type { FlatNode } from './model';

/** Which cached tree names an id: companies and departments (`organize`), or the pickers' trees. */
export type OrgNameKind = 'organize' | 'company' | 'department' | 'position' | 'user';

const TREES: Record<OrgNameKind, Dataset<FlatNode[]>> = {
  organize: orgTreeData,
  company: orgTreeData,
  department: departmentTreeData,
  position: positionTreeData,
  user: userTreeData,
};

/** id → name of a cached tree, built once per copy of the tree (several fields share it). */
const indexes = new WeakMap<readonly FlatNode[], Map<string, string>>();
function nameIndex(nodes: readonly FlatNode[]): Map<string, string> {
  let index = indexes.get(nodes);
  if (!index) {
    index = new Map(nodes.map((n) => [n.id, n.fullName]));
    indexes.set(nodes, index);
  }
  return index;
}

/**
 * The names of organisation ids (a read-only form, a list cell) from this device's cached trees,
 * so they show offline; an id the tree does not hold (or while it is read) is given as it is.
 */
export function useOrgNames(kind: OrgNameKind, ids: readonly string[]): string[] {
  const { data } = useDataset(TREES[kind]);
  const key = ids.join('\u0001');
  return useMemo(() => {
    const index = data ? nameIndex(data) : null;
    return key ? key.split('\u0001').map((id) => index?.get(id) ?? id) : [];
  }, [data, key]);
}
