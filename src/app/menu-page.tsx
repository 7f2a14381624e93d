import type { ComponentType } from 'react';
import type { MenuRoute } from '@/lib/menu-routes';
import type { MenuViewType } from '@/lib/module';
import { MenuRoutePage } from '@/modules/shell/pages/menu-route-page';
import { modules } from './modules';

const byAddress: Record<string, ComponentType> = Object.assign({}, ...modules.map((m) => m.pages ?? {}));
const byViewType: Partial<Record<MenuViewType, ComponentType>> = Object.assign({}, ...modules.map((m) => m.viewTypes ?? {}));

/** A type-2 entry loads the page its module registered for the urlAddress; types 3-5 the module serving their view type. */
function resolvePage(route: MenuRoute): ComponentType | undefined {
  if (route.view === 'page') return byAddress[route.urlAddress.replace(/^\/+/, '')];
  if (route.view === 'model' || route.view === 'dictionary' || route.view === 'report') return byViewType[route.view];
  return undefined;
}

/** Menu-built routes (spec 2.2): the shell's page, with the pages the modules declare. */
export function MenuPage() {
  return <MenuRoutePage resolvePage={resolvePage} />;
}
