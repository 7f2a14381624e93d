import { ID_PATTERN } from './ids';
import { DEFAULT_PAGE_SIZE } from './limits';
import {
  FILE_DEFAULT_SIZE,
  FILE_DEFAULT_UNIT,
  FILE_MAX_FILES,
  IMAGE_MAX_FILES,
  LAYOUT_CONTROL_TYPES,
  SYSTEM_CONTROL_TYPES,
  VIDEO_MAX_FILES,
  type ControlType,
} from './online-dev';
import type { SIZE_UNITS } from './online-dev';
import type { FieldRuleName } from './online-dev-rules';

export { FIELD_RULES, FIELD_RULE_NAMES, genericRules, type FieldRuleName } from './online-dev-rules';

/**
 * A low-code model (issue 20, spec 3 Input-table, 5.1, 7.6): its form (fields with a control type,
 * rules and options), its list (columns, search fields, sort, page size, buttons, an optional tree
 * on the left) and, stored apart, its records. One definition read by the designer (which edits
 * the draft), the server (which validates every record against the published one, see
 * online-dev-record.ts) and the renderer (which draws list and form pages from it).
 */

// ---------------------------------------------------------------------------------------------
// Limits

export const MODEL_FIELDS_MAX = 200;
export const TABLE_COLUMNS_MAX = 40;
export const TABLE_ROWS_MAX = 500;
export const OPTIONS_MAX = 500;
export const FIELD_KEY_MAX = 40;
export const LABEL_MAX = 50;
/** A text field's own maximum when the model sets none; the model may set up to TEXT_VALUE_MAX. */
export const TEXT_DEFAULT_MAX = 500;
export const TEXTAREA_DEFAULT_MAX = 2000;
export const TEXT_VALUE_MAX = 5000;
export const RICH_TEXT_MAX = 50_000;
/** Columns of a list and fields of its search bar at most. */
export const LIST_COLUMNS_MAX = 50;
export const SEARCH_FIELDS_MAX = 12;

/** Buttons a model's list may show (spec 6 default codes plus export and detail). */
export const LIST_BUTTONS = ['btn_add', 'btn_edit', 'btn_remove', 'btn_export', 'btn_detail'] as const;
export type ListButton = (typeof LIST_BUTTONS)[number];
export const LIST_BUTTON_NAMES: Record<ListButton, string> = { btn_add: '新建', btn_edit: '编辑', btn_remove: '删除', btn_export: '导出', btn_detail: '详情' };

/**
 * Keys a field may not take: the record's own columns, the list query's parameters, and names an
 * object has on its prototype (a field key is a property name in JSON, the URL and the form).
 */
export const RESERVED_FIELD_KEYS: readonly string[] = [
  'id',
  'version',
  'modelId',
  'creatorUserId',
  'creatorTime',
  'lastModifyUserId',
  'lastModifyTime',
  'organizeId',
  'departmentId',
  'currentPage',
  'pageSize',
  'sort',
  'sidx',
  'keyword',
  'n',
  'from',
  'field',
  'constructor',
  'prototype',
  '__proto__',
  'hasOwnProperty',
  'toString',
  'valueOf',
];
export const FIELD_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

/** System columns every record has (the list may show and sort them). */
export const SYSTEM_COLUMNS = ['creatorTime', 'lastModifyTime', 'creatorUserId', 'lastModifyUserId', 'organizeId'] as const;
export type SystemColumn = (typeof SYSTEM_COLUMNS)[number];
export const SYSTEM_COLUMN_NAMES: Record<SystemColumn, string> = {
  creatorTime: '创建时间',
  lastModifyTime: '修改时间',
  creatorUserId: '创建人',
  lastModifyUserId: '修改人',
  organizeId: '所属组织',
};

// ---------------------------------------------------------------------------------------------
// Fields

export interface FieldOption {
  label: string;
  value: string;
  children?: FieldOption[];
}

/** Where a field's options come from: listed in the model, a dictionary (by its code), or a data interface. */
export type OptionSource =
  | { kind: 'static'; items: FieldOption[] }
  | { kind: 'dictionary'; dictionary: string }
  | { kind: 'interface'; interfaceId: string; labelKey: string; valueKey: string };

export const DATE_FORMATS = ['YYYY-MM-DD', 'YYYY-MM-DD HH:mm', 'YYYY-MM-DD HH:mm:ss', 'YYYY-MM', 'YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export const TIME_FORMATS = ['HH:mm', 'HH:mm:ss'] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];

/** How an upload field takes files (spec 5.3): a generic file or a video (uploadFz), an image or an image card (uploadImg). */
export type UploadFieldKind = 'file' | 'video' | 'image' | 'imageCard';
export interface UploadFieldSettings {
  kind: UploadFieldKind;
  /** Files at most (defaults: video 10, image 10, file 9). */
  limit?: number;
  /** Generic files: size per file with its unit (default 2 MB). */
  fileSize?: number;
  sizeUnit?: (typeof SIZE_UNITS)[number];
  /** Generic files: extensions allowed (without dots); empty: the server's document list. */
  accept?: string[];
}

export interface TabPane {
  title: string;
  children: ModelField[];
}

/**
 * One item of a form: a value field (its `key` holds the value in the record), a system field
 * (filled by the server) or a layout item (`key` empty; card and row hold `children`, tabs hold
 * `tabs`). Which properties apply depends on `type` (the JNPF key); the rest are left out.
 */
export interface ModelField {
  /** Stable id of the item in the designer (also for layout items). */
  id: string;
  /** The value's key in the record (`__vModel__`); '' for layout items. */
  key: string;
  type: ControlType;
  label: string;
  /** Width in the form's 24-column grid. */
  span: number;
  required?: boolean;
  placeholder?: string;
  defaultValue?: unknown;
  /** Shown but not editable (its default or the stored value stays). */
  disabled?: boolean;
  /** Text: one rule of FIELD_RULES, and length bounds. */
  rule?: FieldRuleName;
  minLength?: number;
  maxLength?: number;
  /** Number, slider, rate: bounds, step; number and calculation: decimal places. */
  min?: number;
  max?: number;
  step?: number;
  precision?: number;
  /** Radio, checkbox, select, cascader, tree select: where the options come from. */
  options?: OptionSource;
  /** Select, tree select and the directory pickers: several values. */
  multiple?: boolean;
  /** Date and time. */
  format?: DateFormat | TimeFormat;
  upload?: UploadFieldSettings;
  /** Calculation: the expression (`{price} × {qty}`, spec 9) and how it shows. */
  expression?: string;
  thousands?: boolean;
  amountChinese?: boolean;
  /** Region: levels (1 province, 2 city, 3 district; spec 9 default 3). */
  level?: 1 | 2 | 3;
  /** Bill number: the bill rule's code (spec 3 Bill-rule option). */
  billRule?: string;
  /** Relation form: the related model and the field its options show (spec 3 Relation option). */
  relation?: { modelId: string; field: string };
  /** Input table: its columns (value fields; no layout items, tables or system fields). */
  columns?: ModelField[];
  /** Card and row: the items inside. */
  children?: ModelField[];
  /** Tabs: the panes. */
  tabs?: TabPane[];
  /** Switch: the words for on and off. */
  activeText?: string;
  inactiveText?: string;
}

export const isLayoutField = (f: Pick<ModelField, 'type'>) => LAYOUT_CONTROL_TYPES.includes(f.type);
export const isSystemField = (f: Pick<ModelField, 'type'>) => SYSTEM_CONTROL_TYPES.includes(f.type);

/** Every value field of a form (system fields included), depth first through cards, rows and tabs; input tables count as one field. */
export function valueFields(fields: readonly ModelField[]): ModelField[] {
  const out: ModelField[] = [];
  const walk = (list: readonly ModelField[]) => {
    for (const f of list) {
      if (isLayoutField(f)) {
        if (f.children) walk(f.children);
        for (const pane of f.tabs ?? []) walk(pane.children);
      } else out.push(f);
    }
  };
  walk(fields);
  return out;
}

/** Every item of a form (layout items too, and input-table columns), depth first. */
export function allItems(fields: readonly ModelField[]): ModelField[] {
  const out: ModelField[] = [];
  const walk = (list: readonly ModelField[]) => {
    for (const f of list) {
      out.push(f);
      if (f.children) walk(f.children);
      for (const pane of f.tabs ?? []) walk(pane.children);
      if (f.columns) walk(f.columns);
    }
  };
  walk(fields);
  return out;
}

/** The value kind a control type stores (validation, sorting, export). */
export type ValueKind = 'text' | 'number' | 'boolean' | 'list' | 'rows' | 'files' | 'none';
const VALUE_KIND: Partial<Record<ControlType, ValueKind>> = {
  numInput: 'number',
  slider: 'number',
  rate: 'number',
  calculate: 'number',
  switch: 'boolean',
  checkbox: 'list',
  cascader: 'list',
  address: 'list',
  uploadFz: 'files',
  uploadImg: 'files',
  table: 'rows',
};
export function valueKind(f: Pick<ModelField, 'type' | 'multiple'>): ValueKind {
  if (LAYOUT_CONTROL_TYPES.includes(f.type)) return 'none';
  if (f.multiple && ['select', 'treeSelect', 'comSelect', 'depSelect', 'posSelect', 'userSelect'].includes(f.type)) return 'list';
  return VALUE_KIND[f.type] ?? 'text';
}

/** Control types that may be a column of an input table. */
export const TABLE_CELL_TYPES: readonly ControlType[] = [
  'comInput',
  'textarea',
  'numInput',
  'switch',
  'radio',
  'checkbox',
  'select',
  'date',
  'time',
  'calculate',
  'colorPicker',
  'rate',
  'comSelect',
  'depSelect',
  'posSelect',
  'userSelect',
  'address',
  'uploadImg',
];

// ---------------------------------------------------------------------------------------------
// List

export interface ListColumnConfig {
  /** A value field's key or a system column. */
  key: string;
  /** Header (default: the field's label). */
  label?: string;
  width?: number;
  align?: 'left' | 'center' | 'right';
  sortable?: boolean;
}

/** The tree on the left of the list: choosing a node filters the list by one field. */
export type ListTree = { source: 'dictionary'; dictionary: string; field: string } | { source: 'org'; field: string };

export interface ListConfig {
  columns: ListColumnConfig[];
  /** Value fields offered in the search bar (equality for options and pickers, a range for numbers and dates, contains for text). */
  searchFields: string[];
  /** Text fields the keyword box searches (contains). */
  keywordFields: string[];
  /** The default order: a value field or a system column. */
  sort: { field: string; order: 'asc' | 'desc' };
  pageSize: number;
  buttons: ListButton[];
  tree: ListTree | null;
}

export interface FormConfig {
  fields: ModelField[];
  labelWidth: number;
  labelPosition: 'left' | 'right' | 'top';
  /** The field naming a record (relation options, delete confirmations); default: the first text field. */
  titleField?: string;
  /** How the form opens: a dialog, or a drawer from the side (wide forms). */
  popup: 'dialog' | 'drawer';
}

/** A model as the designer edits it (draft) and as users get it (published). */
export interface ModelDefinition {
  form: FormConfig;
  list: ListConfig;
}

export const MODEL_CATEGORIES = ['store', 'customer', 'product', 'office', 'other'] as const;
export type ModelCategory = (typeof MODEL_CATEGORIES)[number];
export const MODEL_CATEGORY_NAMES: Record<ModelCategory, string> = { store: '门店运营', customer: '客户管理', product: '商品与样品', office: '行政办公', other: '其他' };

/** A model in the designer's list and editor. */
export interface ModelInfo {
  id: string;
  fullName: string;
  enCode: string;
  category: ModelCategory;
  description: string | null;
  draft: ModelDefinition;
  /** Bumped by every save of the draft (If-Match). */
  version: number;
  /** The published definition's number (0: never published). */
  publishedVersion: number;
  /** The draft differs from what is published. */
  changed: boolean;
  /** The menu entry (by code) users reach it from, once published. */
  menuCode: string | null;
  menuParent: string | null;
  recordCount: number;
  creatorTime: string;
  lastModifyTime: string;
}
export type ModelRow = Omit<ModelInfo, 'draft'>;

/** GET OnlineDev/{id}/Config: what users see of a published model. */
export interface ModelConfig extends ModelDefinition {
  id: string;
  fullName: string;
  enCode: string;
  /** The published definition's number: a write made on an older one is still validated against the newest. */
  publishedVersion: number;
  menuCode: string;
}

// ---------------------------------------------------------------------------------------------
// Records

/** A record as the API gives it: its own columns, then one property per value field (system fields included). */
export interface RecordRow {
  id: string;
  modelId: string;
  version: number;
  creatorUserId: string;
  creatorTime: string;
  lastModifyUserId: string | null;
  lastModifyTime: string | null;
  organizeId: string | null;
  [key: string]: unknown;
}

/** A relation option (spec 3): a record of the related model by its title field. */
export interface RelationOption {
  id: string;
  fullName: string;
}
/** Base/{id}/FieldDataSelect: a value field of a model. */
export interface FieldDataOption {
  field: string;
  fieldName: string;
  jnpfKey: ControlType;
}
/** Base/Selector: a published model. */
export interface ModelOption {
  id: string;
  fullName: string;
  enCode: string;
  category: ModelCategory;
}

// ---------------------------------------------------------------------------------------------
// The list query of a model: the spec's list query plus one parameter per search field (online-dev-schemas.ts)

/** A search value of a range field: `from,to` (either may be empty). */
export const RANGE_SEPARATOR = ',';

// ---------------------------------------------------------------------------------------------
// Defaults

/** The upload settings of a field with the spec 5.3 defaults filled in. */
export function uploadDefaults(s: UploadFieldSettings | undefined, type: ControlType): Required<Omit<UploadFieldSettings, 'accept'>> & { accept: string[] } {
  const kind = s?.kind ?? (type === 'uploadImg' ? 'image' : 'file');
  const limit = s?.limit ?? (kind === 'video' ? VIDEO_MAX_FILES : kind === 'file' ? FILE_MAX_FILES : IMAGE_MAX_FILES);
  return { kind, limit, fileSize: s?.fileSize ?? FILE_DEFAULT_SIZE, sizeUnit: s?.sizeUnit ?? FILE_DEFAULT_UNIT, accept: s?.accept ?? [] };
}

/** An empty list definition: no columns yet, newest first, the spec's default page size, the default buttons. */
export const emptyDefinition = (): ModelDefinition => ({
  form: { fields: [], labelWidth: 100, labelPosition: 'right', popup: 'dialog' },
  list: { columns: [], searchFields: [], keywordFields: [], sort: { field: 'creatorTime', order: 'desc' }, pageSize: DEFAULT_PAGE_SIZE, buttons: ['btn_add', 'btn_edit', 'btn_remove', 'btn_detail', 'btn_export'], tree: null },
});

export const isRecordId = (v: unknown): v is string => typeof v === 'string' && ID_PATTERN.test(v);
