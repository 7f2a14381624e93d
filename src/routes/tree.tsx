import {
  createRootRoute,
  createRoute,
  lazyRouteComponent,
  Navigate,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { guard } from '@/app/guard';
import { loadAppCatalog } from '@/lib/i18n';
import { RootShell } from '@/app/root-shell';
import { LoginPage } from '@/modules/auth/pages/login-page';
import { withH5Catalog, withH5EditorCatalog } from '@/modules/h5/catalog';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Translated into the page title (spec 2.2: translated route name + product suffix). */
    title?: MessageDescriptor;
  }
}

const searchWithRedirect = (s: Record<string, unknown>) => (typeof s.redirect === 'string' ? { redirect: s.redirect } : {});

export const rootRoute = createRootRoute({
  beforeLoad: guard,
  component: () => (
    <RootShell>
      <Outlet />
    </RootShell>
  ),
  notFoundComponent: () => <Navigate to="/404" replace />,
  errorComponent: () => <Navigate to="/404" replace />,
});

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/home', replace: true });
  },
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: searchWithRedirect,
  staticData: { title: msg`登录` },
  // With the entry (one chunk, see vite.config.ts): the sign-in page needs no second round trip.
  component: LoginPage,
});

const authRedirectRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth-redirect',
  staticData: { title: msg`登录` },
  component: lazyRouteComponent(() => import('@/modules/auth/pages/auth-redirect-page'), 'AuthRedirectPage'),
});

const jumpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/jump',
  staticData: { title: msg`跳转` },
  component: lazyRouteComponent(() => import('@/modules/shell/pages/jump-page'), 'JumpPage'),
});

const wxErrorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/wxError',
  staticData: { title: msg`请在浏览器中打开` },
  component: lazyRouteComponent(() => import('@/modules/shell/pages/wx-error-page'), 'WxErrorPage'),
});

const lockScreenRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/lockScreen',
  staticData: { title: msg`锁定屏幕` },
  component: lazyRouteComponent(() => import('@/modules/auth/pages/lock-screen-page'), 'LockScreenPage'),
});

const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/404',
  staticData: { title: msg`页面不存在` },
  component: lazyRouteComponent(() => import('@/modules/shell/pages/not-found-page'), 'NotFoundPage'),
});

/**
 * Entering the signed-in area: the modules' messages and the session service (queue, datasets,
 * modules, websocket) load with it, not with the sign-in page.
 */
const startSignedIn = () => Promise.all([loadAppCatalog(), import('@/app/session-service').then((m) => m.startSessionService())]);

/** The signed-in shell (layout) and the pages inside it. */
const layoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'layout',
  beforeLoad: startSignedIn,
  component: lazyRouteComponent(() => import('@/app/layouts/app-layout'), 'AppLayout'),
});

const homeRoute = createRoute({
  getParentRoute: () => layoutRoute,
  path: '/home',
  staticData: { title: msg`首页` },
  validateSearch: (s: Record<string, unknown>) => (typeof s.token === 'string' ? { token: s.token } : {}),
  component: lazyRouteComponent(() => import('@/modules/home/pages/home-page'), 'HomePage'),
});

const profileRoute = createRoute({
  getParentRoute: () => layoutRoute,
  path: '/profile',
  staticData: { title: msg`个人信息` },
  component: lazyRouteComponent(() => import('@/modules/profile/pages/profile-page'), 'ProfilePage'),
});

const menuMoreRoute = createRoute({
  getParentRoute: () => layoutRoute,
  path: '/menuMore',
  staticData: { title: msg`全部菜单` },
  component: lazyRouteComponent(() => import('@/modules/shell/pages/menu-more-page'), 'MenuMorePage'),
});

const messageRecordRoute = createRoute({
  getParentRoute: () => layoutRoute,
  path: '/messageRecord',
  staticData: { title: msg`消息中心` },
  component: lazyRouteComponent(() => import('@/routes/fixed-pages'), 'MessageRecordPage'),
});

const redirectRoute = createRoute({
  getParentRoute: () => layoutRoute,
  path: '/redirect/$',
  component: lazyRouteComponent(() => import('@/modules/shell/pages/redirect-page'), 'RedirectPage'),
});

/**
 * The campaign-page editor (spec 2.6): full screen, outside the shell's layout (no sidebar, no
 * tabs), signed in only (the root guard), with the same start as the layout (catalog, session
 * service: the works' drafts live in the user's database). The works list (menu route h5/works)
 * opens it; its back button returns there.
 */
const h5EditorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/h5/editor/$workId',
  staticData: { title: msg`编辑作品` },
  beforeLoad: startSignedIn,
  component: lazyRouteComponent(() => withH5EditorCatalog(import('@/modules/h5/pages/editor-page')), 'EditorPage'),
});

/**
 * The preview of a work (issue 19): the user's draft drawn by the published page's view at phone
 * width, full screen beside the editor (the editor's 预览 shows this route's QR code).
 */
const h5PreviewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/h5/preview/$workId',
  staticData: { title: msg`预览作品` },
  beforeLoad: startSignedIn,
  component: lazyRouteComponent(() => withH5Catalog(import('@/modules/h5/pages/preview-page')), 'PreviewPage'),
});

/** Menu-built routes (spec 2.2) resolve here against the routes generated from the user's menu. */
const menuRoute = createRoute({
  getParentRoute: () => layoutRoute,
  path: '$',
  component: lazyRouteComponent(() => import('@/app/menu-page'), 'MenuPage'),
});

export const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  authRedirectRoute,
  jumpRoute,
  wxErrorRoute,
  lockScreenRoute,
  notFoundRoute,
  h5EditorRoute,
  h5PreviewRoute,
  layoutRoute.addChildren([homeRoute, profileRoute, menuMoreRoute, messageRecordRoute, redirectRoute, menuRoute]),
]);
