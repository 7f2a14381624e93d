import type { MenuItem } from '@/contracts/menu';
import { menuTarget } from '@/lib/menu-routes';

/**
 * The menu path to the entry that opens `pathname` (its directories, then the entry itself), or
 * null when no menu entry opens it (a fixed route such as /home or /profile). The first entry in
 * menu order wins when two open the same path.
 */
export function menuTrail(menu: readonly MenuItem[], pathname: string, token = ''): MenuItem[] | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const item of menu) {
    const target = menuTarget(item, token);
    if (target.kind === 'route' && target.path === path) return [item];
    const below = menuTrail(item.children ?? [], path, token);
    if (below) return [item, ...below];
  }
  return null;
}
