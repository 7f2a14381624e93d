import { z } from 'zod';
import { idSchema } from './common';
import { ELEMENT_UUID_PATTERN, h5Paths, workListBodySchema, type H5Page, type Work, type WorkSummary } from './h5';

/**
 * Publishing campaign pages (issue 19, spec 2.6, 3 Event form data, 7.9): the admin calls
 * (publish, templates, the data centre) and the PUBLIC calls of a published page (its HTML, its
 * immutable snapshot, page views, form submissions, the datasource proxy). The published-page
 * runtime (vite.runtime.config.ts → dist/p/) and the editor both read this file; the server's h5
 * module serves it (server/modules/h5/publish-*.ts, public-routes.ts). docs/h5-publish.md explains.
 */

// ---------------------------------------------------------------------------------------------
// Admin calls (session + the 我的作品 grant h5.works; the caller's own works)
// ---------------------------------------------------------------------------------------------

export const h5PublishPaths = {
  /** POST: publishes the caller's saved work as a new immutable snapshot. Answer: PublishResult. */
  publish: '/event/work/publish/:workId',
  /** POST: takes the public page down (404) until published again. Answer: PublishResult (version of the last snapshot). */
  unpublish: '/event/work/unpublish/:workId',
  /** POST ?flag=true|false: sets / unsets the caller's work as a template (spec 7.9). Answer: the Work. */
  template: h5Paths.template,
  /** POST { currentPage, pageSize, keyword, mine? }: the template centre (Paged<TemplateSummary>). */
  templateList: '/event/work/template/list',
  /** POST: a NEW work of the caller made from a template (spec 7.9). Answer: the new Work. */
  templateUse: h5Paths.templateUse,
  /** POST { currentPage, pageSize, keyword }: the submissions of one of my works (FormDetailOfWork). */
  formList: '/event/work/form/list/:workId',
  /** GET: the submissions as an .xlsx file. */
  formExport: '/event/work/form/export/:workId',
  /** POST: page views and visitors of one of my works (WorkStats). */
  stats: '/event/work/stats/:workId',
} as const;

export const templateFlagQuerySchema = z.object({ flag: z.enum(['true', 'false']).transform((v) => v === 'true') });
/** The template centre: `mine: true` lists only the caller's own templates. */
export const templateListBodySchema = workListBodySchema.extend({ mine: z.boolean().default(false) });
export type TemplateListBody = z.input<typeof templateListBodySchema>;
export const formListBodySchema = workListBodySchema;

export interface PublishResult {
  workId: string;
  /** The published snapshot's number: 1, 2, 3 … per work. */
  version: number;
  /** The public page: `/p/{workId}` (relative to the app's origin). */
  url: string;
  is_publish: boolean;
}

/**
 * A row of the template centre: a work summary plus who made it. Templates are shared with every
 * user who holds the 我的作品 grant (the installation is one company); `mine` marks the caller's own.
 */
export interface TemplateSummary extends WorkSummary {
  mine: boolean;
  creatorName: string;
}

/** One form submission as the data centre shows it; `fields` by element uuid (choices as their labels). */
export interface FormRecord {
  id: string;
  /** The published version the visitor filled in. */
  version: number;
  created_time: string;
  fields: Record<string, string>;
}

/** Spec 3 editor state formDetailOfWork: labels of the form elements by uuid, the rows, how many match. */
export interface FormDetailOfWork {
  uuidMap2Name: Record<string, string>;
  formRecords: FormRecord[];
  total: number;
}

export interface WorkStatsDay {
  /** yyyy-MM-dd, Asia/Shanghai. */
  day: string;
  views: number;
  visitors: number;
}
export interface WorkStats {
  views: number;
  /** Distinct visitor ids over all days. */
  visitors: number;
  /** Up to STATS_DAYS days, oldest first. */
  days: WorkStatsDay[];
}
export const STATS_DAYS = 90;

// ---------------------------------------------------------------------------------------------
// Public calls (no session): the published page and what it calls
// ---------------------------------------------------------------------------------------------

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
} as const;

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

// ---------------------------------------------------------------------------------------------
// Form submissions (spec 3 Event form data, 5.1 phone rule)
// ---------------------------------------------------------------------------------------------

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

/** An answer: text, or the chosen values of a checkbox group / the codes of a region field. */
export const formValueSchema = z.union([z.string().max(FORM_VALUE_MAX), z.array(z.string().max(200)).max(50)]);
export type FormValue = z.infer<typeof formValueSchema>;

export const formSubmitBodySchema = z.object({
  /** Made by the runtime (a ULID); a resend of the same id is stored once. */
  submissionId: idSchema,
  /** The published version the visitor filled in (the current one when left out). */
  version: z.number().int().min(1).optional(),
  /** Answers by element uuid. */
  fields: z
    .record(z.string().regex(ELEMENT_UUID_PATTERN, { error: '表单字段格式不正确' }), formValueSchema)
    .refine((f) => Object.keys(f).length <= FORM_MAX_FIELDS, { error: '表单字段过多' }),
});
export type FormSubmitBody = z.input<typeof formSubmitBodySchema>;

export const viewBodySchema = z.object({
  /** A random id the runtime keeps per browser (localStorage); hashed by the server, never stored as sent. */
  visitorId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});

export const h5PublishMessages = {
  pageGone: '此页面不存在或已下线',
  tooLarge: '提交内容过大，不能超过16K',
  tooMany: '提交过于频繁，请稍后再试',
  required: '{label}不能为空',
  badValue: '{label}格式不正确',
  badOption: '{label}的选项不正确',
  unknownField: '表单中没有这个字段：{uuid}',
  noSms: '暂未开通短信验证码服务',
  submitted: '提交成功',
  published: '发布成功',
  unpublished: '已下线',
  templateNotFound: '模板不存在或已取消',
  dsNotFound: '数据源不存在',
  dsRefused: '数据源地址不允许访问',
  dsFailed: '数据源请求失败',
  dsTimeout: '数据源请求超时',
  dsTooLarge: '数据源返回内容过大',
  dsType: '数据源返回的不是JSON或文本',
} as const;

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
