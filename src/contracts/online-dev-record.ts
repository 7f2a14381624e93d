import { z } from 'zod';
import { ID_PATTERN } from './common';
import { downloadPath, STORED_FILE_NAME } from './files';
import { applyCalcs, planCalcs, type CalcFieldDef, type CalcLog } from './online-dev-calc';
import { INPUT_TABLE_REQUIRED_MESSAGE, onlineUploadMessages, type ControlType } from './online-dev';
import {
  FIELD_RULES,
  isSystemField,
  OPTIONS_MAX,
  RICH_TEXT_MAX,
  TABLE_ROWS_MAX,
  TEXT_DEFAULT_MAX,
  TEXTAREA_DEFAULT_MAX,
  uploadDefaults,
  valueFields,
  valueKind,
  type FieldOption,
  type ModelField,
} from './online-dev-model';
import { ONLINE_FILE_TYPES } from './online-dev-paths';

/**
 * A record's values checked against its model's form (issue 20): the same zod schema on the
 * server (every write) and in the renderer's form (react-hook-form). Each value is checked by its
 * control type — required, the text rule of spec 5.1, lengths, number ranges and decimals, options
 * that exist, date and time formats, files (count and form), input-table rows (spec 5.4: a required
 * cell that is null, undefined, '' or [] is `not empty`) — and normalised (texts trimmed, empty
 * values null or [], numbers from numeric text). What needs the database (that a user, department,
 * region, related record or uploaded file exists, a dictionary's options) the server checks after.
 *
 * Issues carry a message template (Chinese source text, or a spec message id) and its `params`, so
 * the server's catalog and the client's Lingui catalog translate them with the field's label.
 */

export const recordMessages = {
  required: '{label}不能为空',
  tooLong: '{label}长度不能超过{max}个字符',
  tooShort: '{label}长度不能少于{min}个字符',
  notNumber: '{label}必须是数字',
  belowMin: '{label}不能小于{min}',
  aboveMax: '{label}不能大于{max}',
  decimals: '{label}最多{precision}位小数',
  option: '{label}的选项不正确',
  format: '{label}格式不正确',
  tooManyRows: '{label}最多{max}行',
  /** Spec 5.4: an input-table cell (shown under the cell; its own words). */
  cell: INPUT_TABLE_REQUIRED_MESSAGE,
  imageCount: onlineUploadMessages.imageCount,
  fileCount: onlineUploadMessages.fileCount,
} as const;

export interface RecordIssue {
  /** Field key, then (input tables) row index and column key. */
  path: (string | number)[];
  message: string;
  params: Record<string, string | number>;
}

/** What the checks may know beyond the model: the options of dictionary- and interface-fed fields. */
export interface RecordContext {
  /** The options of a field whose options are not listed in the model; undefined: not checked here. */
  optionsOf?(field: ModelField): readonly FieldOption[] | undefined;
  /**
   * The renderer's own check: a file kept on this device until it is uploaded (url `local:<key>`)
   * is accepted too. The server never sets it (the sync queue uploads the file first).
   */
  localFiles?: boolean;
}

const DATE_PATTERNS: Record<string, RegExp> = {
  'YYYY-MM-DD': /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
  'YYYY-MM-DD HH:mm': /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d$/,
  'YYYY-MM-DD HH:mm:ss': /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/,
  'YYYY-MM': /^\d{4}-(0[1-9]|1[0-2])$/,
  YYYY: /^\d{4}$/,
  'HH:mm': /^([01]\d|2[0-3]):[0-5]\d$/,
  'HH:mm:ss': /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/,
};
export const dateFormatOf = (f: Pick<ModelField, 'type' | 'format'>): string => f.format ?? (f.type === 'time' ? 'HH:mm' : 'YYYY-MM-DD');
export const matchesDateFormat = (value: string, format: string) => DATE_PATTERNS[format]?.test(value) ?? false;

const COLOR = /^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/;
/** A region code of the administrative divisions (spec 7.5): digits. */
const REGION_CODE = /^\d{2,12}$/;
/** The download path (relative to the API base) of a stored file of the online-development file types. */
const isFileUrl = (url: string) => {
  const name = url.slice(url.lastIndexOf('/') + 1);
  return STORED_FILE_NAME.test(name) && Object.values(ONLINE_FILE_TYPES).some((type) => url === downloadPath(type, name));
};

/** A file kept on this device until the sync queue uploads it (RecordContext.localFiles). */
const LOCAL_FILE_URL = /^local:\S{1,200}$/;

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** Options of a field as the checks see them (static ones from the model, others from the context). */
function optionsFor(f: ModelField, ctx: RecordContext): readonly FieldOption[] | undefined {
  if (f.options?.kind === 'static') return f.options.items;
  return ctx.optionsOf?.(f);
}
const flatValues = (items: readonly FieldOption[]): Set<string> => {
  const out = new Set<string>();
  const walk = (list: readonly FieldOption[]) => {
    for (const o of list) {
      out.add(o.value);
      if (o.children) walk(o.children);
    }
  };
  walk(items);
  return out;
};
/** A cascader's path names an option at each level under the one before. */
function isOptionPath(items: readonly FieldOption[], path: readonly string[]): boolean {
  let level: readonly FieldOption[] | undefined = items;
  for (const v of path) {
    const hit: FieldOption | undefined = level?.find((o) => o.value === v);
    if (!hit) return false;
    level = hit.children;
  }
  return true;
}

type Check = { value: unknown; issues: RecordIssue[] };

/** Checks and normalises one value of field `f` (at `path`); `cell`: inside an input table (spec 5.4 message). */
export function checkValue(f: ModelField, raw: unknown, ctx: RecordContext = {}, path: (string | number)[] = [f.key], cell = false): Check {
  const issues: RecordIssue[] = [];
  const label = f.label || f.key;
  const fail = (message: string, params: Record<string, string | number> = {}) => {
    issues.push({ path, message, params: { label, ...params } });
    return { value: raw, issues };
  };
  const kind = valueKind(f);
  let value: unknown = raw;
  if (typeof value === 'string' && f.type !== 'editor' && f.type !== 'textarea') value = value.trim();
  if (isEmpty(value)) {
    if (f.required && !f.disabled && f.type !== 'billRule' && f.type !== 'calculate') return cell ? fail(recordMessages.cell) : fail(recordMessages.required);
    return { value: kind === 'list' || kind === 'files' || kind === 'rows' ? [] : kind === 'boolean' ? false : null, issues };
  }
  switch (kind) {
    case 'number': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(value) ? Number(value) : NaN;
      if (!Number.isFinite(n)) return f.type === 'calculate' ? { value: 0, issues } : fail(recordMessages.notNumber);
      if (f.type === 'calculate') return { value: n, issues };
      const min = f.type === 'rate' ? 0 : f.min;
      const max = f.type === 'rate' ? (f.max ?? 5) : f.type === 'slider' ? (f.max ?? 100) : f.max;
      if (min !== undefined && n < min) return fail(recordMessages.belowMin, { min });
      if (max !== undefined && n > max) return fail(recordMessages.aboveMax, { max });
      const places = f.type === 'rate' ? 1 : f.precision;
      if (places !== undefined && Math.abs(n * 10 ** places - Math.round(n * 10 ** places)) > 1e-6) return fail(recordMessages.decimals, { precision: places });
      return { value: n, issues };
    }
    case 'boolean':
      if (value === true || value === 1 || value === '1' || value === 'true') return { value: true, issues };
      if (value === false || value === 0 || value === '0' || value === 'false') return { value: false, issues };
      return fail(recordMessages.format);
    case 'list': {
      if (!Array.isArray(value) || value.length > OPTIONS_MAX || !value.every((v) => typeof v === 'string' && v.length > 0 && v.length <= 200)) return fail(recordMessages.format);
      const list = f.type === 'cascader' || f.type === 'address' ? (value as string[]) : [...new Set(value as string[])];
      if (f.type === 'address') {
        if (list.length > (f.level ?? 3) || !list.every((c) => REGION_CODE.test(c))) return fail(recordMessages.format);
        return { value: list, issues };
      }
      const options = optionsFor(f, ctx);
      if (f.type === 'cascader') {
        if (options && !isOptionPath(options, list)) return fail(recordMessages.option);
        return { value: list, issues };
      }
      if (['comSelect', 'depSelect', 'posSelect', 'userSelect'].includes(f.type)) {
        if (!list.every((id) => ID_PATTERN.test(id))) return fail(recordMessages.format);
        return { value: list, issues };
      }
      if (options) {
        const known = flatValues(options);
        if (!list.every((v) => known.has(v))) return fail(recordMessages.option);
      }
      return { value: list, issues };
    }
    case 'files': {
      const s = uploadDefaults(f.upload, f.type);
      if (!Array.isArray(value)) return fail(recordMessages.format);
      if (value.length > s.limit) return fail(s.kind === 'image' || s.kind === 'imageCard' ? recordMessages.imageCount : recordMessages.fileCount, { limit: s.limit });
      const files = [];
      for (const e of value) {
        const local = !!ctx.localFiles && e && typeof e === 'object' && typeof e.url === 'string' && LOCAL_FILE_URL.test(e.url) && typeof e.fileId === 'string' && e.fileId.length > 0 && e.fileId.length <= 200;
        const ok =
          e &&
          typeof e === 'object' &&
          typeof e.url === 'string' &&
          (local || (isFileUrl(e.url) && typeof e.fileId === 'string' && ID_PATTERN.test(e.fileId))) &&
          typeof e.name === 'string' &&
          typeof e.fileName === 'string' &&
          e.fileName.length <= 200;
        if (!ok) return fail(recordMessages.format);
        files.push({ name: e.name as string, fileId: e.fileId as string, url: e.url as string, fileName: e.fileName as string, ...(typeof e.size === 'number' ? { size: e.size } : {}) });
      }
      return { value: files, issues };
    }
    case 'rows':
      return checkRows(f, value, ctx, path);
    default:
      break;
  }
  // Texts and single values.
  if (typeof value === 'number' && (f.type === 'comInput' || f.type === 'textarea')) value = String(value);
  if (typeof value !== 'string') return fail(recordMessages.format);
  const text = value;
  switch (f.type as ControlType) {
    case 'date':
    case 'time':
      return matchesDateFormat(text, dateFormatOf(f)) ? { value: text, issues } : fail(recordMessages.format);
    case 'colorPicker':
      return COLOR.test(text) ? { value: text, issues } : fail(recordMessages.format);
    case 'comSelect':
    case 'depSelect':
    case 'posSelect':
    case 'userSelect':
    case 'relationForm':
      return ID_PATTERN.test(text) ? { value: text, issues } : fail(recordMessages.format);
    case 'radio':
    case 'select':
    case 'treeSelect': {
      const options = optionsFor(f, ctx);
      if (text.length > 200) return fail(recordMessages.format);
      if (options && !flatValues(options).has(text)) return fail(recordMessages.option);
      return { value: text, issues };
    }
    case 'billRule':
      return text.length <= 60 ? { value: text, issues } : fail(recordMessages.tooLong, { max: 60 });
    default: {
      const max = Math.min(f.maxLength ?? (f.type === 'editor' ? RICH_TEXT_MAX : f.type === 'textarea' ? TEXTAREA_DEFAULT_MAX : TEXT_DEFAULT_MAX), RICH_TEXT_MAX);
      if ([...text].length > max) return fail(recordMessages.tooLong, { max });
      if (f.minLength !== undefined && [...text].length < f.minLength) return fail(recordMessages.tooShort, { min: f.minLength });
      if (f.rule && f.type !== 'editor') {
        const rule = FIELD_RULES[f.rule];
        if (rule && !rule.pattern.test(text)) {
          issues.push({ path, message: rule.message, params: { label } });
          return { value: text, issues };
        }
      }
      return { value: text, issues };
    }
  }
}

function checkRows(f: ModelField, value: unknown, ctx: RecordContext, path: (string | number)[]): Check {
  const label = f.label || f.key;
  if (!Array.isArray(value) || !value.every((r) => r && typeof r === 'object' && !Array.isArray(r))) {
    return { value, issues: [{ path, message: recordMessages.format, params: { label } }] };
  }
  if (value.length > TABLE_ROWS_MAX) return { value, issues: [{ path, message: recordMessages.tooManyRows, params: { label, max: TABLE_ROWS_MAX } }] };
  const issues: RecordIssue[] = [];
  const rows = (value as Record<string, unknown>[]).map((row, i) => {
    const out: Record<string, unknown> = {};
    for (const c of f.columns ?? []) {
      const r = checkValue(c, Object.hasOwn(row, c.key) ? row[c.key] : undefined, ctx, [...path, i, c.key], true);
      out[c.key] = r.value;
      issues.push(...r.issues);
    }
    return out;
  });
  return { value: rows, issues };
}

/** The calculation fields of a form, as the calculation plan takes them (columns of input tables too). */
export function calcDefs(fields: readonly ModelField[]): CalcFieldDef[] {
  const defs: CalcFieldDef[] = [];
  for (const f of valueFields(fields)) {
    if (f.type === 'calculate') defs.push({ key: f.key, expression: f.expression ?? '', precision: f.precision });
    if (f.type === 'table') for (const c of f.columns ?? []) if (c.type === 'calculate') defs.push({ key: c.key, table: f.key, expression: c.expression ?? '', precision: c.precision });
  }
  return defs;
}

/** Every calculation of the form worked out again from the values (the server never trusts a sent result). */
export function recompute(fields: readonly ModelField[], values: Record<string, unknown>, log?: CalcLog): Record<string, unknown> {
  const defs = calcDefs(fields);
  if (!defs.length) return values;
  const plan = planCalcs(defs, log);
  return applyCalcs(plan, values, plan.order, log);
}

/** Checks a whole record: every value field but the system fields, which the server fills. */
export function checkRecord(fields: readonly ModelField[], data: Readonly<Record<string, unknown>>, ctx: RecordContext = {}): { value: Record<string, unknown>; issues: RecordIssue[] } {
  const value: Record<string, unknown> = {};
  const issues: RecordIssue[] = [];
  for (const f of valueFields(fields)) {
    if (isSystemField(f) || !f.key) continue;
    const r = checkValue(f, Object.hasOwn(data, f.key) ? data[f.key] : undefined, ctx);
    value[f.key] = r.value;
    issues.push(...r.issues);
  }
  return { value, issues };
}

/** The same checks as a zod schema (react-hook-form's resolver and the server's parse): issues carry their template in `message` and its values in `params`. */
export function recordSchema(fields: readonly ModelField[], ctx: RecordContext = {}) {
  return z.record(z.string(), z.unknown()).transform((data, zc) => {
    const { value, issues } = checkRecord(fields, data, ctx);
    for (const i of issues) zc.addIssue({ code: 'custom', message: i.message, params: i.params, path: i.path });
    return value;
  });
}

/** Fills an issue's template (already translated) with its values. */
export const fillIssue = (template: string, params: Readonly<Record<string, string | number>>) => template.replace(/\{(\w+)\}/g, (m, k: string) => (Object.hasOwn(params, k) ? String(params[k]) : m));
