/**
 * The public paths of a published page and the names the runtime shares with the server, as in
 * src/contracts/h5-publish.ts (paths.test.ts checks they agree). Repeated here, not imported: the
 * contract module builds zod schemas when it loads, which would put zod in the runtime's bundle.
 */

export const BOOT_ELEMENT_ID = 'h5-boot';
export const publicPagePath = (workId: string) => `/p/${encodeURIComponent(workId)}`;
export const formPath = (workId: string) => `${publicPagePath(workId)}/form`;
export const viewPath = (workId: string) => `${publicPagePath(workId)}/view`;

/** The form-field element types whose answers a submission carries (form-submit only sends). */
export const FORM_FIELD_TYPES: readonly string[] = ['form-input', 'form-textarea', 'form-radio', 'form-checkbox', 'form-select', 'form-date', 'form-region'];
export const isFormField = (name: string) => FORM_FIELD_TYPES.includes(name);

/** The label of a form element in messages: its label, else its data key, else its uuid. */
export function formFieldLabel(element: { uuid: string; pluginProps: Record<string, unknown> }): string {
  const { label, name } = element.pluginProps;
  if (typeof label === 'string' && label.trim()) return label.trim();
  if (typeof name === 'string' && name.trim()) return name.trim();
  return element.uuid;
}

/** localStorage keys (the product's `yunmian_` prefix). */
export const VISITOR_KEY = 'yunmian_h5_visitor';
export const QUEUE_KEY = 'yunmian_h5_form_queue';
