import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { OPEN_ROUTES } from '@/contracts/limits';
import { reportError } from '@/modules/auth/components/report-error';
import { loadCurrentUser, resetToken, restoreSession, session, setToken } from '@/modules/auth/store';

/** The in-app browser of a chat messenger (WeChat) cannot run the app properly (spec 2.3). */
export function isChatMessengerBrowser(ua: string = navigator.userAgent): boolean {
  return /MicroMessenger/i.test(ua);
}

const toLogin = (from?: string) =>
  redirect({ to: '/login', search: from && from !== '/' ? { redirect: from } : {}, replace: true });

/** The navigation guard of spec 2.3, run before every navigation. */
export async function guard({ location }: { location: ParsedLocation }) {
  const path = location.pathname;
  if (isChatMessengerBrowser()) {
    if (path !== '/wxError') throw redirect({ to: '/wxError', replace: true });
    return;
  }
  if (!session.token) {
    if (OPEN_ROUTES.includes(path)) return;
    if (path === '/home') {
      const token = (location.search as Record<string, unknown>).token;
      if (typeof token === 'string' && token) {
        setToken(token);
        try {
          await loadCurrentUser();
          return;
        } catch {
          resetToken();
        }
      }
      throw toLogin();
    }
    throw toLogin(location.href);
  }
  if (session.isLock && path !== '/lockScreen' && path !== '/login') throw redirect({ to: '/lockScreen', replace: true });
  if (path === '/login') throw redirect({ to: '/', replace: true });
  if (!session.menuList) {
    try {
      await restoreSession();
    } catch (e) {
      resetToken();
      // Shows what the http client has not (empty menu, missing user data: spec 5.2, 8).
      reportError(e);
      throw toLogin(location.href);
    }
  }
}
