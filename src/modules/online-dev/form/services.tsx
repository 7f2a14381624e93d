import { createContext, useContext, type ReactNode } from 'react';
import type { UploadKind } from '@/contracts/online-dev';
import type { FieldOption, ModelField, RelationOption } from '@/contracts/online-dev-model';

/**
 * What the form's controls need from outside the form, given by the page that shows it (the model
 * renderer, the designer's preview, a test): uploads that work offline, file URLs, the options of
 * dictionary- and interface-fed fields, relation options and bill numbers. Controls reach them with
 * `useFormServices()`; nothing in a control talks to the network or Dexie itself.
 */

/** A file entry as a record stores it (spec 3 Uploaded file entry), plus its size when known. */
export interface FileEntry {
  name: string;
  fileId: string;
  /** The stored file's download path, or `local:<key>` for a file kept on this device until it is uploaded. */
  url: string;
  fileName: string;
  size?: number;
}

export interface UploadRequest {
  file: File;
  kind: UploadKind;
  /** The model and field it is for (the server checks the field's rules). */
  modelId: string;
  field: string;
  /** A flow's form (workflow): the upload names the flow instead of the model (`?flowId=…&field=…`). */
  flowId?: string;
}

export interface FormServices {
  /**
   * Stores a chosen file: online it is uploaded now (the server's answer, or its refusal as an
   * Error with the server's msg); offline it is kept on this device and its entry's url is
   * `local:<key>` (uploaded by the sync queue before the record that refers to it).
   */
  upload(req: UploadRequest): Promise<FileEntry>;
  /** A URL an <img>/<video>/<a> can show for an entry (an object URL of the kept or downloaded bytes); null while unknown. */
  useFileUrl(entry: FileEntry | null): string | null | 'error';
  /** Options of a field whose options are a dictionary or a data interface (undefined while loading). */
  useOptions(field: ModelField): readonly FieldOption[] | undefined;
  /** Records of the related model as options (relation form), searched by keyword. */
  relationOptions(field: ModelField, keyword: string): Promise<RelationOption[]>;
  /** The display text of a relation value (its record's title), when known. */
  useRelationLabel(field: ModelField, id: string | null): string | null;
  /** A new bill number of the field's rule (offline from this device's reserved numbers); null: none available. */
  takeBillNumber(field: ModelField): Promise<string | null>;
}

const FormServicesContext = createContext<FormServices | null>(null);

export function FormServicesProvider({ services, children }: { services: FormServices; children: ReactNode }) {
  return <FormServicesContext.Provider value={services}>{children}</FormServicesContext.Provider>;
}

export function useFormServices(): FormServices {
  const s = useContext(FormServicesContext);
  if (!s) throw new Error('online-dev: a form control was rendered outside FormServicesProvider');
  return s;
}
