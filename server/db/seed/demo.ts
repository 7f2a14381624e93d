import type { Db } from '../client';
import { organizes, positions, roles, userRoles, users } from '../schema';
import { newId } from '../../lib/ids';
import { storePlainPassword } from '../../lib/passwords';
import { AVATARS } from '../../../src/contracts/limits';

const surnames = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高'.split('');
const given = ['晓明', '欣怡', '子涵', '浩然', '雨桐', '思远', '佳琪', '俊杰', '诗涵', '宇航', '梓萱', '文博', '静怡', '志强', '梦瑶', '嘉懿', '一鸣', '若曦', '建国', '秀英'];

/** Deterministic demo company: departments, stores, positions, roles and ~50 staff. */
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
  const posDefs = [
    ['GM', '总经理', 'YM.GM'],
    ['OPSM', '运营经理', 'YM.OPS'],
    ['SM', '店长', 'YM.OPS'],
    ['SA', '导购', 'YM.OPS'],
    ['MKT', '市场专员', 'YM.MKT'],
    ['EC', '电商运营', 'YM.EC'],
    ['WH', '仓管员', 'YM.WMS'],
    ['ACC', '会计', 'YM.FIN'],
    ['HR', '人事专员', 'YM.HR'],
    ['ENG', '工程师', 'YM.IT'],
  ] as const;
  const posId = new Map<string, string>();
  await db.insert(positions).values(
    posDefs.map(([code, name, dept], i) => {
      const id = newId();
      posId.set(code, id);
      return { id, organizeId: deptId.get(dept)!, enCode: code, fullName: name, sortCode: i };
    }),
  );

  const adminId = newId();
  const adminHash = await storePlainPassword(opts.adminPassword);
  await db.insert(users).values({
    id: adminId,
    account: 'admin',
    realName: '管理员',
    passwordHash: adminHash,
    headIcon: AVATARS[0],
    organizeId: companyId,
    departmentId: deptId.get('YM.IT')!,
    positionId: posId.get('ENG')!,
    isAdministrator: true,
    entryDate: new Date('2020-03-01T00:00:00Z'),
  });
  await db.insert(userRoles).values({ userId: adminId, roleId: roleIds.admin });
  if (!opts.withStaff) return { adminId };

  // Staff: heads of departments report to the admin; store staff report to their store manager.
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
  ];
  const staffHash = adminHash;
  let n = 0;
  const rows: (typeof users.$inferInsert)[] = [];
  const roleRows: (typeof userRoles.$inferInsert)[] = [];
  const headOf = new Map<string, string>();
  for (const p of plan) {
    for (let i = 0; i < p.count; i++) {
      n++;
      const id = newId();
      const dept = p.dept;
      const isHead = p.pos === 'SM' || p.pos === 'GM' || p.pos === 'OPSM' || i === 0;
      const managerId = p.pos === 'SA' ? headOf.get(dept) : adminId;
      if (isHead && !headOf.has(dept)) headOf.set(dept, id);
      rows.push({
        id,
        account: `ym${String(n).padStart(4, '0')}`,
        realName: surnames[n % surnames.length]! + given[(n * 7) % given.length]!,
        passwordHash: staffHash,
        headIcon: AVATARS[n % AVATARS.length]!,
        gender: n % 2 ? '1' : '2',
        mobilePhone: `13${String(800000000 + n * 7919).slice(0, 9)}`,
        organizeId: companyId,
        departmentId: deptId.get(dept)!,
        positionId: posId.get(p.pos)!,
        managerId: managerId ?? adminId,
        entryDate: new Date(Date.UTC(2019 + (n % 6), n % 12, 1 + (n % 27))),
      });
      roleRows.push({ userId: id, roleId: roleIds[p.role] });
    }
  }
  await db.insert(users).values(rows);
  await db.insert(userRoles).values(roleRows);
  return { adminId };
}
