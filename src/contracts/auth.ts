import { z } from 'zod';
import { ACCOUNT_MAX, DEFAULT_PAGE_SIZE, HASHED_PASSWORD_LENGTH, NAME_MAX, TEXT_MAX } from './limits';
import { isAvatarName } from './files';
import type { MenuItem } from './menu';
import { rules } from './validation';
import { languages } from './session';
export * from './session';

/** Request schemas: the server parses with these; the client derives its request types. */

const hashed = z
  .string({ error: '密码不能为空' })
  .regex(new RegExp(`^[0-9a-f]{${HASHED_PASSWORD_LENGTH}}$`), { error: '密码格式不正确' });
const account = z
  .string({ error: '账户不能为空' })
  .trim()
  .min(1, { error: '账户不能为空' })
  .max(ACCOUNT_MAX, { error: `账户长度不能超过${ACCOUNT_MAX}个字符` });

export const loginQuerySchema = z.object({
  client_id: z.string({ error: '客户端标识不正确' }),
  client_secret: z.string({ error: '客户端密钥不正确' }),
  scope: z.string({ error: '授权范围不正确' }),
  grant_type: z.string({ error: '授权类型不正确' }),
  n: z.string().optional(),
});

export const loginBodySchema = z.object({
  account,
  password: hashed,
  platform: z.string().max(20).optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export interface LoginResult {
  token: string;
  theme: string;
}

export const lockScreenBodySchema = z.object({ account, password: hashed });
export type LockScreenBody = z.infer<typeof lockScreenBodySchema>;


/** `theme` holds the layout type per spec 4 Session ("layout type is set from the user's theme"). */
export const currentThemeSchema = z.object({
  theme: z.string({ error: '主题不能为空' }).trim().min(1, { error: '主题不能为空' }).max(40),
});
export const currentLanguageSchema = z.object({
  language: z.enum(languages, { error: '语言不正确' }),
});

const optionalText = (max: number) => z.string().trim().max(max, { error: `长度不能超过${max}个字符` }).optional().nullable();

export const baseInfoUpdateSchema = z.object({
  realName: z
    .string({ error: '姓名不能为空' })
    .trim()
    .min(1, { error: '姓名不能为空' })
    .max(NAME_MAX, { error: `姓名长度不能超过${NAME_MAX}个字符` })
    .regex(rules.name.pattern, { error: rules.name.message }),
  gender: z.enum(['1', '2', '3'], { error: '性别不正确' }).optional().nullable(),
  mobilePhone: z
    .string()
    .trim()
    .regex(rules.phone.pattern, { error: rules.phone.message })
    .or(z.literal(''))
    .optional()
    .nullable(),
  email: z
    .string()
    .trim()
    .regex(rules.email.pattern, { error: rules.email.message })
    .or(z.literal(''))
    .optional()
    .nullable(),
  signature: optionalText(TEXT_MAX),
  description: optionalText(TEXT_MAX),
});
export type BaseInfoUpdate = z.infer<typeof baseInfoUpdateSchema>;

export const modifyPasswordSchema = z.object({
  oldPassword: hashed,
  /** The new password as typed, so the server can enforce the spec 5.1 rule; it is never stored. */
  password: z.string({ error: '新密码不能为空' }).regex(rules.password.pattern, { error: rules.password.message }),
});
export type ModifyPasswordBody = z.infer<typeof modifyPasswordSchema>;

/** A built-in avatar (AVATARS) or the name of a userAvatar upload; ownership is checked by the server. */
export const avatarNameSchema = z.object({
  name: z.string().refine(isAvatarName, { error: '头像名称不正确' }),
});

/** Responses. */
export interface UserInfo {
  userId: string;
  userAccount: string;
  userName: string;
  headIcon: string;
  portalId: string;
  theme: string;
  language: string;
  organizeName: string;
  departmentName: string;
  positionName: string;
  roleName: string;
  isAdministrator: boolean;
  /** 1 when a previous sign-in exists (spec 3 Session). */
  prevLogin: 0 | 1;
  prevLoginTime: string | null;
  prevLoginIPAddress: string | null;
  prevLoginIPAddressName: string | null;
}

export interface PermissionItem {
  enCode: string;
  fullName: string;
}
export interface PermissionEntry {
  modelId: string;
  moduleName: string;
  column: PermissionItem[];
  button: PermissionItem[];
}

export interface CurrentUser {
  menuList: MenuItem[];
  userInfo: UserInfo;
  permissionList: PermissionEntry[];
}

export interface BaseInfo {
  id: string;
  account: string;
  realName: string;
  gender: string | null;
  mobilePhone: string | null;
  email: string | null;
  signature: string | null;
  description: string | null;
  headIcon: string;
  organizeName: string;
  departmentName: string;
  positionName: string;
  roleName: string;
  managerName: string | null;
  entryDate: string | null;
  creatorTime: string;
  /** Row version: +1 on every change; send it back as If-Match to refuse overwriting a newer row (409). */
  version: number;
}

export interface LoginLogEntry {
  id: string;
  loginTime: string;
  ipAddress: string;
  ipAddressName: string;
  platform: string;
  success: boolean;
  abstracts: string;
}

export interface SubordinateEntry {
  id: string;
  realName: string;
  account: string;
  headIcon: string;
  departmentName: string;
  positionName: string;
}

export interface AuthorizeSummary {
  roles: { id: string; fullName: string }[];
  modules: { id: string; fullName: string; enCode: string; type: number }[];
  buttons: { moduleId: string; enCode: string; fullName: string }[];
  columns: { moduleId: string; enCode: string; fullName: string }[];
}

export interface PageResult<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

export const pageQuerySchema = z.object({
  currentPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(DEFAULT_PAGE_SIZE),
  n: z.string().optional(),
});
