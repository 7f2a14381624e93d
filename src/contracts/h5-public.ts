import type { H5Page, Work } from './h5';

/**
 * The public side of published campaign pages (issue 19) that the published-page runtime needs:
 * paths, boot data, limits, the form-field types. No zod here (h5-publish.ts holds the schemas and
 * re-exports this file), so the runtime can import it without putting zod in its bundle.
 */

export const h5PublicPaths = {
  /** GET: the runtime's HTML with the boot data (H5Boot) of the published version. */
  page: '/p/:workId',
  /** GET: a published snapshot (PublishedSnapshot), immutable. Build it with snapshotPath(). */
  snapshot: '/p/:workId/:version.json',
  /** POST { visitorId? }: counts a page view. 204. */
  view: '/p/:workId/view',
  /** POST FormSubmitBody: a form submission. Answer: { submissionId }. */
  form: '/p/:workId/form',
  /** GET: an HTTP_API datasource of the published snapshot, fetched by the server (its JSON or text). */
  datasource: '/p/:workId/ds/:datasourceId',
  /** GET ?grade=1..3&parentId=-1|code: the regions a region field offers (PublicRegion[]); `_` is never a work id. */
  regions: '/p/_/regions',
} as const;

/** A region as a published page's region field lists it. */
export interface PublicRegion {
  id: string;
  name: string;
  leaf: boolean;
}

export const PUBLIC_PAGE_PREFIX = '/p/';
export const publicPagePath = (workId: string) => `${PUBLIC_PAGE_PREFIX}${encodeURIComponent(workId)}`;
export const snapshotPath = (workId: string, version: number) => `${publicPagePath(workId)}/${version}.json`;
export const viewPath = (workId: string) => `${publicPagePath(workId)}/view`;
export const formPath = (workId: string) => `${publicPagePath(workId)}/form`;
export const datasourcePath = (workId: string, datasourceId: string) => `${publicPagePath(workId)}/ds/${encodeURIComponent(datasourceId)}`;

/** The comment in dist/p/index.html that the server replaces with the boot script. */
export const H5_BOOT_PLACEHOLDER = '<!--h5-boot-->';
/** `<script type="application/json" id="h5-boot">` holds an H5Boot (JSON, `<` escaped). */
export const H5_BOOT_ELEMENT_ID = 'h5-boot';

export interface H5Boot {
  workId: string;
  version: number;
  /** snapshotPath(workId, version). */
  snapshotUrl: string;
  title: string;
}

/**
 * A published snapshot: the work as saved when it was published, immutable. Rich text (the text
 * element's `pluginProps.text`) is already sanitized by the server; link events keep only
 * http(s), mailto and relative URLs.
 */
export interface PublishedSnapshot {
  workId: string;
  version: number;
  publishedAt: string;
  work: Work;
}

/** Cache lifetimes of the public answers (seconds). */
export const PUBLIC_PAGE_MAX_AGE = 60;
export const SNAPSHOT_MAX_AGE = 31_536_000;
export const DATASOURCE_CACHE_SECONDS = 30;

/** Rate limits of the public calls, per minute. Per address counts per server instance. */
export const RATE_WINDOW_MS = 60_000;
export const FORM_RATE_PER_ADDRESS_PER_WORK = 10;
export const FORM_RATE_PER_WORK = 600;
export const VIEW_RATE_PER_ADDRESS = 120;
export const DATASOURCE_RATE_PER_ADDRESS = 120;

/** The datasource proxy's limits. */
export const DATASOURCE_TIMEOUT_MS = 5000;
export const DATASOURCE_MAX_BYTES = 1024 * 1024;

/** A submission's JSON may not exceed this. */
export const FORM_BODY_MAX_BYTES = 16 * 1024;
export const FORM_VALUE_MAX = 2000;
export const FORM_MAX_FIELDS = 100;

/** The form-field element types whose answers a submission carries (form-submit only sends). */
export const FORM_FIELD_TYPES = ['form-input', 'form-textarea', 'form-radio', 'form-checkbox', 'form-select', 'form-date', 'form-region'] as const;
export const isFormField = (name: string) => (FORM_FIELD_TYPES as readonly string[]).includes(name);

/**
 * Spec 3 Event form data: the data keys (a form element's `pluginProps.name`) with a rule of their
 * own. mobile: the spec 5.1 phone rule; mobileCode: only with an SMS provider (none is configured:
 * refused); birthday: yyyy-MM-dd; sex, storeId: one of the element's options; province, city:
 * region codes (digits).
 */
export const EVENT_FORM_FIELDS = ['name', 'sex', 'birthday', 'mobile', 'mobileCode', 'province', 'city', 'storeId'] as const;

/** The form-field elements of a work's pages, in page order (for labels and validation). */
export function formElementsOf(pages: readonly H5Page[]) {
  return pages.flatMap((p) => p.elements.filter((e) => isFormField(e.name)));
}

/** The label a form element's column gets: its label, else its data key, else its uuid. */
export function formFieldLabel(element: { uuid: string; pluginProps: Record<string, unknown> }): string {
  const { label, name } = element.pluginProps;
  if (typeof label === 'string' && label.trim()) return label.trim();
  if (typeof name === 'string' && name.trim()) return name.trim();
  return element.uuid;
}
