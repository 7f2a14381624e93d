import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { Code } from '../../../src/contracts/codes';
import type { TreeNode } from '../../../src/contracts/common';
import type { OrganizeRow, PositionRow } from '../../../src/contracts/org';
import { rules } from '../../../src/contracts/validation';
import { authed, call, createTestApp, tokenFor, type TestApp } from '../../test/helper';
import { orgRepo } from './repo';

let t: TestApp;
let admin: string;
let staff: string;
/** Demo ids by code. */
let company: OrganizeRow;
const dept = new Map<string, OrganizeRow>();
const position = new Map<string, PositionRow>();

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown, headers: Record<string, string> = {}) =>
  call(t.app, { method, url, headers: { ...authed(token), ...headers }, payload: method === 'GET' ? undefined : ((payload ?? {}) as object) });
const get = (url: string, token = admin, headers: Record<string, string> = {}) => req('GET', url, token, undefined, headers);

const flatten = <T extends { children?: T[] }>(list: T[]): T[] => list.flatMap((n) => [n, ...flatten(n.children ?? [])]);

beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenFor(t.app, 'admin');
  staff = await tokenFor(t.app, 'ym0010');
  const companies = await get('/Permission/Organize');
  company = companies.data.list.find((c: OrganizeRow) => c.enCode === 'YM');
  const depts = await get(`/Permission/Organize/${company.id}/Department`);
  for (const d of flatten<OrganizeRow>(depts.data.list)) dept.set(d.enCode, d);
  const positions = await get('/Permission/Position?pageSize=100');
  for (const p of positions.data.list as PositionRow[]) position.set(p.enCode, p);
});
afterAll(async () => {
  await t?.close();
});

describe('Organize (companies)', () => {
  it('lists companies as a tree with manager names and versions', async () => {
    const res = await get('/Permission/Organize');
    expect(res).toMatchObject({ status: 200, code: 200 });
    // The demo company is headed by its general manager (ym0001); each department by one of its people.
    const gm = (await get('/Permission/Users?keyword=ym0001')).data.list[0];
    expect(company).toMatchObject({ parentId: '-1', category: 'company', fullName: '云眠家居有限公司', enabledMark: 1, managerId: gm.id, manager: gm.realName, version: 1 });
    expect([...dept.values()].every((d) => d.managerId && d.manager)).toBe(true);
    // Only companies: the departments are not in this list.
    expect(flatten<OrganizeRow>(res.data.list).every((r) => r.category === 'company')).toBe(true);
  });

  it('create, read, update (nested under a parent company) and delete', async () => {
    const created = await req('POST', '/Permission/Organize', admin, { fullName: '云眠华东分公司', enCode: 'YMHD', sortCode: 5, description: '华东' });
    expect(created).toMatchObject({ status: 200, code: 200, msg: '新建成功' });
    expect(created.data).toMatchObject({ parentId: '-1', category: 'company', fullName: '云眠华东分公司', enCode: 'YMHD', sortCode: 5, version: 1, enabledMark: 1 });
    const id = created.data.id;

    const manager = (await get('/Permission/Users?keyword=ym0001')).data.list[0];
    const updated = await req('PUT', `/Permission/Organize/${id}`, admin, { parentId: company.id, fullName: '华东分公司', enCode: 'YM.HD', managerId: manager.id });
    expect(updated).toMatchObject({ status: 200, msg: '修改成功' });
    expect(updated.data).toMatchObject({ id, parentId: company.id, fullName: '华东分公司', enCode: 'YM.HD', manager: manager.realName, version: 2 });

    expect((await get(`/Permission/Organize/${id}`)).data).toEqual(updated.data);
    const tree = (await get('/Permission/Organize')).data.list as OrganizeRow[];
    const root = tree.find((c) => c.id === company.id)!;
    expect(root.hasChildren).toBe(true);
    expect(root.children!.map((c) => c.id)).toContain(id);

    // A keyword gives the matches, flat.
    const found = await get(`/Permission/Organize?keyword=${encodeURIComponent('华东')}`);
    expect(found.data.list.map((r: OrganizeRow) => r.id)).toEqual([id]);

    expect(await req('DELETE', `/Permission/Organize/${id}`, admin)).toMatchObject({ status: 200, code: 200, msg: '删除成功' });
    expect(await get(`/Permission/Organize/${id}`)).toMatchObject({ status: 404, code: Code.NOT_FOUND });
  });

  it('takes a client-made id once', async () => {
    const id = ulid();
    const first = await req('POST', '/Permission/Organize', admin, { id, fullName: '离线公司', enCode: 'OFFLINE1' });
    expect(first.data.id).toBe(id);
    const again = await req('POST', '/Permission/Organize', admin, { id, fullName: '离线公司二', enCode: 'OFFLINE2' });
    expect(again).toMatchObject({ status: 400, code: 400, msg: '记录已存在' });
    await req('DELETE', `/Permission/Organize/${id}`, admin);
  });

  it.each([
    [{ fullName: '甲公司', enCode: '.abc' }, rules.code.message],
    [{ fullName: '甲公司', enCode: 'abc.' }, '编码只能输入英文、数字和小数点且小数点不能放在首尾'],
    [{ fullName: '甲公司', enCode: 'a b' }, '编码只能输入英文、数字和小数点且小数点不能放在首尾'],
    [{ fullName: '甲#公司', enCode: 'JIA' }, '名称不能含有特殊符号'],
    [{ fullName: '', enCode: 'JIA' }, '名称不能为空'],
    [{ enCode: 'JIA' }, '名称不能为空'],
    [{ fullName: '甲公司' }, '编码不能为空'],
    [{ fullName: '甲公司', enCode: 'YM' }, '编码已存在'],
    [{ fullName: '甲公司', enCode: 'JIA', parentId: 'nope' }, 'ID格式不正确'],
    [{ fullName: '甲公司', enCode: 'JIA', parentId: ulid() }, '上级组织不存在'],
    [{ fullName: '甲公司', enCode: 'JIA', managerId: ulid() }, '负责人不存在'],
  ])('refuses %j: %s', async (body, msg) => {
    const before = await get('/Permission/Organize');
    expect(await req('POST', '/Permission/Organize', admin, body)).toMatchObject({ status: 400, code: 400, msg });
    expect((await get('/Permission/Organize')).data).toEqual(before.data);
  });

  it('a company cannot sit under a department, nor under itself or its own sub-company', async () => {
    const ops = dept.get('YM.OPS')!;
    expect(await req('POST', '/Permission/Organize', admin, { fullName: '错误公司', enCode: 'WRONG', parentId: ops.id })).toMatchObject({ status: 400, msg: '上级组织不存在' });
    const sub = await req('POST', '/Permission/Organize', admin, { fullName: '子公司', enCode: 'SUB1', parentId: company.id });
    const self = await req('PUT', `/Permission/Organize/${company.id}`, admin, { fullName: company.fullName, enCode: 'YM', parentId: company.id });
    expect(self).toMatchObject({ status: 400, msg: '上级不能是自己或自己的下级' });
    const below = await req('PUT', `/Permission/Organize/${company.id}`, admin, { fullName: company.fullName, enCode: 'YM', parentId: sub.data.id });
    expect(below).toMatchObject({ status: 400, msg: '上级不能是自己或自己的下级' });
    await req('DELETE', `/Permission/Organize/${sub.data.id}`, admin);
  });

  it('refuses to delete a company with departments or users', async () => {
    expect(await req('DELETE', `/Permission/Organize/${company.id}`, admin)).toMatchObject({ status: 400, code: 400, msg: '该组织下有下级组织或用户，不能删除' });
    expect((await get(`/Permission/Organize/${company.id}`)).status).toBe(200);
  });

  it('a department id is not an organize of this family', async () => {
    expect((await get(`/Permission/Organize/${dept.get('YM.IT')!.id}`)).status).toBe(404);
    expect((await get('/Permission/Organize/not-an-id')).msg).toBe('ID格式不正确');
  });

  it('If-Match: a stale version gets 409 with the current row, nothing changed', async () => {
    const created = await req('POST', '/Permission/Organize', admin, { fullName: '版本公司', enCode: 'VER1' });
    const id = created.data.id;
    const v2 = await req('PUT', `/Permission/Organize/${id}`, admin, { fullName: '版本公司二', enCode: 'VER1' }, { 'if-match': '1' });
    expect(v2.data.version).toBe(2);
    const stale = await req('PUT', `/Permission/Organize/${id}`, admin, { fullName: '版本公司三', enCode: 'VER1' }, { 'if-match': '"1"' });
    expect(stale).toMatchObject({ status: 409, code: Code.CONFLICT, msg: '数据已被他人修改，请刷新后重试' });
    expect(stale.data).toEqual(v2.data);
    expect((await get(`/Permission/Organize/${id}`)).data.fullName).toBe('版本公司二');
    await req('DELETE', `/Permission/Organize/${id}`, admin);
  });
});

describe('Department', () => {
  it('lists the departments of a company as a tree', async () => {
    const res = await get(`/Permission/Organize/${company.id}/Department`);
    expect(res.status).toBe(200);
    const top = res.data.list as OrganizeRow[];
    expect(top.map((d) => d.enCode)).toContain('YM.OPS');
    expect(top.every((d) => d.parentId === company.id && d.category === 'department')).toBe(true);
    const ops = top.find((d) => d.enCode === 'YM.OPS')!;
    expect(ops.hasChildren).toBe(true);
    expect(ops.children!.map((d) => d.fullName)).toEqual(['上海徐汇店', '上海浦东店', '杭州西湖店', '南京新街口店']);
    const kw = await get(`/Permission/Organize/${company.id}/Department?keyword=${encodeURIComponent('上海')}`);
    expect(kw.data.list.map((d: OrganizeRow) => d.enCode).sort()).toEqual(['YM.OPS.SHPD', 'YM.OPS.SHXH']);
    // The departments of one department (a sub-tree) too.
    const sub = await get(`/Permission/Organize/${ops.id}/Department`);
    expect(sub.data.list).toHaveLength(4);
    expect((await get(`/Permission/Organize/${ulid()}/Department`)).status).toBe(404);
  });

  it('create, read, update, move and delete', async () => {
    const mkt = dept.get('YM.MKT')!;
    const created = await req('POST', '/Permission/Organize/Department', admin, { parentId: mkt.id, fullName: '品牌组', enCode: 'YM.MKT.BRAND' });
    expect(created).toMatchObject({ status: 200, msg: '新建成功' });
    expect(created.data).toMatchObject({ parentId: mkt.id, category: 'department', fullName: '品牌组', version: 1 });
    const id = created.data.id;
    expect((await get(`/Permission/Organize/Department/${id}`)).data).toEqual(created.data);

    const moved = await req('PUT', `/Permission/Organize/Department/${id}`, admin, { parentId: dept.get('YM.EC')!.id, fullName: '品牌电商组', enCode: 'YM.EC.BRAND', enabledMark: 0 });
    expect(moved.data).toMatchObject({ parentId: dept.get('YM.EC')!.id, fullName: '品牌电商组', enabledMark: 0, version: 2 });
    const tree = flatten<OrganizeRow>((await get(`/Permission/Organize/${company.id}/Department`)).data.list);
    expect(tree.find((d) => d.id === id)?.parentId).toBe(dept.get('YM.EC')!.id);

    expect(await req('DELETE', `/Permission/Organize/Department/${id}`, admin)).toMatchObject({ status: 200, msg: '删除成功' });
    expect((await get(`/Permission/Organize/Department/${id}`)).status).toBe(404);
  });

  // Functions: ids exist only once beforeAll has run.
  it.each([
    ['no parent', () => ({ fullName: '无上级', enCode: 'NOPARENT' }), 'ID不能为空'],
    ['unknown parent', () => ({ parentId: ulid(), fullName: '上级不存在', enCode: 'NOPARENT' }), '上级组织不存在'],
    ['code ending in a dot', () => ({ parentId: company.id, fullName: '部门', enCode: 'YM.X.' }), rules.code.message],
    ['name with angle brackets', () => ({ parentId: company.id, fullName: '部门<一>', enCode: 'YM.X' }), rules.name.message],
    ['name with quotes', () => ({ parentId: company.id, fullName: '“部门”', enCode: 'YM.X' }), rules.name.message],
    ['code taken', () => ({ parentId: company.id, fullName: '部门', enCode: 'YM.IT' }), '编码已存在'],
  ] as const)('refuses %s', async (_label, body, msg) => {
    const res = await req('POST', '/Permission/Organize/Department', admin, body());
    expect(res).toMatchObject({ status: 400, code: 400, msg });
  });

  it('names are written as on paper: full-width brackets, middle dot, 、 and hyphens are not special symbols', async () => {
    const ops = dept.get('YM.OPS')!;
    const created = await req('POST', '/Permission/Organize/Department', admin, { parentId: ops.id, fullName: '上海徐汇店（二店）', enCode: 'YM.OPS.SHXH2' });
    expect(created).toMatchObject({ status: 200, code: 200, data: { fullName: '上海徐汇店（二店）', parentId: ops.id } });
    expect((await get(`/Permission/Organize/Department/${created.data.id}`)).data.fullName).toBe('上海徐汇店（二店）');
    const found = await get(`/Permission/Organize/${company.id}/Department?keyword=${encodeURIComponent('（二店）')}`);
    expect(found.data.list.map((d: OrganizeRow) => d.fullName)).toEqual(['上海徐汇店（二店）']);
    const renamed = await req('PUT', `/Permission/Organize/Department/${created.data.id}`, admin, { parentId: ops.id, fullName: '华东区、华南区 A-B 组', enCode: 'YM.OPS.SHXH2' });
    expect(renamed).toMatchObject({ status: 200, data: { fullName: '华东区、华南区 A-B 组' } });
    const pos = await req('POST', '/Permission/Position', admin, { organizeId: created.data.id, fullName: '研发·测试', enCode: 'RDQA' });
    expect(pos).toMatchObject({ status: 200, data: { fullName: '研发·测试' } });
    await req('DELETE', `/Permission/Position/${pos.data.id}`, admin);
    expect(await req('DELETE', `/Permission/Organize/Department/${created.data.id}`, admin)).toMatchObject({ status: 200 });
  });

  it('a department cannot become its own ancestor', async () => {
    const ops = dept.get('YM.OPS')!;
    const store = dept.get('YM.OPS.SHXH')!;
    const res = await req('PUT', `/Permission/Organize/Department/${ops.id}`, admin, { parentId: store.id, fullName: ops.fullName, enCode: ops.enCode });
    expect(res).toMatchObject({ status: 400, msg: '上级不能是自己或自己的下级' });
    const self = await req('PUT', `/Permission/Organize/Department/${ops.id}`, admin, { parentId: ops.id, fullName: ops.fullName, enCode: ops.enCode });
    expect(self.msg).toBe('上级不能是自己或自己的下级');
    expect((await get(`/Permission/Organize/Department/${ops.id}`)).data.parentId).toBe(company.id);
  });

  it('refuses to delete a department with sub-departments, positions or users', async () => {
    for (const enCode of ['YM.OPS', 'YM.OPS.SHXH', 'YM.IT']) {
      const res = await req('DELETE', `/Permission/Organize/Department/${dept.get(enCode)!.id}`, admin);
      expect({ enCode, ...res }).toMatchObject({ enCode, status: 400, msg: '该组织下有下级组织或用户，不能删除' });
    }
    // Only a position: still refused.
    const lone = await req('POST', '/Permission/Organize/Department', admin, { parentId: company.id, fullName: '空部门', enCode: 'YM.EMPTY' });
    const pos = await req('POST', '/Permission/Position', admin, { organizeId: lone.data.id, fullName: '空岗位', enCode: 'EMPTYPOS' });
    expect((await req('DELETE', `/Permission/Organize/Department/${lone.data.id}`, admin)).msg).toBe('该组织下有下级组织或用户，不能删除');
    await req('DELETE', `/Permission/Position/${pos.data.id}`, admin);
    expect((await req('DELETE', `/Permission/Organize/Department/${lone.data.id}`, admin)).status).toBe(200);
  });
});

describe('Position', () => {
  it('pages, searches and filters by organize (departments below included)', async () => {
    const all = await get('/Permission/Position');
    expect(all.data.pagination).toMatchObject({ currentPage: 1, pageSize: 20 });
    expect(all.data.pagination.total).toBeGreaterThanOrEqual(10);
    expect(position.get('SM')).toMatchObject({ fullName: '店长', department: '门店运营部', enabledMark: 1, version: 1 });

    const kw = await get(`/Permission/Position?keyword=${encodeURIComponent('店')}`);
    expect(kw.data.list.map((p: PositionRow) => p.enCode)).toEqual(['SM']);
    const byCode = await get('/Permission/Position?keyword=eng');
    expect(byCode.data.list.map((p: PositionRow) => p.enCode)).toEqual(['ENG']);

    // A position in a store shows when filtering by the operations department above it.
    const store = dept.get('YM.OPS.SHXH')!;
    const local = await req('POST', '/Permission/Position', admin, { organizeId: store.id, fullName: '收银员', enCode: 'CASHIER', type: 'sales' });
    const ops = await get(`/Permission/Position?organizeId=${dept.get('YM.OPS')!.id}`);
    expect(ops.data.list.map((p: PositionRow) => p.enCode).sort()).toEqual(['CASHIER', 'OPSM', 'SA', 'SM']);
    expect(ops.data.pagination.total).toBe(4);
    const onlyStore = await get(`/Permission/Position?organizeId=${store.id}`);
    expect(onlyStore.data.list.map((p: PositionRow) => p.enCode)).toEqual(['CASHIER']);
    await req('DELETE', `/Permission/Position/${local.data.id}`, admin);

    const page2 = await get('/Permission/Position?currentPage=2&pageSize=20');
    expect(page2.data.list).toEqual([]);
    expect((await get('/Permission/Position?pageSize=7')).msg).toBe('每页条数不正确');
  });

  it('create, read, update and delete', async () => {
    const it1 = dept.get('YM.IT')!;
    const created = await req('POST', '/Permission/Position', admin, { organizeId: it1.id, fullName: '运维工程师', enCode: 'OPS.ENG', type: 'tech', sortCode: 20 });
    expect(created).toMatchObject({ status: 200, msg: '新建成功' });
    expect(created.data).toMatchObject({ organizeId: it1.id, department: '信息技术部', fullName: '运维工程师', type: 'tech', sortCode: 20, version: 1 });
    const id = created.data.id;
    expect((await get(`/Permission/Position/${id}`)).data).toEqual(created.data);
    const updated = await req('PUT', `/Permission/Position/${id}`, admin, { organizeId: it1.id, fullName: '运维', enCode: 'OPS.ENG', enabledMark: 0 });
    expect(updated.data).toMatchObject({ fullName: '运维', enabledMark: 0, type: null, version: 2 });
    // Disabled positions are left out of All.
    expect((await get('/Permission/Position/All')).data.list.some((p: PositionRow) => p.id === id)).toBe(false);
    expect(await req('DELETE', `/Permission/Position/${id}`, admin)).toMatchObject({ status: 200, msg: '删除成功' });
    expect((await get(`/Permission/Position/${id}`)).status).toBe(404);
  });

  it('refuses invalid positions and deleting one held by users', async () => {
    const it1 = dept.get('YM.IT')!;
    const cases: [Record<string, unknown>, string][] = [
      [{ organizeId: it1.id, fullName: '岗位', enCode: 'a_b' }, rules.code.message],
      [{ organizeId: it1.id, fullName: '岗位@', enCode: 'POSX' }, rules.name.message],
      [{ organizeId: it1.id, fullName: '岗位', enCode: 'ENG' }, '编码已存在'],
      [{ organizeId: ulid(), fullName: '岗位', enCode: 'POSX' }, '所属组织不存在'],
      [{ fullName: '岗位', enCode: 'POSX' }, 'ID不能为空'],
    ];
    for (const [body, msg] of cases) expect({ body, ...(await req('POST', '/Permission/Position', admin, body)) }).toMatchObject({ body, status: 400, msg });
    expect(await req('DELETE', `/Permission/Position/${position.get('ENG')!.id}`, admin)).toMatchObject({ status: 400, msg: '该岗位下有用户，不能删除' });
  });

  it('If-Match: 409 with the current row', async () => {
    const p = position.get('HR')!;
    const body = { organizeId: p.organizeId, fullName: '人事专员', enCode: 'HR', description: '招聘' };
    const ok1 = await req('PUT', `/Permission/Position/${p.id}`, admin, body, { 'if-match': String(p.version) });
    expect(ok1.data).toMatchObject({ description: '招聘', version: p.version + 1 });
    const stale = await req('PUT', `/Permission/Position/${p.id}`, admin, { ...body, description: '培训' }, { 'if-match': String(p.version) });
    expect(stale).toMatchObject({ status: 409, code: Code.CONFLICT });
    expect(stale.data).toEqual(ok1.data);
    expect((await req('PUT', `/Permission/Position/${p.id}`, admin, body, { 'if-match': 'abc' })).msg).toBe('If-Match格式不正确，应为版本号');
  });
});

describe('selectors (any signed-in user, ETag)', () => {
  it('Organize/Selector: enabled companies only', async () => {
    const res = await get('/Permission/Organize/Selector', staff);
    expect(res.status).toBe(200);
    const nodes = flatten<TreeNode>(res.data.list);
    expect(nodes.every((n) => n.type === 'company')).toBe(true);
    expect(nodes.find((n) => n.id === company.id)).toMatchObject({ parentId: '-1', fullName: '云眠家居有限公司', enCode: 'YM' });
  });

  it('Organize/Tree and Department/Selector: companies and departments; a disabled branch is hidden', async () => {
    const tree = await get('/Permission/Organize/Tree', staff);
    const root = (tree.data.list as TreeNode[]).find((n) => n.id === company.id)!;
    expect(root.type).toBe('company');
    expect(root.children!.map((n) => n.fullName)).toContain('门店运营部');
    const ops = root.children!.find((n) => n.fullName === '门店运营部')!;
    expect(ops).toMatchObject({ type: 'department', parentId: company.id, hasChildren: true });
    expect(ops.children).toHaveLength(4);
    expect((await get('/Permission/Organize/Department/Selector', staff)).data).toEqual(tree.data);

    const branch = await req('POST', '/Permission/Organize/Department', admin, { parentId: company.id, fullName: '停用部门', enCode: 'YM.OFF', enabledMark: 0 });
    const leaf = await req('POST', '/Permission/Organize/Department', admin, { parentId: branch.data.id, fullName: '停用部门下级', enCode: 'YM.OFF.SUB' });
    const after = flatten<TreeNode>((await get('/Permission/Organize/Tree', staff)).data.list).map((n) => n.id);
    expect(after).not.toContain(branch.data.id);
    expect(after).not.toContain(leaf.data.id);
    await req('DELETE', `/Permission/Organize/Department/${leaf.data.id}`, admin);
    await req('DELETE', `/Permission/Organize/Department/${branch.data.id}`, admin);
  });

  it('Position/Selector: organizes with positions as leaves; Position/All: enabled positions', async () => {
    const res = await get('/Permission/Position/Selector', staff);
    const nodes = flatten<TreeNode>(res.data.list);
    const sm = nodes.find((n) => n.type === 'position' && n.enCode === 'SM')!;
    expect(sm).toMatchObject({ fullName: '店长', parentId: dept.get('YM.OPS')!.id, hasChildren: false });
    const all = await get('/Permission/Position/All', staff);
    expect(all.data.list.length).toBeGreaterThanOrEqual(10);
    expect(all.data.list.every((p: PositionRow) => p.enabledMark === 1)).toBe(true);
  });

  it.each(['/Permission/Organize/Selector', '/Permission/Organize/Tree', '/Permission/Organize/Department/Selector', '/Permission/Position/Selector', '/Permission/Position/All'])(
    '%s answers an ETag and 304 on If-None-Match',
    async (url) => {
      const first = await t.app.inject({ method: 'GET', url, headers: authed(staff) });
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toBeTruthy();
      const again = await t.app.inject({ method: 'GET', url, headers: { ...authed(staff), 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    },
  );

  it('selectors need a session', async () => {
    const res = await call(t.app, { method: 'GET', url: '/Permission/Organize/Tree' });
    expect(res).toMatchObject({ status: 401, code: Code.TOKEN_INVALID });
  });
});

describe('inserts that lose a race', () => {
  // The service checks first; two requests at once can both pass the check, and the index decides.
  it('a taken primary key is 记录已存在, a taken code 编码已存在', async () => {
    const repo = orgRepo(t.db);
    const row = { category: 'company', fullName: '竞态公司', parentId: null };
    const attempt = (id: string, enCode: string) => repo.insertOrganize({ ...row, id, enCode }).then(() => null, (e: Error) => e.message);
    expect(await attempt(company.id, 'RACE1')).toBe('记录已存在');
    expect(await attempt(ulid(), 'YM')).toBe('编码已存在');
    const pos = position.get('SM')!;
    expect(await repo.insertPosition({ id: pos.id, organizeId: pos.organizeId, enCode: 'RACE2', fullName: 'x' }).catch((e: Error) => e.message)).toBe('记录已存在');
  });
});
