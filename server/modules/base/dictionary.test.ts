import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../src/contracts/codes';
import type { DictionaryDataRow, DictionaryListEntry, DictionaryOption, DictionaryTypeRow } from '../../../src/contracts/base';
import type { TreeNode } from '../../../src/contracts/common';
import { newId } from '../../lib/ids';
import { authed, call, createTestApp, tokenFor, type TestApp } from '../../test/helper';

let t: TestApp;
let admin: string;
let staff: string;
/** Seeded types by code. */
const types = new Map<string, DictionaryTypeRow>();
beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenFor(t.app, 'admin');
  staff = await tokenFor(t.app, 'ym0010');
  const walk = (rows: DictionaryTypeRow[]) => rows.forEach((r) => (types.set(r.enCode, r), walk(r.children ?? [])));
  walk((await req('GET', '/Base/DictionaryType', admin)).data.list);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = (method: Method, url: string, token: string, payload?: unknown, headers: Record<string, string> = {}) =>
  call(t.app, { method, url, headers: { ...authed(token), ...headers }, payload: payload as object });
const typeId = (code: string) => types.get(code)!.id;
const dataOf = async (code: string, query = ''): Promise<DictionaryDataRow[]> => (await req('GET', `/Base/DictionaryData/${typeId(code)}${query}`, admin)).data.list;
const all = async (): Promise<DictionaryListEntry[]> => (await req('GET', '/Base/DictionaryData/All', staff)).data.list;
const options = async (ref: string): Promise<DictionaryOption[]> => (await req('GET', `/Base/DictionaryData/${ref}/Data/Selector`, staff)).data.list;
const names = (rows: { fullName: string }[]) => rows.map((r) => r.fullName);

describe('dictionary types', () => {
  it('GET answers the type tree: categories with their types', async () => {
    const res = await req('GET', '/Base/DictionaryType', admin);
    expect(res).toMatchObject({ status: 200, code: 200 });
    const list: DictionaryTypeRow[] = res.data.list;
    expect(list.map((r) => r.enCode)).toEqual(['sys', 'biz']);
    expect(list[0]).toMatchObject({ parentId: '-1', fullName: '系统字典', isTree: 0, hasChildren: true, version: 1 });
    expect(list[0]!.children!.map((r) => r.enCode)).toEqual(['sex', 'postType', 'urgent']);
    expect(list[1]!.children!.find((r) => r.enCode === 'productCategory')).toMatchObject({ isTree: 1, hasChildren: false });
    expect(list[1]!.children![0]).not.toHaveProperty('children');
    const found = await req('GET', '/Base/DictionaryType?keyword=性别', admin);
    expect(found.data.list.map((r: DictionaryTypeRow) => r.enCode)).toEqual(['sex']);
  });

  it('the selector is a tree of nodes for any signed-in user, with an ETag', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/Base/DictionaryType/Selector', headers: authed(staff) });
    expect(res.statusCode).toBe(200);
    const list: TreeNode[] = res.json().data.list;
    expect(list.map((n) => n.enCode)).toEqual(['sys', 'biz']);
    expect(list[0]).toMatchObject({ id: typeId('sys'), parentId: '-1', fullName: '系统字典', hasChildren: true });
    expect(list[0]!.children![0]).toMatchObject({ enCode: 'sex', fullName: '性别', hasChildren: false });
    const again = await t.app.inject({ method: 'GET', url: '/Base/DictionaryType/Selector', headers: { ...authed(staff), 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it('create, read, edit (If-Match), delete', async () => {
    const id = newId();
    const created = await req('POST', '/Base/DictionaryType', admin, { id, parentId: typeId('biz'), fullName: '会员等级', enCode: 'memberLevel', sortCode: 50 });
    expect(created).toMatchObject({ status: 200, msg: '新建成功', data: { id, parentId: typeId('biz'), enCode: 'memberLevel', isTree: 0, version: 1, hasChildren: false } });
    expect((await req('GET', `/Base/DictionaryType/${id}`, admin)).data).toEqual(created.data);
    expect(await req('POST', '/Base/DictionaryType', admin, { id, fullName: '又一个', enCode: 'another' })).toMatchObject({ status: 400, msg: '记录已存在' });
    expect(await req('POST', '/Base/DictionaryType', admin, { fullName: '重复', enCode: 'memberLevel' })).toMatchObject({ status: 400, msg: '编码已存在' });
    expect(await req('POST', '/Base/DictionaryType', admin, { parentId: newId(), fullName: '孤儿', enCode: 'orphan' })).toMatchObject({ status: 400, msg: '上级不存在' });

    const body = { parentId: typeId('biz'), fullName: '会员级别', enCode: 'memberLevel', isTree: 1 };
    const saved = await req('PUT', `/Base/DictionaryType/${id}`, admin, body, { 'if-match': '1' });
    expect(saved).toMatchObject({ status: 200, msg: '修改成功', data: { fullName: '会员级别', isTree: 1, version: 2 } });
    const stale = await req('PUT', `/Base/DictionaryType/${id}`, admin, { ...body, fullName: '晚了' }, { 'if-match': '1' });
    expect(stale).toMatchObject({ status: 409, code: Code.CONFLICT, data: saved.data });
    expect(await req('PUT', `/Base/DictionaryType/${typeId('biz')}`, admin, { parentId: id, fullName: '业务字典', enCode: 'biz' })).toMatchObject({
      status: 400,
      msg: '上级不能是自己或自己的下级',
    });

    expect(await req('DELETE', `/Base/DictionaryType/${id}`, admin, undefined, { 'if-match': '1' })).toMatchObject({ status: 409, data: saved.data });
    expect(await req('DELETE', `/Base/DictionaryType/${id}`, admin)).toMatchObject({ status: 200, msg: '删除成功' });
    expect(await req('GET', `/Base/DictionaryType/${id}`, admin)).toMatchObject({ status: 404 });
  });

  it('validation messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ fullName: '类型', enCode: '.abc' }, '编码只能输入英文、数字和小数点且小数点不能放在首尾'],
      [{ fullName: '类型', enCode: 'abc.' }, '编码只能输入英文、数字和小数点且小数点不能放在首尾'],
      [{ fullName: '类型', enCode: '中文' }, '编码只能输入英文、数字和小数点且小数点不能放在首尾'],
      [{ fullName: '类型@', enCode: 'abc' }, '名称不能含有特殊符号'],
      [{ fullName: '   ', enCode: 'abc' }, '名称不能为空'],
      [{ fullName: '类'.repeat(51), enCode: 'abc' }, '名称长度不能超过50个字符'],
    ];
    for (const [body, msg] of cases) {
      const res = await req('POST', '/Base/DictionaryType', admin, body);
      expect({ body, ...res }).toMatchObject({ body, status: 400, code: 400, msg });
    }
  });

  it('a type with data, or with child types, cannot be deleted', async () => {
    expect(await req('DELETE', `/Base/DictionaryType/${typeId('sex')}`, admin)).toMatchObject({ status: 400, msg: '该字典分类下有数据，不能删除' });
    expect(await req('DELETE', `/Base/DictionaryType/${typeId('sys')}`, admin)).toMatchObject({ status: 400, msg: '该字典分类下有数据，不能删除' });
    expect(names(await dataOf('sex'))).toEqual(['男', '女', '保密']);
  });
});

describe('dictionary data', () => {
  it('a flat type lists its data flat; a tree type as a tree; isTree and keyword override', async () => {
    const sex = await dataOf('sex');
    expect(sex).toHaveLength(3);
    expect(sex[0]).toMatchObject({ dictionaryTypeId: typeId('sex'), parentId: '0', enCode: '1', fullName: '男', enabledMark: 1, hasChildren: false, version: 1 });

    const tree = await dataOf('productCategory');
    expect(names(tree)).toEqual(['床垫', '床架', '床品']);
    expect(tree[0]).toMatchObject({ hasChildren: true });
    expect(names(tree[0]!.children!)).toEqual(['弹簧床垫', '乳胶床垫', '记忆棉床垫']);

    const flat = await dataOf('productCategory', '?isTree=0');
    expect(flat).toHaveLength(11);
    expect(flat.find((r) => r.enCode === 'bed')).toMatchObject({ hasChildren: true });
    expect(flat.every((r) => !('children' in r))).toBe(true);

    const found = await dataOf('productCategory', '?keyword=乳胶');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ enCode: 'mattress.latex', hasChildren: false });
    expect(await req('GET', `/Base/DictionaryData/${newId()}`, admin)).toMatchObject({ status: 404, msg: '字典分类不存在' });
  });

  it('All: every type with data, its enabled data, trees for tree types (read from data.list)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/Base/DictionaryData/All', headers: authed(staff) });
    expect(res.statusCode).toBe(200);
    const list: DictionaryListEntry[] = res.json().data.list;
    const codes = list.map((e) => e.enCode);
    expect(codes).toEqual(expect.arrayContaining(['sex', 'postType', 'urgent', 'productCategory', 'storeType', 'payMethod', 'customerSource']));
    // Categories have no data of their own.
    expect(codes).not.toContain('sys');
    const sex = list.find((e) => e.enCode === 'sex')!;
    expect(sex).toMatchObject({ id: typeId('sex'), fullName: '性别', isTree: 0 });
    expect(names(sex.dictionaryList)).toEqual(['男', '女', '保密']);
    expect(sex.dictionaryList[0]).toEqual({ id: expect.any(String), fullName: '男', enCode: '1', parentId: '0' });
    const cat = list.find((e) => e.enCode === 'productCategory')!;
    expect(cat.isTree).toBe(1);
    expect(names(cat.dictionaryList)).toEqual(['床垫', '床架', '床品']);
    expect(names(cat.dictionaryList[1]!.children!)).toEqual(['实木床', '布艺床']);

    const cached = await t.app.inject({ method: 'GET', url: '/Base/DictionaryData/All', headers: { ...authed(staff), 'if-none-match': res.headers.etag as string } });
    expect(cached.statusCode).toBe(304);
  });

  it('Data/Selector takes the type id or its code', async () => {
    const byCode = await options('sex');
    expect(names(byCode)).toEqual(['男', '女', '保密']);
    expect(await options(typeId('sex'))).toEqual(byCode);
    const tree = await options('productCategory');
    expect(names(tree[0]!.children!)).toEqual(['弹簧床垫', '乳胶床垫', '记忆棉床垫']);
    expect(await req('GET', '/Base/DictionaryData/noSuchType/Data/Selector', staff)).toMatchObject({ status: 404, msg: '字典分类不存在' });
  });

  it('Selector: the type data as tree nodes (isTree=0: flat)', async () => {
    const res = await req('GET', `/Base/DictionaryData/${typeId('productCategory')}/Selector?isTree=1`, staff);
    const list: TreeNode[] = res.data.list;
    expect(names(list)).toEqual(['床垫', '床架', '床品']);
    expect(list[0]).toMatchObject({ parentId: '0', hasChildren: true });
    expect(list[0]!.children![0]).toMatchObject({ fullName: '弹簧床垫', hasChildren: false });
    const flat = await req('GET', `/Base/DictionaryData/${typeId('productCategory')}/Selector?isTree=0`, staff);
    expect(flat.data.list).toHaveLength(11);
  });

  it('create, info, edit (If-Match), delete; codes are unique per type only', async () => {
    const level = typeId('urgent');
    const id = newId();
    const created = await req('POST', '/Base/DictionaryData', admin, { id, dictionaryTypeId: level, fullName: '特急', enCode: '4', sortCode: 9 });
    expect(created).toMatchObject({ status: 200, msg: '新建成功', data: { id, dictionaryTypeId: level, parentId: '0', enCode: '4', enabledMark: 1, version: 1 } });
    expect((await req('GET', `/Base/DictionaryData/${id}/Info`, admin)).data).toEqual(created.data);
    expect(await req('POST', '/Base/DictionaryData', admin, { id, dictionaryTypeId: level, fullName: '又', enCode: '5' })).toMatchObject({ status: 400, msg: '记录已存在' });
    expect(await req('POST', '/Base/DictionaryData', admin, { dictionaryTypeId: level, fullName: '重复', enCode: '4' })).toMatchObject({ status: 400, msg: '编码已存在' });
    // The same code in another type is fine.
    expect(await req('POST', '/Base/DictionaryData', admin, { dictionaryTypeId: typeId('storeType'), fullName: '四号店', enCode: '4' })).toMatchObject({ status: 200 });
    expect(await req('POST', '/Base/DictionaryData', admin, { dictionaryTypeId: newId(), fullName: '无类', enCode: 'x' })).toMatchObject({ status: 400, msg: '字典分类不存在' });
    const sexItem = (await dataOf('sex'))[0]!;
    expect(await req('POST', '/Base/DictionaryData', admin, { dictionaryTypeId: level, parentId: sexItem.id, fullName: '错类', enCode: 'y' })).toMatchObject({
      status: 400,
      msg: '上级不存在',
    });

    const body = { dictionaryTypeId: level, fullName: '十万火急', enCode: '4', sortCode: 9 };
    const saved = await req('PUT', `/Base/DictionaryData/${id}`, admin, body, { 'if-match': '"1"' });
    expect(saved).toMatchObject({ status: 200, msg: '修改成功', data: { fullName: '十万火急', version: 2 } });
    const stale = await req('PUT', `/Base/DictionaryData/${id}`, admin, { ...body, fullName: '晚了' }, { 'if-match': '1' });
    expect(stale).toMatchObject({ status: 409, data: saved.data });
    expect(await req('PUT', `/Base/DictionaryData/${id}`, admin, { ...body, dictionaryTypeId: typeId('sex') })).toMatchObject({ status: 400, msg: '不能修改所属字典分类' });
    expect(names((await options('urgent')).slice(-1))).toEqual(['十万火急']);

    expect(await req('DELETE', `/Base/DictionaryData/${id}`, admin, undefined, { 'if-match': '1' })).toMatchObject({ status: 409, data: saved.data });
    expect(await req('DELETE', `/Base/DictionaryData/${id}`, admin, undefined, { 'if-match': '2' })).toMatchObject({ status: 200, msg: '删除成功' });
    expect(await req('GET', `/Base/DictionaryData/${id}/Info`, admin)).toMatchObject({ status: 404 });
  });

  it('validation messages of data', async () => {
    const level = typeId('urgent');
    const cases: [Record<string, unknown>, string][] = [
      [{ dictionaryTypeId: level, fullName: '项', enCode: '.5' }, '编码只能输入英文、数字和小数点且小数点不能放在首尾'],
      [{ dictionaryTypeId: level, fullName: '项！', enCode: '5' }, '名称不能含有特殊符号'],
      [{ fullName: '项', enCode: '5' }, 'ID不能为空'],
      [{ dictionaryTypeId: 'bad', fullName: '项', enCode: '5' }, 'ID格式不正确'],
    ];
    for (const [body, msg] of cases) {
      const res = await req('POST', '/Base/DictionaryData', admin, body);
      expect({ body, ...res }).toMatchObject({ body, status: 400, code: 400, msg });
    }
  });

  it('tree data: children in the same type; an item with children cannot be deleted; no cycles', async () => {
    const cat = typeId('productCategory');
    const mattress = (await dataOf('productCategory'))[0]!;
    const child = await req('POST', '/Base/DictionaryData', admin, { dictionaryTypeId: cat, parentId: mattress.id, fullName: '混合床垫', enCode: 'mattress.hybrid', sortCode: 9 });
    expect(child.data).toMatchObject({ parentId: mattress.id });
    expect(names((await dataOf('productCategory'))[0]!.children!)).toContain('混合床垫');

    expect(await req('DELETE', `/Base/DictionaryData/${mattress.id}`, admin)).toMatchObject({ status: 400, msg: '该数据下有子数据，不能删除' });
    const moveUnder = await req('PUT', `/Base/DictionaryData/${mattress.id}`, admin, {
      dictionaryTypeId: cat,
      parentId: child.data.id,
      fullName: mattress.fullName,
      enCode: mattress.enCode,
    });
    expect(moveUnder).toMatchObject({ status: 400, msg: '上级不能是自己或自己的下级' });
    expect(await req('DELETE', `/Base/DictionaryData/${child.data.id}`, admin)).toMatchObject({ status: 200 });
  });

  it('state: disabled data leave All and Data/Selector (with what is under them) but stay in the admin list', async () => {
    const secret = (await dataOf('sex')).find((r) => r.fullName === '保密')!;
    const off = await req('PUT', `/Base/DictionaryData/${secret.id}/Actions/State`, admin);
    expect(off).toMatchObject({ status: 200, data: { id: secret.id, enabledMark: 0, version: secret.version + 1 } });
    expect(names((await all()).find((e) => e.enCode === 'sex')!.dictionaryList)).toEqual(['男', '女']);
    expect(names(await options('sex'))).toEqual(['男', '女']);
    expect((await dataOf('sex')).find((r) => r.id === secret.id)).toMatchObject({ enabledMark: 0 });
    const on = await req('PUT', `/Base/DictionaryData/${secret.id}/Actions/State`, admin, { enabledMark: 1 });
    expect(on.data).toMatchObject({ enabledMark: 1, version: secret.version + 2 });
    expect(names(await options('sex'))).toEqual(['男', '女', '保密']);

    const bed = (await dataOf('productCategory')).find((r) => r.enCode === 'bed')!;
    await req('PUT', `/Base/DictionaryData/${bed.id}/Actions/State`, admin, { enabledMark: 0 });
    const tree = await options('productCategory');
    expect(names(tree)).toEqual(['床垫', '床品']);
    expect(tree.flatMap((n) => names(n.children ?? []))).not.toContain('实木床');
    await req('PUT', `/Base/DictionaryData/${bed.id}/Actions/State`, admin, { enabledMark: 1 });
  });
});

describe('permissions', () => {
  it('a staff member gets 403 on the admin lists and every write, and nothing changes; the cached reads are open', async () => {
    const sexType = typeId('sex');
    const item = (await dataOf('sex'))[0]!;
    const typeBody = { parentId: typeId('sys'), fullName: '改名', enCode: 'sex' };
    const dataBody = { dictionaryTypeId: sexType, fullName: '改名', enCode: '1' };
    const calls: [Method, string, unknown?][] = [
      ['GET', '/Base/DictionaryType'],
      ['GET', `/Base/DictionaryType/${sexType}`],
      ['POST', '/Base/DictionaryType', { fullName: '越权', enCode: 'sneaky' }],
      ['PUT', `/Base/DictionaryType/${sexType}`, typeBody],
      ['DELETE', `/Base/DictionaryType/${sexType}`],
      ['GET', `/Base/DictionaryData/${sexType}`],
      ['GET', `/Base/DictionaryData/${item.id}/Info`],
      ['POST', '/Base/DictionaryData', { dictionaryTypeId: sexType, fullName: '越权', enCode: '9' }],
      ['PUT', `/Base/DictionaryData/${item.id}`, dataBody],
      ['PUT', `/Base/DictionaryData/${item.id}/Actions/State`, {}],
      ['DELETE', `/Base/DictionaryData/${item.id}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await req(method, url, staff, payload);
      expect({ method, url, ...res }).toMatchObject({ method, url, status: 403, code: Code.FORBIDDEN, msg: '您没有此操作的权限' });
    }
    expect((await dataOf('sex'))[0]).toEqual(item);
    expect((await req('GET', `/Base/DictionaryType/${sexType}`, admin)).data).toMatchObject({ fullName: '性别', version: 1 });
    expect((await req('GET', '/Base/DictionaryType?keyword=sneaky', admin)).data.list).toEqual([]);
    expect(names(await options('sex'))).toEqual(['男', '女', '保密']);
    for (const url of ['/Base/DictionaryType/Selector', '/Base/DictionaryData/All', `/Base/DictionaryData/${sexType}/Selector`, '/Base/DictionaryData/sex/Data/Selector']) {
      expect({ url, status: (await req('GET', url, staff)).status }).toEqual({ url, status: 200 });
      expect({ url, status: (await call(t.app, { method: 'GET', url })).status }).toEqual({ url, status: 401 });
    }
  });
});
