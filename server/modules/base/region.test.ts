import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../src/contracts/codes';
import type { Region } from '../../../src/contracts/base';
import { authed, call, createTestApp, tokenFor, type TestApp } from '../../test/helper';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = await tokenFor(t.app, 'ym0010');
});
afterAll(async () => {
  await t?.close();
});

const URL = '/api/integration/district/select';
const select = (query: string, headers: Record<string, string> = {}) => call<Region[]>(t.app, { method: 'GET', url: `${URL}?${query}`, headers: { ...authed(staff), ...headers } });

describe('regions', () => {
  it('grade 1 under -1: the 34 provinces, success code 0', async () => {
    const res = await select('grade=1&parentId=-1');
    expect(res).toMatchObject({ status: 200, code: Code.OK_ALT, msg: '操作成功' });
    expect(res.data).toHaveLength(34);
    expect(res.data[0]).toEqual({ id: '110000', name: '北京市', leaf: false, grade: 1, parentId: '-1' });
    expect(res.data.every((r) => r.grade === 1 && r.parentId === '-1')).toBe(true);
    expect(res.data.map((r) => r.name)).toContain('广东省');
  });

  it('Beijing has one city level, then its districts (leaves), in order', async () => {
    const cities = await select('grade=2&parentId=110000');
    expect(cities.data).toEqual([{ id: '110100', name: '北京市', leaf: false, grade: 2, parentId: '110000' }]);
    const districts = await select('grade=3&parentId=110100');
    expect(districts.code).toBe(0);
    expect(districts.data.slice(0, 2)).toEqual([
      { id: '110101', name: '东城区', leaf: true, grade: 3, parentId: '110100' },
      { id: '110102', name: '西城区', leaf: true, grade: 3, parentId: '110100' },
    ]);
    expect(districts.data.every((d) => d.leaf)).toBe(true);
  });

  it('Dongguan is a city without districts: a leaf', async () => {
    const cities = await select('grade=2&parentId=440000');
    expect(cities.data.find((c) => c.name === '东莞市')).toEqual({ id: '441900', name: '东莞市', leaf: true, grade: 2, parentId: '440000' });
    expect(cities.data.find((c) => c.name === '广州市')).toMatchObject({ leaf: false });
    expect((await select('grade=3&parentId=441900')).data).toEqual([]);
    // The wrong grade for a parent gives nothing.
    expect((await select('grade=3&parentId=440000')).data).toEqual([]);
  });

  it('refuses a grade outside 1-3 and a bad parent', async () => {
    const cases: [string, string][] = [
      ['grade=4&parentId=-1', '级别只能是1到3'],
      ['grade=0&parentId=-1', '级别只能是1到3'],
      ['grade=x&parentId=-1', '级别不正确'],
      ['grade=1', '上级不能为空'],
      ['grade=1&parentId=abc', '上级格式不正确'],
    ];
    for (const [query, msg] of cases) {
      const res = await select(query);
      expect({ query, ...res }).toMatchObject({ query, status: 400, code: 400, msg });
    }
  });

  it('answers 304 to a matching If-None-Match; the message follows the language', async () => {
    const first = await t.app.inject({ method: 'GET', url: `${URL}?grade=1&parentId=-1`, headers: authed(staff) });
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"[^"]+"$/);
    const again = await t.app.inject({ method: 'GET', url: `${URL}?grade=1&parentId=-1&n=123`, headers: { ...authed(staff), 'if-none-match': tag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await t.app.inject({ method: 'GET', url: `${URL}?grade=2&parentId=110000`, headers: { ...authed(staff), 'if-none-match': tag } });
    expect(other.statusCode).toBe(200);
    expect((await select('grade=1&parentId=-1', { 'accept-language': 'en' })).msg).toBe('Success');
  });

  it('needs a session', async () => {
    expect((await call(t.app, { method: 'GET', url: `${URL}?grade=1&parentId=-1` })).status).toBe(401);
  });
});
