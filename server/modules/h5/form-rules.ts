import { Code } from '../../../src/contracts/codes';
import type { H5Element, H5Page } from '../../../src/contracts/h5';
import { FORM_VALUE_MAX, formElementsOf, formFieldLabel, h5PublishMessages, type FormValue } from '../../../src/contracts/h5-publish';
import { rules } from '../../../src/contracts/validation';
import { ApiError } from '../../lib/errors';

/**
 * What a published work's form accepts (spec 3 Event form data, 5.1 phone rule): the form-field
 * elements of the snapshot by uuid, each with its data key (`pluginProps.name`), label, whether it
 * is required and, for choices, the option values. Pure functions: the service caches a spec per
 * published version.
 */

export interface FieldSpec {
  uuid: string;
  type: string;
  /** The data key (spec 3 Event form data: name, sex, birthday, mobile, mobileCode, province, city, storeId, or the designer's own). */
  key: string;
  label: string;
  required: boolean;
  /** Option values of a radio, checkbox or select (empty: any value). */
  options: Map<string, string>;
}
export type FormSpec = Map<string, FieldSpec>;

/** Whether an SMS provider is configured (mobileCode is accepted only then). None is. */
export const SMS_CONFIGURED = false;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const REGION_CODE = /^[0-9A-Za-z]{1,20}$/;
const CHOICES = new Set(['form-radio', 'form-checkbox', 'form-select']);

function optionsOf(e: H5Element): Map<string, string> {
  const list = Array.isArray(e.pluginProps.options) ? (e.pluginProps.options as unknown[]) : [];
  const out = new Map<string, string>();
  for (const o of list) {
    if (o && typeof o === 'object' && 'value' in o) {
      const { value, label } = o as { value: unknown; label: unknown };
      out.set(String(value), typeof label === 'string' && label ? label : String(value));
    }
  }
  return out;
}

export function formSpecOf(pages: readonly H5Page[]): FormSpec {
  const spec: FormSpec = new Map();
  for (const e of formElementsOf(pages)) {
    const key = typeof e.pluginProps.name === 'string' ? e.pluginProps.name : '';
    spec.set(e.uuid, { uuid: e.uuid, type: e.name, key, label: formFieldLabel(e), required: e.pluginProps.required === true, options: CHOICES.has(e.name) ? optionsOf(e) : new Map() });
  }
  return spec;
}

const fail = (msg: string, params: Record<string, string> = {}, field?: string) => new ApiError(Code.BAD_REQUEST, 400, msg, params, field ? { field } : null);

function validDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]) && Number(m[1]) >= 1900;
}

const isEmpty = (v: FormValue | undefined) => v === undefined || (typeof v === 'string' ? v.trim() === '' : v.length === 0);

/** One answer checked against its field; the value as stored (text trimmed, choices as lists for checkboxes). */
function checkValue(f: FieldSpec, raw: FormValue): FormValue {
  const bad = () => fail(h5PublishMessages.badValue, { label: f.label }, f.uuid);
  const list = typeof raw === 'string' ? [raw] : raw;
  if (f.type === 'form-checkbox') {
    if (f.options.size && list.some((v) => !f.options.has(v))) throw fail(h5PublishMessages.badOption, { label: f.label }, f.uuid);
    return [...new Set(list)];
  }
  if (f.type === 'form-region') {
    if (list.length > 3 || list.some((v) => !REGION_CODE.test(v))) throw bad();
    return list;
  }
  if (typeof raw !== 'string') throw bad();
  const value = raw.trim();
  if (f.options.size && !f.options.has(value)) throw fail(h5PublishMessages.badOption, { label: f.label }, f.uuid);
  if (f.type === 'form-date' && !validDate(value)) throw bad();
  if (f.type === 'form-input' && value.length > 200) throw bad();
  if (value.length > FORM_VALUE_MAX) throw bad();
  // The Event form data keys with rules of their own (spec 3, 5.1).
  switch (f.key) {
    case 'mobile':
      if (!rules.phone.pattern.test(value)) throw fail(rules.phone.message, {}, f.uuid);
      break;
    case 'mobileCode':
      if (!SMS_CONFIGURED) throw fail(h5PublishMessages.noSms, {}, f.uuid);
      break;
    case 'birthday':
      if (!validDate(value)) throw bad();
      break;
    case 'province':
    case 'city':
      if (!REGION_CODE.test(value)) throw bad();
      break;
    case 'name':
      if (value.length > 50) throw bad();
      break;
  }
  return value;
}

/**
 * The answers of a submission checked against the published form: only uuids of its form fields,
 * required fields filled, each value by its type and data key. Empty optional answers are left
 * out. Throws the first problem (400, `data.field` = the element uuid).
 */
export function checkSubmission(spec: FormSpec, fields: Record<string, FormValue>): Record<string, FormValue> {
  const out: Record<string, FormValue> = {};
  for (const uuid of Object.keys(fields)) {
    if (!spec.has(uuid)) throw fail(h5PublishMessages.unknownField, { uuid });
  }
  for (const f of spec.values()) {
    const raw = Object.hasOwn(fields, f.uuid) ? fields[f.uuid] : undefined;
    if (isEmpty(raw)) {
      if (f.required) throw fail(h5PublishMessages.required, { label: f.label }, f.uuid);
      continue;
    }
    out[f.uuid] = checkValue(f, raw!);
  }
  return out;
}

/** An answer as the data centre shows it: choices by their labels, regions by their names (when known), lists joined. */
export function displayValue(f: FieldSpec | undefined, value: FormValue, regionNames?: ReadonlyMap<string, string>): string {
  const list = typeof value === 'string' ? [value] : value;
  const shown =
    f?.type === 'form-region' ? list.map((v) => regionNames?.get(v) ?? v) : f && f.options.size ? list.map((v) => f.options.get(v) ?? v) : list;
  return shown.join(f?.type === 'form-region' ? ' / ' : '、');
}
