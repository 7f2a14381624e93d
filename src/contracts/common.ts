import { z } from 'zod';
import { ID_PATTERN } from './ids';
import { DEFAULT_PAGE_SIZE, NAME_MAX, PAGE_SIZES, TEXT_MAX } from './limits';
import { rules } from './validation';

/** Pieces shared by the request schemas of every module. */

/**
 * Ids: every path parameter and every id in a body or query goes through one of these three, so a
 * malformed value (a NUL byte, 5,000 characters, `../`, an emoji) is a 400 `ID格式不正确` before
 * any query runs.
 */

/** A row id: the server's ULIDs, or one the client made for a row created offline (also a ULID). */
export { ID_PATTERN };
export const idSchema = z.string({ error: 'ID不能为空' }).regex(ID_PATTERN, { error: 'ID格式不正确' });
/** Path parameter `{id}`. */
export const idParamSchema = z.object({ id: idSchema });

/**
 * An id, or the marker of a tree's top level (`'-1'` for companies, areas and dictionary types,
 * `'0'` for dictionary data): parent ids, and the parent `{id}` of lazy tree reads.
 */
export const idOrRootSchema = (root: string) =>
  z.string({ error: 'ID不能为空' }).refine((v) => v === root || ID_PATTERN.test(v), { error: 'ID格式不正确' });

/**
 * A record named by its id or by its code (`/Base/DictionaryData/{id}/Data/Selector` takes a type
 * id or a code such as `sex`): an id, or a code of the spec 5.1 code rule (letters, digits and dots,
 * no dot first or last) of at most NAME_MAX characters.
 */
export const ID_OR_CODE_PATTERN = new RegExp(`^(?!\\.)(?!.*\\.$)[A-Za-z0-9.]{1,${NAME_MAX}}$`);
export const idOrCodeSchema = z.string({ error: 'ID不能为空' }).regex(ID_OR_CODE_PATTERN, { error: 'ID格式不正确' });
export const idOrCodeParamSchema = z.object({ id: idOrCodeSchema });

/** Full name of a record: required, at most NAME_MAX, no special symbols (spec 5.1 name rule). */
export const fullNameSchema = z
  .string({ error: '名称不能为空' })
  .trim()
  .min(1, { error: '名称不能为空' })
  .max(NAME_MAX, { error: `名称长度不能超过${NAME_MAX}个字符` })
  .regex(rules.name.pattern, { error: rules.name.message });

/** Code of a record: letters, digits and dots, dot not first or last (spec 5.1 code rule). */
export const enCodeSchema = z
  .string({ error: '编码不能为空' })
  .trim()
  .min(1, { error: '编码不能为空' })
  .max(NAME_MAX, { error: `编码长度不能超过${NAME_MAX}个字符` })
  .regex(rules.code.pattern, { error: rules.code.message });

export const descriptionSchema = z
  .string()
  .trim()
  .max(TEXT_MAX, { error: `说明长度不能超过${TEXT_MAX}个字符` })
  .optional()
  .nullable();

export const sortCodeSchema = z.coerce
  .number({ error: '排序必须是整数' })
  .int({ error: '排序必须是整数' })
  .min(0, { error: '排序不能小于0' })
  .max(999999, { error: '排序不能大于999999' })
  .default(0);

/** Enabled flag as the lists show it: 1 on, 0 off (also accepts booleans). */
export const enabledMarkSchema = z
  .union([z.literal(0), z.literal(1), z.boolean()])
  .transform((v) => (v === true || v === 1 ? 1 : 0))
  .default(1);

const pageSizeSchema = z.coerce
  .number()
  .int()
  .refine((n) => PAGE_SIZES.includes(n), { error: '每页条数不正确' })
  .default(DEFAULT_PAGE_SIZE);

/** The list query of spec 3 (currentPage, pageSize, sort, keyword), shared by every paged list. */
export const listQuerySchema = z.object({
  currentPage: z.coerce.number().int().min(1, { error: '页码不正确' }).max(1_000_000).default(1),
  pageSize: pageSizeSchema,
  sort: z.enum(['asc', 'desc']).default('asc'),
  sidx: z.string().max(40).optional(),
  keyword: z.string().trim().max(NAME_MAX, { error: `关键词长度不能超过${NAME_MAX}个字符` }).default(''),
  n: z.string().optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export interface Pagination {
  currentPage: number;
  pageSize: number;
  total: number;
}
export interface Paged<T> {
  list: T[];
  pagination: Pagination;
}
/** Answers the spec reads from `data.list` (dictionaries, user list and user tree). */
export interface ListOf<T> {
  list: T[];
}

/** PUT …/Actions/State: the new state, or a toggle when the body leaves it out. */
export const stateBodySchema = z.object({ enabledMark: z.union([z.literal(0), z.literal(1)]).optional() }).default({});

/** Shared tree node of pickers (spec 3 Cached base data). */
export interface TreeNode {
  id: string;
  parentId: string;
  fullName: string;
  enCode?: string;
  /** 'company' | 'department' | 'position' | 'user' | dictionary or area nodes. */
  type?: string;
  icon?: string;
  hasChildren: boolean;
  children?: TreeNode[];
  /** Picker extras. */
  disabled?: boolean;
  [extra: string]: unknown;
}
