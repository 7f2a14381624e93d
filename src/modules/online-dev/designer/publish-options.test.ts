import { describe, expect, it } from 'vitest';
import { menuIconOf, MODEL_MENU_ICONS } from '@/components/menu-icon';
import type { MenuItem } from '@/contracts/menu';
import { menuDirectories } from './publish-options';

const entry = (enCode: string, type: MenuItem['type'], children: MenuItem[] = []): MenuItem => ({
  id: enCode,
  parentId: null,
  enCode,
  fullName: enCode,
  icon: '',
  type,
  urlAddress: '',
  linkTarget: null,
  propertyJson: {},
  hasChildren: children.length > 0,
  children,
  sortCode: 0,
});

describe('publish options', () => {
  it('offers only icons the menu can draw', () => {
    for (const name of MODEL_MENU_ICONS) expect(menuIconOf(name), name).not.toBeNull();
  });

  it('offers the menu’s directories, nested ones indented, and no pages', () => {
    const menu = [entry('system', 1, [entry('system.billRule', 2), entry('system.more', 1)]), entry('home', 2)];
    expect(menuDirectories(menu)).toEqual([
      { enCode: 'system', fullName: 'system', depth: 0 },
      { enCode: 'system.more', fullName: 'system.more', depth: 1 },
    ]);
  });
});
