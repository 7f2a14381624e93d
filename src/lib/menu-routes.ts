import { DATA_VIEW_PATH, TOP_MENU_ITEM_WIDTH_PX } from '@/contracts/limits';
import { MenuType, type MenuItem } from '@/contracts/menu';

export type MenuRouteView = 'directory' | 'page' | 'model' | 'dictionary' | 'report' | 'iframe';

/** An in-app route generated from a menu entry (spec 2.2). */
export interface MenuRoute {
  menuId: string;
  /** Route name: the menu code with dots turned into dashes. */
  name: string;
  path: string;
  title: string;
  icon: string;
  type: number;
  view: MenuRouteView;
  urlAddress: string;
  /** Types 3-5: module id, relation id and isTree from propertyJson. */
  moduleId?: string;
  relationId?: string;
  isTree?: boolean;
}

/** Where a menu entry goes when clicked: an in-app path, or a URL opened directly. */
export type MenuTarget = { kind: 'route'; path: string } | { kind: 'external'; href: string; newTab: boolean } | { kind: 'none' };

export const routeName = (enCode: string) => enCode.replace(/\./g, '-');

const trimSlashes = (s: string) => s.replace(/^\/+/, '').replace(/\/+$/, '');

const isAbsoluteUrl = (s: string) => /^(https?:)?\/\//i.test(s);

/** Type 6 view URL: the configured view path with the module id and the user's token in the query. */
export function dataViewUrl(item: MenuItem, token: string, base = DATA_VIEW_PATH): string {
  const moduleId = String(item.propertyJson.moduleId ?? item.id);
  const sep = base.includes('?') ? '&' : '?';
  return `${base}${sep}id=${encodeURIComponent(moduleId)}&token=${encodeURIComponent(token)}`;
}

export function menuTarget(item: MenuItem, token: string): MenuTarget {
  switch (item.type) {
    case MenuType.DIRECTORY:
      return { kind: 'route', path: `/${item.enCode}` };
    case MenuType.PAGE:
    case MenuType.DYNAMIC_MODEL:
    case MenuType.DYNAMIC_DICTIONARY:
    case MenuType.DYNAMIC_REPORT:
      return item.urlAddress ? { kind: 'route', path: `/${trimSlashes(item.urlAddress)}` } : { kind: 'none' };
    case MenuType.DATA_VIEW:
      return { kind: 'external', href: dataViewUrl(item, token, item.urlAddress || DATA_VIEW_PATH), newTab: true };
    case MenuType.LINK:
      if (item.linkTarget === '_self') return { kind: 'route', path: `/${item.enCode}` };
      return { kind: 'external', href: item.urlAddress, newTab: true };
    default:
      return { kind: 'none' };
  }
}

const viewOf: Record<number, MenuRouteView | undefined> = {
  [MenuType.DIRECTORY]: 'directory',
  [MenuType.PAGE]: 'page',
  [MenuType.DYNAMIC_MODEL]: 'model',
  [MenuType.DYNAMIC_DICTIONARY]: 'dictionary',
  [MenuType.DYNAMIC_REPORT]: 'report',
  [MenuType.LINK]: 'iframe',
};

/** Builds the in-app routes for a menu tree; types 6 and non-_self links get no route. */
export function buildMenuRoutes(menu: MenuItem[]): MenuRoute[] {
  const out: MenuRoute[] = [];
  const seen = new Set<string>();
  const walk = (items: MenuItem[]) => {
    for (const item of items) {
      const target = menuTarget(item, '');
      const view = viewOf[item.type];
      if (target.kind === 'route' && view && !seen.has(target.path)) {
        seen.add(target.path);
        const route: MenuRoute = {
          menuId: item.id,
          name: routeName(item.enCode),
          path: target.path,
          title: item.fullName,
          icon: item.icon,
          type: item.type,
          view,
          urlAddress: item.urlAddress,
        };
        if (view === 'model' || view === 'dictionary' || view === 'report') {
          route.moduleId = String(item.propertyJson.moduleId ?? item.id);
          if (item.propertyJson.relationId !== undefined) route.relationId = String(item.propertyJson.relationId);
          route.isTree = Number(item.propertyJson.isTree ?? 0) === 1 || item.propertyJson.isTree === true;
        }
        if (view === 'iframe' && isAbsoluteUrl(item.urlAddress) === false && !item.urlAddress.startsWith('/')) {
          route.urlAddress = `/${item.urlAddress}`;
        }
        out.push(route);
      }
      if (item.children?.length) walk(item.children);
    }
  };
  walk(menu);
  return out;
}

/** Finds the generated route for a path (exact match, trailing slash ignored). */
export function matchMenuRoute(routes: MenuRoute[], pathname: string): MenuRoute | undefined {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routes.find((r) => r.path === p);
}

/** Flattens the menu for search and quick links (entries that go somewhere). */
export function flattenMenu(menu: MenuItem[]): MenuItem[] {
  return menu.flatMap((m) => [...(m.type === MenuType.DIRECTORY ? [] : [m]), ...flattenMenu(m.children ?? [])]);
}

/** Functional layout (spec 2.4): viewport width ÷ 116 entries are shown, the rest go under 更多. */
export function splitTopMenu<T>(menu: readonly T[], viewportWidth: number): { shown: T[]; overflow: T[] } {
  const count = Math.max(1, Math.floor(viewportWidth / TOP_MENU_ITEM_WIDTH_PX));
  return { shown: menu.slice(0, count), overflow: menu.slice(count) };
}
