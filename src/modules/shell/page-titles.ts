import type { I18n } from '@lingui/core';
import type { MenuItem } from '@/contracts/menu';
import { matchMenuRoute, type MenuRoute } from '@/lib/menu-routes';
import { menuTitle } from '@/lib/menu-titles';

interface TitledRoute {
  options: { staticData?: { title?: Parameters<I18n['_']>[0] } };
}

/**
 * The translated title of an in-app page, or null when the path opens no page of the shell
 * (a fixed route with a title, or a route built from the user's menu).
 */
export function resolvePageTitle(
  i18n: I18n,
  path: string,
  routesByPath: Record<string, TitledRoute | undefined>,
  menuRoutes: readonly MenuRoute[],
  menu: readonly MenuItem[],
): string | null {
  const pathname = path.split('?')[0] ?? path;
  const fixed = routesByPath[pathname]?.options.staticData?.title;
  if (fixed) return i18n._(fixed);
  const route = matchMenuRoute(menuRoutes as MenuRoute[], pathname);
  if (!route) return null;
  const item = findMenuItem(menu, route.menuId);
  return item ? menuTitle(i18n, item) : route.title;
}

export function findMenuItem(menu: readonly MenuItem[], id: string): MenuItem | undefined {
  for (const m of menu) {
    if (m.id === id) return m;
    const c = findMenuItem(m.children ?? [], id);
    if (c) return c;
  }
  return undefined;
}
