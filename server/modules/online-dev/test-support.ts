import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { ulid } from 'ulid';
import { fillPath } from '../../../src/contracts/api-path';
import { emptyDefinition, type ListConfig, type ModelDefinition, type ModelField, type ModelInfo } from '../../../src/contracts/online-dev-model';
import { onlineDevPaths } from '../../../src/contracts/online-dev-paths';
import type { AuthorityData, OrganizeRow, RoleRow, UserRow } from '../../../src/contracts/org';
import { hashPassword } from '../../../src/contracts/password';
import { authed, call, tokenFor, type TestApp } from '../../test/helper';

/**
 * Helpers of the online-development server tests: signed-in calls, models made and published the
 * way the designer does it, roles and users made and granted the way the administrator does it,
 * and multipart uploads as a browser sends them.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let seq = 0;
/** A value field of a test model (ids unique within the run). */
export function field(type: ModelField['type'], key: string, label: string, more: Partial<ModelField> = {}): ModelField {
  return { id: `t${++seq}`, key, type, label, span: 24, ...more };
}
export const staticOptions = (...pairs: [string, string][]) => ({ kind: 'static' as const, items: pairs.map(([value, label]) => ({ value, label })) });

/** A definition of these fields; the list shows the given columns (default: none), newest first. */
export function definition(fields: ModelField[], list: Partial<ListConfig> = {}): ModelDefinition {
  const def = emptyDefinition();
  return { form: { ...def.form, fields }, list: { ...def.list, ...list } };
}

/** A code no other test model has. */
export const uniqueCode = (prefix: string) => `${prefix}${ulid().slice(-8).toLowerCase().replace(/[^a-z0-9]/g, 'x')}`;

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A file that starts like a PNG (what the content check reads). */
export const png = (size = 200) => Buffer.concat([Buffer.from(PNG_HEAD), randomBytes(size)]);
/** A file that starts like an MP4 (`ftyp` at byte 4). */
export const mp4 = (size = 200) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), randomBytes(size)]);

/** A multipart/form-data body with one file part. */
export function multipart(filename: string, content: Buffer, fieldName = 'file') {
  const boundary = `----yunmian${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Signed-in calls, the designer's and the administrator's steps, over one test app. */
export async function onlineDevKit(t: TestApp) {
  const admin = await tokenFor(t.app, 'admin');
  const req = (method: Method, url: string, token: string, payload?: unknown, headers: Record<string, string> = {}) =>
    call(t.app, { method, url, headers: { ...authed(token), ...headers }, payload: method === 'GET' ? undefined : ((payload ?? {}) as object) });
  const p = (template: string, params: Record<string, string>) => fillPath(template as never, params as never);
  const get = (url: string, token = admin) => req('GET', url, token);

  const roles = new Map<string, RoleRow>((await get('/Permission/Role')).data.list.map((r: RoleRow) => [r.enCode, r]));
  const company = (await get('/Permission/Organize')).data.list.find((c: OrganizeRow) => c.enCode === 'YM') as OrganizeRow;
  const flatten = <T extends { children?: T[] }>(items: T[]): T[] => items.flatMap((n) => [n, ...flatten(n.children ?? [])]);
  const departments = new Map<string, OrganizeRow>(flatten<OrganizeRow>((await get(`/Permission/Organize/${company.id}/Department`)).data.list).map((d) => [d.enCode, d]));

  /** Creates a model with this draft (admin) and answers its info. */
  async function createModel(draft: ModelDefinition, over: { enCode?: string; fullName?: string } = {}): Promise<ModelInfo> {
    const enCode = over.enCode ?? uniqueCode('m');
    const res = await req('POST', onlineDevPaths.models, admin, { fullName: over.fullName ?? `测试功能${++seq}`, enCode, category: 'other', draft });
    expect(res.status, JSON.stringify(res)).toBe(200);
    return res.data as ModelInfo;
  }
  /** Saves a new draft of a model (at its current version). */
  async function saveDraft(info: ModelInfo, draft: ModelDefinition): Promise<ModelInfo> {
    const res = await req('PUT', p(onlineDevPaths.model, { id: info.id }), admin, { fullName: info.fullName, enCode: info.enCode, category: info.category, draft }, { 'If-Match': String(info.version) });
    expect(res.status, JSON.stringify(res)).toBe(200);
    return res.data as ModelInfo;
  }
  async function publish(info: ModelInfo, body: { roles?: string[]; parent?: string } = {}): Promise<ModelInfo> {
    const res = await req('POST', p(onlineDevPaths.publish, { id: info.id }), admin, { fullName: info.fullName, parent: body.parent ?? '', roles: body.roles ?? [] });
    expect(res.status, JSON.stringify(res)).toBe(200);
    return res.data as ModelInfo;
  }
  /** Creates and publishes a model. */
  async function publishedModel(draft: ModelDefinition, body: { roles?: string[] } = {}) {
    return publish(await createModel(draft), body);
  }

  const authority = async (roleId: string) => (await get(`/Permission/Authority/Data/${roleId}`)).data as AuthorityData;
  /** A new role with the data scope given. */
  async function createRole(dataScope: string) {
    const n = ++seq;
    const res = await req('POST', '/Permission/Role', admin, { fullName: `测试角色${n}`, enCode: `odrole${n}${ulid().slice(-4).toLowerCase()}`, dataScope });
    expect(res.status, JSON.stringify(res)).toBe(200);
    return res.data as RoleRow;
  }
  /**
   * Grants a role a model's menu entry with the buttons and columns named (by code; `columns`
   * undefined: every column), keeping what the role holds of other entries.
   */
  async function grantModel(roleId: string, menuCode: string, buttons: string[], columns?: string[]) {
    const a = await authority(roleId);
    const menu = a.modules.find((m) => m.enCode === menuCode)!;
    const ours = (list: { moduleId: string; enCode: string; id: string }[], codes?: string[]) => list.filter((x) => x.moduleId === menu.id && (!codes || codes.includes(x.enCode))).map((x) => x.id);
    const parents = new Set<string>();
    for (let m: AuthorityData['modules'][number] | undefined = menu; m; m = a.modules.find((x) => x.id === m!.parentId)) parents.add(m.id);
    const body = {
      module: [...new Set([...a.granted.module, ...parents])],
      button: [...a.granted.button.filter((id) => !ours(a.buttons).includes(id)), ...ours(a.buttons, buttons)],
      column: [...a.granted.column.filter((id) => !ours(a.columns).includes(id)), ...ours(a.columns, columns)],
    };
    const res = await req('PUT', `/Permission/Authority/Data/${roleId}`, admin, body);
    expect(res.status, JSON.stringify(res)).toBe(200);
  }
  /** A new user holding these roles, in a department (by code); answers the row and a token. */
  async function createUser(roleIds: string[], departmentCode = 'YM.OPS.SHXH') {
    const account = `od${ulid().slice(-8).toLowerCase()}`;
    const res = await req('POST', '/Permission/Users', admin, {
      account,
      realName: `测试${++seq}`,
      password: hashPassword('Abc12345'),
      organizeId: company.id,
      departmentId: departments.get(departmentCode)!.id,
      roleIds,
    });
    expect(res.status, JSON.stringify(res)).toBe(200);
    return { user: res.data as UserRow, token: await tokenFor(t.app, account, 'Abc12345') };
  }

  /** Record calls of one model. */
  const records = (modelId: string) => ({
    list: (token: string, query = '') => req('GET', `${p(onlineDevPaths.list, { id: modelId })}${query ? `?${query}` : ''}`, token),
    create: (token: string, data: Record<string, unknown>, headers: Record<string, string> = {}) => req('POST', p(onlineDevPaths.create, { id: modelId }), token, { data }, headers),
    get: (token: string, recordId: string) => req('GET', p(onlineDevPaths.record, { id: modelId, recordId }), token),
    update: (token: string, recordId: string, data: Record<string, unknown>, version?: number) =>
      req('PUT', p(onlineDevPaths.record, { id: modelId, recordId }), token, { id: recordId, data }, version === undefined ? {} : { 'If-Match': String(version) }),
    remove: (token: string, recordId: string) => req('DELETE', p(onlineDevPaths.record, { id: modelId, recordId }), token),
    dataChange: (token: string, recordId: string) => req('GET', p(onlineDevPaths.dataChange, { id: modelId, recordId }), token),
    config: (token: string) => req('GET', p(onlineDevPaths.config, { id: modelId }), token),
  });

  /** Uploads a file for a model's field (spec 7.8 upload call with `?modelId=…&field=…`). */
  async function upload(token: string, type: string, query: string, filename: string, content: Buffer, headers: Record<string, string> = {}) {
    const f = multipart(filename, content);
    return call(t.app, { method: 'POST', url: `/api/file/Uploader/${type}${query ? `?${query}` : ''}`, payload: f.payload, headers: { ...f.headers, ...authed(token), ...headers } });
  }

  return { admin, req, p, get, roles, company, departments, createModel, saveDraft, publish, publishedModel, authority, createRole, grantModel, createUser, records, upload };
}
export type OnlineDevKit = Awaited<ReturnType<typeof onlineDevKit>>;
