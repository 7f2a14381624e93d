import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DictionaryDataRow, DictionaryTypeRow } from '../../src/contracts/base';
import type { Paged } from '../../src/contracts/common';
import { LIST_SORT_FIELDS } from '../../src/contracts/list-sort';
import type { NoticeRow } from '../../src/contracts/message';
import type { PositionRow, RoleRow, UserRow } from '../../src/contracts/org';
import { authed, call, createTestApp, tokenFor, type TestApp } from '../test/helper';

/** The list sort field (`sidx` + `sort`, src/contracts/list-sort.ts) on every main list. */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenFor(t.app, 'admin');
});
afterAll(async () => {
  await t?.close();
});

const get = async <T>(url: string): Promise<T> => {
  const res = await call(t.app, { method: 'GET', url, headers: authed(admin) });
  expect(res, JSON.stringify(res)).toMatchObject({ status: 200, code: 200 });
  return res.data as T;
};
const isNull = (v: unknown) => v === null || v === undefined;
/** Whether the values are in order, ascending or descending, nulls last either way. */
const ordered = (values: unknown[], dir: 'asc' | 'desc') =>
  values.every((v, i) => {
    if (i === 0) return true;
    const prev = values[i - 1] as string | number;
    if (isNull(v)) return true;
    if (isNull(prev)) return false;
    return dir === 'asc' ? prev <= (v as typeof prev) : prev >= (v as typeof prev);
  });

describe('list sort field (sidx)', () => {
  it('users: each whitelisted field both ways, across pages, with the default order breaking ties', async () => {
    for (const field of ['account', 'realName', 'mobilePhone', 'entryDate', 'enabledMark'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        const one = await get<Paged<UserRow>>(`/Permission/Users?pageSize=20&sidx=${field}&sort=${dir}`);
        const two = await get<Paged<UserRow>>(`/Permission/Users?pageSize=20&currentPage=2&sidx=${field}&sort=${dir}`);
        const values = [...one.list, ...two.list].map((u) => (field === 'enabledMark' ? u.enabledMark : (u[field] ?? null)));
        expect(ordered(values, dir), `${field} ${dir}: ${JSON.stringify(values)}`).toBe(true);
        // Pages do not overlap: the order is total.
        const ids = new Set(one.list.map((u) => u.id));
        expect(two.list.filter((u) => ids.has(u.id))).toEqual([]);
      }
    }
    const byName = await get<Paged<UserRow>>('/Permission/Users?pageSize=50&sidx=account&sort=desc');
    expect(byName.list[0]!.account > byName.list[1]!.account).toBe(true);
  });

  it('an unknown or unlisted sidx keeps the default order (no error), also for names of Object.prototype', async () => {
    const plain = await get<Paged<UserRow>>('/Permission/Users?pageSize=50');
    for (const sidx of ['password', 'passwordHash', 'constructor', '__proto__', 'department']) {
      const res = await get<Paged<UserRow>>(`/Permission/Users?pageSize=50&sidx=${sidx}&sort=desc`);
      expect(res.list.map((u) => u.id), sidx).toEqual(plain.list.map((u) => u.id));
    }
  });

  it('positions, roles and bill rules sort by their fields', async () => {
    const pos = await get<Paged<PositionRow>>('/Permission/Position?pageSize=100&sidx=enCode&sort=desc');
    expect(ordered(pos.list.map((p) => p.enCode), 'desc')).toBe(true);
    const posAsc = await get<Paged<PositionRow>>('/Permission/Position?pageSize=100&sidx=fullName');
    expect(ordered(posAsc.list.map((p) => p.fullName), 'asc')).toBe(true);

    const roles = await get<Paged<RoleRow>>('/Permission/Role?pageSize=100&sidx=userCount&sort=desc');
    expect(roles.list.length).toBeGreaterThan(1);
    expect(ordered(roles.list.map((r) => r.userCount), 'desc')).toBe(true);
    const rolesByCode = await get<Paged<RoleRow>>('/Permission/Role?pageSize=100&sidx=enCode&sort=asc');
    expect(ordered(rolesByCode.list.map((r) => r.enCode), 'asc')).toBe(true);

    const bills = await get<Paged<{ enCode: string }>>('/api/craft/Base/BillRule?sidx=enCode&sort=asc');
    expect(ordered(bills.list.map((b) => b.enCode), 'asc')).toBe(true);
  });

  it('notices: by title either way; without sidx still newest first', async () => {
    for (const title of ['排序乙', '排序甲', '排序丙']) {
      const res = await call(t.app, { method: 'POST', url: '/Message', headers: authed(admin), payload: { title, bodyText: '<p>x</p>' } });
      expect(res).toMatchObject({ code: 200 });
    }
    const asc = await get<Paged<NoticeRow>>(`/Message/Notice?keyword=${encodeURIComponent('排序')}&sidx=title&sort=asc`);
    expect(asc.list.map((n) => n.title)).toEqual(['排序丙', '排序乙', '排序甲'].sort());
    const desc = await get<Paged<NoticeRow>>(`/Message/Notice?keyword=${encodeURIComponent('排序')}&sidx=title&sort=desc`);
    expect(desc.list.map((n) => n.title)).toEqual(['排序丙', '排序乙', '排序甲'].sort().reverse());
    const plain = await get<Paged<NoticeRow>>(`/Message/Notice?keyword=${encodeURIComponent('排序')}`);
    expect(plain.list.map((n) => n.title)).toEqual(['排序丙', '排序甲', '排序乙']);
  });

  it('dictionary data: siblings of a tree sorted among themselves, flat types in order', async () => {
    const walk = (rows: DictionaryTypeRow[]): DictionaryTypeRow[] => rows.flatMap((r) => [r, ...walk(r.children ?? [])]);
    const types = walk((await get<{ list: DictionaryTypeRow[] }>('/Base/DictionaryType')).list);
    const sex = types.find((r) => r.enCode === 'sex')!;
    const flat = (await get<{ list: DictionaryDataRow[] }>(`/Base/DictionaryData/${sex.id}?sidx=enCode&sort=desc`)).list;
    expect(flat.map((r) => r.enCode)).toEqual(['3', '2', '1']);
    const tree = types.find((r) => r.isTree === 1)!;
    const nested = (await get<{ list: DictionaryDataRow[] }>(`/Base/DictionaryData/${tree.id}?sidx=enCode&sort=desc`)).list;
    const levels = (rows: DictionaryDataRow[]): string[][] => [rows.map((r) => r.enCode), ...rows.flatMap((r) => levels(r.children ?? []))];
    for (const level of levels(nested)) expect(ordered(level, 'desc'), JSON.stringify(level)).toBe(true);
  });

  it('every whitelisted field is accepted by its list', async () => {
    const urls: Record<keyof typeof LIST_SORT_FIELDS, string> = {
      users: '/Permission/Users',
      positions: '/Permission/Position',
      roles: '/Permission/Role',
      notices: '/Message/Notice',
      billRules: '/api/craft/Base/BillRule',
      dictionaryData: '',
    };
    for (const [list, fields] of Object.entries(LIST_SORT_FIELDS)) {
      const url = urls[list as keyof typeof LIST_SORT_FIELDS];
      if (!url) continue;
      for (const field of fields) for (const dir of ['asc', 'desc']) await get(`${url}?sidx=${field}&sort=${dir}`);
    }
  });
});
