/**
 * What other modules may use of online development: the model form (workflow shows a flow's form
 * with it, read-only or to fill in), the services its controls need, the sending of files kept on
 * this device before a queued write that refers to them, and the module's catalog for pages that
 * show the form. Loads the form and its controls with the importer: import it from pages (or
 * lazily), never from a module.ts.
 */
export { ModelForm, type ModelFormProps } from './form/model-form';
export { FormServicesProvider, type FileEntry, type FormServices } from './form/services';
export { useModelFormServices } from './data/services';
export { sendWithUploadedFiles } from './data/send';
export { withOnlineDevCatalog } from './catalog';
