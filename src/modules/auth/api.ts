import type {
  AuthorizeSummary,
  BaseInfo,
  BaseInfoUpdate,
  CurrentUser,
  Language,
  LoginLogEntry,
  LoginResult,
  PageResult,
  SubordinateEntry,
} from '@/contracts/auth';
import { CLIENT_ID, CLIENT_SCOPE, CLIENT_SECRET, GRANT_TYPE, LOGIN_PLATFORM } from '@/contracts/limits';
import { http, type RequestOptions } from '@/lib/http';

const loginQuery = `client_id=${CLIENT_ID}&client_secret=${CLIENT_SECRET}&scope=${CLIENT_SCOPE}&grant_type=${GRANT_TYPE}`;

/** The hash function loads when a password is sent, not with the sign-in page. */
const hashPassword = async (plain: string) => (await import('@/contracts/password')).hashPassword(plain);

/** Session and current-user calls (spec 7.2, 7.3). Login and unlock trim the account and hash the password. */
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
  baseInfo: () => http.get<BaseInfo>('/Permission/Users/Current/BaseInfo'),
  updateBaseInfo: (body: BaseInfoUpdate) => http.put<null>('/Permission/Users/Current/BaseInfo', body),
  setAvatar: (name: string) => http.put<null>(`/Permission/Users/Current/Avatar/${encodeURIComponent(name)}`),
  modifyPassword: async (oldPassword: string, password: string) =>
    http.post<null>('/Permission/Users/Current/Actions/ModifyPassword', { oldPassword: await hashPassword(oldPassword), password }),
  setTheme: (theme: string) => http.put<null>('/Permission/Users/CurrentTheme', { theme }),
  setLanguage: (language: Language) => http.put<null>('/Permission/Users/CurrentLanguage', { language }),
  loginLog: (currentPage: number, pageSize: number) =>
    http.get<PageResult<LoginLogEntry>>('/Permission/Users/CurrentLog', { currentPage, pageSize }),
  subordinates: () => http.get<SubordinateEntry[]>('/Permission/Users/Current/Subordinate'),
  authorize: () => http.get<AuthorizeSummary>('/Permission/Users/Current/Authorize'),
};
