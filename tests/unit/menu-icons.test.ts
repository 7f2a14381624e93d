import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MenuIcon, menuIconOf } from '@/components/menu-icon';
import { foundationMenus, type MenuSeed } from '../../server/db/seed/menus';

/**
 * Every icon the seed gives a menu entry (the foundation's menu and each server module's seed.ts,
 * found by file so a new module's menus are checked too) maps to a lucide icon of its own in
 * src/components/menu-icon.tsx: no page, group or tab shows the fallback.
 */
const moduleSeeds = import.meta.glob<Record<string, unknown>>('../../server/modules/*/seed.ts', { eager: true });
const isMenuSeed = (v: unknown): v is MenuSeed => !!v && typeof v === 'object' && 'enCode' in v && 'icon' in v && 'type' in v;
const seeded: MenuSeed[] = [
  ...foundationMenus,
  ...Object.values(moduleSeeds).flatMap((mod) => Object.values(mod).flatMap((v) => (Array.isArray(v) && v.length && v.every(isMenuSeed) ? v : []))),
];

const svg = (name: string) => renderToString(createElement(MenuIcon, { name }));

describe('menu icons', () => {
  it('the seed data is found: every screen of the modules and their groups', () => {
    const codes = seeded.map((m) => m.enCode);
    for (const code of ['workbench', 'system', 'systemData', 'permission', 'help', 'system.area', 'system.billRule', 'system.notice', 'systemData.dictionary', 'permission.organize', 'permission.department', 'permission.position', 'permission.user', 'permission.role']) {
      expect(codes).toContain(code);
    }
  });

  it.each(seeded.map((m) => [m.enCode, m.icon] as const))('%s (%s) has an icon of its own', (_code, icon) => {
    expect(menuIconOf(icon)).not.toBeNull();
  });

  it('different names show different icons', () => {
    const names = new Set(seeded.map((m) => m.icon));
    const components = new Set([...names].map((n) => menuIconOf(n)));
    expect(components.size).toBe(names.size);
  });

  it('the shell’s own entries (首页, 个人信息) have theirs', () => {
    expect(menuIconOf('home')).not.toBeNull();
    expect(menuIconOf('user')).not.toBeNull();
  });

  it('an unknown or empty name shows a page icon, not an empty circle', () => {
    expect(menuIconOf('no-such-icon')).toBeNull();
    expect(menuIconOf('constructor')).toBeNull();
    expect(menuIconOf('')).toBeNull();
    const fallback = svg('no-such-icon');
    expect(fallback).toContain('lucide-file-text');
    expect(fallback).not.toContain('lucide-circle"');
    expect(svg('')).toBe(fallback);
    expect(svg('map')).toContain('lucide-map');
    expect(svg('map')).not.toBe(fallback);
  });
});
