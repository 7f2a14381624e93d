import { DEFAULT_AVATAR } from '@/contracts/limits';
import type { OrganizeRow, PositionRow, UserBrief, UserRow } from '@/contracts/org';
import { buildOrgIndex, ROOT_PARENT, subtreeIds, type FlatNode, type RoleOption } from './model';

/**
 * Pure logic (no React, no Dexie) of what this device shows while a write waits: the rows of the
 * admin lists, and the patches made to the cached pickers meanwhile.
 */

// ---- rows shown while a write waits ---------------------------------------------------------------

/** Names the overlay row shows, from the cached trees (a name not cached shows empty). */
export interface NameLookup {
  org: ReadonlyMap<string, string>;
  user: ReadonlyMap<string, string>;
  position: ReadonlyMap<string, string>;
  role: ReadonlyMap<string, string>;
}

export function nameLookup(src: {
  org?: readonly FlatNode[] | null;
  users?: readonly UserBrief[] | null;
  positions?: readonly PositionRow[] | null;
  roles?: readonly RoleOption[] | null;
}): NameLookup {
  return {
    org: new Map((src.org ?? []).map((n) => [n.id, n.fullName])),
    user: new Map((src.users ?? []).map((u) => [u.id, u.realName])),
    position: new Map((src.positions ?? []).map((p) => [p.id, p.fullName])),
    role: new Map((src.roles ?? []).map((r) => [r.id, r.fullName])),
  };
}

const nameIn = (map: ReadonlyMap<string, string>, id: string | null | undefined) => (id ? (map.get(id) ?? '') : '');

/** What the company and department forms give (the shared schema's output). */
export interface OrganizeValues {
  parentId?: string | null;
  fullName: string;
  enCode: string;
  managerId?: string | null;
  description?: string | null;
  sortCode: number;
  enabledMark: 0 | 1;
}

export function buildOrganizeRow(id: string, category: OrganizeRow['category'], v: OrganizeValues, prev: OrganizeRow | null, names: NameLookup, now = new Date()): OrganizeRow {
  return {
    id,
    parentId: v.parentId || ROOT_PARENT,
    category,
    fullName: v.fullName,
    enCode: v.enCode,
    managerId: v.managerId ?? null,
    manager: v.managerId ? nameIn(names.user, v.managerId) || (prev?.managerId === v.managerId ? prev.manager : '') : '',
    description: v.description ?? null,
    sortCode: v.sortCode,
    enabledMark: v.enabledMark,
    creatorTime: prev?.creatorTime ?? now.toISOString(),
    version: prev?.version ?? 0,
    hasChildren: prev?.hasChildren ?? false,
  };
}

export interface PositionValues {
  organizeId: string;
  fullName: string;
  enCode: string;
  type?: string | null;
  description?: string | null;
  sortCode: number;
  enabledMark: 0 | 1;
}

export function buildPositionRow(id: string, v: PositionValues, prev: PositionRow | null, names: NameLookup, now = new Date()): PositionRow {
  return {
    id,
    organizeId: v.organizeId,
    department: nameIn(names.org, v.organizeId) || (prev?.organizeId === v.organizeId ? prev.department : ''),
    fullName: v.fullName,
    enCode: v.enCode,
    type: v.type || null,
    description: v.description ?? null,
    sortCode: v.sortCode,
    enabledMark: v.enabledMark,
    creatorTime: prev?.creatorTime ?? now.toISOString(),
    version: prev?.version ?? 0,
  };
}

export interface UserValues {
  account: string;
  realName: string;
  gender?: string | null;
  mobilePhone?: string | null;
  email?: string | null;
  organizeId: string;
  departmentId?: string | null;
  positionId?: string | null;
  managerId?: string | null;
  roleIds: string[];
  entryDate?: string | null;
  description?: string | null;
  sortCode: number;
  enabledMark: 0 | 1;
}

/**
 * The user row the list shows until the server has the write: the form plus names from the cached
 * trees, and the name's pinyin initials so the offline search finds it by them.
 */
export function buildUserRow(id: string, v: UserValues, prev: UserRow | null, names: NameLookup, quickQuery = '', now = new Date()): UserRow & { quickQuery: string } {
  return {
    quickQuery,
    id,
    account: v.account,
    realName: v.realName,
    headIcon: prev?.headIcon ?? DEFAULT_AVATAR,
    gender: v.gender ?? null,
    mobilePhone: v.mobilePhone || null,
    email: v.email || null,
    organizeId: v.organizeId,
    departmentId: v.departmentId ?? null,
    positionId: v.positionId ?? null,
    managerId: v.managerId ?? null,
    organize: nameIn(names.org, v.organizeId),
    department: nameIn(names.org, v.departmentId),
    position: nameIn(names.position, v.positionId),
    roleIds: [...v.roleIds],
    roles: v.roleIds
      .map((r) => nameIn(names.role, r))
      .filter(Boolean)
      .join(','),
    entryDate: v.entryDate ?? null,
    description: v.description ?? null,
    sortCode: v.sortCode,
    enabledMark: v.enabledMark,
    isAdministrator: prev?.isAdministrator ?? false,
    creatorTime: prev?.creatorTime ?? now.toISOString(),
    version: prev?.version ?? 0,
  };
}

/** The form's values of an existing user (what the edit dialog starts from). */
export function userValuesOf(row: UserRow): UserValues {
  return {
    account: row.account ?? '',
    realName: row.realName ?? '',
    gender: row.gender ?? null,
    mobilePhone: row.mobilePhone ?? '',
    email: row.email ?? '',
    organizeId: row.organizeId ?? '',
    departmentId: row.departmentId,
    positionId: row.positionId,
    managerId: row.managerId,
    roleIds: [...(row.roleIds ?? [])],
    entryDate: row.entryDate ?? null,
    description: row.description ?? '',
    sortCode: row.sortCode ?? 0,
    enabledMark: row.enabledMark ?? 1,
  };
}

// ---- patches of the cached pickers while a write waits ---------------------------------------------

/** Replaces the item with the same id (same place) or appends it. */
export function upsertById<T extends { id: string }>(list: readonly T[], item: T): T[] {
  let hit = false;
  const out = list.map((x) => {
    if (x.id !== item.id) return x;
    hit = true;
    return item;
  });
  return hit ? out : [...out, item];
}

/** A node with everything under it removed (a disabled or deleted branch leaves the pickers). */
export function removeBranch(flat: readonly FlatNode[], id: string): FlatNode[] {
  const gone = subtreeIds(buildOrgIndex(flat), id);
  return flat.filter((n) => !gone.has(n.id));
}

/**
 * A node put into a cached tree: replaced in place (keeping whether it has children) or added, its
 * new parent then having children. A node whose parent is not in the tree is not added (the
 * pickers only show enabled branches).
 */
export function upsertNode(flat: readonly FlatNode[], node: FlatNode): FlatNode[] {
  const index = buildOrgIndex(flat);
  const prev = index.byId.get(node.id);
  if (node.parentId !== ROOT_PARENT && !index.byId.has(node.parentId)) return prev ? removeBranch(flat, node.id) : [...flat];
  const merged = { ...node, hasChildren: prev?.hasChildren ?? node.hasChildren };
  return upsertById(flat, merged).map((n) => (n.id === node.parentId && !n.hasChildren ? { ...n, hasChildren: true } : n));
}

/** A company or department as a picker node. */
export function orgNodeOf(row: OrganizeRow): FlatNode {
  return { id: row.id, parentId: row.parentId || ROOT_PARENT, fullName: row.fullName, enCode: row.enCode, type: row.category, hasChildren: row.hasChildren };
}

export function positionNodeOf(row: PositionRow): FlatNode {
  return { id: row.id, parentId: row.organizeId, fullName: row.fullName, enCode: row.enCode, type: 'position', hasChildren: false };
}

export function userNodeOf(row: UserRow): FlatNode {
  return {
    id: row.id,
    parentId: row.departmentId ?? row.organizeId ?? ROOT_PARENT,
    fullName: row.realName,
    enCode: row.account,
    type: 'user',
    icon: row.headIcon,
    hasChildren: false,
  };
}

/** A user as the cached user list (spec 3 User) holds it; `quickQuery` is the name's pinyin initials. */
export function userBriefOf(row: UserRow, quickQuery: string): UserBrief {
  return {
    id: row.id,
    realName: row.realName,
    account: row.account,
    headIcon: row.headIcon,
    department: row.department ?? '',
    departmentId: row.departmentId,
    quickQuery,
  };
}
