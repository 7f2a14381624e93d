import { useMemo } from 'react';
import { t } from '@lingui/core/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { ulid } from 'ulid';
import { useSnapshot } from 'valtio';
import type { z } from 'zod';
import { fillPath } from '@/contracts/api-path';
import { type AuthorityData, type AuthorizeBody, type RoleBody, type RoleRow, type roleBodySchema } from '@/contracts/org';
import { permissionPaths } from '@/contracts/org-paths';
import { ApiError, NetworkError } from '@/lib/errors';
import { request } from '@/lib/http';
import { network } from '@/lib/network';
import { currentUserDb, queueWrite, syncStatus } from '@/lib/sync/engine';
import type { SyncKind } from '@/lib/sync/kinds';
import { defineRemoteList, queueRowWrite, type RowOp } from '@/lib/sync/remote-list';
import { rowNames } from '@/lib/sync/row-names';
import type { OutboxEntry, UserDb } from '@/lib/sync/user-db';
import type { ListSortParams } from '@/lib/list-sort';

/** Roles and their grants (spec 6): the role list, its writes through the sync queue, and the grants of a role. */

const ROLE_KEY = 'permission.role';
const AUTHORITY_KIND = 'permission.authority';

/** The server's built-in administrator role: its code stays and it cannot be disabled or deleted. */
export const BUILT_IN_ROLE = 'admin';

export type RoleQuery = { currentPage: number; pageSize: number; keyword: string } & ListSortParams;
/** A role as the selector of other screens lists it (enabled roles only). */
export type RoleOption = { id: string; fullName: string; enCode: string };
/** A role body as roleBodySchema gives it (what the form submits). */
export type RoleInput = Omit<z.output<typeof roleBodySchema>, 'id'>;

// ---- Names for the sync panel -----------------------------------------------------------------

/**
 * Role names by id, for labels of writes whose body does not carry the name (delete, state, grants).
 * Filled from the lists shown and the writes queued; after a reload, from the cached answers.
 */
const roleNames = rowNames<RoleRow>(ROLE_KEY, (r) => r.fullName);

export function rememberRoleNames(rows: readonly RoleRow[] | undefined) {
  roleNames.remember(rows);
}

const nameOf = (id: string) => roleNames.get(id);

const idOf = (entry: OutboxEntry, key: string) => entry.entity.slice(key.length + 1);

function roleLabel(op: RowOp, entry: OutboxEntry): string {
  const body = (entry.request.body ?? {}) as Partial<RoleBody>;
  const name = body.fullName || nameOf(idOf(entry, ROLE_KEY));
  switch (op) {
    case 'create':
      return name ? t`新建角色「${name}」` : t`新建角色`;
    case 'update':
      return name ? t`修改角色「${name}」` : t`修改角色`;
    case 'delete':
      return name ? t`删除角色「${name}」` : t`删除角色`;
    case 'state':
      if (body.enabledMark === 0) return name ? t`停用角色「${name}」` : t`停用角色`;
      return name ? t`启用角色「${name}」` : t`启用角色`;
    default:
      return name ? t`角色「${name}」操作` : t`角色操作`;
  }
}

// ---- Role list ----------------------------------------------------------------------------------

/** Enabled roles for pickers of other screens (GET /Permission/Role/Selector), refreshed after role writes. */
export const roleSelector = defineRemoteList<RoleOption, Record<string, never>>({
  key: 'permission.roleSelector',
  url: () => permissionPaths.roleSelector,
  paged: false,
  label: () => t`角色`,
});

/** GET /Permission/Role: paged, cached per query, searched offline over the roles seen before. */
export const roleList = defineRemoteList<RoleRow, RoleQuery>({
  key: ROLE_KEY,
  url: () => permissionPaths.roles,
  params: (q) => ({ currentPage: q.currentPage, pageSize: q.pageSize, keyword: q.keyword || undefined, sidx: q.sidx, sort: q.sort }),
  paged: true,
  matches: (r, q) => {
    const k = q.keyword.trim().toLowerCase();
    return !k || r.fullName.toLowerCase().includes(k) || r.enCode.toLowerCase().includes(k);
  },
  label: roleLabel,
  afterWrite: (db) => roleSelector.fetch({}, db),
});

/** The role as the server has it now (edit dialog); null when it cannot be asked. */
export async function fetchRole(id: string): Promise<RoleRow | null> {
  try {
    return await request<RoleRow>('GET', fillPath(permissionPaths.role, { id }), undefined, { silent: true });
  } catch {
    return null;
  }
}

export async function createRole(body: RoleInput): Promise<RoleRow> {
  const id = ulid();
  const row: RoleRow = {
    id,
    fullName: body.fullName,
    enCode: body.enCode,
    dataScope: body.dataScope,
    description: body.description ?? null,
    sortCode: body.sortCode,
    enabledMark: body.enabledMark,
    userCount: 0,
    creatorTime: new Date().toISOString(),
    version: 0,
  };
  rememberRoleNames([row]);
  await queueRowWrite(roleList, { op: 'create', id, method: 'POST', url: permissionPaths.roles, body: { ...body, id }, row });
  return row;
}

/** Edits a role (If-Match: the version it was shown with). */
export async function updateRole(current: RoleRow, body: RoleInput) {
  const row: RoleRow = { ...current, ...body, description: body.description ?? null };
  rememberRoleNames([row]);
  await queueRowWrite(roleList, { op: 'update', id: current.id, method: 'PUT', url: fillPath(permissionPaths.role, { id: current.id }), body, row, baseVersion: current.version });
}

export async function setRoleState(current: RoleRow, enabledMark: 0 | 1) {
  rememberRoleNames([current]);
  await queueRowWrite(roleList, {
    op: 'state',
    id: current.id,
    method: 'PUT',
    url: fillPath(permissionPaths.roleState, { id: current.id }),
    body: { enabledMark },
    row: { ...current, enabledMark },
    baseVersion: current.version,
  });
}

export async function deleteRole(current: RoleRow) {
  rememberRoleNames([current]);
  await queueRowWrite(roleList, {
    op: 'delete',
    id: current.id,
    method: 'DELETE',
    url: fillPath(permissionPaths.role, { id: current.id }),
    baseVersion: current.version,
    // Its cached grants go with it.
    local: (db) => db.kv.delete(authorityKey(current.id)),
  });
}

// ---- Grants of a role ---------------------------------------------------------------------------

const authorityUrl = (roleId: string) => fillPath(permissionPaths.authorityData, { roleId });
const authorityKey = (roleId: string) => `permission.authority.${roleId}`;
const authorityEntity = (roleId: string) => `${AUTHORITY_KIND}:${roleId}`;

interface CachedAuthority {
  data: AuthorityData;
  fetchedAt: number;
}

export interface AuthorityView {
  data: AuthorityData;
  /** When this copy came from the server. */
  fetchedAt: number;
  /** The server could not be asked: the copy of the last time (the dialog is read-only). */
  fromCache: boolean;
  /** A grant set still waits for the server: `data.granted` is that set. */
  pending: boolean;
}

/** No copy to show: offline (or the server failed) and the grants of this role were never loaded here. */
export class NoCachedAuthorityError extends Error {
  constructor() {
    super('no cached authority data');
    this.name = 'NoCachedAuthorityError';
  }
}

const isAuthorityData = (v: unknown): v is AuthorityData =>
  !!v && typeof v === 'object' && Array.isArray((v as AuthorityData).modules) && !!(v as AuthorityData).granted;

/**
 * What a role can be granted and what it has: from the server when it answers (the answer is kept
 * on this device), else the kept copy. A grant set queued and not yet sent is shown as the role's.
 * A refusal of the server (the role is gone, no permission) is thrown as is.
 */
export async function loadAuthority(roleId: string): Promise<AuthorityView> {
  const db = currentUserDb();
  let copy: CachedAuthority | null = null;
  let fromCache = false;
  if (network.online) {
    try {
      const data = await request<AuthorityData>('GET', authorityUrl(roleId), undefined, { silent: true });
      if (!isAuthorityData(data)) throw new ApiError(500, 'AuthorityData: unexpected answer');
      copy = { data, fetchedAt: Date.now() };
      await db?.kv.put({ key: authorityKey(roleId), value: copy, updatedAt: copy.fetchedAt });
    } catch (e) {
      const unreachable = e instanceof NetworkError || (e instanceof ApiError && e.code >= 500 && e.code < 600);
      if (!unreachable) throw e;
    }
  }
  if (!copy) {
    const rec = await db?.kv.get(authorityKey(roleId));
    if (!rec) throw new NoCachedAuthorityError();
    copy = rec.value as CachedAuthority;
    fromCache = true;
  }
  const waiting = db ? await waitingGrants(db, roleId) : null;
  if (waiting) return { data: { ...copy.data, granted: waiting }, fetchedAt: copy.fetchedAt, fromCache, pending: true };
  return { ...copy, fromCache, pending: false };
}

async function waitingGrants(db: UserDb, roleId: string): Promise<AuthorityData['granted'] | null> {
  const entries = await db.outbox
    .where('entity')
    .equals(authorityEntity(roleId))
    .filter((e) => e.state !== 'dead')
    .sortBy('seq');
  const last = entries.at(-1);
  if (!last) return null;
  const body = last.request.body as AuthorizeBody;
  return { module: body.module ?? [], button: body.button ?? [], column: body.column ?? [] };
}

/**
 * Replaces the role's grants through the sync queue. The newest grant set replaces one still
 * waiting (coalesce). Until the server has it, loadAuthority shows it over the kept copy (which
 * only ever holds what the server said: a set the server refuses does not linger in it).
 */
export async function saveAuthority(roleId: string, body: Required<AuthorizeBody>, roleName?: string) {
  if (roleName) roleNames.set(roleId, roleName);
  await queueWrite({ entity: authorityEntity(roleId), kind: AUTHORITY_KIND, request: { method: 'PUT', url: authorityUrl(roleId), body }, coalesce: true });
}

/** The kinds of this module's queued writes other than the role list's own (declared in module.ts). */
export const grantSyncKinds: Record<string, SyncKind> = {
  [AUTHORITY_KIND]: {
    label: (entry) => {
      const name = nameOf(idOf(entry, AUTHORITY_KIND));
      return name ? t`角色「${name}」授权` : t`角色授权`;
    },
    // The server answers the role's grants after the change: that becomes the kept copy.
    async applied(entry, data, db) {
      if (!isAuthorityData(data)) return;
      const roleId = idOf(entry, AUTHORITY_KIND);
      await db.kv.put({ key: authorityKey(roleId), value: { data, fetchedAt: Date.now() } satisfies CachedAuthority, updatedAt: Date.now() });
    },
  },
};

/** Ids of the roles whose grant set still waits for the server (shown as 待同步 on their row). */
export function usePendingGrants(): ReadonlySet<string> {
  const active = useSnapshot(syncStatus).active;
  const ids = useLiveQuery(async () => {
    const db = currentUserDb();
    if (!active || !db) return [];
    const prefix = `${AUTHORITY_KIND}:`;
    const entries = await db.outbox
      .where('entity')
      .startsWith(prefix)
      .filter((e) => e.state !== 'dead')
      .toArray();
    return entries.map((e) => e.entity.slice(prefix.length)).sort();
  }, [active]);
  const key = (ids ?? []).join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => new Set(ids ?? []), [key]);
}
