/**
 * Session constants and the session's and signed-in user's own endpoint paths, with no dependencies
 * (the sign-in path must stay small: no zod here).
 */
export const layoutTypes = ['classic', 'functional', 'plain'] as const;
export type LayoutType = (typeof layoutTypes)[number];
export const themes = ['blue', 'purple', 'azure', 'ocean', 'green', 'yellow', 'orange', 'red'] as const;
export type ThemeName = (typeof themes)[number];
export const languages = ['zh-CN', 'en', 'zh-TW'] as const;
export type Language = (typeof languages)[number];

/** Session calls (spec 7.2); here, not in auth.ts, because the sign-in page loads them and auth.ts brings zod. */
export const authPaths = {
  login: '/Permission/Login/login',
  logout: '/Permission/Login/logout',
  /** Unlocks the lock screen (spec 4 Screen lock); needs no session. */
  lockScreen: '/api/craft/oauth/LockScreen',
  /** Menus, user info and permissions of the signed-in user. */
  currentUser: '/Permission/Users/App/CurrentUser',
} as const;

/** The signed-in user's own calls (spec 7.3). */
export const profilePaths = {
  baseInfo: '/Permission/Users/Current/BaseInfo',
  /** `:name`: a built-in avatar or the user's own userAvatar upload. */
  avatar: '/Permission/Users/Current/Avatar/:name',
  modifyPassword: '/Permission/Users/Current/Actions/ModifyPassword',
  theme: '/Permission/Users/CurrentTheme',
  language: '/Permission/Users/CurrentLanguage',
  subordinates: '/Permission/Users/Current/Subordinate',
  /** What the user's roles grant: roles, modules, buttons, columns. */
  authorize: '/Permission/Users/Current/Authorize',
  loginLog: '/Permission/Users/CurrentLog',
} as const;
