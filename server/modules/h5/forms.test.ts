import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ulid } from 'ulid';
import ExcelJS from 'exceljs';
import { fillPath } from '../../../src/contracts/api-path';
import { Code } from '../../../src/contracts/codes';
import { h5Messages, type H5Element, type Work } from '../../../src/contracts/h5';
import { formPath, h5PublicPaths, h5PublishMessages, h5PublishPaths, type FormDetailOfWork, type PublicRegion } from '../../../src/contracts/h5-publish';
import { h5FormSubmissions } from '../../db/schema';
import { authed, createTestApp, type TestApp } from '../../test/helper';
import { editable, element, h5Kit } from '../../test/h5-kit';
import { rateWindow } from './rate-window';

/** Form submissions of published pages and the data centre (issue 19, spec 3 Event form data, 5.1). */
let t: TestApp;
let k: Awaited<ReturnType<typeof h5Kit>>;

beforeAll(async () => {
  t = await createTestApp();
  k = await h5Kit(t, ['admin', 'ym0032']);
});
afterAll(async () => {
  await t?.close();
});

let ipSeq = 1;
/** A fresh client address per call unless one is given (the per-address limit is tested on its own). */
const submit = (workId: string, payload: unknown, remoteAddress = `203.0.113.${ipSeq++ % 250}`, headers: Record<string, string> = {}) =>
  k.anonymous({ method: 'POST', url: formPath(workId), payload: payload as object, remoteAddress, headers });

const options = (...labels: string[]) => labels.map((label, i) => ({ label, value: String(i + 1) }));

interface FormWork {
  work: Work;
  name: H5Element;
  mobile: H5Element;
  store: H5Element;
  sex: H5Element;
  interests: H5Element;
  birthday: H5Element;
  region: H5Element;
  remark: H5Element;
  code: H5Element;
}

async function publishedForm(title = '试睡报名'): Promise<FormWork> {
  const w = await k.create('ym0032', { title });
  const f = {
    name: element('form-input', { label: '姓名', name: 'name', required: true, type: 'text' }, 40),
    mobile: element('form-input', { label: '手机号', name: 'mobile', required: true, type: 'tel' }, 90),
    store: element('form-select', { label: '门店', name: 'storeId', required: true, options: options('上海徐汇店', '杭州西湖店') }, 140),
    sex: element('form-radio', { label: '性别', name: 'sex', required: false, options: options('男', '女') }, 190),
    interests: element('form-checkbox', { label: '兴趣', name: 'interests', required: false, options: options('床垫', '枕头', '床品') }, 240),
    birthday: element('form-date', { label: '生日', name: 'birthday', required: false }, 290),
    region: element('form-region', { label: '地区', name: 'region', required: false, depth: '3' }, 340),
    remark: element('form-textarea', { label: '留言', name: 'remark', required: false }, 390),
    code: element('form-input', { label: '验证码', name: 'mobileCode', required: false, type: 'text' }, 440),
  };
  const submitButton = element('form-submit', { text: '提交' }, 500);
  const saved = await k.update('ym0032', { ...editable(w), pages: [{ ...w.pages[0]!, elements: [...Object.values(f), submitButton] }] });
  expect((await k.publish('ym0032', w.id)).status).toBe(200);
  return { work: saved.data, ...f };
}

const valid = (f: FormWork, extra: Record<string, unknown> = {}) => ({
  submissionId: ulid(),
  fields: { [f.name.uuid]: ' 张伟 ', [f.mobile.uuid]: '13812345678', [f.store.uuid]: '2', [f.sex.uuid]: '1', [f.interests.uuid]: ['1', '3'], [f.birthday.uuid]: '1990-05-20', [f.region.uuid]: ['310000', '310100', '310104'], ...extra },
});

const rowsOf = (workId: string) => t.db.select().from(h5FormSubmissions).where(eq(h5FormSubmissions.workId, workId));

describe('POST /p/{workId}/form', () => {
  it('stores a valid submission without a token; the same submissionId again is stored once', async () => {
    const f = await publishedForm();
    const body = valid(f);
    const res = await submit(f.work.id, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, msg: '提交成功', data: { submissionId: body.submissionId } });
    const again = await submit(f.work.id, body);
    expect(again.json()).toMatchObject({ code: 200, data: { submissionId: body.submissionId } });
    const rows = await rowsOf(f.work.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ version: 1, submissionId: body.submissionId });
    expect(rows[0]!.fields).toEqual({ [f.name.uuid]: '张伟', [f.mobile.uuid]: '13812345678', [f.store.uuid]: '2', [f.sex.uuid]: '1', [f.interests.uuid]: ['1', '3'], [f.birthday.uuid]: '1990-05-20', [f.region.uuid]: ['310000', '310100', '310104'] });
  });

  it('refuses, storing nothing: a wrong phone (spec 5.1), a missing required field, an unknown uuid, a wrong option, a bad date, mobileCode without SMS', async () => {
    const f = await publishedForm('校验');
    const cases: [Record<string, unknown>, string, string | undefined][] = [
      [{ [f.mobile.uuid]: '12812345678' }, '请正确输入您的手机号', f.mobile.uuid],
      [{ [f.mobile.uuid]: '1381234567' }, '请正确输入您的手机号', f.mobile.uuid],
      [{ [f.name.uuid]: '   ' }, '姓名不能为空', f.name.uuid],
      [{ [f.store.uuid]: '9' }, '门店的选项不正确', f.store.uuid],
      [{ [f.interests.uuid]: ['1', '7'] }, '兴趣的选项不正确', f.interests.uuid],
      [{ [f.birthday.uuid]: '1990-02-30' }, '生日格式不正确', f.birthday.uuid],
      [{ [f.code.uuid]: '123456' }, '暂未开通短信验证码服务', f.code.uuid],
      [{ 'text_abcdefgh12': 'x' }, '表单中没有这个字段：text_abcdefgh12', undefined],
    ];
    for (const [extra, msg, field] of cases) {
      const res = await submit(f.work.id, valid(f, extra));
      expect(res.statusCode, msg).toBe(400);
      expect(res.json(), msg).toMatchObject({ code: Code.BAD_REQUEST, msg, data: field ? { field } : null });
    }
    const missing = valid(f);
    delete (missing.fields as Record<string, unknown>)[f.mobile.uuid];
    expect((await submit(f.work.id, missing)).json()).toMatchObject({ msg: '手机号不能为空' });
    expect((await submit(f.work.id, { fields: {} })).statusCode).toBe(400);
    expect((await submit(f.work.id, { ...valid(f), submissionId: 'not-a-ulid' })).statusCode).toBe(400);
    // In the visitor's language.
    const en = await submit(f.work.id, valid(f, { [f.mobile.uuid]: '123' }), undefined, { 'accept-language': 'en' });
    expect(en.json().msg).toBe('Please enter a valid mobile number');
    expect(await rowsOf(f.work.id)).toEqual([]);
  });

  it('refuses a body over 16 KB (413, before it is read) and answers 404 for a work that is not published', async () => {
    const f = await publishedForm('过大');
    const big = await submit(f.work.id, valid(f, { [f.remark.uuid]: '很'.repeat(6000) }));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: Code.PAYLOAD_TOO_LARGE, msg: h5PublishMessages.tooLarge });
    expect((await submit(f.work.id, valid(f, { [f.remark.uuid]: '很'.repeat(1000) }))).statusCode).toBe(200);

    await k.unpublish('ym0032', f.work.id);
    const gone = await submit(f.work.id, valid(f));
    expect(gone.statusCode).toBe(404);
    expect(gone.json().msg).toBe(h5PublishMessages.pageGone);
    expect((await submit(ulid(), valid(f))).statusCode).toBe(404);
    expect((await submit('bad', valid(f))).statusCode).toBe(404);
    expect(await rowsOf(f.work.id)).toHaveLength(1);
  });

  it('checks a submission against the version it was filled in; a field removed later is unknown to the new version', async () => {
    const f = await publishedForm('版本');
    const saved = await k.update('ym0032', { ...editable(f.work), pages: [{ ...f.work.pages[0]!, elements: f.work.pages[0]!.elements.filter((e) => e.uuid !== f.sex.uuid) }] });
    expect(saved.status).toBe(200);
    await k.publish('ym0032', f.work.id);
    expect((await submit(f.work.id, { ...valid(f), version: 1 })).statusCode).toBe(200);
    expect((await submit(f.work.id, valid(f))).json().msg).toBe(`表单中没有这个字段：${f.sex.uuid}`);
    expect((await submit(f.work.id, { ...valid(f), version: 3 })).statusCode).toBe(404);
    expect((await rowsOf(f.work.id)).map((r) => r.version)).toEqual([1]);
  });

  it('rate-limits per address and work: the 11th submission in a minute gets 429 with a clear message; other addresses and works go on', async () => {
    const f = await publishedForm('限流');
    const other = await publishedForm('限流二');
    const ip = '198.51.100.7';
    for (let i = 0; i < 10; i++) expect((await submit(f.work.id, valid(f), ip)).statusCode).toBe(200);
    const refused = await submit(f.work.id, valid(f), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: Code.TOO_MANY_REQUESTS, msg: '提交过于频繁，请稍后再试' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await submit(f.work.id, valid(f), '198.51.100.8')).statusCode).toBe(200);
    expect((await submit(other.work.id, valid(other), ip)).statusCode).toBe(200);
    expect(await rowsOf(f.work.id)).toHaveLength(11);
  });
});

describe('rate windows', () => {
  it('counts per key within the window and starts again after it', () => {
    let now = 0;
    const w = rateWindow(3, 60_000, () => now);
    expect([w.hit('a'), w.hit('a'), w.hit('a'), w.hit('a'), w.hit('b')]).toEqual([true, true, true, false, true]);
    expect(w.retryAfter('a')).toBe(60);
    now = 60_001;
    expect(w.hit('a')).toBe(true);
  });

  it('keeps at most maxKeys entries (a flood of addresses cannot grow memory)', () => {
    const w = rateWindow(1, 60_000, () => 0, 100);
    for (let i = 0; i < 1000; i++) w.hit(`k${i}`);
    // The newest keys are still counted.
    expect(w.hit('k999')).toBe(false);
  });
});

describe('data centre', () => {
  it('lists my work’s submissions with the fields’ labels (choices by their labels), newest first, paged and searched; export as xlsx', async () => {
    const f = await publishedForm('数据中心');
    await submit(f.work.id, valid(f));
    await submit(f.work.id, valid(f, { [f.name.uuid]: '李娜', [f.mobile.uuid]: '13900001111', [f.interests.uuid]: ['2'] }));
    const res = await k.post<FormDetailOfWork>('ym0032', fillPath(h5PublishPaths.formList, { workId: f.work.id }), {});
    expect(res.status).toBe(200);
    expect(res.data.total).toBe(2);
    expect(res.data.uuidMap2Name).toMatchObject({ [f.name.uuid]: '姓名', [f.mobile.uuid]: '手机号', [f.store.uuid]: '门店', [f.interests.uuid]: '兴趣' });
    expect(Object.keys(res.data.uuidMap2Name)[0]).toBe(f.name.uuid);
    const [newest, older] = res.data.formRecords;
    expect(newest!.fields).toMatchObject({ [f.name.uuid]: '李娜', [f.interests.uuid]: '枕头', [f.store.uuid]: '杭州西湖店' });
    expect(older!.fields).toMatchObject({ [f.name.uuid]: '张伟', [f.interests.uuid]: '床垫、床品', [f.sex.uuid]: '男', [f.region.uuid]: '上海市 / 上海市 / 徐汇区' });
    expect(newest!.version).toBe(1);

    const search = await k.post<FormDetailOfWork>('ym0032', fillPath(h5PublishPaths.formList, { workId: f.work.id }), { keyword: '13900001111' });
    expect(search.data.formRecords.map((r) => r.fields[f.name.uuid])).toEqual(['李娜']);
    const paging = await k.post<FormDetailOfWork>('ym0032', fillPath(h5PublishPaths.formList, { workId: f.work.id }), { currentPage: 2, pageSize: 20 });
    expect(paging.data).toMatchObject({ formRecords: [], total: 2 });

    expect(await k.post('admin', fillPath(h5PublishPaths.formList, { workId: f.work.id }), {})).toMatchObject({ status: 404, msg: h5Messages.notFound });

    const file = await t.app.inject({ method: 'GET', url: fillPath(h5PublishPaths.formExport, { workId: f.work.id }), headers: authed(k.token.get('ym0032')!) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('数据中心.xlsx')}`);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('表单数据')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 6)).toEqual(['提交时间', '版本', '姓名', '手机号', '门店']);
    expect((sheet.getRow(2).values as unknown[]).slice(2, 6)).toEqual([1, '李娜', '13900001111', '杭州西湖店']);
    expect(String(sheet.getRow(2).getCell(1).value)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(sheet.rowCount).toBe(3);

    const theirs = await t.app.inject({ method: 'GET', url: fillPath(h5PublishPaths.formExport, { workId: f.work.id }), headers: authed(k.token.get('admin')!) });
    expect(theirs.statusCode).toBe(404);
  });
});

describe('GET /p/_/regions', () => {
  it('lists provinces, then a province\'s cities, without a token, cached a day; a bad parent is refused', async () => {
    const provinces = await k.anonymous({ method: 'GET', url: `${h5PublicPaths.regions}?grade=1&parentId=-1` });
    expect(provinces.statusCode).toBe(200);
    expect(provinces.headers['cache-control']).toBe('public, max-age=86400');
    const list = provinces.json() as PublicRegion[];
    expect(list.find((r) => r.id === '330000')).toMatchObject({ name: '浙江省', leaf: false });
    const cities = (await k.anonymous({ method: 'GET', url: `${h5PublicPaths.regions}?grade=2&parentId=330000` })).json() as PublicRegion[];
    expect(cities.map((c) => c.name)).toContain('杭州市');
    const bad = await k.anonymous({ method: 'GET', url: `${h5PublicPaths.regions}?grade=2&parentId=x' or 1=1` });
    expect(bad.statusCode).toBe(400);
  });
});
