import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import type { ModelInfo, RecordRow } from '../../../src/contracts/online-dev-model';
import { positions, regions, users } from '../../db/schema';
import { createTestApp, tokenFor, type TestApp } from '../../test/helper';
import { definition, field, onlineDevKit, png, staticOptions, type OnlineDevKit } from './test-support';

/**
 * Every control type checked on the server (issue 20: "every record write is validated on the
 * server against the model's rules"): for each, a value taken and a value refused with its message.
 */
let t: TestApp;
let k: OnlineDevKit;
let model: ModelInfo;
let target: ModelInfo;
/** ym0004, the store manager of 上海徐汇店: granted the model (uploads of their own). */
let manager: string;
const ids = { company: '', dept: '', position: '', user: '', adminId: '', related: '' };
let region: { province: string; city: string; district: string; otherCity: string };

const tree = { kind: 'static' as const, items: [{ value: 'root', label: '根', children: [{ value: 'leaf', label: '叶' }] }] };
const places = {
  kind: 'static' as const,
  items: [
    { value: 'zj', label: '浙江', children: [{ value: 'hz', label: '杭州' }, { value: 'nb', label: '宁波' }] },
    { value: 'js', label: '江苏', children: [{ value: 'nj', label: '南京' }] },
  ],
};

const controls = (relatedId: string) =>
  definition(
    [
      field('comInput', 'title', '标题', { required: true, maxLength: 20 }),
      field('comInput', 'phone', '电话', { rule: 'phone' }),
      field('textarea', 'memo', '备注', { maxLength: 10 }),
      field('numInput', 'amount', '金额', { min: 1, max: 100, precision: 1 }),
      field('switch', 'on', '开关'),
      field('radio', 'size', '尺码', { options: staticOptions(['s', '小'], ['m', '中'], ['l', '大']) }),
      field('checkbox', 'tags', '标签', { options: staticOptions(['a', '甲'], ['b', '乙'], ['c', '丙']) }),
      field('select', 'pick', '选择', { options: staticOptions(['x', '叉'], ['y', '歪']) }),
      field('select', 'gender', '性别', { options: { kind: 'dictionary', dictionary: 'sex' } }),
      field('cascader', 'place', '地点', { options: places }),
      field('date', 'day', '日期', { format: 'YYYY-MM-DD' }),
      field('date', 'visit', '到访', { format: 'YYYY-MM-DD HH:mm' }),
      field('date', 'month', '月份', { format: 'YYYY-MM' }),
      field('time', 'at', '时间', { format: 'HH:mm' }),
      field('uploadFz', 'doc', '附件', { upload: { kind: 'file', limit: 2, accept: ['pdf'] } }),
      field('uploadImg', 'pics', '照片', { upload: { kind: 'image', limit: 2 } }),
      field('colorPicker', 'color', '颜色'),
      field('rate', 'stars', '评分'),
      field('slider', 'level', '进度'),
      field('editor', 'body', '正文'),
      field('comSelect', 'company', '公司'),
      field('depSelect', 'dept', '部门'),
      field('posSelect', 'post', '岗位'),
      field('userSelect', 'person', '人员'),
      field('treeSelect', 'cat', '分类', { options: tree }),
      field('address', 'region', '地区', { level: 3 }),
      field('billRule', 'no', '编号', { billRule: 'Customer' }),
      field('relationForm', 'rel', '关联客户', { relation: { modelId: relatedId, field: 'title' } }),
      field('calculate', 'total', '合计', { expression: '{amount} × 2', precision: 1 }),
      field('table', 'lines', '明细', { columns: [field('comInput', 'item', '品名', { required: true }), field('numInput', 'qty', '数量', { min: 0 })] }),
      field('createUser', 'cu', '创建人'),
      field('createTime', 'ct', '创建时间'),
      field('modifyUser', 'mu', '修改人'),
      field('modifyTime', 'mt', '修改时间'),
      field('currOrganize', 'org', '所属组织'),
    ],
    { columns: [{ key: 'title' }, { key: 'no' }], keywordFields: ['title'] },
  );

const rec = () => k.records(model.id);
const create = (data: Record<string, unknown>, token = k.admin) => rec().create(token, { title: '测试', ...data });

beforeAll(async () => {
  t = await createTestApp();
  k = await onlineDevKit(t);
  manager = await tokenFor(t.app, 'ym0004');
  target = await k.publishedModel(definition([field('comInput', 'title', '名称', { required: true })]));
  ids.related = (await k.records(target.id).create(k.admin, { title: '王先生' })).data.id;
  model = await k.publishedModel(controls(target.id), { roles: ['storeManager'] });
  ids.company = k.company.id;
  ids.dept = k.departments.get('YM.OPS.SHXH')!.id;
  ids.position = (await t.db.select({ id: positions.id }).from(positions).limit(1))[0]!.id;
  ids.user = (await t.db.select({ id: users.id }).from(users).where(eq(users.account, 'ym0004')))[0]!.id;
  ids.adminId = (await t.db.select({ id: users.id }).from(users).where(eq(users.account, 'admin')))[0]!.id;
  const one = async (name: string, parentId: string) => (await t.db.select({ id: regions.id }).from(regions).where(and(eq(regions.name, name), eq(regions.parentId, parentId))))[0]!.id;
  const province = await one('上海市', '-1');
  const city = (await t.db.select({ id: regions.id }).from(regions).where(eq(regions.parentId, province)).limit(1))[0]!.id;
  const district = (await t.db.select({ id: regions.id }).from(regions).where(eq(regions.parentId, city)).limit(1))[0]!.id;
  const zhejiang = await one('浙江省', '-1');
  const otherCity = await one('杭州市', zhejiang);
  region = { province, city, district, otherCity };
});
afterAll(async () => {
  await t?.close();
});

describe('each control: a value taken, a value refused', () => {
  type Case = [key: string, good: () => unknown, stored: (() => unknown) | null, bad: () => unknown, msg: string];
  const cases: Case[] = [
    ['phone', () => '13812345678', null, () => '12345', '请正确输入您的手机号'],
    ['memo', () => '  十个字以内  ', () => '  十个字以内  ', () => 'x'.repeat(11), '备注长度不能超过10个字符'],
    ['amount', () => '12.5', () => 12.5, () => 0, '金额不能小于1'],
    ['amount', () => 100, null, () => 101, '金额不能大于100'],
    ['amount', () => 1.5, null, () => 1.25, '金额最多1位小数'],
    ['amount', () => 2, null, () => 'abc', '金额必须是数字'],
    ['on', () => 'true', () => true, () => 'maybe', '开关格式不正确'],
    ['size', () => 'm', null, () => 'xl', '尺码的选项不正确'],
    ['tags', () => ['a', 'c', 'a'], () => ['a', 'c'], () => ['a', 'z'], '标签的选项不正确'],
    ['tags', () => ['b'], null, () => 'b', '标签格式不正确'],
    ['pick', () => 'y', null, () => 'q', '选择的选项不正确'],
    ['gender', () => '2', null, () => '9', '性别的选项不正确'],
    ['place', () => ['zj', 'hz'], null, () => ['zj', 'nj'], '地点的选项不正确'],
    ['day', () => '2026-02-03', null, () => '2026-13-01', '日期格式不正确'],
    ['day', () => '2026-02-28', null, () => '2026/02/03', '日期格式不正确'],
    ['visit', () => '2026-02-03 09:30', null, () => '2026-02-03', '到访格式不正确'],
    ['month', () => '2026-02', null, () => '2026-02-03', '月份格式不正确'],
    ['at', () => '09:30', null, () => '25:00', '时间格式不正确'],
    ['color', () => '#1a2b3c', null, () => 'red', '颜色格式不正确'],
    ['stars', () => 4.5, null, () => 6, '评分不能大于5'],
    ['stars', () => 3, null, () => 4.25, '评分最多1位小数'],
    ['level', () => 100, null, () => 101, '进度不能大于100'],
    ['company', () => ids.company, null, () => ids.dept, '公司引用的数据不存在'],
    ['dept', () => ids.dept, null, () => ids.company, '部门引用的数据不存在'],
    ['post', () => ids.position, null, () => ids.user, '岗位引用的数据不存在'],
    ['person', () => ids.user, null, () => ulid(), '人员引用的数据不存在'],
    ['person', () => ids.adminId, null, () => 'ym0004', '人员格式不正确'],
    ['cat', () => 'leaf', null, () => 'nope', '分类的选项不正确'],
    ['region', () => [region.province, region.city, region.district], null, () => [region.province, region.otherCity], '地区格式不正确'],
    ['region', () => [region.province], null, () => [region.province, region.city, region.district, '1'], '地区格式不正确'],
    ['rel', () => ids.related, null, () => ulid(), '关联客户引用的数据不存在'],
  ];

  it.each(cases)('%s', async (key, good, stored, bad, msg) => {
    const ok = await create({ [key]: good() });
    expect(ok.status, JSON.stringify(ok)).toBe(200);
    expect((ok.data as RecordRow)[key]).toEqual(stored ? stored() : good());
    const refused = await create({ [key]: bad() });
    expect(refused).toMatchObject({ status: 400, code: 400, msg });
  });

  it('a required field left empty, and a text over its length', async () => {
    expect(await rec().create(k.admin, { phone: '13812345678' })).toMatchObject({ status: 400, msg: '标题不能为空' });
    expect(await create({ title: '   ' })).toMatchObject({ status: 400, msg: '标题不能为空' });
    expect(await create({ title: '字'.repeat(21) })).toMatchObject({ status: 400, msg: '标题长度不能超过20个字符' });
    const res = await rec().create(k.admin, { phone: 'x', memo: 'y'.repeat(11) });
    expect(res.data.issues.map((i: { path: string[] }) => i.path[0])).toEqual(['title', 'phone', 'memo']);
  });
});

describe('rich text', () => {
  it('is stored sanitized: scripts, handlers and javascript: links are gone, the text stays', async () => {
    const html = '<p onclick="steal()">你好<strong>世界</strong></p><script>alert(1)</script><a href="javascript:alert(2)">点我</a><img src=x onerror="alert(3)">';
    const res = await create({ body: html });
    expect(res.status, JSON.stringify(res)).toBe(200);
    const body = res.data.body as string;
    expect(body).toContain('<p>你好<strong>世界</strong></p>');
    expect(body).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect((await rec().get(k.admin, res.data.id)).data.body).toBe(body);
  });

  it('nothing but a script is empty', async () => {
    const res = await create({ body: '<script>alert(1)</script>' });
    expect(res.status).toBe(200);
    expect(res.data.body).toBeNull();
  });
});

describe('upload fields', () => {
  const pdf = () => Buffer.from(`%PDF-1.4\n${ulid()}\n%%EOF\n`);
  const q = (field: string) => `modelId=${model.id}&field=${field}`;

  it('take files uploaded for them by the writer; refuse made-up entries and others’ files', async () => {
    const doc = await k.upload(k.admin, 'visualdevFile', q('doc'), '报价单.pdf', pdf());
    const pic = await k.upload(k.admin, 'visualdevImage', q('pics'), '门头.png', png());
    expect(doc.status, JSON.stringify(doc)).toBe(200);
    expect(pic.status, JSON.stringify(pic)).toBe(200);
    const ok = await create({ doc: [doc.data], pics: [pic.data] });
    expect(ok.status, JSON.stringify(ok)).toBe(200);
    expect(ok.data.doc).toEqual([{ name: doc.data.name, fileId: doc.data.fileId, url: doc.data.url, fileName: '报价单.pdf' }]);

    // An image entry in the file field: a real upload, of the wrong kind.
    expect(await create({ doc: [pic.data] })).toMatchObject({ status: 400, msg: '附件引用的数据不存在' });
    // A name never uploaded.
    const forged = { ...doc.data, name: `${ulid()}.pdf`, fileId: ulid() };
    forged.url = `/api/file/Download/visualdevFile/${forged.name}`;
    expect(await create({ doc: [forged] })).toMatchObject({ status: 400, msg: '附件引用的数据不存在' });
    // Not a download path of these fields at all.
    expect(await create({ doc: [{ ...doc.data, url: 'https://evil.example/x.pdf' }] })).toMatchObject({ status: 400, msg: '附件格式不正确' });
    // Someone else's upload.
    const theirs = await k.upload(manager, 'visualdevFile', q('doc'), '他的.pdf', pdf());
    expect(theirs.status, JSON.stringify(theirs)).toBe(200);
    expect(await create({ doc: [theirs.data] })).toMatchObject({ status: 400, msg: '附件引用的数据不存在' });
    // More files than the field takes.
    expect(await create({ doc: [doc.data, doc.data, doc.data] })).toMatchObject({ status: 400, msg: 'at most 2 files may be uploaded' });
  });

  it('a record keeps a file another user uploaded when someone else edits it', async () => {
    const theirs = await k.upload(manager, 'visualdevImage', q('pics'), '现场.png', png());
    const made = await create({ pics: [theirs.data] }, manager);
    expect(made.status, JSON.stringify(made)).toBe(200);
    const saved = await rec().update(k.admin, made.data.id, { ...made.data, title: '管理员改过' }, made.data.version);
    expect(saved.status, JSON.stringify(saved)).toBe(200);
    expect(saved.data.pics).toHaveLength(1);
  });
});

describe('numbers, calculations, tables and system fields the server owns', () => {
  it('a bill number left empty is taken from the rule; a number in use is refused', async () => {
    const first = await create({});
    expect(first.data.no).toMatch(/^KH\d{6}\d{4}$/);
    const second = await create({ no: '' });
    expect(second.data.no).toMatch(/^KH\d{6}\d{4}$/);
    expect(second.data.no).not.toBe(first.data.no);
    expect(await create({ no: first.data.no })).toMatchObject({ status: 400, msg: `编号「${first.data.no}」已存在` });
    const own = await create({ no: 'KH-OFFLINE-0001' });
    expect(own.data.no).toBe('KH-OFFLINE-0001');
    // Editing keeps the record's own number.
    const kept = await rec().update(k.admin, first.data.id, { ...first.data, no: first.data.no, title: '改' }, first.data.version);
    expect(kept).toMatchObject({ status: 200, data: { no: first.data.no } });
  });

  it('a calculation is worked out by the server whatever is sent', async () => {
    const res = await create({ amount: 12.5, total: 999 });
    expect(res.data.total).toBe(25);
    const none = await create({ total: 'abc' });
    expect(none.data.total).toBe(0);
  });

  it('an input table: a required cell left empty is not empty, at most 500 rows', async () => {
    const ok = await create({ lines: [{ item: '床垫', qty: 2 }, { item: '枕头' }] });
    expect(ok.data.lines).toEqual([
      { item: '床垫', qty: 2 },
      { item: '枕头', qty: null },
    ]);
    for (const cell of ['', null, '  ']) {
      const res = await create({ lines: [{ item: '床垫' }, { item: cell, qty: 1 }] });
      expect(res).toMatchObject({ status: 400, msg: 'not empty' });
      expect(res.data.issues[0].path).toEqual(['lines', 1, 'item']);
    }
    expect(await create({ lines: [{ item: '床垫', qty: -1 }] })).toMatchObject({ status: 400, msg: '数量不能小于0' });
    const many = Array.from({ length: 501 }, () => ({ item: '床垫' }));
    expect(await create({ lines: many })).toMatchObject({ status: 400, msg: '明细最多500行' });
    expect(await create({ lines: 'rows' })).toMatchObject({ status: 400, msg: '明细格式不正确' });
  });

  it('system fields are filled by the server; values sent for them are ignored', async () => {
    const forged = { cu: ids.adminId, ct: '2000-01-01T00:00:00.000Z', mu: ids.adminId, mt: '2000-01-01T00:00:00.000Z', org: ids.dept };
    const before = Date.now();
    const made = await create(forged, manager);
    expect(made.status, JSON.stringify(made)).toBe(200);
    const r = made.data as RecordRow;
    expect(r).toMatchObject({ cu: ids.user, mu: null, mt: null, org: ids.company, creatorUserId: ids.user });
    expect(Date.parse(r.ct as string)).toBeGreaterThanOrEqual(before - 1000);

    const edited = await rec().update(k.admin, r.id, { ...r, ...forged, cu: ids.adminId, title: '管理员改' }, r.version);
    expect(edited.status, JSON.stringify(edited)).toBe(200);
    expect(edited.data).toMatchObject({ cu: ids.user, ct: r.ct, mu: ids.adminId, org: ids.company, lastModifyUserId: ids.adminId });
    expect(Date.parse(edited.data.mt as string)).toBeGreaterThanOrEqual(before - 1000);
  });
});
