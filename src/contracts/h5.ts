import { z } from 'zod';
import { ID_PATTERN, idSchema, listQuerySchema } from './common';

/**
 * The campaign-page (H5) builder's shared contract (spec 3 Work / Page / Element / Datasource,
 * 4 Editor, 5.4 Work, 7.1 request signing, 7.9 page builder, 9 Editor constants). Used by the
 * server's h5 module, which validates every body with these schemas, and by the client's editor
 * core, which builds and repairs documents of these shapes. Messages are the Chinese source texts
 * (the client translates them through src/lib/contract-messages.ts).
 */

// ---------------------------------------------------------------------------------------------
// Calls (spec 7.9)
// ---------------------------------------------------------------------------------------------

export const h5Paths = {
  /** POST { currentPage, pageSize, keyword }: the caller's works, newest change first (Paged<WorkSummary>). */
  list: '/event/work/list',
  /** POST a new work (WorkCreateBody): spec 3 defaults for what is left out. Answer: the Work. */
  create: '/event/work',
  /** POST the whole work (WorkUpdateBody) with If-Match: its version. Answer: the Work (version + 1); 409 with the current Work when stale. */
  update: '/event/work/update',
  /** POST { id }: deletes a work (soft: the row is kept and can be restored by the server). */
  invalid: '/event/work/invalid',
  /** GET: one work of the caller (code 200, data = the Work). */
  get: '/event/work/:workId',
  /** Part 2: set a work as template (?flag=true|false) and create a work from a template. */
  template: '/event/work/template/:workId',
  templateUse: '/event/work/template/use/:workId',
  /** POST { currentPage, pageSize, keyword }: the caller's image library (Paged<BgImage>). */
  bgList: '/event/work/bg/list',
  /** POST { id }: removes an image from the library. */
  bgInvalid: '/event/work/bg/invalid',
} as const;

/** File type of images uploaded for works (POST /api/file/Uploader/h5); each lands in the image library. */
export const H5_FILE_TYPE = 'h5';
/**
 * Images for works: the spec 5.3 image rule (jpg, jpeg, png, under 20 MB) plus gif and webp
 * (animated pictures), the format decided by the file's bytes as for chat images.
 */
export const H5_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;

// ---------------------------------------------------------------------------------------------
// Constants (spec 3, 4, 5.4, 9)
// ---------------------------------------------------------------------------------------------

export const WORK_DEFAULT_WIDTH = 320;
export const WORK_DEFAULT_HEIGHT = 568;
/** Page-mode constants of spec 3. */
export const PAGE_MODE = { swiper: 'h5_swipper', longPage: 'h5_long_page' } as const;
export type PageMode = (typeof PAGE_MODE)[keyof typeof PAGE_MODE];
/** A page added in the editor gets type index (spec 3); dialog pages open over another page. */
export const PAGE_TYPES = ['index', 'dialog'] as const;
export type PageType = (typeof PAGE_TYPES)[number];
export const DEFAULT_PAGE_TYPE: PageType = 'index';
/** Spec 5.4: a work saved without a title gets this one. */
export const DEFAULT_WORK_TITLE = '标题';
/** Spec 5.4: the last page cannot be deleted. */
export const LAST_PAGE_MESSAGE = 'at least one page must be kept in the work';
/** Spec 9 editor constants. */
export const ELEMENT_COPY_OFFSET = 20;
export const ZOOM_STEP = 0.2;
export const WHEEL_ZOOM_STEP = 0.015;
export const MIN_SCALE = 0.2;
export const MAX_SCALE = 4;
/** Spec 9: the rem conversion base is 320 / 10 (1rem = 32 px at the default width). */
export const REM_BASE = WORK_DEFAULT_WIDTH / 10;
/** A saved work's JSON may not exceed this (5 MB). */
export const WORK_MAX_BYTES = 5 * 1024 * 1024;
export const WORK_MAX_PAGES = 100;
export const PAGE_MAX_ELEMENTS = 500;
export const WORK_TITLE_MAX = 100;
export const WORK_DESCRIPTION_MAX = 500;
/** Shape version of saved documents; `restoreWork` (editor core) migrates older ones. */
export const WORK_SCHEMA_VERSION = 1;

export const h5Messages = {
  tooLarge: '作品数据过大，不能超过5M',
  badElement: '作品中的元素格式不正确',
  /** badElement with where the first problem is (`{path}`: pages[0].elements[2].commonStyle.top). */
  badElementAt: '作品中的元素格式不正确：{path}',
  notFound: '作品不存在或已删除',
  stale: '作品已在别处修改',
  badSignature: '请求签名无效',
  expiredSignature: '请求签名已过期，请检查设备时间',
  imageNotFound: '图片不存在或已删除',
  imageType: '请上传jpg/jpeg/png/gif/webp格式的图片',
  /** A create with a device-made id another user's work already has. */
  idTaken: '作品编号已被使用',
  imageContent: '文件内容不是有效的图片',
  lastPage: LAST_PAGE_MESSAGE,
} as const;

// ---------------------------------------------------------------------------------------------
// Document model (spec 3). Unknown fields are kept (passthrough/loose) so an older or newer client
// never loses what it does not know.
// ---------------------------------------------------------------------------------------------

const finite = z.number().finite();
const cssColor = z.string().max(64);

/** One side of margin / padding / border: a value and its unit (px). */
export const sideValueSchema = z.looseObject({ value: finite, unit: z.enum(['px', '%']).default('px') });
export type SideValue = z.infer<typeof sideValueSchema>;
export const boxSidesSchema = z.looseObject({ top: sideValueSchema, right: sideValueSchema, bottom: sideValueSchema, left: sideValueSchema });
export type BoxSides = z.infer<typeof boxSidesSchema>;
export const BORDER_STYLES = ['solid', 'dashed', 'dotted', 'none'] as const;
export const borderSchema = boxSidesSchema.extend({ color: cssColor, style: z.enum(BORDER_STYLES) });
export type BorderSpec = z.infer<typeof borderSchema>;

export const TEXT_ALIGNS = ['left', 'center', 'right', 'justify'] as const;
export const commonStyleSchema = z.looseObject({
  top: finite,
  left: finite,
  width: finite.min(0),
  height: finite.min(0),
  /** Degrees, clockwise. */
  rotate: finite.default(0),
  zindex: z.number().int(),
  textAlign: z.enum(TEXT_ALIGNS),
  color: cssColor,
  backgroundColor: cssColor,
  fontSize: finite.min(0),
  lineHeight: finite.min(0).optional(),
  opacity: finite.min(0).max(1).default(1),
  borderRadius: finite.min(0).default(0),
  margin: boxSidesSchema,
  padding: boxSidesSchema,
  border: borderSchema,
});
export type CommonStyle = z.infer<typeof commonStyleSchema>;

/** Animation of an element (spec 3): type, duration and delay in seconds. */
export const animationSchema = z.looseObject({
  type: z.string().min(1).max(60),
  duration: finite.min(0).max(60),
  delay: finite.min(0).max(600),
  /** Repeat count; 0 = infinite. */
  iterationCount: z.number().int().min(0).max(100).default(1),
});
export type ElementAnimation = z.infer<typeof animationSchema>;

/** What happens on a click: open a link, call a number, go to a page, submit the form (part 2). */
export const ELEMENT_EVENT_TYPES = ['link', 'tel', 'page', 'submit'] as const;
export const elementEventSchema = z.looseObject({
  type: z.enum(ELEMENT_EVENT_TYPES),
  /** URL (link), phone number (tel), page uuid (page). */
  value: z.string().max(2000).default(''),
});
export type ElementEvent = z.infer<typeof elementEventSchema>;

/** A script attached to an element (runs in the published runtime only, part 2). */
export const elementScriptSchema = z.looseObject({ name: z.string().max(60).default(''), code: z.string().max(20_000) });

/** Element uuid: plugin name + '_' + random id (spec 3). */
export const ELEMENT_UUID_PATTERN = /^[a-z][a-z0-9-]{0,39}_[A-Za-z0-9]{4,32}$/;
export const ELEMENT_NAME_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;

export const elementSchema = z.looseObject({
  /** The plugin (element type) name, e.g. `text`, `picture`, `form-input`. */
  name: z.string().regex(ELEMENT_NAME_PATTERN),
  uuid: z.string().regex(ELEMENT_UUID_PATTERN),
  /** Shape version of this element type's pluginProps (its type file migrates older ones). */
  version: z.number().int().min(0).default(1),
  pluginProps: z.record(z.string(), z.unknown()),
  commonStyle: commonStyleSchema,
  events: z.array(elementEventSchema).max(20).default([]),
  methodList: z.array(z.looseObject({ method: z.string().max(60) })).max(20).default([]),
  scripts: z.array(elementScriptSchema).max(20).default([]),
  animations: z.array(animationSchema).max(20).default([]),
});
export type H5Element = z.infer<typeof elementSchema>;

export const pageSchema = z.looseObject({
  uuid: z.string().regex(/^[A-Za-z0-9_-]{4,40}$/),
  title: z.string().max(60).default(''),
  type: z.string().max(40).default(DEFAULT_PAGE_TYPE),
  elements: z.array(elementSchema).max(PAGE_MAX_ELEMENTS),
});
export type H5Page = z.infer<typeof pageSchema>;

export const DATASOURCE_TYPES = ['STATIC', 'HTTP_API', 'CSV'] as const;
export const REFRESH_TYPES = ['once', 'fixed'] as const;
/** Datasource of a work (spec 3); part 2 fetches and refreshes them. */
export const datasourceSchema = z.looseObject({
  id: z.string().max(40),
  name: z.string().max(60),
  url: z.string().max(2000).default(''),
  type: z.enum(DATASOURCE_TYPES),
  dependencies: z.array(z.string().max(60)).max(50).default([]),
  relatedDsList: z.array(z.string().max(60)).max(50).default([]),
  refreshType: z.enum(REFRESH_TYPES).default('once'),
  /** Seconds between refreshes when refreshType is fixed. */
  refreshInterval: z.number().int().min(0).max(86_400).default(0),
  /** Response handler expression. */
  pipe: z.string().max(5000).default(''),
});
export type Datasource = z.infer<typeof datasourceSchema>;

const workTitle = z.string().trim().max(WORK_TITLE_MAX, { error: `标题长度不能超过${WORK_TITLE_MAX}个字符` });
const workDescription = z.string().trim().max(WORK_DESCRIPTION_MAX, { error: `描述长度不能超过${WORK_DESCRIPTION_MAX}个字符` });
const workSize = z.number().int().min(100).max(4000);

/** The editable part of a work: what a save sends. */
export const workContentSchema = z.object({
  title: workTitle.default(''),
  description: workDescription.default(''),
  pages: z.array(pageSchema).min(1, { error: LAST_PAGE_MESSAGE }).max(WORK_MAX_PAGES),
  datasources: z.array(datasourceSchema).max(50).default([]),
  cover_image_url: z.string().max(2000).default(''),
  width: workSize.default(WORK_DEFAULT_WIDTH),
  height: workSize.default(WORK_DEFAULT_HEIGHT),
  page_mode: z.enum([PAGE_MODE.swiper, PAGE_MODE.longPage]).default(PAGE_MODE.longPage),
  /** Shape version of the document (WORK_SCHEMA_VERSION when saved by this client). */
  schemaVersion: z.number().int().min(0).default(WORK_SCHEMA_VERSION),
});
export type WorkContent = z.infer<typeof workContentSchema>;

/** A stored work as the server answers it (spec 3). */
export interface Work extends WorkContent {
  id: string;
  is_publish: boolean;
  is_template: boolean;
  /** Bumped by every accepted save; a save sends the one it was made on as If-Match. */
  version: number;
  creatorUserId: string;
  created_time: string;
  updated_time: string;
}

/** A row of my works: no pages, but the first page for the card's preview. */
export interface WorkSummary extends Omit<Work, 'pages' | 'datasources'> {
  pageCount: number;
  firstPage: H5Page | null;
}

/** POST h5Paths.create. `id`: a device-made id (a ULID) for a work created offline; otherwise the server makes one. */
export const workCreateBodySchema = workContentSchema.partial().extend({ id: idSchema.optional() });
export type WorkCreateBody = z.input<typeof workCreateBodySchema>;

/** POST h5Paths.update: the whole editable work, by id. */
export const workUpdateBodySchema = workContentSchema.extend({ id: idSchema });
export type WorkUpdateBody = z.input<typeof workUpdateBodySchema>;

export const workIdBodySchema = z.object({ id: idSchema });
export const workIdParamSchema = z.object({ workId: idSchema });
export const workListBodySchema = listQuerySchema.pick({ currentPage: true, pageSize: true, keyword: true });
export type WorkListBody = z.input<typeof workListBodySchema>;

/** An image of the caller's library (uploads for works: backgrounds, pictures). */
export interface BgImage {
  id: string;
  name: string;
  url: string;
  width: number | null;
  height: number | null;
  size: number;
  created_time: string;
}

export const isWorkId = (v: string) => ID_PATTERN.test(v);

// ---------------------------------------------------------------------------------------------
// Request signing (spec 7.1)
// ---------------------------------------------------------------------------------------------

/**
 * The signing helper of spec 7.1 for the page-builder calls: noncestr, platform `event`,
 * timestamp (ms), organizationId 1, userId 1, and `sign`, the uppercase hex SHA-256 of the sorted
 * `key=value` pairs of those parameters and the call's path, joined by `&`. Sent as query
 * parameters; made when the request leaves (not when it is queued), so a write replayed after
 * hours offline carries a fresh timestamp. The session token, not the signature, authorises.
 */
export const SIGN_PLATFORM = 'event';
export const SIGN_ORGANIZATION_ID = 1;
export const SIGN_USER_ID = 1;
/** A signature older (or newer) than this is refused as expired. */
export const SIGN_MAX_SKEW_MS = 60 * 60 * 1000;
export const SIGN_PARAM_NAMES = ['noncestr', 'platform', 'timestamp', 'organizationId', 'userId'] as const;

export interface SignParams {
  noncestr: string;
  platform: string;
  timestamp: string;
  organizationId: string;
  userId: string;
  sign: string;
}

/** The string that is hashed: sorted `key=value` of the parameters (without `sign`) and `path`. */
export function signBase(params: Omit<SignParams, 'sign'>, path: string): string {
  const all: Record<string, string> = { ...params, path };
  return Object.keys(all)
    .sort()
    .map((k) => `${k}=${all[k]}`)
    .join('&');
}

/**
 * Signs one call. `sha256Hex` is given by the caller (the client and the server share
 * @noble/hashes; the contract stays free of platform code); `path` is the URL path without query.
 */
export function signRequest(path: string, sha256Hex: (text: string) => string, now = Date.now(), nonce = randomNonce()): SignParams {
  const params = {
    noncestr: nonce,
    platform: SIGN_PLATFORM,
    timestamp: String(now),
    organizationId: String(SIGN_ORGANIZATION_ID),
    userId: String(SIGN_USER_ID),
  };
  return { ...params, sign: sha256Hex(signBase(params, path)).toUpperCase() };
}

/** Checks a signature: null when it is right, else the message to refuse it with. */
export function verifySignature(query: Record<string, unknown>, path: string, sha256Hex: (text: string) => string, now = Date.now()): string | null {
  const params: Record<string, string> = {};
  for (const name of SIGN_PARAM_NAMES) {
    const v = query[name];
    if (typeof v !== 'string' || v.length === 0 || v.length > 64) return h5Messages.badSignature;
    params[name] = v;
  }
  if (typeof query.sign !== 'string') return h5Messages.badSignature;
  if (params.platform !== SIGN_PLATFORM) return h5Messages.badSignature;
  const expected = sha256Hex(signBase(params as Omit<SignParams, 'sign'>, path)).toUpperCase();
  if (expected !== query.sign) return h5Messages.badSignature;
  const ts = Number(params.timestamp);
  if (!Number.isFinite(ts) || Math.abs(now - ts) > SIGN_MAX_SKEW_MS) return h5Messages.expiredSignature;
  return null;
}

/** Whether a query carries a signature at all (unsigned calls are allowed; a wrong one is not). */
export const hasSignature = (query: Record<string, unknown>) => query.sign !== undefined;

function randomNonce(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  let s = '';
  for (let i = 0; i < 16; i++) s += alphabet[Math.floor(Math.random() * alphabet.length)];
  return s;
}
