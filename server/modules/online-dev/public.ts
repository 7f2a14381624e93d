import type { ModelDefinition } from '../../../src/contracts/online-dev-model';
import type { UploadFormOf } from './uploads';

export type { UploadFormOf, Uploader } from './uploads';

/** A published model's form as another module keeps it (workflow: a flow's released form). */
export interface PublishedForm {
  modelId: string;
  fullName: string;
  form: ModelDefinition['form'];
}

/** What the values a check keeps came from (an earlier copy of the same form's data and its author). */
export interface FormBefore {
  data: Record<string, unknown>;
  creatorUserId: string;
  createdAt: Date;
  organizeId: string | null;
}

/** What online development offers the modules registered after it (`deps.need('onlineForms')`). */
export interface OnlineFormServices {
  /** A published model's form (null when the model is missing or unpublished). */
  publishedForm(modelId: string): Promise<PublishedForm | null>;
  /**
   * Checks a form's values as a record write does (required, lengths, options, what they refer
   * to, files the user uploaded or `before` held) and answers what to store: system fields, bill
   * numbers and calculations filled by the server. Refusals are 400 as the record calls give them.
   */
  checkData(form: Pick<ModelDefinition, 'form'>, raw: Record<string, unknown>, userId: string, before: FormBefore | null): Promise<Record<string, unknown>>;
  /** The stored files a form's values refer to. */
  fileNames(form: Pick<ModelDefinition, 'form'>, data: Readonly<Record<string, unknown>>): string[];
  /** Uploads naming `?{param}=…&field=…` are for the form `formOf` answers (workflow: flowId). */
  uploadForms(param: string, formOf: UploadFormOf): void;
}

declare module '../../lib/module' {
  interface ModuleServices {
    onlineForms: OnlineFormServices;
  }
}
