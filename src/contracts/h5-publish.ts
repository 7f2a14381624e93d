import { z } from 'zod';
import { idSchema } from './common';
import { ELEMENT_UUID_PATTERN, h5Paths, workListBodySchema, type WorkSummary } from './h5';
import { FORM_MAX_FIELDS, FORM_VALUE_MAX } from './h5-public';

export * from './h5-public';

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
// Public calls (no session): paths, boot data and limits are in h5-public.ts (re-exported above);
// here the bodies of form submissions (spec 3 Event form data, 5.1 phone rule) and page views.
// ---------------------------------------------------------------------------------------------

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
