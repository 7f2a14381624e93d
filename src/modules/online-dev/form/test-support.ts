import { act, createElement as h } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { system } from '@/app/system';
import type { FieldOption, FormConfig, ModelField, RelationOption } from '@/contracts/online-dev-model';
import { ModelForm, type ModelFormProps } from './model-form';
import { FormServicesProvider, type FileEntry, type FormServices, type UploadRequest } from './services';

/**
 * For the form's tests (jsdom) and its bench page: FormServices that answer at once, a model form
 * mounted with the app's Chakra system, Lingui and those services, a submit button outside it (as
 * a dialog footer has), and the few DOM helpers the tests share: typing into an input as React
 * hears it, choosing files, finding by test id.
 */

export { prepareDom } from '@/lib/test-dom';

export const field = (key: string, type: ModelField['type'], more: Partial<ModelField> = {}): ModelField => ({ id: key, key, type, label: key, span: 24, ...more });
export const formOf = (fields: ModelField[], more: Partial<FormConfig> = {}): FormConfig => ({ fields, labelWidth: 100, labelPosition: 'right', popup: 'dialog', ...more });

let root: Root | null = null;
let host: HTMLElement | null = null;

export async function mountForm(props: Partial<ModelFormProps> & Pick<ModelFormProps, 'form'>, services: FormServices = stubServices()) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  const form = h(ModelForm, { key: 'form', modelId: '01J00000000000000000000000', mode: 'create', formId: 'od-test-form', ...props });
  const submit = h('button', { key: 'submit', type: 'submit', form: 'od-test-form', 'data-testid': 'submit' }, '保存');
  const tree = h(ChakraProvider, { value: system, children: h(I18nProvider, { i18n, children: h(FormServicesProvider, { services, children: [form, submit] }) }) });
  await act(async () => root!.render(tree));
}

export async function unmountForm() {
  await act(async () => root?.unmount());
  host?.remove();
  root = null;
  host = null;
}

export const q = <T extends HTMLElement = HTMLElement>(id: string, within: ParentNode = document) => within.querySelector<T>(`[data-testid="${id}"]`);
export const qa = <T extends HTMLElement = HTMLElement>(id: string, within: ParentNode = document) => [...within.querySelectorAll<T>(`[data-testid="${id}"]`)];
export const text = (id: string) => q(id)?.textContent ?? '';

/** Types a value into an input or textarea as a user does (React's onChange hears it). */
export async function type(el: HTMLInputElement | HTMLTextAreaElement | null, value: string) {
  if (!el) throw new Error('no such input');
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Chooses files in a file input. */
export async function chooseFiles(el: HTMLInputElement | null, files: File[]) {
  if (!el) throw new Error('no such file input');
  await act(async () => {
    Object.defineProperty(el, 'files', { value: files, configurable: true });
    el.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

export const click = (el: HTMLElement | null) =>
  act(async () => {
    if (!el) throw new Error('nothing to click');
    el.click();
  });

/** A file of `size` bytes (the bytes are not read). */
export function fileOf(name: string, size = 1000, mime = 'image/png'): File {
  const f = new File(['x'], name, { type: mime });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

/** Lets pending promises and effects run. */
export const settle = () => act(async () => void (await new Promise((r) => setTimeout(r, 10))));

// ---- Services -------------------------------------------------------------------------------------

/**
 * Uploads answer at once with a stored entry (or what the test gives), files show as a data: URL,
 * dictionary options come from a map, relation options from a list, bill numbers count up. Uploads
 * are recorded.
 */
export interface StubServices extends FormServices {
  uploads: UploadRequest[];
}

let seq = 0;
/** A ULID-shaped id (26 Crockford base-32 characters). */
export const fakeUlid = () => `01J${String(++seq).padStart(23, '0')}`;

/** A stored file's entry, as the upload call answers it. */
export function storedEntry(file: { name: string; size?: number }, type = 'visualdevImage'): FileEntry {
  const id = fakeUlid();
  const ext = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
  return { name: `${id}.${ext}`, fileId: id, url: `/api/file/Download/${type}/${id}.${ext}`, fileName: file.name, size: file.size };
}

export function stubServices(opts: {
  upload?(req: UploadRequest): Promise<FileEntry>;
  dictionaries?: Record<string, FieldOption[]>;
  relations?: RelationOption[];
  fileUrl?(entry: FileEntry): string | 'error';
} = {}): StubServices {
  const uploads: UploadRequest[] = [];
  let bill = 0;
  return {
    uploads,
    upload: (req) => {
      uploads.push(req);
      return opts.upload ? opts.upload(req) : Promise.resolve(storedEntry(req.file));
    },
    useFileUrl: (entry) => (entry ? (opts.fileUrl?.(entry) ?? 'data:image/png;base64,iVBORw0KGgo=') : null),
    useOptions: (field: ModelField) => (field.options?.kind === 'dictionary' ? opts.dictionaries?.[field.options.dictionary] : field.options?.kind === 'static' ? field.options.items : undefined),
    relationOptions: async (_field, keyword) => (opts.relations ?? []).filter((r) => r.fullName.includes(keyword)),
    useRelationLabel: (_field, id) => (opts.relations ?? []).find((r) => r.id === id)?.fullName ?? null,
    takeBillNumber: async () => `BH${String(++bill).padStart(4, '0')}`,
  };
}
