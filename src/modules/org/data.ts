import { useMemo } from 'react';
import { t } from '@lingui/core/macro';
import { type PositionRow, type UserBrief } from '@/contracts/org';
import { orgPaths, permissionPaths } from '@/contracts/org-paths';
import { defineDataset, useDataset, type Dataset, type DatasetView } from '@/lib/sync/dataset';
import { buildOrgIndex, checkIds, flattenTree, listOf, nestTree, ROOT_PARENT, type FlatNode, type OrgIndex, type RoleOption } from './model';

/**
 * The organisation's base data cached on this device (spec 3 Cached base data): the trees and lists
 * the pickers, the filters and other modules (workflow) read, browsable offline. Each is stored as
 * rows in slices, revalidated with its ETag, and held while a write of what it shows still waits.
 */

/** Entity prefixes of the module's queued writes (`<list key>:<id>`, see store.ts). */
export const ORG_KEYS = {
  company: 'org.unit.company',
  department: 'org.unit.department',
  position: 'org.position',
  user: 'org.user',
} as const;
const UNIT_WRITES = 'org.unit.';
const POSITION_WRITES = `${ORG_KEYS.position}:`;
const USER_WRITES = `${ORG_KEYS.user}:`;

/** A cached copy younger than this is shown without asking (the pages also revalidate on demand). */
const FRESH_MS = 60_000;

/** A tree answer (`data.list`, nested) cached as flat nodes, each under its parent. */
function treeDataset(key: string, url: string, heldBy: string, announce?: () => string): Dataset<FlatNode[]> {
  return defineDataset<FlatNode[]>({
    key,
    shape: 1,
    url,
    parse: (raw) => checkIds(flattenTree(listOf(raw, key)), key),
    rows: (nodes) => nodes.map((n) => ({ id: n.id, parent: n.parentId === ROOT_PARENT ? '' : n.parentId, value: n })),
    freshForMs: FRESH_MS,
    heldBy,
    announce,
  });
}

/** Companies and departments (GET /Permission/Organize/Tree). */
export const orgTreeData = treeDataset('org.tree', orgPaths.organizeTree, UNIT_WRITES, () => t`组织架构已更新`);

/** Companies and departments for choosing a department (GET /Permission/Organize/Department/Selector). */
export const departmentTreeData = treeDataset('org.departmentSelector', orgPaths.departmentSelector, UNIT_WRITES);

/** Enabled positions (GET /Permission/Position/All). */
export const positionsData = defineDataset<PositionRow[]>({
  key: 'org.positions',
  shape: 1,
  url: orgPaths.positionAll,
  parse: (raw) => checkIds(listOf<PositionRow>(raw, 'org.positions'), 'org.positions'),
  rows: (list) => list.map((p) => ({ id: p.id, parent: p.organizeId ?? '', value: p })),
  freshForMs: FRESH_MS,
  heldBy: POSITION_WRITES,
});

/** Companies and departments with their positions as leaves (GET /Permission/Position/Selector). */
export const positionTreeData = treeDataset('org.positionSelector', orgPaths.positionSelector, POSITION_WRITES);

/** Enabled users, spec 3 User (GET /Permission/Users/All, `data.list`). */
export const usersData = defineDataset<UserBrief[]>({
  key: 'org.users',
  shape: 1,
  url: orgPaths.userAll,
  parse: (raw) => checkIds(listOf<UserBrief>(raw, 'org.users'), 'org.users'),
  rows: (list) => list.map((u) => ({ id: u.id, parent: u.departmentId ?? '', value: u })),
  freshForMs: FRESH_MS,
  heldBy: USER_WRITES,
  announce: () => t`用户列表已更新`,
});

/** Companies → departments → users (GET /Permission/Users/Selector, `data.list`). */
export const userTreeData = treeDataset('org.userSelector', orgPaths.userSelector, USER_WRITES);

/** Enabled roles (GET /Permission/Role/Selector). */
export const rolesData = defineDataset<RoleOption[]>({
  key: 'org.roles',
  shape: 1,
  url: permissionPaths.roleSelector,
  parse: (raw) => checkIds(listOf<RoleOption>(raw, 'org.roles'), 'org.roles'),
  rows: (list) => list.map((r) => ({ id: r.id, value: r })),
  freshForMs: FRESH_MS,
  heldBy: 'org.role:',
});

// ---- hooks ---------------------------------------------------------------------------------------

/** The organisation tree (flat nodes: `data` undefined while read, null when never cached). */
export const useOrgTree = (): DatasetView<FlatNode[]> => useDataset(orgTreeData);
export const useDepartmentTree = (): DatasetView<FlatNode[]> => useDataset(departmentTreeData);
export const usePositions = (): DatasetView<PositionRow[]> => useDataset(positionsData);
export const usePositionTree = (): DatasetView<FlatNode[]> => useDataset(positionTreeData);
export const useUsers = (): DatasetView<UserBrief[]> => useDataset(usersData);
export const useUserTree = (): DatasetView<FlatNode[]> => useDataset(userTreeData);
export const useRoles = (): DatasetView<RoleOption[]> => useDataset(rolesData);

/** The organisation tree nested (for a module that wants children arrays, e.g. a tree table). */
export function useNestedOrgTree() {
  const view = useOrgTree();
  const nested = useMemo(() => (view.data ? nestTree(view.data) : view.data), [view.data]);
  return { ...view, nested };
}

/** Subtree and ancestor questions over the cached organisation tree. */
export function useOrgIndex(): OrgIndex {
  const { data } = useOrgTree();
  return useMemo(() => buildOrgIndex(data), [data]);
}
