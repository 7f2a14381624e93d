import { z } from 'zod';
import { NAME_MAX } from './limits';
import { rules } from './validation';
import { BILL_BLOCK_MAX, BILL_DATE_FORMATS, BILL_RELEASE_MAX, BILL_RESET_PERIODS, DICTIONARY_ROOT, ROOT_PARENT, type BillDateFormat, type BillResetPeriod } from './base-values';
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

/** Base data (spec 7.5 Area, DictionaryType, DictionaryData, BillRule, Regions). */

export * from './base-values';


// ---- Area --------------------------------------------------------------------------------------

/** Areas are at most three levels deep (spec 9 Regions: levels 1 to 3); an area's `type` is its level. */
export const AREA_LEVEL_MAX = 3;
/** Whether an area of this level may have areas under it (新增下级, or be chosen as a parent). */
export const areaTakesChildren = (level: number): boolean => level < AREA_LEVEL_MAX;

export const areaBodySchema = z.object({
  id: idSchema.optional(),
  parentId: idOrRootSchema(ROOT_PARENT).default(ROOT_PARENT),
  fullName: fullNameSchema,
  enCode: z
    .string({ error: '编码不能为空' })
    .trim()
    .min(1, { error: '编码不能为空' })
    .max(20, { error: '编码长度不能超过20个字符' })
    .regex(rules.codeDigits.pattern, { error: rules.codeDigits.message }),
  description: descriptionSchema,
  sortCode: sortCodeSchema,
  enabledMark: enabledMarkSchema,
});
export type AreaBody = z.input<typeof areaBodySchema>;
/** GET /Base/Area/{id}: `{id}` is a parent ('-1' for the top level). */
export const areaParentParamSchema = z.object({ id: idOrRootSchema(ROOT_PARENT) });
export const areaListQuerySchema = z.object({ keyword: z.string().trim().max(NAME_MAX).default(''), n: z.string().optional() });

export interface AreaRow {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  type: number;
  description: string | null;
  sortCode: number;
  enabledMark: 0 | 1;
  hasChildren: boolean;
  isLeaf: boolean;
  creatorTime: string;
  version: number;
}

// ---- Regions (read-only administrative divisions) ----------------------------------------------

export const REGION_GRADES = [1, 2, 3] as const;
export const DEFAULT_REGION_DEPTH = 3;
export const regionQuerySchema = z.object({
  grade: z.coerce.number({ error: '级别不正确' }).int().min(1, { error: '级别只能是1到3' }).max(3, { error: '级别只能是1到3' }),
  parentId: z.string({ error: '上级不能为空' }).trim().regex(/^(-1|\d{2,12})$/, { error: '上级格式不正确' }),
  n: z.string().optional(),
});
/** Spec 3 Region entry. */
export interface Region {
  id: string;
  name: string;
  leaf: boolean;
  grade: number;
  parentId: string;
  children?: Region[];
}

// ---- Dictionaries ------------------------------------------------------------------------------

export const dictionaryTypeBodySchema = z.object({
  id: idSchema.optional(),
  parentId: idOrRootSchema(ROOT_PARENT).default(ROOT_PARENT),
  fullName: fullNameSchema,
  enCode: enCodeSchema,
  isTree: z.union([z.literal(0), z.literal(1)]).default(0),
  description: descriptionSchema,
  sortCode: sortCodeSchema,
});
export type DictionaryTypeBody = z.input<typeof dictionaryTypeBodySchema>;

export interface DictionaryTypeRow {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  isTree: 0 | 1;
  description: string | null;
  sortCode: number;
  creatorTime: string;
  version: number;
  hasChildren: boolean;
  children?: DictionaryTypeRow[];
}

export const dictionaryDataBodySchema = z.object({
  id: idSchema.optional(),
  dictionaryTypeId: idSchema,
  parentId: idOrRootSchema(DICTIONARY_ROOT).default(DICTIONARY_ROOT),
  fullName: fullNameSchema,
  enCode: enCodeSchema,
  description: descriptionSchema,
  sortCode: sortCodeSchema,
  enabledMark: enabledMarkSchema,
});
export type DictionaryDataBody = z.input<typeof dictionaryDataBodySchema>;

export const dictionaryDataQuerySchema = z.object({
  keyword: z.string().trim().max(NAME_MAX).default(''),
  /** 1: answer the type's data as a tree (the default for a tree type). */
  isTree: z.coerce.number().int().min(0).max(1).optional(),
  /** Sort field (LIST_SORT_FIELDS.dictionaryData; siblings sorted among themselves) and direction, as in the list query. */
  sidx: z.string().max(40).optional(),
  sort: z.enum(['asc', 'desc']).default('asc'),
  n: z.string().optional(),
});

export interface DictionaryDataRow {
  id: string;
  dictionaryTypeId: string;
  parentId: string;
  fullName: string;
  enCode: string;
  description: string | null;
  sortCode: number;
  enabledMark: 0 | 1;
  creatorTime: string;
  version: number;
  hasChildren: boolean;
  children?: DictionaryDataRow[];
}

/** Spec 3 cached dictionary list: each type with enCode, isTree and its enabled data. */
export interface DictionaryOption {
  id: string;
  fullName: string;
  enCode: string;
  parentId: string;
  children?: DictionaryOption[];
}
export interface DictionaryListEntry {
  id: string;
  enCode: string;
  fullName: string;
  isTree: 0 | 1;
  dictionaryList: DictionaryOption[];
}

// ---- Bill rules --------------------------------------------------------------------------------

/** Sequence width bounds. */
export const BILL_DIGIT_MIN = 1;
export const BILL_DIGIT_MAX = 12;

/**
 * Reset periods a date format tells apart. The sequence may start again only when the date part
 * changes too, or a number would repeat (e.g. 'YYYYMM' with a daily reset gives the same numbers
 * every day of the month).
 */
const BILL_FORMAT_RESETS: Record<BillDateFormat, readonly BillResetPeriod[]> = {
  '': ['never'],
  YYYY: ['never', 'year'],
  YYYYMM: ['never', 'year', 'month'],
  YYYYMMDD: ['never', 'year', 'month', 'day'],
  YYMMDD: ['never', 'year', 'month', 'day'],
};
export function billResetAllowed(format: BillDateFormat, reset: BillResetPeriod): boolean {
  return BILL_FORMAT_RESETS[format].includes(reset);
}

export const billRuleBodySchema = z
  .object({
    id: idSchema.optional(),
    fullName: fullNameSchema,
    enCode: enCodeSchema,
    prefix: z
      .string()
      .trim()
      .max(20, { error: '前缀长度不能超过20个字符' })
      .regex(/^[A-Za-z0-9_-]*$/, { error: '前缀只能输入英文、数字、下划线和中划线' })
      .default(''),
    dateFormat: z.enum(BILL_DATE_FORMATS, { error: '日期格式不正确' }).default(''),
    digit: z.coerce
      .number({ error: '流水位数必须是整数' })
      .int({ error: '流水位数必须是整数' })
      .min(BILL_DIGIT_MIN, { error: '流水位数只能是1到12' })
      .max(BILL_DIGIT_MAX, { error: '流水位数只能是1到12' }),
    startNumber: z.coerce
      .number({ error: '起始值必须是整数' })
      .int({ error: '起始值必须是整数' })
      .min(0, { error: '起始值不能小于0' })
      .default(1),
    resetPeriod: z.enum(BILL_RESET_PERIODS, { error: '重置周期不正确' }).default('never'),
    description: descriptionSchema,
    sortCode: sortCodeSchema,
    enabledMark: enabledMarkSchema,
  })
  .refine((b) => String(b.startNumber).length <= b.digit, { error: '起始值超出流水位数', path: ['startNumber'] })
  .refine((b) => billResetAllowed(b.dateFormat, b.resetPeriod), { error: '日期格式必须包含重置周期', path: ['resetPeriod'] });
export type BillRuleBody = z.input<typeof billRuleBodySchema>;

export interface BillRuleRow {
  id: string;
  fullName: string;
  enCode: string;
  prefix: string;
  dateFormat: BillDateFormat;
  digit: number;
  startNumber: number;
  resetPeriod: BillResetPeriod;
  /** Last sequence handed out in the current period (0: none yet). */
  outputNumber: number;
  /** What the next number will look like (prefix + today's date part + next sequence). */
  example: string;
  description: string | null;
  sortCode: number;
  enabledMark: 0 | 1;
  creatorTime: string;
  version: number;
}

/** Spec 3 Bill-rule option. */
export interface BillRuleOption {
  id: string;
  enCode: string;
  fullName: string;
}

/** A device's reserved block: numbers first..last of one period, formatted with that period's date part. */
export interface BillNumberBlock {
  enCode: string;
  prefix: string;
  datePart: string;
  digit: number;
  periodKey: string;
  first: number;
  last: number;
}
/** A device's stable id (made on the device): whose reserved blocks these are. */
const billDeviceIdSchema = z.string({ error: '设备标识不正确' }).trim().min(1, { error: '设备标识不正确' }).max(64, { error: '设备标识不正确' }).regex(/^[A-Za-z0-9_-]+$/, { error: '设备标识不正确' });
export const billReserveSchema = z.object({
  count: z.coerce.number().int().min(1, { error: '数量不正确' }).max(BILL_BLOCK_MAX, { error: `一次最多预留${BILL_BLOCK_MAX}个单号` }),
  deviceId: billDeviceIdSchema,
});

const billSerialSchema = z.number({ error: '单号范围不正确' }).int({ error: '单号范围不正确' }).min(0, { error: '单号范围不正确' }).max(Number.MAX_SAFE_INTEGER, { error: '单号范围不正确' });
/**
 * One reserved block's unused numbers, handed back: the block as it was reserved (rule, period,
 * first..last) and `from`, the first number the device did not use (it uses a block in order, so
 * from..last is what is left).
 */
export const billReleaseBlockSchema = z
  .object({
    enCode: enCodeSchema,
    periodKey: z.string({ error: '单号范围不正确' }).regex(/^(\d{4}|\d{6}|\d{8})?$/, { error: '单号范围不正确' }),
    first: billSerialSchema,
    from: billSerialSchema,
    last: billSerialSchema,
  })
  .refine((b) => b.first <= b.from && b.from <= b.last, { error: '单号范围不正确' });
export type BillReleaseBlock = z.output<typeof billReleaseBlockSchema>;
/** POST …/BillNumber/Actions/Release: a device hands back the unused numbers of its blocks. */
export const billReleaseSchema = z.object({
  deviceId: billDeviceIdSchema,
  blocks: z.array(billReleaseBlockSchema, { error: '数量不正确' }).min(1, { error: '数量不正确' }).max(BILL_RELEASE_MAX, { error: '数量不正确' }),
});
export type BillReleaseBody = z.input<typeof billReleaseSchema>;
/**
 * What a hand-back did: `returned` numbers went back to their rules (they were the last ones handed
 * out, so the rules hand them out again); `kept` numbers stay recorded as this device's and are never
 * handed out again (gaps). Blocks that are not this user's and device's (or were handed back before)
 * count in neither.
 */
export interface BillReleaseResult {
  returned: number;
  kept: number;
}


export const billRuleListQuerySchema = listQuerySchema;
