import type { H5Element, H5Page } from '@/contracts/h5';
import type { FormValue } from '@/contracts/h5-publish';
import { rules } from '@/contracts/validation';
import { formFieldLabel, isFormField } from './paths';

/**
 * A page's form (spec 3 Event form data): the answers of its form-field elements, read from the
 * controls the renderers drew (each named by its element's uuid; a region's selects `{uuid}.{i}`),
 * checked as the server checks them — required fields, and the mobile field (data key `mobile`)
 * by the spec 5.1 phone rule — with the messages in Chinese.
 */

/** mobileCode needs an SMS provider; none is configured, so the field is not shown (README). */
export const HIDDEN_FIELD_KEYS: readonly string[] = ['mobileCode'];
export const isHiddenField = (e: Pick<H5Element, 'pluginProps'>) => HIDDEN_FIELD_KEYS.includes(String(e.pluginProps?.name ?? ''));

/** The form fields of a page that a visitor sees. */
export const formFieldsOf = (page: H5Page) => page.elements.filter((e) => isFormField(e.name) && !isHiddenField(e));

const controls = (root: ParentNode, name: string) => Array.from(root.querySelectorAll<HTMLInputElement>(`[name="${name.replace(/["\\]/g, '\\$&')}"]`));

/** The answer of one field as it stands in the page. */
export function readValue(root: ParentNode, element: H5Element): FormValue {
  if (element.name === 'form-checkbox') return controls(root, element.uuid).filter((c) => c.checked).map((c) => c.value);
  if (element.name === 'form-radio') return controls(root, element.uuid).find((c) => c.checked)?.value ?? '';
  if (element.name === 'form-region') {
    const levels: string[] = [];
    for (let i = 0; i < 3; i++) {
      const v = controls(root, `${element.uuid}.${i}`)[0]?.value;
      if (v) levels.push(v);
    }
    return levels;
  }
  return (controls(root, element.uuid)[0]?.value ?? '').trim();
}

export function readValues(root: ParentNode, elements: readonly H5Element[]): Record<string, FormValue> {
  return Object.fromEntries(elements.map((e) => [e.uuid, readValue(root, e)]));
}

const isEmpty = (v: FormValue | undefined) => (Array.isArray(v) ? v.length === 0 : !v);

/** The problems of the answers, by element uuid (empty when the form may be sent). */
export function validateForm(elements: readonly H5Element[], values: Record<string, FormValue>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const e of elements) {
    const v = values[e.uuid];
    if (isEmpty(v)) {
      if (e.pluginProps.required === true) errors[e.uuid] = `${formFieldLabel(e)}不能为空`;
    } else if (e.pluginProps.name === 'mobile' && (typeof v !== 'string' || !rules.phone.pattern.test(v))) {
      errors[e.uuid] = rules.phone.message;
    }
  }
  return errors;
}

/** Empties the fields after a submission was sent or kept for sending. */
export function clearForm(root: ParentNode, elements: readonly H5Element[]): void {
  for (const e of elements) {
    const names = e.name === 'form-region' ? [0, 1, 2].map((i) => `${e.uuid}.${i}`) : [e.uuid];
    for (const c of names.flatMap((n) => controls(root, n))) {
      if (c.type === 'checkbox' || c.type === 'radio') c.checked = false;
      else c.value = '';
    }
  }
}
