import type { CurrentUser, LoginResult } from '@/contracts/auth';
import { CLIENT_ID, CLIENT_SCOPE, CLIENT_SECRET, GRANT_TYPE, LOGIN_PLATFORM } from '@/contracts/limits';
import { http, type RequestOptions } from '@/lib/http';

const loginQuery = `client_id=${CLIENT_ID}&client_secret=${CLIENT_SECRET}&scope=${CLIENT_SCOPE}&grant_type=${GRANT_TYPE}`;

/** The hash function loads when a password is sent, not with the sign-in page. */
export const hashPassword = async (plain: string) => (await import('@/contracts/password')).hashPassword(plain);

/** Session calls (spec 7.2) and CurrentUser. Login and unlock trim the account and hash the password. The rest of 7.3 is in profile/api.ts. */
export const authApi = {
  login: async (account: string, password: string) =>
    http.post<LoginResult>(`/Permission/Login/login?${loginQuery}`, {
      account: account.trim(),
      password: await hashPassword(password),
      platform: LOGIN_PLATFORM,
    }),
  logout: () => http.post<null>('/Permission/Login/logout', undefined, { silent: true }),
  currentUser: (opts?: RequestOptions) => http.get<CurrentUser>('/Permission/Users/App/CurrentUser', undefined, opts),
  unlock: async (account: string, password: string) =>
    http.post<null>('/api/craft/oauth/LockScreen', { account: account.trim(), password: await hashPassword(password) }),
};
