import { createContext, useContext, type ReactNode } from 'react';
import type { MenuRoute } from './menu-routes';

/**
 * The menu route a page is shown for (spec 2.2): a page serving a whole view type (online
 * development's model, dictionary and report pages) reads its module id, relation id and isTree here.
 */
const MenuRouteContext = createContext<MenuRoute | null>(null);

export function MenuRouteProvider({ route, children }: { route: MenuRoute; children: ReactNode }) {
  return <MenuRouteContext.Provider value={route}>{children}</MenuRouteContext.Provider>;
}

/** The menu route of the page being shown (null outside a menu-built route). */
export function useMenuRoute(): MenuRoute | null {
  return useContext(MenuRouteContext);
}
