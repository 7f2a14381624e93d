import { z } from 'zod';
import { descriptionSchema, enCodeSchema, fullNameSchema, idSchema } from './common';
import { DEFAULT_PAGE_SIZE, NAME_MAX, PAGE_SIZES } from './limits';
import { CALC_MAX_PRECISION, CONTROL_TYPE_KEYS, SIZE_UNITS, type ControlType } from './online-dev';
import {
  DATE_FORMATS,
  FIELD_KEY_MAX,
  FIELD_RULE_NAMES,
  LABEL_MAX,
  LIST_BUTTONS,
  LIST_COLUMNS_MAX,
  MODEL_CATEGORIES,
  MODEL_FIELDS_MAX,
  OPTIONS_MAX,
  RICH_TEXT_MAX,
  SEARCH_FIELDS_MAX,
  TABLE_COLUMNS_MAX,
  TEXT_VALUE_MAX,
  TIME_FORMATS,
  type FieldOption,
  type FieldRuleName,
  type ModelField,
} from './online-dev-model';

/**
 * The zod schemas of online development's calls (issue 20): a model's definition as the designer
 * saves it (the server checks the rest with checkDefinition, online-dev-define.ts), the designer's
 * bodies, a record's body and the list query. Types and helpers are in online-dev-model.ts (zod-free,
 * so the renderer's start does not load zod).
 */

const labelSchema = z.string().trim().min(1, { error: '标题不能为空' }).max(LABEL_MAX, { error: `标题长度不能超过${LABEL_MAX}个字符` });
const optionSchema: z.ZodType<FieldOption, FieldOption> = z.lazy(() =>
  z.object({
    label: z.string().trim().min(1, { error: '选项名称不能为空' }).max(NAME_MAX),
    value: z.string().trim().min(1, { error: '选项值不能为空' }).max(NAME_MAX),
    children: z.array(optionSchema).max(OPTIONS_MAX).optional(),
  }),
);
const optionSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('static'), items: z.array(optionSchema).max(OPTIONS_MAX) }),
  z.object({ kind: z.literal('dictionary'), dictionary: enCodeSchema }),
  z.object({ kind: z.literal('interface'), interfaceId: idSchema, labelKey: z.string().max(FIELD_KEY_MAX), valueKey: z.string().max(FIELD_KEY_MAX) }),
]);
const finite = z.number().finite();

const fieldSchema: z.ZodType<ModelField, ModelField> = z.lazy(() =>
  z.object({
    id: z.string().min(1).max(60),
    key: z.string().max(FIELD_KEY_MAX),
    type: z.enum(CONTROL_TYPE_KEYS as [ControlType, ...ControlType[]], { error: '控件类型不正确' }),
    label: z.string().trim().max(LABEL_MAX, { error: `标题长度不能超过${LABEL_MAX}个字符` }),
    span: z.number().int().min(1).max(24),
    required: z.boolean().optional(),
    placeholder: z.string().max(100).optional(),
    defaultValue: z.unknown().optional(),
    disabled: z.boolean().optional(),
    rule: z.enum(FIELD_RULE_NAMES as [FieldRuleName, ...FieldRuleName[]]).optional(),
    minLength: z.number().int().min(0).max(TEXT_VALUE_MAX).optional(),
    maxLength: z.number().int().min(1).max(RICH_TEXT_MAX).optional(),
    min: finite.optional(),
    max: finite.optional(),
    step: z.number().positive().finite().optional(),
    precision: z.number().int().min(0).max(CALC_MAX_PRECISION).optional(),
    options: optionSourceSchema.optional(),
    multiple: z.boolean().optional(),
    format: z.enum([...DATE_FORMATS, ...TIME_FORMATS]).optional(),
    upload: z
      .object({
        kind: z.enum(['file', 'video', 'image', 'imageCard']),
        limit: z.number().int().min(1).max(50).optional(),
        fileSize: z.number().positive().max(1024 * 1024).optional(),
        sizeUnit: z.enum(SIZE_UNITS).optional(),
        accept: z.array(z.string().regex(/^[a-z0-9]{1,10}$/)).max(30).optional(),
      })
      .optional(),
    expression: z.string().max(4000).optional(),
    thousands: z.boolean().optional(),
    amountChinese: z.boolean().optional(),
    level: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
    billRule: enCodeSchema.optional(),
    relation: z.object({ modelId: idSchema, field: z.string().max(FIELD_KEY_MAX) }).optional(),
    columns: z.array(fieldSchema).max(TABLE_COLUMNS_MAX).optional(),
    children: z.array(fieldSchema).max(MODEL_FIELDS_MAX).optional(),
    tabs: z.array(z.object({ title: labelSchema, children: z.array(fieldSchema).max(MODEL_FIELDS_MAX) })).max(20).optional(),
    activeText: z.string().max(20).optional(),
    inactiveText: z.string().max(20).optional(),
  }),
);

const listConfigSchema = z.object({
  columns: z
    .array(
      z.object({
        key: z.string().min(1).max(FIELD_KEY_MAX),
        label: z.string().max(LABEL_MAX).optional(),
        width: z.number().int().min(40).max(1000).optional(),
        align: z.enum(['left', 'center', 'right']).optional(),
        sortable: z.boolean().optional(),
      }),
    )
    .max(LIST_COLUMNS_MAX),
  searchFields: z.array(z.string().max(FIELD_KEY_MAX)).max(SEARCH_FIELDS_MAX),
  keywordFields: z.array(z.string().max(FIELD_KEY_MAX)).max(SEARCH_FIELDS_MAX),
  sort: z.object({ field: z.string().min(1).max(FIELD_KEY_MAX), order: z.enum(['asc', 'desc']) }),
  pageSize: z
    .number()
    .int()
    .refine((n) => PAGE_SIZES.includes(n), { error: '每页条数不正确' }),
  buttons: z.array(z.enum(LIST_BUTTONS)).max(LIST_BUTTONS.length),
  tree: z
    .discriminatedUnion('source', [
      z.object({ source: z.literal('dictionary'), dictionary: enCodeSchema, field: z.string().max(FIELD_KEY_MAX) }),
      z.object({ source: z.literal('org'), field: z.string().max(FIELD_KEY_MAX) }),
    ])
    .nullable(),
});

export const modelDefinitionSchema = z.object({
  form: z.object({
    fields: z.array(fieldSchema).max(MODEL_FIELDS_MAX),
    labelWidth: z.number().int().min(40).max(400),
    labelPosition: z.enum(['left', 'right', 'top']),
    titleField: z.string().max(FIELD_KEY_MAX).optional(),
    popup: z.enum(['dialog', 'drawer']),
  }),
  list: listConfigSchema,
});

/** POST / PUT …/visualdev/Base: a model's name, code and draft definition. */
export const modelBodySchema = z.object({
  id: idSchema.optional(),
  fullName: fullNameSchema,
  enCode: enCodeSchema,
  category: z.enum(MODEL_CATEGORIES, { error: '分类不正确' }).default('other'),
  description: descriptionSchema,
  draft: modelDefinitionSchema,
});
export type ModelBody = z.input<typeof modelBodySchema>;

/** POST …/Base/{id}/Actions/Publish: where the model's menu entry goes and what it is called. */
export const publishBodySchema = z.object({
  /** The directory (type-1 menu entry, by its code) the entry goes under; '' for the top level. */
  parent: z.string().max(NAME_MAX).default(''),
  fullName: fullNameSchema,
  icon: z.string().trim().max(40).default('table'),
  sortCode: z.coerce.number().int().min(0).max(999_999).default(0),
  /** Roles (by code) granted the entry with all its buttons and columns, besides the administrators. */
  roles: z.array(z.string().max(NAME_MAX)).max(100).default([]),
});
export type PublishBody = z.input<typeof publishBodySchema>;

export const modelListQuerySchema = z.object({
  currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => PAGE_SIZES.includes(n), { error: '每页条数不正确' })
    .default(DEFAULT_PAGE_SIZE),
  keyword: z.string().trim().max(NAME_MAX).default(''),
  category: z.enum(MODEL_CATEGORIES).optional(),
  n: z.string().optional(),
});


export const recordBodySchema = z.object({
  /** A ULID made on the device, so a record created offline keeps its id (POST only; PUT repeats the path's). */
  id: idSchema.optional(),
  data: z.record(z.string(), z.unknown(), { error: '数据不能为空' }),
});
export type RecordBody = z.input<typeof recordBodySchema>;


// The list query of a model: the spec's list query plus one parameter per search field
export const recordListQuerySchema = z
  .object({
    currentPage: z.coerce.number().int().min(1, { error: '页码不正确' }).max(1_000_000).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .refine((n) => PAGE_SIZES.includes(n), { error: '每页条数不正确' })
      .optional(),
    sort: z.enum(['asc', 'desc']).optional(),
    sidx: z.string().max(FIELD_KEY_MAX).optional(),
    keyword: z.string().trim().max(NAME_MAX, { error: `关键词长度不能超过${NAME_MAX}个字符` }).default(''),
    n: z.string().optional(),
  })
  .catchall(z.string().max(200, { error: '查询条件过长' }));
export type RecordListQuery = z.output<typeof recordListQuerySchema>;

