import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Pages a type-2 menu entry can load, by urlAddress (spec 2.2 "loading the page named by
 * urlAddress"). Each module adds its pages here; an address not listed shows the 404 page.
 */
export const pageRegistry: Record<string, LazyExoticComponent<ComponentType>> = {
  'permission/organize': lazy(() => import('@/modules/org/pages/organize-page').then((m) => ({ default: m.OrganizePage }))),
  'permission/department': lazy(() => import('@/modules/org/pages/department-page').then((m) => ({ default: m.DepartmentPage }))),
  'permission/position': lazy(() => import('@/modules/org/pages/position-page').then((m) => ({ default: m.PositionPage }))),
  'permission/user': lazy(() => import('@/modules/org/pages/user-page').then((m) => ({ default: m.UserPage }))),
  'system/area': lazy(() => import('@/modules/base/pages/area-page').then((m) => ({ default: m.AreaPage }))),
  'system/billRule': lazy(() => import('@/modules/base/pages/bill-rule-page').then((m) => ({ default: m.BillRulePage }))),
  'systemData/dictionary': lazy(() => import('@/modules/base/pages/dictionary-page').then((m) => ({ default: m.DictionaryPage }))),
  'system/notice': lazy(() => import('@/modules/message/pages/notice-page').then((m) => ({ default: m.NoticePage }))),
  'system/log': lazy(() => import('@/modules/profile/pages/login-log-page').then((m) => ({ default: m.LoginLogPage }))),
  'permission/role': lazy(() => import('@/modules/permission/pages/role-page').then((m) => ({ default: m.RolePage }))),
};
