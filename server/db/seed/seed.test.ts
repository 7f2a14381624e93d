import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { areas, billRules, dataMigrations, dictionaryData, dictionaryTypes, h5Works, messageReceipts, messages, modules, organizes, positions, regions, roleAuthorize, roles, userRoles, users } from '../schema';
import type { Db } from '../client';
import { seed } from './index';
import { DEMO_STAFF_COUNT } from './demo';
import { DEMO_MAIL_DOMAIN, FEMALE_GIVEN_NAMES, MALE_GIVEN_NAMES, SURNAMES } from './demo-names';
import { foundationMenus, upsertMenus } from './menus';
import { baseMenus, loadDivisions } from '../../modules/base/seed';
import { messageMenus, WELCOME_TITLE } from '../../modules/message/seed';
import { orgMenus } from '../../modules/org/seed';
import { permissionMenus } from '../../modules/permission/seed';
import { h5Menus } from '../../modules/h5/seed';
import { onlineDevMenus } from '../../modules/online-dev/seed';
import { workflowMenus } from '../../modules/workflow/seed';
import { rules } from '../../../src/contracts/validation';
import type { MenuItem } from '../../../src/contracts/menu';
import { ADMIN_PASSWORD, authed, call, createTestDatabase, login, tokenFor, type TestDatabase } from '../../test/helper';

const count = async (db: Db, table: Parameters<ReturnType<Db['select']>['from']>[0]) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

const appFor = (db: Db) => buildApp({ tokenTtlMs: 3600_000, staticDir: null, trustProxy: false, logLevel: 'silent' }, db);

/** The menus seeded: each module's list, and online development's published models (3), dynamic dictionary and report. */
const allMenus = foundationMenus.length + orgMenus.length + permissionMenus.length + baseMenus.length + messageMenus.length + h5Menus.length + onlineDevMenus.length + workflowMenus.length + 5;

const menuCodes = (list: MenuItem[]): string[] => list.flatMap((m) => [m.enCode, ...menuCodes(m.children)]);

describe('seed with demo data', () => {
  let d: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    d = await createTestDatabase();
    app = await appFor(d.db);
  });
  afterAll(async () => {
    await app?.close();
    await d?.close();
  });

  it('creates the admin, about fifty staff, the organisation and the foundation menu', async () => {
    const result = await seed(d.db, { adminPassword: ADMIN_PASSWORD, demoData: true });
    expect(result).toEqual({ generatedPassword: null, created: true });
    const staff = await d.db.select({ account: users.account }).from(users).orderBy(users.account);
    expect(staff.length).toBe(DEMO_STAFF_COUNT + 1);
    expect(staff.map((u) => u.account)).toContain('admin');
    expect(staff.map((u) => u.account)).toContain('ym0001');
    expect(await count(d.db, modules)).toBe(allMenus);
    // Demo staff share the admin's password.
    expect((await login(app, 'ym0001', ADMIN_PASSWORD)).code).toBe(200);
    expect((await login(app, 'admin', ADMIN_PASSWORD)).code).toBe(200);
  });

  it('the demo company looks real: staff ym0001…ym0050, names that fit the gender, unique company e-mails, department heads, position types', async () => {
    const all = await d.db.select().from(users).orderBy(users.account);
    const staff = all.filter((u) => u.account !== 'admin');
    expect(staff.map((u) => u.account)).toEqual(Array.from({ length: DEMO_STAFF_COUNT }, (_, i) => `ym${String(i + 1).padStart(4, '0')}`));
    expect(DEMO_STAFF_COUNT).toBe(50);

    // Every user (the admin too) has a company address, no two the same.
    for (const u of all) expect(u.email, u.account).toMatch(rules.email.pattern);
    expect(all.every((u) => u.email!.endsWith(`@${DEMO_MAIL_DOMAIN}`))).toBe(true);
    expect(new Set(all.map((u) => u.email!.toLowerCase())).size).toBe(all.length);
    expect(new Set(staff.map((u) => u.realName)).size).toBe(staff.length);

    // Surname + a given name drawn from the list for the user's gender; both genders present.
    const surnames = new Set(SURNAMES.map(([h]) => h));
    const givenOf = { '1': new Set(MALE_GIVEN_NAMES.map(([h]) => h)), '2': new Set(FEMALE_GIVEN_NAMES.map(([h]) => h)) };
    for (const u of staff) {
      expect(['1', '2'], u.account).toContain(u.gender);
      expect(surnames.has(u.realName.slice(0, 1)), u.realName).toBe(true);
      expect(givenOf[u.gender as '1' | '2'].has(u.realName.slice(1)), `${u.realName} (${u.gender})`).toBe(true);
    }
    // No given name is on both lists, so no woman's name is on a man and the other way round.
    expect([...givenOf['1']].filter((g) => givenOf['2'].has(g))).toEqual([]);
    const women = staff.filter((u) => u.gender === '2').length;
    expect(women).toBeGreaterThan(15);
    expect(staff.length - women).toBeGreaterThan(15);
    // The address is the name in pinyin.
    const pinyin = new Map([...SURNAMES, ...MALE_GIVEN_NAMES, ...FEMALE_GIVEN_NAMES]);
    const sample = staff.find((u) => u.account === 'ym0004')!;
    expect(sample.email).toBe(`${pinyin.get(sample.realName.slice(0, 1))}${pinyin.get(sample.realName.slice(1))}@${DEMO_MAIL_DOMAIN}`);

    // Every department and the company have a head, one of their own people.
    const orgs = await d.db.select().from(organizes);
    const byId = new Map(all.map((u) => [u.id, u]));
    for (const o of orgs) {
      const head = byId.get(o.managerId ?? '');
      expect(head, o.fullName).toBeDefined();
      if (o.category === 'department') expect(head!.departmentId, o.fullName).toBe(o.id);
    }
    const store = orgs.find((o) => o.enCode === 'YM.OPS.SHXH')!;
    expect(byId.get(store.managerId!)!.account).toBe('ym0004');

    // Every position has its type, a code of the postType dictionary.
    const [postType] = await d.db.select().from(dictionaryTypes).where(eq(dictionaryTypes.enCode, 'postType'));
    const typeCodes = (await d.db.select().from(dictionaryData).where(eq(dictionaryData.dictionaryTypeId, postType!.id))).map((x) => x.enCode);
    const posRows = await d.db.select().from(positions);
    expect(posRows.length).toBeGreaterThanOrEqual(10);
    for (const p of posRows) expect(typeCodes, p.fullName).toContain(p.type);
    expect(posRows.find((p) => p.enCode === 'ENG')!.type).toBe('tech');
  });

  it('running it again changes nothing', async () => {
    const before = {
      users: await count(d.db, users),
      modules: await count(d.db, modules),
      grants: await count(d.db, roleAuthorize),
      orgs: await count(d.db, organizes),
      userRoles: await count(d.db, userRoles),
    };
    const again = await seed(d.db, { adminPassword: 'Different99', demoData: true });
    expect(again).toEqual({ generatedPassword: null, created: false });
    expect({
      users: await count(d.db, users),
      modules: await count(d.db, modules),
      grants: await count(d.db, roleAuthorize),
      orgs: await count(d.db, organizes),
      userRoles: await count(d.db, userRoles),
    }).toEqual(before);
    // The configured password only applies when the admin is created.
    expect((await login(app, 'admin', ADMIN_PASSWORD)).code).toBe(200);
  });

  it('a database from before a data migration gets its menus on the next start, once', async () => {
    // Simulate an older database: the foundation step never ran and one of its entries is missing.
    const [guide] = await d.db.select().from(modules).where(eq(modules.enCode, 'help.guide'));
    await d.db.delete(roleAuthorize).where(eq(roleAuthorize.itemId, guide!.id));
    await d.db.delete(modules).where(eq(modules.id, guide!.id));
    await d.db.delete(dataMigrations);
    const staffToken = await tokenFor(app, 'ym0005');
    const before = await call(app, { method: 'GET', url: '/Permission/Users/App/CurrentUser', headers: authed(staffToken) });
    expect(menuCodes(before.data.menuList)).not.toContain('help.guide');

    await seed(d.db, { adminPassword: ADMIN_PASSWORD, demoData: true });
    expect(await count(d.db, modules)).toBe(allMenus);
    const after = await call(app, { method: 'GET', url: '/Permission/Users/App/CurrentUser', headers: authed(staffToken) });
    expect(menuCodes(after.data.menuList)).toContain('help.guide');
    const applied = await d.db.select().from(dataMigrations);
    expect(applied.map((m) => m.id).sort()).toEqual(['2026-11-20-foundation-menus', '2026-11-21-directory', '2026-11-22-messages', '2026-11-23-chat', '2026-11-26-h5', '2026-11-29-online-dev', '2026-11-29-workflow', '2026-12-10-h5-templates']);

    const grants = await count(d.db, roleAuthorize);
    await seed(d.db, { adminPassword: ADMIN_PASSWORD, demoData: true });
    expect(await count(d.db, modules)).toBe(allMenus);
    expect(await count(d.db, roleAuthorize)).toBe(grants);
  });

  it('seeds the directory: all provinces, cities and districts in three grades, dictionaries, bill rules, quick queries', async () => {
    const divisions = loadDivisions();
    expect(divisions.filter((r) => r.grade === 1).length).toBe(34);
    expect(divisions.filter((r) => r.grade === 2).length).toBeGreaterThan(330);
    expect(divisions.filter((r) => r.grade === 3).length).toBeGreaterThan(2800);
    // Municipalities get a city level of their own name; a city without districts is a leaf.
    const bj = divisions.find((r) => r.name === '北京市' && r.grade === 1)!;
    const bjCity = divisions.find((r) => r.parentId === bj.id)!;
    expect(bjCity).toMatchObject({ name: '北京市', grade: 2, leaf: false });
    expect(divisions.find((r) => r.parentId === bjCity.id && r.name === '朝阳区')).toMatchObject({ grade: 3, leaf: true });
    expect(divisions.find((r) => r.name === '东莞市')).toMatchObject({ grade: 2, leaf: true });
    expect(await count(d.db, regions)).toBe(divisions.length);
    expect(await count(d.db, areas)).toBe(divisions.length);
    expect(await count(d.db, dictionaryTypes)).toBeGreaterThanOrEqual(5);
    expect(await count(d.db, billRules)).toBeGreaterThanOrEqual(3);
    const [admin] = await d.db.select().from(users).where(eq(users.account, 'admin'));
    expect(admin!.quickQuery).toBe('GLY');
  });

  it('seeds the notice screen for administrators only, and one welcome notice to every enabled user', async () => {
    const admin = await call(app, { method: 'GET', url: '/Permission/Users/App/CurrentUser', headers: authed(await tokenFor(app, 'admin')) });
    const system = (admin.data.menuList as MenuItem[]).find((m) => m.enCode === 'system')!;
    expect(system.children.map((c) => c.enCode)).toEqual(['system.area', 'system.billRule', 'system.notice']);
    expect(system.children[2]).toMatchObject({ fullName: '系统公告', icon: 'megaphone', type: 2, urlAddress: 'system/notice' });
    const grant = (admin.data.permissionList as { modelId: string; button: { enCode: string }[]; column: { enCode: string }[] }[]).find(
      (p) => p.modelId === system.children[2]!.id,
    )!;
    expect(grant.button.map((b) => b.enCode)).toEqual(['btn_add', 'btn_edit', 'btn_remove', 'btn_release']);
    expect(grant.column.map((c) => c.enCode)).toEqual(['title', 'enabledMark', 'creatorUser', 'releaseTime', 'readCount']);
    for (const account of ['ym0001', 'ym0005']) {
      const me = await call(app, { method: 'GET', url: '/Permission/Users/App/CurrentUser', headers: authed(await tokenFor(app, account)) });
      expect(menuCodes(me.data.menuList)).not.toContain('system.notice');
    }

    const notices = await d.db.select().from(messages);
    expect(notices).toHaveLength(1);
    const [adminRow] = await d.db.select().from(users).where(eq(users.account, 'admin'));
    expect(notices[0]).toMatchObject({ type: 1, title: WELCOME_TITLE, enabledMark: 1, creatorUserId: adminRow!.id });
    expect(notices[0]!.bodyText).not.toMatch(/<script|on\w+=/i);
    expect(await count(d.db, messageReceipts)).toBe(await count(d.db, users));
    // Re-running the step (an older database) adds no second welcome.
    await d.db.delete(dataMigrations).where(eq(dataMigrations.id, '2026-11-22-messages'));
    await seed(d.db, { adminPassword: ADMIN_PASSWORD, demoData: true });
    expect(await count(d.db, messages)).toBe(1);
    expect(await count(d.db, modules)).toBe(allMenus);
  });

  it('upsertMenus adds a new module’s entries once, granted to the admin and the listed roles', async () => {
    const extra = [
      {
        enCode: 'help.faq',
        parent: 'help',
        fullName: '常见问题',
        icon: 'circle-help',
        type: 7,
        urlAddress: '/help/faq.html',
        linkTarget: '_self' as const,
        sortCode: 93,
        roles: ['staff'],
      },
    ];
    await upsertMenus(d.db, extra);
    await upsertMenus(d.db, extra);
    const rows = await d.db.select().from(modules).where(eq(modules.enCode, 'help.faq'));
    expect(rows).toHaveLength(1);
    const [help] = await d.db.select().from(modules).where(eq(modules.enCode, 'help'));
    expect(rows[0]!.parentId).toBe(help!.id);

    const granted = await d.db
      .select({ role: roles.enCode })
      .from(roleAuthorize)
      .innerJoin(roles, eq(roles.id, roleAuthorize.roleId))
      .where(and(eq(roleAuthorize.itemType, 'module'), inArray(roleAuthorize.itemId, [rows[0]!.id])));
    expect(granted.map((g) => g.role).sort()).toEqual(['admin', 'staff']);

    const staff = await call(app, {
      method: 'GET',
      url: '/Permission/Users/App/CurrentUser',
      headers: authed(await tokenFor(app, 'ym0005')),
    });
    const helpMenu = (staff.data.menuList as MenuItem[]).find((m) => m.enCode === 'help')!;
    expect(helpMenu.children.map((c) => c.enCode)).toEqual(['help.handbook', 'help.guide', 'help.faq']);
    const manager = await call(app, {
      method: 'GET',
      url: '/Permission/Users/App/CurrentUser',
      headers: authed(await tokenFor(app, 'ym0004')),
    });
    expect(menuCodes(manager.data.menuList)).not.toContain('help.faq');
  });
});

describe('seed without demo data or a configured password', () => {
  let d: TestDatabase;
  beforeAll(async () => {
    d = await createTestDatabase();
  });
  afterAll(async () => {
    await d?.close();
  });

  it('creates only the admin, with a generated password that satisfies the password rule and signs in', async () => {
    const result = await seed(d.db, { demoData: false });
    expect(result.created).toBe(true);
    expect(result.generatedPassword).toMatch(rules.password.pattern);
    expect(await count(d.db, users)).toBe(1);

    const app = await appFor(d.db);
    try {
      const res = await login(app, 'admin', result.generatedPassword!);
      expect(res.code).toBe(200);
      const me = await call(app, { method: 'GET', url: '/Permission/Users/App/CurrentUser', headers: authed(res.data.token) });
      expect(menuCodes(me.data.menuList)).toEqual(
        expect.arrayContaining(['workbench', 'system.log', 'dataV.orgOverview', 'help', 'help.handbook', 'help.guide']),
      );
    } finally {
      await app.close();
    }

    // The welcome notice reached the only user; the demo works need the demo company (the three
    // templates of the template centre belong to the admin).
    expect(await count(d.db, messageReceipts)).toBe(1);
    expect(await count(d.db, h5Works)).toBe(3);

    const again = await seed(d.db, { demoData: false });
    expect(again).toEqual({ generatedPassword: null, created: false });
  });
});
