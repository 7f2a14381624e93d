import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../src/contracts/codes';
import type { MenuItem } from '../../../src/contracts/menu';
import type { FieldDataOption, ModelInfo, ModelOption } from '../../../src/contracts/online-dev-model';
import { onlineDevPaths } from '../../../src/contracts/online-dev-paths';
import { createTestApp, tokenFor, type TestApp } from '../../test/helper';
import { definition, field, onlineDevKit, staticOptions, uniqueCode, type OnlineDevKit } from './test-support';

/** The model designer's calls (功能设计): drafts, If-Match, publishing to a type-3 menu entry, grants. */
let t: TestApp;
let k: OnlineDevKit;
/** ym0005: a shop assistant of 上海徐汇店 (role staff, no designer grant). */
let clerk: string;
/** ym0004: the store manager of 上海徐汇店 (role storeManager, no designer grant). */
let manager: string;

const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((n) => [n, ...flatten(n.children ?? [])]);
const menuOf = async (token: string) => flatten((await k.get('/Permission/Users/App/CurrentUser', token)).data.menuList as MenuItem[]);

/** A small valid model: a visit log with a name, a kind and a count. */
const visitDraft = () =>
  definition(
    [
      field('comInput', 'title', '标题', { required: true }),
      field('select', 'kind', '类别', { options: staticOptions(['a', '甲'], ['b', '乙']) }),
      field('numInput', 'count', '数量', { min: 0 }),
    ],
    {
      columns: [{ key: 'title' }, { key: 'kind', label: '类别名称' }, { key: 'count', sortable: true }, { key: 'creatorTime' }],
      buttons: ['btn_add', 'btn_edit', 'btn_detail'],
      keywordFields: ['title'],
    },
  );

beforeAll(async () => {
  t = await createTestApp();
  k = await onlineDevKit(t);
  clerk = await tokenFor(t.app, 'ym0005');
  manager = await tokenFor(t.app, 'ym0004');
});
afterAll(async () => {
  await t?.close();
});

describe('drafts', () => {
  it('an administrator creates a model; it is listed, unpublished and not offered to pickers', async () => {
    const info = await k.createModel(visitDraft(), { fullName: '来访登记' });
    expect(info).toMatchObject({ fullName: '来访登记', category: 'other', version: 1, publishedVersion: 0, changed: true, menuCode: null, recordCount: 0 });
    expect(info.draft.form.fields.map((f) => f.key)).toEqual(['title', 'kind', 'count']);
    const page = await k.get(`${onlineDevPaths.models}?keyword=${encodeURIComponent('来访登记')}`);
    expect(page.data.list.map((m: ModelInfo) => m.id)).toEqual([info.id]);
    expect(page.data.list[0]).not.toHaveProperty('draft');
    const selector = (await k.get(onlineDevPaths.selector)).data.list as ModelOption[];
    expect(selector.some((m) => m.id === info.id)).toBe(false);
    // A second model of the same code is refused.
    const twin = await k.req('POST', onlineDevPaths.models, k.admin, { fullName: '另一个', enCode: info.enCode, draft: visitDraft() });
    expect(twin).toMatchObject({ status: 400, code: 400 });
  });

  it('saves the draft with If-Match; a stale version gets 409 with the current model', async () => {
    const info = await k.createModel(visitDraft());
    const url = k.p(onlineDevPaths.model, { id: info.id });
    const renamed = { ...visitDraft(), form: { ...visitDraft().form, labelWidth: 120 } };
    const saved = await k.req('PUT', url, k.admin, { fullName: '改名了', enCode: info.enCode, draft: renamed }, { 'If-Match': '1' });
    expect(saved).toMatchObject({ status: 200, msg: '保存成功', data: { version: 2, fullName: '改名了' } });
    expect(saved.data.draft.form.labelWidth).toBe(120);

    const stale = await k.req('PUT', url, k.admin, { fullName: '过期的', enCode: info.enCode, draft: visitDraft() }, { 'If-Match': '1' });
    expect(stale).toMatchObject({ status: 409, code: Code.CONFLICT });
    expect(stale.data).toMatchObject({ id: info.id, version: 2, fullName: '改名了' });
    expect(stale.data.draft.form.labelWidth).toBe(120);
    expect((await k.get(url)).data).toMatchObject({ version: 2, fullName: '改名了' });
    expect((await k.req('DELETE', url, k.admin, undefined, { 'If-Match': '1' })).status).toBe(409);
  });

  it('FieldDataSelect answers the value fields of a model', async () => {
    const info = await k.createModel(visitDraft());
    const res = await k.get(k.p(onlineDevPaths.fieldDataSelect, { id: info.id }), clerk);
    expect(res.status).toBe(200);
    expect(res.data.list as FieldDataOption[]).toEqual([
      { field: 'title', fieldName: '标题', jnpfKey: 'comInput' },
      { field: 'kind', fieldName: '类别', jnpfKey: 'select' },
      { field: 'count', fieldName: '数量', jnpfKey: 'numInput' },
    ]);
  });
});

describe('publishing', () => {
  it.each([
    ['no fields', definition([]), '表单还没有字段'],
    ['a select without options', definition([field('select', 'kind', '类别')]), '字段「类别」还没有选项'],
    ['a duplicate key', definition([field('comInput', 'a', '甲'), field('comInput', 'a', '乙')]), '字段名「a」重复'],
    ['a reserved key', definition([field('comInput', 'version', '版本')]), '字段名「version」是保留字，请换一个'],
    ['a bad formula', definition([field('numInput', 'a', '甲'), field('calculate', 'c', '合计', { expression: '{a} + {nope}' })]), '计算公式「合计」引用的字段「nope」不存在或不是数字'],
    ['a column not in the form', definition([field('comInput', 'a', '甲')], { columns: [{ key: 'ghost' }] }), '列表列「ghost」不是表单中的字段'],
  ])('refuses a definition with %s (the first problem is the message)', async (_, draft, msg) => {
    const info = await k.createModel(draft);
    const res = await k.req('POST', k.p(onlineDevPaths.publish, { id: info.id }), k.admin, { fullName: info.fullName });
    expect(res).toMatchObject({ status: 400, code: 400, msg });
    expect((await k.get(k.p(onlineDevPaths.model, { id: info.id }))).data).toMatchObject({ publishedVersion: 0, menuCode: null });
  });

  it('creates the type-3 menu entry with the list buttons and columns, and the code stays', async () => {
    const info = await k.createModel(visitDraft(), { fullName: '来访记录' });
    const res = await k.req('POST', k.p(onlineDevPaths.publish, { id: info.id }), k.admin, { fullName: '来访记录', parent: 'storeBiz', icon: 'book', sortCode: 30 });
    expect(res).toMatchObject({ status: 200, msg: '发布成功' });
    expect(res.data).toMatchObject({ publishedVersion: 1, changed: false, menuCode: `onlineDev.model.${info.enCode}`, menuParent: 'storeBiz' });

    const entry = (await menuOf(k.admin)).find((m) => m.enCode === `onlineDev.model.${info.enCode}`);
    expect(entry).toMatchObject({ type: 3, fullName: '来访记录', icon: 'book', urlAddress: `lowCode/${info.enCode}`, propertyJson: { moduleId: info.id, isTree: 0 } });
    const parent = (await menuOf(k.admin)).find((m) => m.enCode === 'storeBiz')!;
    expect(entry!.parentId).toBe(parent.id);

    const a = await k.authority(k.roles.get('admin')!.id);
    const module = a.modules.find((m) => m.enCode === `onlineDev.model.${info.enCode}`)!;
    expect(a.buttons.filter((b) => b.moduleId === module.id).map((b) => [b.enCode, b.fullName])).toEqual([
      ['btn_add', '新建'],
      ['btn_edit', '编辑'],
      ['btn_detail', '详情'],
    ]);
    expect(a.columns.filter((c) => c.moduleId === module.id).map((c) => [c.enCode, c.fullName])).toEqual([
      ['title', '标题'],
      ['kind', '类别名称'],
      ['count', '数量'],
      ['creatorTime', '创建时间'],
    ]);
    expect(a.granted.module).toContain(module.id);
    expect((await k.get(onlineDevPaths.selector, clerk)).data.list.some((m: ModelOption) => m.id === info.id)).toBe(true);

    // Once published, the code names the menu entry: it cannot change.
    const recode = await k.req('PUT', k.p(onlineDevPaths.model, { id: info.id }), k.admin, { fullName: '来访记录', enCode: `${info.enCode}x`, draft: visitDraft() });
    expect(recode).toMatchObject({ status: 400, msg: '已发布的功能不能修改编码' });
  });

  it('publishing again keeps the entry and follows the list: a removed button goes, with its grants', async () => {
    const info = await k.publishedModel(visitDraft(), { roles: ['staff'] });
    const code = `onlineDev.model.${info.enCode}`;
    const before = (await menuOf(k.admin)).find((m) => m.enCode === code)!;
    const draft = visitDraft();
    draft.list.buttons = ['btn_add', 'btn_detail'];
    draft.list.columns = [{ key: 'title' }, { key: 'count', sortable: true }];
    const saved = await k.saveDraft(info, draft);
    expect(saved.changed).toBe(true);
    const again = await k.publish(saved, { roles: ['staff'] });
    expect(again).toMatchObject({ publishedVersion: 2, changed: false });
    expect((await menuOf(k.admin)).find((m) => m.enCode === code)!.id).toBe(before.id);
    const a = await k.authority(k.roles.get('staff')!.id);
    const mine = (list: { moduleId: string; id: string; enCode: string }[]) => list.filter((x) => x.moduleId === before.id);
    expect(mine(a.buttons).map((b) => b.enCode)).toEqual(['btn_add', 'btn_detail']);
    expect(mine(a.columns).map((c) => c.enCode)).toEqual(['title', 'count']);
    expect(a.granted.button.filter((id) => mine(a.buttons).some((b) => b.id === id))).toHaveLength(2);
    const edit = await k.records(info.id).update(clerk, '01JAAAAAAAAAAAAAAAAAAAAAAA', { title: 'x' });
    expect(edit.status).toBe(403);
  });

  it('granting the entry to a role lets its staff list records; without it they get 403', async () => {
    const hidden = await k.publishedModel(visitDraft());
    expect((await k.records(hidden.id).list(clerk)).status).toBe(403);
    expect((await k.records(hidden.id).config(clerk)).status).toBe(403);
    expect((await menuOf(clerk)).some((m) => m.enCode === `onlineDev.model.${hidden.enCode}`)).toBe(false);

    // Under a directory the role did not hold: the entry shows with the directory above it.
    const shared = await k.publish(await k.createModel(visitDraft()), { roles: ['staff'], parent: 'onlineDev' });
    const menu = (await k.get('/Permission/Users/App/CurrentUser', clerk)).data.menuList as MenuItem[];
    const dir = menu.find((m) => m.enCode === 'onlineDev')!;
    expect(dir.children.map((m) => m.enCode)).toEqual([`onlineDev.model.${shared.enCode}`]);
    expect((await menuOf(clerk)).some((m) => m.enCode === `onlineDev.model.${shared.enCode}`)).toBe(true);
    const created = await k.records(shared.id).create(clerk, { title: '张先生来访', kind: 'a', count: 2 });
    expect(created.status, JSON.stringify(created)).toBe(200);
    const list = await k.records(shared.id).list(clerk);
    expect(list).toMatchObject({ status: 200, data: { pagination: { total: 1 } } });
    expect(list.data.list[0]).toMatchObject({ title: '张先生来访', kind: 'a', count: 2 });
    const config = await k.records(shared.id).config(clerk);
    expect(config.data).toMatchObject({ id: shared.id, enCode: shared.enCode, publishedVersion: 1, menuCode: `onlineDev.model.${shared.enCode}` });
    expect(config.data.list.columns.map((c: { key: string }) => c.key)).toEqual(['title', 'kind', 'count', 'creatorTime']);
  });
});

describe('deleting', () => {
  it('a model with records is refused; without records it goes with its menu entry', async () => {
    const used = await k.publishedModel(visitDraft());
    expect((await k.records(used.id).create(k.admin, { title: '有数据' })).status).toBe(200);
    const refused = await k.req('DELETE', k.p(onlineDevPaths.model, { id: used.id }), k.admin);
    expect(refused).toMatchObject({ status: 400, msg: '该功能已有数据，不能删除' });
    expect((await k.get(k.p(onlineDevPaths.model, { id: used.id }))).data.recordCount).toBe(1);

    const empty = await k.publishedModel(visitDraft(), { roles: ['staff'] });
    const indexes = async () =>
      ((await t.db.execute(sql`select indexname from pg_indexes where indexname like ${`rec_${empty.id.toLowerCase()}_%`}`)) as unknown as { rows: unknown[] }).rows.length;
    expect(await indexes()).toBeGreaterThan(0);
    expect(await k.req('DELETE', k.p(onlineDevPaths.model, { id: empty.id }), k.admin, undefined, { 'If-Match': '1' })).toMatchObject({ status: 200, msg: '删除成功' });
    expect((await k.get(k.p(onlineDevPaths.model, { id: empty.id }))).status).toBe(404);
    expect((await menuOf(k.admin)).some((m) => m.enCode === `onlineDev.model.${empty.enCode}`)).toBe(false);
    expect((await k.records(empty.id).list(k.admin)).status).toBe(404);
    const a = await k.authority(k.roles.get('staff')!.id);
    expect(a.modules.some((m) => m.enCode === `onlineDev.model.${empty.enCode}`)).toBe(false);
    expect(await indexes()).toBe(0);
  });
});

describe('who may design', () => {
  it('a user without the designer grant gets 403 on every designer call', async () => {
    const info = await k.createModel(visitDraft());
    const url = k.p(onlineDevPaths.model, { id: info.id });
    for (const token of [clerk, manager]) {
      expect((await k.get(onlineDevPaths.models, token)).status).toBe(403);
      expect((await k.get(url, token)).status).toBe(403);
      expect((await k.req('POST', onlineDevPaths.models, token, { fullName: '偷建', enCode: uniqueCode('x'), draft: visitDraft() })).status).toBe(403);
      expect((await k.req('PUT', url, token, { fullName: '偷改', enCode: info.enCode, draft: visitDraft() })).status).toBe(403);
      expect((await k.req('POST', k.p(onlineDevPaths.publish, { id: info.id }), token, { fullName: '偷发' })).status).toBe(403);
      expect((await k.req('DELETE', url, token)).status).toBe(403);
    }
    expect((await k.get(url)).data).toMatchObject({ version: 1, publishedVersion: 0 });
  });

  it('a role granted the designer with only the view may read models but not save or publish', async () => {
    const role = await k.createRole('all');
    await k.grantModel(role.id, 'onlineDev.webDesign', []);
    const { token } = await k.createUser([role.id], 'YM.IT');
    const info = await k.createModel(visitDraft());
    expect((await k.get(k.p(onlineDevPaths.model, { id: info.id }), token)).status).toBe(200);
    expect((await k.req('PUT', k.p(onlineDevPaths.model, { id: info.id }), token, { fullName: 'x', enCode: info.enCode, draft: visitDraft() })).status).toBe(403);
    expect((await k.req('POST', k.p(onlineDevPaths.publish, { id: info.id }), token, { fullName: 'x' })).status).toBe(403);
  });
});
