import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { moduleButtons, moduleColumns, modules, roleAuthorize, roles } from '../schema';
import { newId } from '../../lib/ids';

export interface ControlSeed {
  enCode: string;
  fullName: string;
  /** Role codes granted this control besides the administrator role. */
  roles?: string[];
}

export interface ModuleControls {
  /** enCode of the menu entry. */
  module: string;
  buttons: ControlSeed[];
  columns: ControlSeed[];
}

/** The default buttons of spec 6 (btn_add, btn_edit, btn_remove). */
export const defaultButtons = (extra: ControlSeed[] = [], roles: string[] = []): ControlSeed[] => [
  { enCode: 'btn_add', fullName: '新建', roles },
  { enCode: 'btn_edit', fullName: '编辑', roles },
  { enCode: 'btn_remove', fullName: '删除', roles },
  ...extra,
];

/**
 * Adds the buttons and columns (spec 6 page controls) of modules that are missing (by module and
 * enCode), and grants them to the administrator role and the listed roles.
 */
export async function upsertControls(db: Db, seeds: ModuleControls[]) {
  const mods = await db.select({ id: modules.id, enCode: modules.enCode }).from(modules).where(inArray(modules.enCode, seeds.map((s) => s.module)));
  const moduleId = new Map(mods.map((m) => [m.enCode, m.id]));
  const roleRows = await db.select({ id: roles.id, enCode: roles.enCode }).from(roles);
  const roleId = new Map(roleRows.map((r) => [r.enCode, r.id]));
  const grants: (typeof roleAuthorize.$inferInsert)[] = [];
  for (const s of seeds) {
    const mid = moduleId.get(s.module);
    if (!mid) continue;
    for (const [kind, table, list] of [
      ['button', moduleButtons, s.buttons],
      ['column', moduleColumns, s.columns],
    ] as const) {
      const existing = await db.select({ id: table.id, enCode: table.enCode }).from(table).where(eq(table.moduleId, mid));
      const idByCode = new Map(existing.map((e) => [e.enCode, e.id]));
      for (const [i, c] of list.entries()) {
        let id = idByCode.get(c.enCode);
        if (!id) {
          id = newId();
          await db.insert(table).values({ id, moduleId: mid, enCode: c.enCode, fullName: c.fullName, sortCode: i });
        }
        for (const code of ['admin', ...(c.roles ?? [])]) {
          const r = roleId.get(code);
          if (r) grants.push({ roleId: r, itemType: kind, itemId: id });
        }
      }
    }
  }
  if (grants.length) await db.insert(roleAuthorize).values(grants).onConflictDoNothing();
}

/** Sets the data scope of seeded roles that still have the default. */
export async function setRoleScopes(db: Db, scopes: Record<string, string>) {
  for (const [code, scope] of Object.entries(scopes)) {
    await db.update(roles).set({ dataScope: scope }).where(and(eq(roles.enCode, code), eq(roles.dataScope, 'all')));
  }
}
