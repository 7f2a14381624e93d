import { z } from 'zod';
import { ACCOUNT_MAX, HASHED_PASSWORD_LENGTH, NAME_MAX } from './limits';
import { rules } from './validation';
import {
  descriptionSchema,
  enabledMarkSchema,
  enCodeSchema,
  fullNameSchema,
  idOrRootSchema,
  idSchema,
  listQuerySchema,
  sortCodeSchema,
} from './common';

/** Organisation directory (spec 7.5 Organize, Department, Position, Users) and roles (spec 6). */

const optionalId = idSchema.optional().nullable();

// ---- Organize (companies) and departments ------------------------------------------------------

export const organizeBodySchema = z.object({
  /** A client-made id for a row created offline; the server makes one when absent. */
  id: idSchema.optional(),
  /** The parent company; '-1' or absent for a top-level company. */
  parentId: idOrRootSchema('-1').optional().nullable(),
  fullName: fullNameSchema,
  enCode: enCodeSchema,
  managerId: optionalId,
  description: descriptionSchema,
  sortCode: sortCodeSchema,
  enabledMark: enabledMarkSchema,
});
export type OrganizeBody = z.input<typeof organizeBodySchema>;

export const departmentBodySchema = organizeBodySchema.extend({
  /** The company or department it belongs to (required). */
  parentId: idSchema,
});
export type DepartmentBody = z.input<typeof departmentBodySchema>;

export const organizeListQuerySchema = listQuerySchema;

/** Company or department as lists and forms show it. */
export interface OrganizeRow {
  id: string;
  parentId: string;
  category: 'company' | 'department';
  fullName: string;
  enCode: string;
  managerId: string | null;
  manager: string;
  description: string | null;
  sortCode: number;
  enabledMark: 0 | 1;
  creatorTime: string;
  version: number;
  hasChildren: boolean;
  children?: OrganizeRow[];
}

// ---- Positions ---------------------------------------------------------------------------------

export const positionBodySchema = z.object({
  id: idSchema.optional(),
  organizeId: idSchema,
  fullName: fullNameSchema,
  enCode: enCodeSchema,
  type: z.string().trim().max(NAME_MAX).optional().nullable(),
  description: descriptionSchema,
  sortCode: sortCodeSchema,
  enabledMark: enabledMarkSchema,
});
export type PositionBody = z.input<typeof positionBodySchema>;

export const positionListQuerySchema = listQuerySchema.extend({ organizeId: idSchema.optional() });

export interface PositionRow {
  id: string;
  organizeId: string;
  department: string;
  fullName: string;
  enCode: string;
  type: string | null;
  description: string | null;
  sortCode: number;
  enabledMark: 0 | 1;
  creatorTime: string;
  version: number;
}

// ---- Users -------------------------------------------------------------------------------------

const hashedPassword = z
  .string({ error: '密码不能为空' })
  .regex(new RegExp(`^[0-9a-f]{${HASHED_PASSWORD_LENGTH}}$`), { error: '密码格式不正确' });

const optionalPattern = (rule: { pattern: RegExp; message: string }) =>
  z.string().trim().regex(rule.pattern, { error: rule.message }).or(z.literal('')).optional().nullable();

export const userBodySchema = z.object({
  id: idSchema.optional(),
  account: z
    .string({ error: '账户不能为空' })
    .trim()
    .min(1, { error: '账户不能为空' })
    .max(ACCOUNT_MAX, { error: `账户长度不能超过${ACCOUNT_MAX}个字符` })
    .regex(rules.account.pattern, { error: rules.account.message }),
  realName: fullNameSchema,
  gender: z.enum(['1', '2', '3'], { error: '性别不正确' }).optional().nullable(),
  mobilePhone: optionalPattern(rules.phone),
  email: optionalPattern(rules.email),
  organizeId: idSchema,
  departmentId: optionalId,
  positionId: optionalId,
  managerId: optionalId,
  roleIds: z.array(idSchema).max(50).default([]),
  entryDate: z.iso.datetime({ offset: true, error: '入职日期格式不正确' }).optional().nullable(),
  description: descriptionSchema,
  sortCode: sortCodeSchema,
  enabledMark: enabledMarkSchema,
});
export type UserBody = z.input<typeof userBodySchema>;

/** Creating a user also sets its first password (the wire hash, like login). */
export const userCreateSchema = userBodySchema.extend({ password: hashedPassword });
export type UserCreateBody = z.input<typeof userCreateSchema>;

export const resetPasswordSchema = z.object({
  /** The new password as typed, checked against the spec 5.1 rule; only its hash is stored. */
  userPassword: z.string({ error: '新密码不能为空' }).regex(rules.password.pattern, { error: rules.password.message }),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordSchema>;

export const userListQuerySchema = listQuerySchema.extend({
  /** Company or department: its users and those of the departments under it. */
  organizeId: idSchema.optional(),
  enabledMark: z.coerce.number().int().min(0).max(1).optional(),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

/** A user in the admin list (fields the caller may not see per column permission are left out). */
export interface UserRow {
  id: string;
  account: string;
  realName: string;
  headIcon: string;
  gender?: string | null;
  mobilePhone?: string | null;
  email?: string | null;
  organizeId: string | null;
  departmentId: string | null;
  positionId: string | null;
  managerId: string | null;
  organize?: string;
  department?: string;
  position?: string;
  roleIds: string[];
  roles?: string;
  entryDate?: string | null;
  description?: string | null;
  sortCode: number;
  enabledMark: 0 | 1;
  isAdministrator: boolean;
  creatorTime?: string;
  version: number;
}

/** Spec 3 User (list/selector): id, realName, account, headIcon, department, quickQuery. */
export interface UserBrief {
  id: string;
  realName: string;
  account: string;
  headIcon: string;
  department: string;
  departmentId: string | null;
  quickQuery: string;
}

// ---- Roles and their grants (spec 6) ------------------------------------------------------------

export const DATA_SCOPES = ['all', 'company', 'departmentAndBelow', 'department', 'self'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];

export const roleBodySchema = z.object({
  id: idSchema.optional(),
  fullName: fullNameSchema,
  enCode: enCodeSchema,
  dataScope: z.enum(DATA_SCOPES, { error: '数据权限范围不正确' }).default('all'),
  description: descriptionSchema,
  sortCode: sortCodeSchema,
  enabledMark: enabledMarkSchema,
});
export type RoleBody = z.input<typeof roleBodySchema>;

export interface RoleRow {
  id: string;
  fullName: string;
  enCode: string;
  dataScope: DataScope;
  description: string | null;
  sortCode: number;
  enabledMark: 0 | 1;
  userCount: number;
  creatorTime: string;
  version: number;
}

/** GET /Permission/Role/Selector: enabled roles for pickers (user form). */
export interface RoleOption {
  id: string;
  fullName: string;
  enCode: string;
}

/** What a role is granted: ids of modules (menus), buttons and columns. */
export const authorizeBodySchema = z.object({
  module: z.array(idSchema).max(5000).default([]),
  button: z.array(idSchema).max(20000).default([]),
  column: z.array(idSchema).max(20000).default([]),
});
export type AuthorizeBody = z.input<typeof authorizeBodySchema>;

/** GET /Permission/Authority/Data/{roleId}: every grantable item, and the role's current grants. */
export interface AuthorityData {
  modules: { id: string; parentId: string | null; fullName: string; enCode: string; icon: string; type: number }[];
  buttons: { id: string; moduleId: string; fullName: string; enCode: string }[];
  columns: { id: string; moduleId: string; fullName: string; enCode: string }[];
  granted: { module: string[]; button: string[]; column: string[] };
}
