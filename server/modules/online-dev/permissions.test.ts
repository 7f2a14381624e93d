import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_BUTTONS, type ModelInfo, type RecordRow } from '../../../src/contracts/online-dev-model';
import { onlineDevPaths } from '../../../src/contracts/online-dev-paths';
import { createTestApp, type TestApp } from '../../test/helper';
import { definition, field, onlineDevKit, staticOptions, type OnlineDevKit } from './test-support';

/**
 * Spec 6 on a model's records: each call needs its button (403 without it, whatever the client
 * shows), the list shows the columns granted, and records outside the caller's data scope are
 * answered like missing ones (404).
 */
let t: TestApp;
let k: OnlineDevKit;
let model: ModelInfo;
let menuCode: string;

/** The record's own properties (always in a row); everything else is a value field. */
const OWN = new Set(['id', 'modelId', 'version', 'creatorUserId', 'creatorTime', 'lastModifyUserId', 'lastModifyTime', 'organizeId']);
const valueKeys = (r: RecordRow) => Object.keys(r).filter((key) => !OWN.has(key)).sort();

const draft = () =>
  definition(
    [
      field('comInput', 'title', '标题', { required: true }),
      field('select', 'kind', '类别', { options: staticOptions(['a', '甲'], ['b', '乙']) }),
      field('comInput', 'secret', '内部备注'),
      field('numInput', 'count', '数量'),
    ],
    {
      columns: [{ key: 'title' }, { key: 'kind' }, { key: 'secret' }, { key: 'count' }, { key: 'creatorTime' }],
      buttons: [...LIST_BUTTONS],
      keywordFields: ['title'],
    },
  );
const rec = () => k.records(model.id);
const sample = { title: '样品A', kind: 'a', secret: '进价 1200', count: 3 };

beforeAll(async () => {
  t = await createTestApp();
  k = await onlineDevKit(t);
  model = await k.publishedModel(draft());
  menuCode = `onlineDev.model.${model.enCode}`;
});
afterAll(async () => {
  await t?.close();
});

describe('buttons', () => {
  let roleId: string;
  let token: string;
  beforeAll(async () => {
    const role = await k.createRole('all');
    roleId = role.id;
    token = (await k.createUser([role.id], 'YM.IT')).token;
  });

  /** The call that needs each button, on a record of its own. */
  const calls: Record<string, (recordId: string, version: number) => Promise<{ status: number; msg: string }>> = {
    btn_add: () => rec().create(token, sample),
    btn_edit: (id, version) => rec().update(token, id, { ...sample, title: '改过' }, version),
    btn_remove: (id) => rec().remove(token, id),
    btn_export: async () => {
      // A refusal is the JSON envelope; a success is the file.
      const res = await t.app.inject({ method: 'POST', url: k.p(onlineDevPaths.export, { id: model.id }), headers: { authorization: `Bearer ${token}` }, payload: {} });
      return { status: res.statusCode, msg: res.statusCode === 200 ? '' : (res.json() as { msg: string }).msg };
    },
    btn_detail: (id) => rec().dataChange(token, id),
  };

  it.each([...LIST_BUTTONS])('without %s the call is refused with 403; granted it, it goes through', async (button) => {
    const mine = (await rec().create(k.admin, sample)).data as RecordRow;
    await k.grantModel(roleId, menuCode, LIST_BUTTONS.filter((b) => b !== button));
    expect(await calls[button]!(mine.id, mine.version)).toMatchObject({ status: 403, msg: '您没有此操作的权限' });
    expect((await rec().get(k.admin, mine.id)).data).toMatchObject({ version: 1, title: '样品A' });

    await k.grantModel(roleId, menuCode, [...LIST_BUTTONS]);
    const res = await calls[button]!(mine.id, mine.version);
    expect(res.status, JSON.stringify(res)).toBe(200);
  });

  it('the template needs btn_add; reading one record needs btn_detail or btn_edit', async () => {
    const mine = (await rec().create(k.admin, sample)).data as RecordRow;
    await k.grantModel(roleId, menuCode, ['btn_export']);
    expect((await k.get(k.p(onlineDevPaths.template, { id: model.id }), token)).status).toBe(403);
    expect(await rec().get(token, mine.id)).toMatchObject({ status: 403 });
    await k.grantModel(roleId, menuCode, ['btn_edit']);
    expect((await rec().get(token, mine.id)).status).toBe(200);
    await k.grantModel(roleId, menuCode, ['btn_detail']);
    expect((await rec().get(token, mine.id)).status).toBe(200);
    await k.grantModel(roleId, menuCode, ['btn_add']);
    expect((await t.app.inject({ method: 'GET', url: k.p(onlineDevPaths.template, { id: model.id }), headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
  });

  it('without the menu entry itself nothing goes, not even the list or Config', async () => {
    const outsider = (await k.createUser([(await k.createRole('all')).id], 'YM.IT')).token;
    expect((await rec().list(outsider)).status).toBe(403);
    expect((await rec().config(outsider)).status).toBe(403);
    expect((await rec().create(outsider, sample)).status).toBe(403);
  });
});

describe('columns', () => {
  let roleId: string;
  let token: string;
  beforeAll(async () => {
    const role = await k.createRole('all');
    roleId = role.id;
    token = (await k.createUser([role.id], 'YM.IT')).token;
    await rec().create(k.admin, sample);
  });

  it('a role granted some columns gets only those in Config and in the list rows', async () => {
    await k.grantModel(roleId, menuCode, ['btn_add'], ['title', 'count']);
    const config = await rec().config(token);
    expect(config.data.list.columns.map((c: { key: string }) => c.key)).toEqual(['title', 'count']);
    // The form is whole: a user who may add fills every field.
    expect(config.data.form.fields.map((f: { key: string }) => f.key)).toEqual(['title', 'kind', 'secret', 'count']);
    const rows = (await rec().list(token)).data.list as RecordRow[];
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(valueKeys(r)).toEqual(['count', 'title'].filter((key) => key in r));
    expect(rows.some((r) => 'secret' in r || 'kind' in r)).toBe(false);
  });

  it('who may open a record (btn_detail or btn_edit) gets its data whole in the list', async () => {
    for (const button of ['btn_detail', 'btn_edit']) {
      await k.grantModel(roleId, menuCode, [button], ['title']);
      expect((await rec().config(token)).data.list.columns.map((c: { key: string }) => c.key)).toEqual(['title']);
      const rows = (await rec().list(token)).data.list as RecordRow[];
      expect(rows.some((r) => r.secret === '进价 1200')).toBe(true);
    }
  });

  it('an administrator sees every column', async () => {
    expect((await rec().config(k.admin)).data.list.columns.map((c: { key: string }) => c.key)).toEqual(['title', 'kind', 'secret', 'count', 'creatorTime']);
  });
});

describe('data scopes', () => {
  let scoped: ModelInfo;
  const made = new Map<string, RecordRow>();
  const tokens = new Map<string, string>();
  const srec = () => k.records(scoped.id);
  const seen = async (who: string) => ((await srec().list(tokens.get(who)!, 'pageSize=100')).data.list as RecordRow[]).map((r) => r.title as string).sort();

  beforeAll(async () => {
    scoped = await k.publishedModel(draft());
    const roles: Record<string, string> = {};
    for (const scope of ['self', 'department', 'departmentAndBelow', 'company']) {
      const role = await k.createRole(scope);
      await k.grantModel(role.id, `onlineDev.model.${scoped.enCode}`, [...LIST_BUTTONS]);
      roles[scope] = role.id;
    }
    // Who, in which department, with which scope.
    const people: [string, string, string][] = [
      ['self1', 'YM.OPS.SHXH', 'self'],
      ['self2', 'YM.OPS.SHXH', 'self'],
      ['dept1', 'YM.OPS.SHXH', 'department'],
      ['dept2', 'YM.OPS.SHPD', 'department'],
      ['below', 'YM.OPS', 'departmentAndBelow'],
      ['company', 'YM.FIN', 'company'],
    ];
    for (const [who, dept, scope] of people) {
      const { token } = await k.createUser([roles[scope]!], dept);
      tokens.set(who, token);
      const res = await srec().create(token, { title: who });
      expect(res.status, JSON.stringify(res)).toBe(200);
      made.set(who, res.data as RecordRow);
    }
  });

  it('self: only one’s own records', async () => {
    expect(await seen('self1')).toEqual(['self1']);
    expect(await seen('self2')).toEqual(['self2']);
  });

  it('department: the records made in one’s own department', async () => {
    expect(await seen('dept1')).toEqual(['dept1', 'self1', 'self2']);
    expect(await seen('dept2')).toEqual(['dept2']);
  });

  it('department and below: the stores under the operations department too', async () => {
    expect(await seen('below')).toEqual(['below', 'dept1', 'dept2', 'self1', 'self2']);
  });

  it('company: every record of the company', async () => {
    expect(await seen('company')).toEqual(['below', 'company', 'dept1', 'dept2', 'self1', 'self2']);
  });

  it.each([
    ['self1', 'self2'],
    ['dept1', 'dept2'],
    ['dept2', 'below'],
  ])('%s gets 404 for the record of %s on GET, PUT, DELETE and DataChange', async (who, owner) => {
    const token = tokens.get(who)!;
    const r = made.get(owner)!;
    const notFound = { status: 404, msg: '记录不存在或已删除' };
    expect(await srec().get(token, r.id)).toMatchObject(notFound);
    expect(await srec().dataChange(token, r.id)).toMatchObject(notFound);
    expect(await srec().update(token, r.id, { title: '越权修改' }, r.version)).toMatchObject(notFound);
    expect(await srec().remove(token, r.id)).toMatchObject(notFound);
    expect((await srec().get(k.admin, r.id)).data).toMatchObject({ title: owner, version: 1 });
  });

  it('a record in scope is read, edited and deleted', async () => {
    const token = tokens.get('dept1')!;
    const r = made.get('self1')!;
    expect((await srec().get(token, r.id)).data.title).toBe('self1');
    expect((await srec().update(token, r.id, { title: 'self1', count: 5 }, r.version)).data).toMatchObject({ version: 2, count: 5 });
    expect((await srec().remove(token, r.id)).status).toBe(200);
    expect((await srec().get(k.admin, r.id)).status).toBe(404);
  });

  it('the total each scope is told (kept counts, no search) is the number of records it sees, also after a delete', async () => {
    const totals = async () => {
      const out: Record<string, number> = {};
      for (const who of tokens.keys()) {
        const page = (await srec().list(tokens.get(who)!, 'pageSize=100')).data as { list: RecordRow[]; pagination: { total: number } };
        expect(page.pagination.total, who).toBe(page.list.length);
        out[who] = page.pagination.total;
      }
      return out;
    };
    const before = await totals();
    const r = (await srec().create(tokens.get('self2')!, { title: 'self2 again' })).data as RecordRow;
    expect(await totals()).toEqual({ ...before, self2: before.self2! + 1, dept1: before.dept1! + 1, below: before.below! + 1, company: before.company! + 1 });
    expect((await srec().remove(tokens.get('self2')!, r.id)).status).toBe(200);
    expect(await totals()).toEqual(before);
  });
});
