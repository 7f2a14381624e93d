import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteRecord } from './app';
import { collectRoutes } from './tools/api-docs';
import { authed, call, createTestApp, tokenFor, type TestApp } from './test/helper';
import { basePaths } from '../src/contracts/base-paths';
import { Code } from '../src/contracts/codes';
import { ID_OR_CODE_PATTERN } from '../src/contracts/common';
import { h5PublishMessages, PUBLIC_PAGE_PREFIX } from '../src/contracts/h5-publish';

/**
 * Hostile input on every route (issue 15): each `:param` of each route of the built app filled
 * with values an attacker or a broken client sends. Every answer is a 4xx with the envelope, never
 * a 5xx (a value that reached the database as an error). Runs on PGlite, and on PostgreSQL with
 * DATABASE_URL.
 */

/** [what, as it goes in the path (percent-encoded where a browser would)]. */
const HOSTILE: [string, string][] = [
  ['a NUL byte', '%00'],
  ['the text %00', encodeURIComponent('%00')],
  ['5,000 characters', 'a'.repeat(5000)],
  ['../ (encoded)', encodeURIComponent('../')],
  ['.. (a raw path segment)', '..'],
  ['an emoji', encodeURIComponent('😀')],
  ['SQL', encodeURIComponent("1' or '1'='1")],
  ['spaces', '%20%20'],
  ['27 id characters', '0'.repeat(27)],
  ['. (a raw path segment)', '.'],
  ['a prototype key', 'constructor'],
];

/** Path parameters that hold ids (or an id or a code, or an id or the tree's top level). */
const ID_PARAMS = new Set(['id', 'roleId', 'workId', 'datasourceId', 'recordId', 'flowId', 'taskId', 'todoId']);

let t: TestApp;
let token: string;
let routes: { method: string; url: string }[];

beforeAll(async () => {
  t = await createTestApp();
  token = await tokenFor(t.app, 'admin');
  const all: RouteRecord[] = await collectRoutes(t.db);
  routes = all
    .filter((r) => !r.websocket)
    .flatMap((r) => ([] as string[]).concat(r.method as string | string[]).filter((m) => m !== 'HEAD').map((method) => ({ method, url: r.url })))
    // Signing out would end the session the walk runs in.
    .filter((r) => r.url !== '/Permission/Login/logout');
});
afterAll(async () => {
  await t?.close();
});

const hasBody = (method: string) => method !== 'GET';

async function send(method: string, url: string, body: unknown = { fullName: '测试', enCode: 'T1' }, lang?: string) {
  // The published page answers HTML (its 404 page too): the status is what counts there.
  if (method === 'GET' && url.startsWith(PUBLIC_PAGE_PREFIX) && !url.includes('/ds/')) {
    const res = await t.app.inject({ method: 'GET', url });
    const json = String(res.headers['content-type']).includes('json');
    return json ? { ...(res.json() as { code: number; msg: string }), status: res.statusCode } : { code: res.statusCode, msg: 'html', status: res.statusCode };
  }
  return call(t.app, {
    method: method as 'GET',
    url,
    headers: { ...authed(token), ...(lang ? { 'accept-language': lang } : {}) },
    ...(hasBody(method) ? { payload: body as object } : {}),
  });
}

describe('every route, every path parameter filled with hostile values', () => {
  it('the route table is the whole app (params of every kind are covered)', () => {
    expect(routes.length).toBeGreaterThan(60);
    const params = new Set(routes.flatMap((r) => [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1])));
    expect([...params].sort()).toEqual(['datasourceId', 'enCode', 'flowId', 'id', 'name', 'recordId', 'roleId', 'taskId', 'todoId', 'type', 'version', 'workId']);
  });

  it('no answer is a 5xx; an id parameter answers 400 with a clear message', async () => {
    const failures: string[] = [];
    let calls = 0;
    for (const r of routes.filter((x) => x.url.includes('/:'))) {
      for (const [what, value] of HOSTILE) {
        const url = r.url.replace(/:(\w+)/g, value);
        const res = await send(r.method, url);
        calls++;
        const line = `${r.method} ${r.url} with ${what}: ${res.status} ${res.msg}`;
        if (res.status >= 500 || res.code >= 500 || typeof res.msg !== 'string') failures.push(line);
        // A value that cannot be an id never reaches a query: the schema answers (or the router, when far too long).
        // (Raw `.` and `..` segments are resolved by the URL before routing; a route that also takes a
        // code may find no such code: 404.)
        const onlyIds = [...r.url.matchAll(/:(\w+)/g)].every((m) => ID_PARAMS.has(m[1]!));
        const segment = value === '.' || value === '..';
        const mayBeCode = r.url === basePaths.dictionaryOptions && ID_OR_CODE_PATTERN.test(decodeURIComponent(value));
        // A published page's calls answer a visitor with the page's own 404 (此页面不存在或已下线) instead.
        const refused = res.status === 400 && ['ID格式不正确', '路径参数格式不正确'].includes(res.msg);
        const pageGone = r.url.startsWith(PUBLIC_PAGE_PREFIX) && res.status === 404 && ['html', h5PublishMessages.pageGone, h5PublishMessages.dsNotFound].includes(res.msg);
        if (onlyIds && !segment && !mayBeCode && !refused && !pageGone) failures.push(line);
      }
    }
    expect(calls).toBeGreaterThan(300);
    expect(failures).toEqual([]);
  });

  it('routes without parameters take a hostile query and body without a 5xx', async () => {
    const query = '?keyword=%00&id=%00&organizeId=..%2F&parentId=%F0%9F%98%80&sidx=constructor&type=%00&currentPage=%00&pageSize=%00&grade=%00';
    const body = { id: '\u0000', parentId: 'a'.repeat(5000), toUserIds: ['../'], ids: ['%00'], roleIds: ['😀'], fullName: '测\u0000试', theme: '\u0000' };
    const failures: string[] = [];
    for (const r of routes.filter((x) => !x.url.includes('/:'))) {
      const res = await send(r.method, r.url + query, body);
      if (res.status >= 500 || res.code >= 500) failures.push(`${r.method} ${r.url}: ${res.status} ${res.msg}`);
    }
    expect(failures).toEqual([]);
  });

  it('the message follows Accept-Language', async () => {
    expect(await send('GET', '/Permission/Users/%00', undefined, 'en')).toMatchObject({ status: 400, code: Code.BAD_REQUEST, msg: 'Invalid ID' });
    expect(await send('GET', '/Base/DictionaryData/%00/Data/Selector', undefined, 'zh-TW')).toMatchObject({ status: 400, msg: 'ID格式不正確' });
    expect(await send('GET', `/Base/Area/${'a'.repeat(5000)}`, undefined, 'en')).toMatchObject({ status: 400, msg: 'Invalid path parameter' });
  });

  it('the dictionary options take an id or a code, and refuse anything else before the database', async () => {
    expect(await send('GET', '/Base/DictionaryData/sex/Data/Selector')).toMatchObject({ status: 200, code: 200 });
    for (const bad of ['%00', '.sex', 'sex.', 'se%20x', 'a'.repeat(51), encodeURIComponent('性别')]) {
      expect(await send('GET', `/Base/DictionaryData/${bad}/Data/Selector`), bad).toMatchObject({ status: 400, msg: 'ID格式不正确' });
    }
    expect(await send('GET', '/Base/DictionaryData/nosuchcode/Data/Selector')).toMatchObject({ status: 404 });
  });
});

describe('ids in bodies and queries go through the same schema', () => {
  const BAD_IDS = ['\u0000', '%00', 'a'.repeat(5000), '../', '😀', '', '01ARZ3NDEKTSV4RRFFQ69G5FA!'];

  it.each([
    ['notice recipients (toUserIds)', 'POST', '/Message', (bad: string) => ({ title: '通知', bodyText: '<p>x</p>', toUserIds: [bad] })],
    ['deleted message copies (ids)', 'DELETE', '/Message/Record', (bad: string) => ({ ids: [bad] })],
    ['a department parent (parentId)', 'POST', '/Permission/Organize/Department', (bad: string) => ({ parentId: bad, fullName: '测试部', enCode: 'T.DEPT' })],
    ['a company parent (parentId)', 'POST', '/Permission/Organize', (bad: string) => ({ parentId: bad, fullName: '测试公司', enCode: 'T.CO' })],
    ['an area parent (parentId)', 'POST', '/Base/Area', (bad: string) => ({ parentId: bad, fullName: '测试区', enCode: '990001' })],
    ['a dictionary item parent (parentId)', 'POST', '/Base/DictionaryData', (bad: string) => ({ dictionaryTypeId: '01ARZ3NDEKTSV4RRFFQ69G5FAV', parentId: bad, fullName: '项', enCode: 'x1' })],
    ['a user’s roles (roleIds)', 'POST', '/Permission/Users', (bad: string) => ({ account: 'hostile1', realName: '测试', organizeId: '01ARZ3NDEKTSV4RRFFQ69G5FAV', roleIds: [bad], password: 'a'.repeat(64) })],
    ['granted modules (module)', 'PUT', '/Permission/Authority/Data/01ARZ3NDEKTSV4RRFFQ69G5FAV', (bad: string) => ({ module: [bad] })],
    ['a client-made id (id)', 'POST', '/Permission/Role', (bad: string) => ({ id: bad, fullName: '测试角色', enCode: 'T.ROLE' })],
  ] as const)('%s', async (_what, method, url, body) => {
    for (const bad of BAD_IDS) {
      const res = await send(method, url, body(bad));
      expect(res, JSON.stringify(bad).slice(0, 40)).toMatchObject({ status: 400, code: Code.BAD_REQUEST });
      expect(['ID格式不正确', 'ID不能为空', '请求内容含有不允许的字符']).toContain(res.msg);
    }
  });

  it('an id in the query (organizeId) is checked too', async () => {
    for (const q of ['%00', '..%2F', 'a'.repeat(300), '%F0%9F%98%80']) {
      expect(await send('GET', `/Permission/Users?organizeId=${q}`)).toMatchObject({ status: 400 });
      expect(await send('GET', `/Permission/Position?organizeId=${q}`)).toMatchObject({ status: 400 });
    }
  });

  it('a NUL character in any text field or query is a 400, not a database error', async () => {
    const guard = '请求内容含有不允许的字符';
    expect(await send('GET', '/Base/Area/-1?keyword=%00')).toMatchObject({ status: 400, msg: guard });
    expect(await send('GET', '/Message?keyword=a%00b')).toMatchObject({ status: 400, msg: guard });
    expect(await send('POST', '/Permission/Role', { fullName: '测\u0000试', enCode: 'T.NUL' })).toMatchObject({ status: 400, msg: guard });
    expect(await send('POST', '/Message', { title: '通知', bodyText: '<p>\u0000</p>' })).toMatchObject({ status: 400, msg: guard });
    expect(await send('PUT', '/Permission/Users/CurrentTheme', { theme: 'classic\u0000' })).toMatchObject({ status: 400, msg: guard });
    // A sort key that names Object.prototype sorts by the default column.
    expect(await send('GET', '/api/craft/Base/BillRule?sidx=constructor')).toMatchObject({ status: 200, code: 200 });
  });
});
