import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { fillPath } from '../../../src/contracts/api-path';
import { h5Messages, h5Paths, PAGE_MODE, workContentSchema, type Work } from '../../../src/contracts/h5';
import { h5PublishMessages, h5PublishPaths, type TemplateSummary } from '../../../src/contracts/h5-publish';
import type { Paged } from '../../../src/contracts/common';
import { createTestApp, type TestApp } from '../../test/helper';
import { editable, element, h5Kit } from '../../test/h5-kit';
import { seedTemplates } from './seed/templates';

/** The template centre (spec 7.9, issue 19): the seeded templates, set / unset, list, use. */
let t: TestApp;
let k: Awaited<ReturnType<typeof h5Kit>>;

beforeAll(async () => {
  t = await createTestApp();
  k = await h5Kit(t, ['admin', 'ym0032', 'ym0004']);
});
afterAll(async () => {
  await t?.close();
});

const list = (account: string, body: object = {}) => k.post<Paged<TemplateSummary>>(account, h5PublishPaths.templateList, body);
const flag = (account: string, workId: string, value: string) => k.post<Work>(account, fillPath(h5PublishPaths.template, { workId }), {}, { query: `?flag=${value}` });
const use = (account: string, workId: string) => k.post<Work>(account, fillPath(h5PublishPaths.templateUse, { workId }), {});

describe('the seeded templates', () => {
  it('three templates of the administrator are listed to every designer', async () => {
    for (const account of ['ym0032', 'admin']) {
      const res = await list(account);
      expect(res.status).toBe(200);
      expect(res.data.list.map((w) => w.title).sort()).toEqual(['床垫试睡报名', '节日大促', '门店开业'].sort());
      for (const row of res.data.list) {
        expect(row).toMatchObject({ is_template: true, is_publish: false, creatorName: expect.any(String), mine: account === 'admin' });
        expect(row).not.toHaveProperty('pages');
        expect(row.firstPage!.elements.length).toBeGreaterThan(5);
      }
    }
    expect((await list('ym0032', { keyword: '试睡' })).data.list.map((w) => w.title)).toEqual(['床垫试睡报名']);
    expect((await list('ym0032', { mine: true })).data.list).toEqual([]);
  });

  it('are valid works built of the editor types: a sign-up form with name, mobile, store and submit; a paged holiday sale of 3 pages', () => {
    const [opening, trial, holiday] = seedTemplates();
    for (const w of [opening!, trial!, holiday!]) expect(workContentSchema.safeParse({ pages: w.pages, page_mode: w.mode, height: w.height }).success).toBe(true);
    const form = trial!.pages[0]!.elements.map((e) => [e.name, e.pluginProps.name]);
    expect(form).toEqual(expect.arrayContaining([['form-input', 'name'], ['form-input', 'mobile'], ['form-select', 'storeId'], ['form-submit', undefined]]));
    expect(holiday!.mode).toBe(PAGE_MODE.swiper);
    expect(holiday!.pages).toHaveLength(3);
    // The cover's button goes to the second page by its uuid.
    const go = holiday!.pages[0]!.elements.find((e) => e.events.some((ev) => ev.type === 'page'))!;
    expect(go.events[0]!.value).toBe(holiday!.pages[1]!.uuid);
  });
});

describe('set, list and use', () => {
  it('a work set as template is listed to others (not mine) and to me (mine); unset, it is gone; its version does not move', async () => {
    const w = await k.create('ym0032', { title: '会员招募模板', description: '会员日招募页' });
    const set = await flag('ym0032', w.id, 'true');
    expect(set).toMatchObject({ status: 200, data: { id: w.id, is_template: true, version: w.version } });
    expect((await list('ym0004')).data.list.find((r) => r.id === w.id)).toMatchObject({ mine: false, title: '会员招募模板' });
    expect((await list('ym0032', { mine: true })).data.list.map((r) => r.id)).toEqual([w.id]);
    expect((await list('ym0004', { keyword: '会员日' })).data.list.map((r) => r.id)).toEqual([w.id]);

    expect((await flag('ym0032', w.id, 'false')).data.is_template).toBe(false);
    expect((await list('ym0004')).data.list.map((r) => r.id)).not.toContain(w.id);
    expect(await use('ym0004', w.id)).toMatchObject({ status: 404, msg: h5PublishMessages.templateNotFound });
  });

  it("only the creator sets the flag; a missing or wrong flag is a 400", async () => {
    const w = await k.create('ym0032', { title: '别人的作品' });
    expect(await flag('admin', w.id, 'true')).toMatchObject({ status: 404, msg: h5Messages.notFound });
    expect((await flag('ym0032', w.id, 'yes')).status).toBe(400);
    expect((await k.post('ym0032', fillPath(h5PublishPaths.template, { workId: w.id }), {})).status).toBe(400);
    expect((await k.workOf('ym0032', w.id)).data.is_template).toBe(false);
  });

  it('using a template makes a new work of mine: new ids throughout, page links kept, not published, not a template; the template is unchanged', async () => {
    const w = await k.create('ym0032', { title: '两页模板', page_mode: PAGE_MODE.swiper });
    const second = { uuid: 'page_second01', title: '第二页', type: 'index', elements: [element('text', { text: '<p>第二页</p>' })] };
    const button = element('button', { text: '下一页' }, 100, { events: [{ type: 'page', value: second.uuid }] });
    const saved = (await k.update('ym0032', { ...editable(w), pages: [{ ...w.pages[0]!, elements: [button] }, second] })).data;
    await flag('ym0032', w.id, 'true');
    await k.publish('ym0032', w.id);

    const made = await use('admin', w.id);
    expect(made).toMatchObject({ status: 200, data: { title: '两页模板', page_mode: PAGE_MODE.swiper, is_publish: false, is_template: false, version: 1 } });
    const copy = made.data;
    expect(copy.id).not.toBe(w.id);
    expect(copy.creatorUserId).toBe(k.userIdOf('admin'));
    const oldIds = new Set(saved.pages.flatMap((p) => [p.uuid, ...p.elements.map((e) => e.uuid)]));
    const newIds = copy.pages.flatMap((p) => [p.uuid, ...p.elements.map((e) => e.uuid)]);
    expect(newIds.filter((id) => oldIds.has(id))).toEqual([]);
    expect(new Set(newIds).size).toBe(newIds.length);
    expect(copy.pages[0]!.elements[0]!.events[0]!.value).toBe(copy.pages[1]!.uuid);
    expect(copy.pages[0]!.elements[0]!.uuid).toMatch(/^button_[A-Za-z0-9]{8}$/);

    expect((await k.post('admin', h5Paths.list, {})).data.list.map((r: Work) => r.id)).toContain(copy.id);
    expect((await k.workOf('ym0032', w.id)).data).toMatchObject({ is_template: true, is_publish: true, version: saved.version });
    // A seeded template too.
    const seeded = (await list('ym0004', { keyword: '节日大促' })).data.list[0]!;
    const mine = await use('ym0004', seeded.id);
    expect(mine.data).toMatchObject({ title: '节日大促', page_mode: PAGE_MODE.swiper });
    expect(mine.data.pages).toHaveLength(3);
  });

  it('an unknown id or a plain work is not a template; deleted templates are not listed', async () => {
    expect(await use('admin', ulid())).toMatchObject({ status: 404, msg: h5PublishMessages.templateNotFound });
    const plain = await k.create('ym0032', { title: '普通作品' });
    expect(await use('ym0032', plain.id)).toMatchObject({ status: 404 });
    const gone = await k.create('ym0032', { title: '删除的模板' });
    await flag('ym0032', gone.id, 'true');
    await k.post('ym0032', h5Paths.invalid, { id: gone.id });
    expect((await list('ym0032')).data.list.map((r) => r.id)).not.toContain(gone.id);
    expect(await use('ym0032', gone.id)).toMatchObject({ status: 404 });
  });
});
