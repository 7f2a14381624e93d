/**
 * The public names a published page shares with the server come from the contract's zod-free
 * part (src/contracts/h5-public.ts: importing it puts no zod in the runtime's bundle); only the
 * device's own storage keys are the view's.
 */
export { formFieldLabel, formPath, FORM_FIELD_TYPES, H5_BOOT_ELEMENT_ID as BOOT_ELEMENT_ID, isFormField, publicPagePath, viewPath } from '@/contracts/h5-public';

/** localStorage keys (the product's `yunmian_` prefix). */
export const VISITOR_KEY = 'yunmian_h5_visitor';
export const QUEUE_KEY = 'yunmian_h5_form_queue';
