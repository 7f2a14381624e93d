import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../src/contracts/codes';
import type { AreaRow } from '../../../src/contracts/base';
import type { TreeNode } from '../../../src/contracts/common';
import { newId } from '../../lib/ids';
import { authed, call, createTestApp, tokenFor, type TestApp } from '../../test/helper';

let t: TestApp;
let admin: string;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenFor(t.app, 'admin');
  staff = await tokenFor(t.app, 'ym0010');
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = (method: Method, url: string, token: string, payload?: unknown, headers: Record<string, string> = {}) =>
  call(t.app, { method, url, headers: { ...authed(token), ...headers }, payload: payload as object });
const children = async (parentId: string, token = admin): Promise<AreaRow[]> => (await req('GET', `/Base/Area/${parentId}`, token)).data.list;
const info = async (id: string): Promise<AreaRow> => (await req('GET', `/Base/Area/${id}/Info`, admin)).data;
const byCode = async (parentId: string, enCode: string) => (await children(parentId)).find((a) => a.enCode === enCode)!;

describe('lazy tree of seeded areas', () => {
  it('the top level is the 34 provinces with the fields of a list row', async () => {
    const res = await req('GET', '/Base/Area/-1', admin);
    expect(res).toMatchObject({ status: 200, code: 200 });
    const list: AreaRow[] = res.data.list;
    expect(list).toHaveLength(34);
    expect(list[0]).toMatchObject({ parentId: '-1', fullName: '北京市', enCode: '110000', type: 1, enabledMark: 1, hasChildren: true, isLeaf: false, version: 1 });
    expect(Object.keys(list[0]!).sort()).toEqual(
      ['id', 'parentId', 'fullName', 'enCode', 'type', 'description', 'sortCode', 'enabledMark', 'hasChildren', 'isLeaf', 'creatorTime', 'version'].sort(),
    );
    expect(Number.isNaN(Date.parse(list[0]!.creatorTime))).toBe(false);
  });

  it('children load one level at a time: Beijing → its city → districts (leaves)', async () => {
    const beijing = await byCode('-1', '110000');
    const cities = await children(beijing.id);
    expect(cities).toHaveLength(1);
    expect(cities[0]).toMatchObject({ parentId: beijing.id, fullName: '北京市', enCode: '110100', type: 2, hasChildren: true });
    const districts = await children(cities[0]!.id);
    expect(districts.length).toBeGreaterThan(10);
    expect(districts[0]).toMatchObject({ fullName: '东城区', enCode: '110101', type: 3, hasChildren: false, isLeaf: true });
  });

  it('a keyword finds matching areas anywhere, as a flat list', async () => {
    const res = await req('GET', '/Base/Area/-1?keyword=东莞', admin);
    expect(res.data.list).toHaveLength(1);
    expect(res.data.list[0]).toMatchObject({ fullName: '东莞市', enCode: '441900', type: 2, isLeaf: true, hasChildren: false });
    const byNumber = await req('GET', '/Base/Area/-1?keyword=110101', admin);
    expect(byNumber.data.list.map((a: AreaRow) => a.fullName)).toEqual(['东城区']);
    // Matches everywhere, capped.
    const many = await req('GET', '/Base/Area/-1?keyword=区', admin);
    expect(many.data.list).toHaveLength(200);
  });

  it('the selector gives tree nodes of enabled children, with an ETag', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/Base/Area/-1/Selector', headers: authed(staff) });
    expect(res.statusCode).toBe(200);
    const list: TreeNode[] = res.json().data.list;
    expect(list).toHaveLength(34);
    expect(list[0]).toMatchObject({ fullName: '北京市', enCode: '110000', parentId: '-1', hasChildren: true });
    const tag = res.headers.etag as string;
    expect(tag).toBeTruthy();
    const again = await t.app.inject({ method: 'GET', url: '/Base/Area/-1/Selector', headers: { ...authed(staff), 'if-none-match': tag } });
    expect(again.statusCode).toBe(304);
  });

  it('a malformed parent id → 400', async () => {
    expect(await req('GET', '/Base/Area/abc', admin)).toMatchObject({ status: 400, code: 400 });
    expect(await req('GET', '/Base/Area/abc/Selector', admin)).toMatchObject({ status: 400, code: 400 });
  });
});

describe('create, edit, delete', () => {
  it('creates a top-level area and a child (client-made id); the child is level 2', async () => {
    const top = await req('POST', '/Base/Area', admin, { parentId: '-1', fullName: '测试省', enCode: '990000', sortCode: 99 });
    expect(top).toMatchObject({ status: 200, code: 200, msg: '新建成功' });
    expect(top.data).toMatchObject({ parentId: '-1', fullName: '测试省', enCode: '990000', type: 1, enabledMark: 1, version: 1, hasChildren: false });

    const id = newId();
    const child = await req('POST', '/Base/Area', admin, { id, parentId: top.data.id, fullName: '测试市', enCode: '990100', description: '说明' });
    expect(child.data).toMatchObject({ id, parentId: top.data.id, type: 2, description: '说明', version: 1 });
    expect(await info(id)).toEqual(child.data);
    expect(await info(top.data.id)).toMatchObject({ hasChildren: true, isLeaf: false });
    expect((await children(top.data.id)).map((a) => a.id)).toEqual([id]);

    // The same id again, or the same code: refused.
    expect(await req('POST', '/Base/Area', admin, { id, parentId: top.data.id, fullName: '另一个', enCode: '990199' })).toMatchObject({ status: 400, msg: '记录已存在' });
    expect(await req('POST', '/Base/Area', admin, { parentId: '-1', fullName: '重复', enCode: '990100' })).toMatchObject({ status: 400, msg: '编码已存在' });
    expect(await req('POST', '/Base/Area', admin, { parentId: newId(), fullName: '孤儿', enCode: '990299' })).toMatchObject({ status: 400, msg: '上级不存在' });
  });

  it('refuses invalid fields with the spec messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ fullName: '测试#', enCode: '991000' }, '名称不能含有特殊符号'],
      [{ fullName: '测试', enCode: 'ab12' }, '编码只能输入数字'],
      [{ fullName: '测试', enCode: '12.3' }, '编码只能输入数字'],
      [{ enCode: '991000' }, '名称不能为空'],
      [{ fullName: '测试' }, '编码不能为空'],
      [{ fullName: '测试', enCode: '1'.repeat(21) }, '编码长度不能超过20个字符'],
      [{ fullName: '测试', enCode: '991000', sortCode: -1 }, '排序不能小于0'],
      [{ fullName: '测试', enCode: '991000', id: 'not-a-ulid' }, 'ID格式不正确'],
    ];
    for (const [body, msg] of cases) {
      const res = await req('POST', '/Base/Area', admin, { parentId: '-1', ...body });
      expect({ body, ...res }).toMatchObject({ body, status: 400, code: 400, msg });
    }
    expect((await req('GET', '/Base/Area/-1?keyword=991000', admin)).data.list).toEqual([]);
  });

  it('PUT saves and answers the row with the next version; a stale If-Match → 409 with the current row', async () => {
    const created = (await req('POST', '/Base/Area', admin, { parentId: '-1', fullName: '编辑省', enCode: '980000' })).data as AreaRow;
    const body = { parentId: '-1', fullName: '编辑省二', enCode: '980000', sortCode: 5 };
    const saved = await req('PUT', `/Base/Area/${created.id}`, admin, body, { 'if-match': String(created.version) });
    expect(saved).toMatchObject({ status: 200, msg: '修改成功', data: { fullName: '编辑省二', sortCode: 5, version: created.version + 1 } });

    const stale = await req('PUT', `/Base/Area/${created.id}`, admin, { ...body, fullName: '晚到的修改' }, { 'if-match': String(created.version) });
    expect(stale).toMatchObject({ status: 409, code: Code.CONFLICT });
    expect(stale.data).toEqual(saved.data);
    expect(await info(created.id)).toEqual(saved.data);

    expect(await req('PUT', `/Base/Area/${newId()}`, admin, body)).toMatchObject({ status: 404 });
    expect(await req('GET', `/Base/Area/${newId()}/Info`, admin)).toMatchObject({ status: 404 });
  });

  it('moving an area re-levels it and everything under it; it cannot move under itself', async () => {
    const a = (await req('POST', '/Base/Area', admin, { parentId: '-1', fullName: '甲省', enCode: '970000' })).data as AreaRow;
    const b = (await req('POST', '/Base/Area', admin, { parentId: a.id, fullName: '乙市', enCode: '970100' })).data as AreaRow;
    const c = (await req('POST', '/Base/Area', admin, { parentId: b.id, fullName: '丙区', enCode: '970101' })).data as AreaRow;
    expect(c.type).toBe(3);

    const underSelf = await req('PUT', `/Base/Area/${a.id}`, admin, { parentId: c.id, fullName: '甲省', enCode: '970000' });
    expect(underSelf).toMatchObject({ status: 400, msg: '上级不能是自己或自己的下级' });
    expect(await req('PUT', `/Base/Area/${a.id}`, admin, { parentId: a.id, fullName: '甲省', enCode: '970000' })).toMatchObject({ status: 400 });

    // b (with c under it) moves to the top level.
    const moved = await req('PUT', `/Base/Area/${b.id}`, admin, { parentId: '-1', fullName: '乙市', enCode: '970100' });
    expect(moved.data).toMatchObject({ parentId: '-1', type: 1 });
    expect(await info(c.id)).toMatchObject({ type: 2, parentId: b.id });
    expect(await info(a.id)).toMatchObject({ hasChildren: false });
  });

  it('areas are at most three levels deep (spec 9): nothing is created or moved under a third-level area', async () => {
    const p = (await req('POST', '/Base/Area', admin, { parentId: '-1', fullName: '层级省', enCode: '930000' })).data as AreaRow;
    const c = (await req('POST', '/Base/Area', admin, { parentId: p.id, fullName: '层级市', enCode: '930100' })).data as AreaRow;
    const d = (await req('POST', '/Base/Area', admin, { parentId: c.id, fullName: '层级区', enCode: '930101' })).data as AreaRow;
    expect(d.type).toBe(3);

    // Create under a third-level area: refused, in the request's language, and nothing is stored.
    const under = await req('POST', '/Base/Area', admin, { parentId: d.id, fullName: '第四级', enCode: '930102' });
    expect(under).toMatchObject({ status: 400, code: Code.BAD_REQUEST, msg: '行政区划最多三级' });
    const en = await req('POST', '/Base/Area', admin, { parentId: d.id, fullName: '第四级', enCode: '930102' }, { 'accept-language': 'en' });
    expect(en.msg).toBe('Areas can be at most three levels deep');
    expect(await info(d.id)).toMatchObject({ hasChildren: false });
    expect((await req('GET', '/Base/Area/-1?keyword=930102', admin)).data.list).toEqual([]);
    // A seeded district (third level) takes no children either.
    const beijing = await byCode('-1', '110000');
    const district = (await children((await children(beijing.id))[0]!.id))[0]!;
    expect(await req('POST', '/Base/Area', admin, { parentId: district.id, fullName: '街道', enCode: '930103' })).toMatchObject({ status: 400, msg: '行政区划最多三级' });

    // Move a leaf under a third-level area: refused.
    const leaf = (await req('POST', '/Base/Area', admin, { parentId: '-1', fullName: '层级叶', enCode: '931000' })).data as AreaRow;
    expect(await req('PUT', `/Base/Area/${leaf.id}`, admin, { parentId: d.id, fullName: '层级叶', enCode: '931000' })).toMatchObject({ status: 400, msg: '行政区划最多三级' });
    // Move an area with two levels under it below another area: its district would be a fourth level.
    const q = (await req('POST', '/Base/Area', admin, { parentId: '-1', fullName: '层级省二', enCode: '932000' })).data as AreaRow;
    expect(await req('PUT', `/Base/Area/${p.id}`, admin, { parentId: q.id, fullName: '层级省', enCode: '930000' })).toMatchObject({ status: 400, msg: '行政区划最多三级' });
    expect(await info(p.id)).toMatchObject({ parentId: '-1', type: 1, version: p.version });
    expect(await info(d.id)).toMatchObject({ type: 3 });
    // With one level under it, it fits: the city becomes second level and its district third.
    const moved = await req('PUT', `/Base/Area/${c.id}`, admin, { parentId: q.id, fullName: '层级市', enCode: '930100' });
    expect(moved).toMatchObject({ status: 200, data: { parentId: q.id, type: 2 } });
    expect(await info(d.id)).toMatchObject({ type: 3 });
    // The leaf under a second-level area: third level, allowed.
    expect(await req('PUT', `/Base/Area/${leaf.id}`, admin, { parentId: c.id, fullName: '层级叶', enCode: '931000' })).toMatchObject({ status: 200, data: { type: 3 } });
  });

  it('DELETE refuses an area with children, then deletes from the bottom up', async () => {
    const top = (await req('POST', '/Base/Area', admin, { parentId: '-1', fullName: '删除省', enCode: '960000' })).data as AreaRow;
    const child = (await req('POST', '/Base/Area', admin, { parentId: top.id, fullName: '删除市', enCode: '960100' })).data as AreaRow;
    expect(await req('DELETE', `/Base/Area/${top.id}`, admin)).toMatchObject({ status: 400, code: 400, msg: '该区域下有下级区域，不能删除' });
    // A stale If-Match: 409 with the current row, nothing deleted.
    const renamed = (await req('PUT', `/Base/Area/${child.id}`, admin, { parentId: top.id, fullName: '删除市二', enCode: '960100' })).data as AreaRow;
    const stale = await req('DELETE', `/Base/Area/${child.id}`, admin, undefined, { 'if-match': String(child.version) });
    expect(stale).toMatchObject({ status: 409, code: Code.CONFLICT, data: renamed });
    expect(await info(child.id)).toEqual(renamed);
    const res = await req('DELETE', `/Base/Area/${child.id}`, admin, undefined, { 'if-match': String(renamed.version) });
    expect(res).toMatchObject({ status: 200, code: 200, msg: '删除成功', data: null });
    expect(await req('DELETE', `/Base/Area/${top.id}`, admin)).toMatchObject({ status: 200 });
    expect(await req('GET', `/Base/Area/${top.id}/Info`, admin)).toMatchObject({ status: 404 });
    expect(await req('DELETE', `/Base/Area/${top.id}`, admin)).toMatchObject({ status: 404 });
  });

  it('the state action toggles or sets, answers the row, and the selector leaves disabled areas out', async () => {
    const top = (await req('POST', '/Base/Area', admin, { parentId: '-1', fullName: '状态省', enCode: '950000' })).data as AreaRow;
    const child = (await req('POST', '/Base/Area', admin, { parentId: top.id, fullName: '状态市', enCode: '950100' })).data as AreaRow;
    const selector = async () => (await req('GET', `/Base/Area/${top.id}/Selector`, admin)).data.list as TreeNode[];
    expect((await selector()).map((n) => n.id)).toEqual([child.id]);

    const off = await req('PUT', `/Base/Area/${child.id}/Actions/State`, admin);
    expect(off).toMatchObject({ status: 200, data: { id: child.id, enabledMark: 0, version: child.version + 1 } });
    expect(await selector()).toEqual([]);
    const topNode = (await req('GET', '/Base/Area/-1/Selector', admin)).data.list.find((n: TreeNode) => n.id === top.id);
    expect(topNode).toMatchObject({ hasChildren: false });
    // The admin list still shows it.
    expect((await children(top.id)).map((a) => a.enabledMark)).toEqual([0]);

    const on = await req('PUT', `/Base/Area/${child.id}/Actions/State`, admin, {});
    expect(on.data).toMatchObject({ enabledMark: 1, version: child.version + 2 });
    const set = await req('PUT', `/Base/Area/${child.id}/Actions/State`, admin, { enabledMark: 1 });
    expect(set.data).toMatchObject({ enabledMark: 1, version: child.version + 3 });
    const stale = await req('PUT', `/Base/Area/${child.id}/Actions/State`, admin, { enabledMark: 0 }, { 'if-match': String(child.version) });
    expect(stale).toMatchObject({ status: 409, data: { enabledMark: 1 } });
    expect(await req('PUT', `/Base/Area/${child.id}/Actions/State`, admin, { enabledMark: 2 })).toMatchObject({ status: 400 });
  });
});

describe('permissions', () => {
  it('a staff member without the area screen gets 403 on the list, info and every write, and nothing changes', async () => {
    const area = (await req('POST', '/Base/Area', admin, { parentId: '-1', fullName: '权限省', enCode: '940000' })).data as AreaRow;
    const body = { parentId: '-1', fullName: '被改了', enCode: '940000' };
    const calls: [Method, string, unknown?][] = [
      ['GET', '/Base/Area/-1'],
      ['GET', `/Base/Area/${area.id}/Info`],
      ['POST', '/Base/Area', { parentId: '-1', fullName: '越权', enCode: '940001' }],
      ['PUT', `/Base/Area/${area.id}`, body],
      ['PUT', `/Base/Area/${area.id}/Actions/State`, {}],
      ['DELETE', `/Base/Area/${area.id}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await req(method, url, staff, payload);
      expect({ method, url, ...res }).toMatchObject({ method, url, status: 403, code: Code.FORBIDDEN, msg: '您没有此操作的权限' });
    }
    expect(await info(area.id)).toEqual(area);
    expect((await req('GET', '/Base/Area/-1?keyword=940001', admin)).data.list).toEqual([]);
    // The selector only needs a session.
    expect((await req('GET', '/Base/Area/-1/Selector', staff)).status).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/Base/Area/-1/Selector' })).status).toBe(401);
  });
});
