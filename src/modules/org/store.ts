import { useEffect, useMemo } from 'react';
import { t } from '@lingui/core/macro';
import { ulid } from 'ulid';
import { fillPath } from '@/contracts/api-path';
import { type OrganizeRow, type PositionRow, type UserRow } from '@/contracts/org';
import { orgPaths } from '@/contracts/org-paths';
import { http } from '@/lib/http';
import type { Dataset } from '@/lib/sync/dataset';
import { defineRemoteList, queueRowWrite, type RowOp } from '@/lib/sync/remote-list';
import type { OutboxEntry, UserDb } from '@/lib/sync/user-db';
import { departmentTreeData, ORG_KEYS, orgTreeData, positionsData, positionTreeData, rolesData, userTreeData, useOrgIndex, usersData, useUsers } from './data';
import type { CompanyFormOutput, DepartmentFormOutput, PositionFormOutput, UserFormOutput } from './forms';
import { buildOrgIndex, departmentMatches, organizeMatches, positionMatches, ROOT_PARENT, userMatches, type DepartmentQuery, type FlatNode, type OrganizeQuery, type OrgIndex, type PositionQuery, type UserQuery } from './model';
import { buildOrganizeRow, buildPositionRow, buildUserRow, nameLookup, orgNodeOf, positionNodeOf, removeBranch, upsertById, upsertNode, userBriefOf, userNodeOf, type NameLookup } from './pending-rows';

/**
 * The organisation's admin lists (remote lists: paged or whole trees, cached per query, searched
 * offline) and their writes, which always go through the sync queue: the list shows the change at
 * once (marked 待同步), the cached pickers are patched, and the server gets it when the queue
 * replays. Resetting a password is the exception: it is sent at once, online only, so the typed
 * password is never stored on the device.
 */

// ---- offline search ------------------------------------------------------------------------------

/** The organisation tree the offline search uses for "this company or department and below". */
let searchIndex: OrgIndex = buildOrgIndex([]);
/** Pinyin initials (spec 3 quickQuery) of the cached users, by id. */
let initialsById: ReadonlyMap<string, string> = new Map();
/** pinyin-pro, loaded when a page with offline search opens (not with the app). */
let quick: ((name: string) => string) | null = null;
const quickMemo = new Map<string, string>();

/** A user's pinyin initials: from the cached user list, else computed from the name once pinyin is loaded. */
function initialsOf(row: UserRow): string {
  const known = initialsById.get(row.id);
  if (known !== undefined || !quick || !row.realName) return known ?? '';
  let q = quickMemo.get(row.realName);
  if (q === undefined) quickMemo.set(row.realName, (q = quick(row.realName)));
  return q;
}

/** The pinyin initials of a name (loads pinyin-pro on first use). */
async function quickQueryOf(name: string): Promise<string> {
  const { quickQuery } = await import('@/contracts/quick-query');
  quick ??= quickQuery;
  return quickQuery(name);
}

/**
 * Keeps what the offline search of the lists uses current: the cached organisation tree and the
 * users' pinyin initials. Pages with a company or department filter or a user search call it.
 */
export function useOfflineSearch(): OrgIndex {
  const index = useOrgIndex();
  const users = useUsers().data;
  useEffect(() => {
    if (!quick) void quickQueryOf('').catch(() => undefined);
  }, []);
  useMemo(() => {
    initialsById = new Map((users ?? []).map((u) => [u.id, u.quickQuery]));
  }, [users]);
  return useMemo(() => {
    searchIndex = index;
    return index;
  }, [index]);
}

// ---- labels of queued writes ---------------------------------------------------------------------

/** Names of rows written in this session, for the sync panel's label of a delete (its request has no body). */
const writtenNames = new Map<string, string>();
const idOf = (e: OutboxEntry) => e.entity.slice(e.entity.indexOf(':') + 1);
function nameOf(e: OutboxEntry): string {
  const body = e.request.body as { fullName?: string; realName?: string } | undefined;
  return body?.fullName ?? body?.realName ?? writtenNames.get(idOf(e)) ?? '';
}

function companyLabel(op: RowOp, e: OutboxEntry): string {
  const name = nameOf(e);
  if (op === 'create') return t`新建公司「${name}」`;
  if (op === 'delete') return name ? t`删除公司「${name}」` : t`删除公司`;
  return t`修改公司「${name}」`;
}
function departmentLabel(op: RowOp, e: OutboxEntry): string {
  const name = nameOf(e);
  if (op === 'create') return t`新建部门「${name}」`;
  if (op === 'delete') return name ? t`删除部门「${name}」` : t`删除部门`;
  return t`修改部门「${name}」`;
}
function positionLabel(op: RowOp, e: OutboxEntry): string {
  const name = nameOf(e);
  if (op === 'create') return t`新建岗位「${name}」`;
  if (op === 'delete') return name ? t`删除岗位「${name}」` : t`删除岗位`;
  return t`修改岗位「${name}」`;
}
function userLabel(op: RowOp, e: OutboxEntry): string {
  const name = nameOf(e);
  if (op === 'create') return t`新建用户「${name}」`;
  if (op === 'delete') return name ? t`删除用户「${name}」` : t`删除用户`;
  if (op === 'state') {
    const on = (e.request.body as { enabledMark?: number } | undefined)?.enabledMark === 1;
    if (!name) return on ? t`启用用户` : t`禁用用户`;
    return on ? t`启用用户「${name}」` : t`禁用用户「${name}」`;
  }
  return t`修改用户「${name}」`;
}

/** After the server accepted a write: revalidate what it changes (a copy still held by other waiting writes stays). */
function refreshAll(db: UserDb, ...sets: Array<Pick<Dataset<unknown>, 'refresh'>>) {
  return Promise.all(sets.map((ds) => ds.refresh({ force: true, db }).catch(() => null)));
}

// ---- the lists -----------------------------------------------------------------------------------

/** Companies as a tree (GET /Permission/Organize; with a keyword the matches, flat). */
export const companyList = defineRemoteList<OrganizeRow, OrganizeQuery>({
  key: ORG_KEYS.company,
  url: () => orgPaths.organizes,
  params: (q) => ({ keyword: q.keyword }),
  paged: false,
  tree: true,
  matches: organizeMatches,
  label: companyLabel,
  afterWrite: (db) => refreshAll(db, orgTreeData, departmentTreeData, positionTreeData, userTreeData),
});

/** The departments of one company as a tree (GET /Permission/Organize/{id}/Department). */
export const departmentList = defineRemoteList<OrganizeRow, DepartmentQuery>({
  key: ORG_KEYS.department,
  url: (q) => fillPath(orgPaths.departmentsOf, { id: q.organizeId }),
  params: (q) => ({ keyword: q.keyword }),
  paged: false,
  tree: true,
  matches: (row, q) => departmentMatches(row, q, searchIndex),
  label: departmentLabel,
  afterWrite: (db) => refreshAll(db, orgTreeData, departmentTreeData, positionTreeData, userTreeData),
});

/** Positions, paged (GET /Permission/Position with currentPage, pageSize, keyword, organizeId). */
export const positionList = defineRemoteList<PositionRow, PositionQuery>({
  key: ORG_KEYS.position,
  url: () => orgPaths.positions,
  paged: true,
  matches: (row, q) => positionMatches(row, q, searchIndex),
  label: positionLabel,
  afterWrite: (db) => refreshAll(db, positionsData, positionTreeData),
});

/** Users, paged (GET /Permission/Users with currentPage, pageSize, keyword, organizeId). */
export const userList = defineRemoteList<UserRow, UserQuery>({
  key: ORG_KEYS.user,
  url: () => orgPaths.users,
  paged: true,
  matches: (row, q) => userMatches(row, q, searchIndex, initialsOf),
  label: userLabel,
  afterWrite: (db) => refreshAll(db, usersData, userTreeData),
});

// ---- writes --------------------------------------------------------------------------------------

/** Names for the row shown while the write waits, from the cached trees. */
async function cachedNames(): Promise<NameLookup> {
  const [org, users, positions, roles] = await Promise.all([orgTreeData.read(), usersData.read(), positionsData.read(), rolesData.read()]);
  return nameLookup({ org, users, positions, roles });
}

/** Changes a cached tree in the write's transaction (nothing when it was never cached). */
async function patchTree(db: UserDb, ds: Dataset<FlatNode[]>, change: (nodes: FlatNode[]) => FlatNode[]) {
  const cur = await ds.read(db);
  if (cur) await ds.setLocal(change(cur), db);
}
async function patchList<T extends { id: string }>(db: UserDb, ds: Dataset<T[]>, change: (list: T[]) => T[]) {
  const cur = await ds.read(db);
  if (cur) await ds.setLocal(change(cur), db);
}
const chunkTables = (db: UserDb) => [db.chunks];

/** A company or department in the cached pickers: shown while enabled, its branch gone when disabled or deleted. */
function patchUnits(db: UserDb, row: OrganizeRow | null, id: string) {
  const change = (nodes: FlatNode[]) => (row && row.enabledMark === 1 ? upsertNode(nodes, orgNodeOf(row)) : removeBranch(nodes, id));
  return Promise.all([patchTree(db, orgTreeData, change), patchTree(db, departmentTreeData, change)]);
}

/** A company's or a department's own path. */
const unitUrl = (category: OrganizeRow['category'], id: string) => fillPath(category === 'company' ? orgPaths.organize : orgPaths.department, { id });

async function saveUnit(category: OrganizeRow['category'], values: CompanyFormOutput | DepartmentFormOutput, prev: OrganizeRow | null) {
  const id = prev?.id ?? ulid();
  const list = category === 'company' ? companyList : departmentList;
  const { id: _ignored, ...fields } = values;
  const body = { ...fields, parentId: fields.parentId || ROOT_PARENT, ...(prev ? {} : { id }) };
  const row = buildOrganizeRow(id, category, body, prev, await cachedNames());
  writtenNames.set(id, row.fullName);
  await queueRowWrite(list, {
    op: prev ? 'update' : 'create',
    id,
    method: prev ? 'PUT' : 'POST',
    url: prev ? unitUrl(category, id) : category === 'company' ? orgPaths.organizes : orgPaths.departments,
    body,
    row,
    baseVersion: prev?.version,
    local: (db) => patchUnits(db, row, id),
    tables: chunkTables,
  });
  return row;
}

async function deleteUnit(category: OrganizeRow['category'], row: OrganizeRow) {
  const list = category === 'company' ? companyList : departmentList;
  writtenNames.set(row.id, row.fullName);
  await queueRowWrite(list, {
    op: 'delete',
    id: row.id,
    method: 'DELETE',
    url: unitUrl(category, row.id),
    local: (db) => patchUnits(db, null, row.id),
    tables: chunkTables,
  });
}

/** Creates (prev null, with an id made here) or edits a company. */
export const saveCompany = (values: CompanyFormOutput, prev: OrganizeRow | null) => saveUnit('company', values, prev);
export const deleteCompany = (row: OrganizeRow) => deleteUnit('company', row);
export const saveDepartment = (values: DepartmentFormOutput, prev: OrganizeRow | null) => saveUnit('department', values, prev);
export const deleteDepartment = (row: OrganizeRow) => deleteUnit('department', row);

function patchPositions(db: UserDb, row: PositionRow | null, id: string) {
  const shown = !!row && row.enabledMark === 1;
  return Promise.all([
    patchList(db, positionsData, (list) => (shown ? upsertById(list, row) : list.filter((p) => p.id !== id))),
    patchTree(db, positionTreeData, (nodes) => (shown ? upsertNode(nodes, positionNodeOf(row)) : removeBranch(nodes, id))),
  ]);
}

export async function savePosition(values: PositionFormOutput, prev: PositionRow | null) {
  const id = prev?.id ?? ulid();
  const { id: _ignored, ...fields } = values;
  const body = { ...fields, ...(prev ? {} : { id }) };
  const row = buildPositionRow(id, body, prev, await cachedNames());
  writtenNames.set(id, row.fullName);
  await queueRowWrite(positionList, {
    op: prev ? 'update' : 'create',
    id,
    method: prev ? 'PUT' : 'POST',
    url: prev ? fillPath(orgPaths.position, { id }) : orgPaths.positions,
    body,
    row,
    baseVersion: prev?.version,
    local: (db) => patchPositions(db, row, id),
    tables: chunkTables,
  });
  return row;
}

export async function deletePosition(row: PositionRow) {
  writtenNames.set(row.id, row.fullName);
  await queueRowWrite(positionList, {
    op: 'delete',
    id: row.id,
    method: 'DELETE',
    url: fillPath(orgPaths.position, { id: row.id }),
    local: (db) => patchPositions(db, null, row.id),
    tables: chunkTables,
  });
}

function patchUsers(db: UserDb, row: UserRow | null, id: string, quickQuery = '') {
  const shown = !!row && row.enabledMark === 1;
  return Promise.all([
    patchList(db, usersData, (list) => (shown ? upsertById(list, userBriefOf(row, quickQuery || (list.find((u) => u.id === id)?.quickQuery ?? ''))) : list.filter((u) => u.id !== id))),
    patchTree(db, userTreeData, (nodes) => (shown ? upsertNode(nodes, userNodeOf(row)) : removeBranch(nodes, id))),
  ]);
}

/**
 * Creates (prev null) or edits a user. A new user's password is sent as its hash (the wire form of
 * sign-in); the typed text is not kept.
 */
/** Optional user fields the server hides per column permission. */
const HIDEABLE = ['gender', 'mobilePhone', 'email', 'entryDate'] as const;

export function omitUnseen<T extends Record<string, unknown>>(fields: T, prev: UserRow): Partial<T> {
  const out: Record<string, unknown> = { ...fields };
  for (const k of HIDEABLE) if (!(k in prev)) delete out[k];
  return out as Partial<T>;
}

export async function saveUser(values: UserFormOutput, prev: UserRow | null) {
  const id = prev?.id ?? ulid();
  const { id: _ignored, password, ...fields } = values;
  const initials = await quickQueryOf(fields.realName).catch(() => '');
  const row = buildUserRow(id, fields, prev, await cachedNames(), initials);
  const { hashPassword } = await import('@/contracts/password');
  // Fields the list did not carry (columns this user may not see) are left out of an edit: the
  // server keeps them, instead of the empty form value wiping them.
  const body = prev ? omitUnseen(fields, prev) : { ...fields, id, password: hashPassword(password ?? '') };
  writtenNames.set(id, row.realName);
  await queueRowWrite(userList, {
    op: prev ? 'update' : 'create',
    id,
    method: prev ? 'PUT' : 'POST',
    url: prev ? fillPath(orgPaths.user, { id }) : orgPaths.users,
    body,
    row,
    baseVersion: prev?.version,
    local: (db) => patchUsers(db, row, id, initials),
    tables: chunkTables,
  });
  return row;
}

export async function deleteUser(row: UserRow) {
  writtenNames.set(row.id, row.realName);
  await queueRowWrite(userList, {
    op: 'delete',
    id: row.id,
    method: 'DELETE',
    url: fillPath(orgPaths.user, { id: row.id }),
    local: (db) => patchUsers(db, null, row.id),
    tables: chunkTables,
  });
}

/** Enables or disables a user (PUT …/Actions/State), on the version the list shows. */
export async function setUserState(row: UserRow, enabled: boolean) {
  const next: UserRow = { ...row, enabledMark: enabled ? 1 : 0 };
  writtenNames.set(row.id, row.realName);
  await queueRowWrite(userList, {
    op: 'state',
    id: row.id,
    method: 'PUT',
    url: fillPath(orgPaths.userState, { id: row.id }),
    body: { enabledMark: next.enabledMark },
    row: next,
    baseVersion: row.version,
    local: (db) => patchUsers(db, next, row.id),
    tables: chunkTables,
  });
}

/**
 * Sets a user's password (POST …/Actions/ResetPassword). Sent at once and never queued: the body
 * carries the typed password, which must not wait in the device's database. Fails offline.
 */
export async function resetUserPassword(row: UserRow, userPassword: string) {
  await http.post<UserRow>(fillPath(orgPaths.userResetPassword, { id: row.id }), { userPassword }, { silent: true });
}
