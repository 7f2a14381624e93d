/**
 * Endpoint paths of online development (spec 7.6, 7.7, issue 20). Zod-free, in a file of their own:
 * the module's declarations load with the shell and need the paths, not the schemas.
 *
 * The calls of spec 7.6 live under the base `/api/craft/api/visualdev`: a model's Config, List,
 * record create / read / update / delete, DataChange (display text), Export and Template; the
 * model designer's calls (beyond the spec) sit beside them under `Base`.
 */

export const VISUALDEV_BASE = '/api/craft/api/visualdev';

export const onlineDevPaths = {
  // ---- spec 7.6: a published model and its records (`:id` is the model id) -------------------
  /** GET: the published form and list of model `:id` (ModelConfig). */
  config: `${VISUALDEV_BASE}/OnlineDev/:id/Config`,
  /** GET: a page of records (query: currentPage, pageSize, sort, sidx, keyword, the search fields). */
  list: `${VISUALDEV_BASE}/OnlineDev/:id/List`,
  /** POST: a new record `{ id?, data }` (id: a ULID made on the device). */
  create: `${VISUALDEV_BASE}/OnlineDev/:id`,
  /** GET: one record; PUT `{ id, data }` with If-Match; DELETE with If-Match. */
  record: `${VISUALDEV_BASE}/OnlineDev/:id/:recordId`,
  /** GET: one record with options, users, departments, regions and dictionary values as display text. */
  dataChange: `${VISUALDEV_BASE}/OnlineDev/:id/:recordId/DataChange`,
  /** POST (the list query as the body): the filtered list as an .xlsx file. */
  export: `${VISUALDEV_BASE}/OnlineDev/:id/Actions/Export`,
  /** GET: the import template of the model's form (.xlsx, one column per field). */
  template: `${VISUALDEV_BASE}/OnlineDev/:id/Template`,
  /**
   * GET ?from={modelId}&field={key}&keyword=: records of model `:id` as relation options
   * `{ id, fullName }` for a relation-form field of model `from` (whose grant is enough).
   */
  relationOptions: `${VISUALDEV_BASE}/OnlineDev/:id/Actions/RelationOptions`,

  // ---- the model designer (功能设计) -----------------------------------------------------------
  /** GET: a page of models (query: currentPage, pageSize, keyword, category); POST: a new model. */
  models: `${VISUALDEV_BASE}/Base`,
  /** GET: a model with its draft; PUT: saves the draft (If-Match); DELETE: a model (If-Match). */
  model: `${VISUALDEV_BASE}/Base/:id`,
  /** POST: publishes the draft: the form and list users see, the menu entry, its buttons and columns. */
  publish: `${VISUALDEV_BASE}/Base/:id/Actions/Publish`,
  /** GET (spec 7.6): the published models as picker options (relation forms, reports). */
  selector: `${VISUALDEV_BASE}/Base/Selector`,
  /** GET (spec 7.6): the value fields of model `:id` (`data.list` of { field, fieldName, jnpfKey }). */
  fieldDataSelect: `${VISUALDEV_BASE}/Base/:id/FieldDataSelect`,

  // ---- spec 7.7 data interfaces (reports and dynamic options) ----------------------------------
  /** GET: the data interfaces (picker options for the designer). */
  dataInterfaces: '/api/craft/Base/DataInterface/Selector',
  /** GET: one data interface with its display settings (a report's chart and table). */
  dataInterface: '/api/craft/Base/DataInterface/:id',
  /** GET (spec 7.7): what the interface answers: `{ list, columns }`. */
  dataInterfaceResponse: '/api/craft/Base/DataInterface/:id/Actions/Response',
} as const;

/** The menu entry of the model designer (type 2; its urlAddress is the client page's key). */
export const MODEL_DESIGN_MODULE = 'onlineDev.webDesign';
export const MODEL_DESIGN_ADDRESS = 'onlineDev/webDesign';
/** Menu entries of published models: `onlineDev.model.<model enCode>` at `/lowCode/<model enCode>`. */
export const modelMenuCode = (enCode: string) => `onlineDev.model.${enCode}`;
export const modelMenuAddress = (enCode: string) => `lowCode/${enCode}`;

/** File types of the upload call (spec 7.8) for online-development fields: by control and kind. */
export const ONLINE_FILE_TYPES = { image: 'visualdevImage', video: 'visualdevVideo', file: 'visualdevFile' } as const;
