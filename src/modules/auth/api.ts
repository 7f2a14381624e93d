import type { CurrentUser, LoginResult } from '@/contracts/auth';
import { CLIENT_ID, CLIENT_SCOPE, CLIENT_SECRET, GRANT_TYPE, LOGIN_PLATFORM } from '@/contracts/limits';
import { authPaths } from '@/contracts/session';
import { conditionalGet, http, type RequestOptions } from '@/lib/http';

const loginQuery = `client_id=${CLIENT_ID}&client_secret=${CLIENT_SECRET}&scope=${CLIENT_SCOPE}&grant_type=${GRANT_TYPE}`;

/** The hash function loads when a password is sent, not with the sign-in page. */
export const hashPassword = async (plain: string) => (await import('@/contracts/password')).hashPassword(plain);

/** Session calls (spec 7.2) and CurrentUser. Login and unlock trim the account and hash the password. The rest of 7.3 is in profile/api.ts. */
export const authApi = {
  login: async (account: string, password: string) =>
    http.post<LoginResult>(`${authPaths.login}?${loginQuery}`, {
      account: account.trim(),
      password: await hashPassword(password),
      platform: LOGIN_PLATFORM,
    }),
  logout: () => http.post<null>(authPaths.logout, undefined, { silent: true }),
  /** Revalidates the cached payload when its ETag is given (304: unchanged, nothing transferred). */
  currentUser: async (etag: string | null, opts?: RequestOptions) => conditionalGet<CurrentUser>(authPaths.currentUser, etag, undefined, opts),
  unlock: async (account: string, password: string) =>
    http.post<null>(authPaths.lockScreen, { account: account.trim(), password: await hashPassword(password) }),
};
