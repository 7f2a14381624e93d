import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { organizes, positions, roles, userRoles, users } from '../schema';
import { newId } from '../../lib/ids';
import { storePlainPassword } from '../../lib/passwords';
import { AVATARS } from '../../../src/contracts/limits';
import { DEMO_MAIL_DOMAIN, FEMALE_GIVEN_NAMES, MALE_GIVEN_NAMES, SURNAMES } from './demo-names';

/** Demo staff accounts: ym0001 … ym0050. */
export const DEMO_STAFF_COUNT = 50;
export const demoAccount = (n: number) => `ym${String(n).padStart(4, '0')}`;

/** Gender of demo staff member `n` ('1' male, '2' female): a fixed mix, a little under half women. */
export const demoGender = (n: number): '1' | '2' => ((n * 37) % 100 < 46 ? '2' : '1');

/**
 * A name for staff member `n` of that gender: surname + a given name typical for the gender, no two
 * staff with the same name; and an address made of it in pinyin (wanghaoran@yunmian.com).
 */
function demoPerson(n: number, gender: '1' | '2', taken: Set<string>): { realName: string; email: string } {
  const given = gender === '2' ? FEMALE_GIVEN_NAMES : MALE_GIVEN_NAMES;
  for (let k = 0; ; k++) {
    const [surname, surnamePinyin] = SURNAMES[(n * 7 + k) % SURNAMES.length]!;
    const [name, namePinyin] = given[(n * 5 + k * 3) % given.length]!;
    if (taken.has(surname + name)) continue;
    taken.add(surname + name);
    let local = surnamePinyin + namePinyin;
    for (let i = 2; taken.has(local); i++) local = `${surnamePinyin}${namePinyin}${i}`;
    taken.add(local);
    return { realName: surname + name, email: `${local}@${DEMO_MAIL_DOMAIN}` };
  }
}

/** Deterministic demo company: departments (with their heads), stores, positions (with their type), roles and 50 staff. */
export async function seedDemo(db: Db, opts: { adminPassword: string; withStaff: boolean }) {
  const roleIds = { admin: newId(), storeManager: newId(), staff: newId() };
  await db.insert(roles).values([
    { id: roleIds.admin, enCode: 'admin', fullName: '系统管理员' },
    { id: roleIds.storeManager, enCode: 'storeManager', fullName: '店长' },
    { id: roleIds.staff, enCode: 'staff', fullName: '店员' },
  ]);

  const companyId = newId();
  await db.insert(organizes).values({ id: companyId, parentId: null, category: 'company', enCode: 'YM', fullName: '云眠家居有限公司', sortCode: 0 });
  const depts: { code: string; name: string; parent?: string }[] = [
    { code: 'YM.GM', name: '总经办' },
    { code: 'YM.OPS', name: '门店运营部' },
    { code: 'YM.OPS.SHXH', name: '上海徐汇店', parent: 'YM.OPS' },
    { code: 'YM.OPS.SHPD', name: '上海浦东店', parent: 'YM.OPS' },
    { code: 'YM.OPS.HZXH', name: '杭州西湖店', parent: 'YM.OPS' },
    { code: 'YM.OPS.NJXJK', name: '南京新街口店', parent: 'YM.OPS' },
    { code: 'YM.MKT', name: '市场部' },
    { code: 'YM.EC', name: '电商部' },
    { code: 'YM.WMS', name: '仓储物流部' },
    { code: 'YM.FIN', name: '财务部' },
    { code: 'YM.HR', name: '人力资源部' },
    { code: 'YM.IT', name: '信息技术部' },
  ];
  const deptId = new Map<string, string>();
  for (const d of depts) deptId.set(d.code, newId());
  await db.insert(organizes).values(
    depts.map((d, i) => ({
      id: deptId.get(d.code)!,
      parentId: d.parent ? deptId.get(d.parent)! : companyId,
      category: 'department',
      enCode: d.code,
      fullName: d.name,
      sortCode: i + 1,
    })),
  );
  // Code, name, department, type (the postType dictionary: manage, sales, tech, support).
  const posDefs = [
    ['GM', '总经理', 'YM.GM', 'manage'],
    ['OPSM', '运营经理', 'YM.OPS', 'manage'],
    ['SM', '店长', 'YM.OPS', 'manage'],
    ['SA', '导购', 'YM.OPS', 'sales'],
    ['MKT', '市场专员', 'YM.MKT', 'sales'],
    ['EC', '电商运营', 'YM.EC', 'sales'],
    ['WH', '仓管员', 'YM.WMS', 'support'],
    ['ACC', '会计', 'YM.FIN', 'support'],
    ['HR', '人事专员', 'YM.HR', 'support'],
    ['ENG', '工程师', 'YM.IT', 'tech'],
    ['GMA', '总经理助理', 'YM.GM', 'support'],
  ] as const;
  const posId = new Map<string, string>();
  await db.insert(positions).values(
    posDefs.map(([code, name, dept, type], i) => {
      const id = newId();
      posId.set(code, id);
      return { id, organizeId: deptId.get(dept)!, enCode: code, fullName: name, type, sortCode: i };
    }),
  );

  const adminId = newId();
  const adminHash = await storePlainPassword(opts.adminPassword);
  await db.insert(users).values({
    id: adminId,
    account: 'admin',
    realName: '管理员',
    passwordHash: adminHash,
    email: `admin@${DEMO_MAIL_DOMAIN}`,
    headIcon: AVATARS[0],
    organizeId: companyId,
    departmentId: deptId.get('YM.IT')!,
    positionId: posId.get('ENG')!,
    isAdministrator: true,
    entryDate: new Date('2020-03-01T00:00:00Z'),
  });
  await db.insert(userRoles).values({ userId: adminId, roleId: roleIds.admin });
  if (!opts.withStaff) return { adminId };

  // Staff: heads of departments report to the admin, everyone else to the head of their department.
  // The last row was added later: appended, so the earlier accounts keep their place.
  const plan: { dept: string; pos: string; role: keyof typeof roleIds; count: number }[] = [
    { dept: 'YM.GM', pos: 'GM', role: 'storeManager', count: 1 },
    { dept: 'YM.OPS', pos: 'OPSM', role: 'storeManager', count: 2 },
    ...['YM.OPS.SHXH', 'YM.OPS.SHPD', 'YM.OPS.HZXH', 'YM.OPS.NJXJK'].flatMap((d) => [
      { dept: d, pos: 'SM', role: 'storeManager' as const, count: 1 },
      { dept: d, pos: 'SA', role: 'staff' as const, count: 6 },
    ]),
    { dept: 'YM.MKT', pos: 'MKT', role: 'staff', count: 4 },
    { dept: 'YM.EC', pos: 'EC', role: 'staff', count: 3 },
    { dept: 'YM.WMS', pos: 'WH', role: 'staff', count: 4 },
    { dept: 'YM.FIN', pos: 'ACC', role: 'staff', count: 2 },
    { dept: 'YM.HR', pos: 'HR', role: 'staff', count: 2 },
    { dept: 'YM.IT', pos: 'ENG', role: 'staff', count: 3 },
    { dept: 'YM.GM', pos: 'GMA', role: 'staff', count: 1 },
  ];
  const staffHash = adminHash;
  let n = 0;
  const rows: (typeof users.$inferInsert)[] = [];
  const roleRows: (typeof userRoles.$inferInsert)[] = [];
  const headOf = new Map<string, string>();
  const taken = new Set<string>();
  for (const p of plan) {
    for (let i = 0; i < p.count; i++) {
      n++;
      const id = newId();
      const dept = p.dept;
      const head = headOf.get(dept);
      if (!head) headOf.set(dept, id);
      const gender = demoGender(n);
      rows.push({
        id,
        account: demoAccount(n),
        ...demoPerson(n, gender, taken),
        passwordHash: staffHash,
        headIcon: AVATARS[n % AVATARS.length]!,
        gender,
        mobilePhone: `13${String(800000000 + n * 7919).slice(0, 9)}`,
        organizeId: companyId,
        departmentId: deptId.get(dept)!,
        positionId: posId.get(p.pos)!,
        managerId: head ?? adminId,
        entryDate: new Date(Date.UTC(2019 + (n % 6), n % 12, 1 + (n % 27))),
      });
      roleRows.push({ userId: id, roleId: roleIds[p.role] });
    }
  }
  await db.insert(users).values(rows);
  await db.insert(userRoles).values(roleRows);
  // Each department is headed by its first member (the store manager of a store); the general manager heads the company.
  await db.update(organizes).set({ managerId: headOf.get('YM.GM')! }).where(eq(organizes.id, companyId));
  for (const [code, userId] of headOf) await db.update(organizes).set({ managerId: userId }).where(eq(organizes.id, deptId.get(code)!));
  return { adminId };
}
