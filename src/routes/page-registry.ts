import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Pages a type-2 menu entry can load, by urlAddress (spec 2.2 "loading the page named by
 * urlAddress"). Each module adds its pages here; an address not listed shows the 404 page.
 */
export const pageRegistry: Record<string, LazyExoticComponent<ComponentType>> = {
  'system/log': lazy(() => import('@/modules/profile/pages/login-log-page').then((m) => ({ default: m.LoginLogPage }))),
};
