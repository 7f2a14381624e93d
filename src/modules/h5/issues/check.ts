import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { PAGE_MODE, type H5Element, type H5Page, type Work } from '@/contracts/h5';
import { isFormField } from '@/contracts/h5-public';
import { elementSpec } from '../core/registry';

/**
 * 问题检查 (issue 19, "Issues"): what is wrong with a work before it is published, as plain data
 * (no React, no DOM). `checkWork(work, facts)` lists each problem with the page and the element (or
 * datasource) it concerns; `facts` adds what only a browser can know (images that failed to load:
 * image-probe.ts). The tool bar's 问题 list and the publish dialog show the same list.
 */

export type IssueRule =
  | 'offCanvas'
  | 'partlyOffCanvas'
  | 'imageMissing'
  | 'imageFailed'
  | 'formWithoutSubmit'
  | 'submitWithoutForm'
  | 'duplicateLabel'
  | 'duplicateFieldName'
  | 'datasourceUrl';

export interface Issue {
  /** Stable key: rule, page and element (or datasource). */
  id: string;
  rule: IssueRule;
  /** error: the published page will look or work wrong; warning: probably not meant. */
  level: 'error' | 'warning';
  message: MessageDescriptor;
  /** What it is about, as the user knows it (a text's words, a field's label, a datasource's name), or ''. */
  subject: string;
  /** The page (null for a datasource) and its index; the element, when the issue is about one. */
  pageUuid: string | null;
  pageIndex: number;
  elementUuid: string | null;
  datasourceId?: string;
}

/** What the browser found out (optional): image URLs that did not load. */
export interface IssueFacts {
  failedImages?: ReadonlySet<string>;
}

export const issueMessages = {
  offCanvas: msg`元素完全在页面之外，访客看不到它`,
  partlyOffCanvas: msg`元素部分超出页面`,
  imageMissing: msg`图片未设置`,
  imageFailed: msg`图片加载失败`,
  formWithoutSubmit: msg`页面有表单字段，但没有提交按钮`,
  submitWithoutForm: msg`提交按钮所在的页面没有表单字段`,
  duplicateLabel: msg`表单字段的标题重复`,
  duplicateFieldName: msg`表单字段的数据键重复，提交时后一个会覆盖前一个`,
  datasourceUrl: msg`数据源的地址无效（需要以 http:// 或 https:// 开头的完整地址）`,
} satisfies Record<IssueRule, MessageDescriptor>;

const LEVELS: Record<IssueRule, Issue['level']> = {
  offCanvas: 'error',
  partlyOffCanvas: 'warning',
  imageMissing: 'error',
  imageFailed: 'error',
  formWithoutSubmit: 'error',
  submitWithoutForm: 'warning',
  duplicateLabel: 'warning',
  duplicateFieldName: 'error',
  datasourceUrl: 'error',
};

/** Half a pixel of slack: a box ending at 320.4 on a 320 page is not "outside". */
const SLACK = 0.5;

/** An element's box as drawn, rotation included (the axis-aligned box around the rotated one). */
export function elementBounds(s: { left: number; top: number; width: number; height: number; rotate?: number }) {
  const rad = (((s.rotate ?? 0) % 360) * Math.PI) / 180;
  const cos = Math.abs(Math.cos(rad));
  const sin = Math.abs(Math.sin(rad));
  const w = s.width * cos + s.height * sin;
  const h = s.width * sin + s.height * cos;
  const cx = s.left + s.width / 2;
  const cy = s.top + s.height / 2;
  return { left: cx - w / 2, top: cy - h / 2, right: cx + w / 2, bottom: cy + h / 2 };
}

const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
const short = (s: string, max = 16) => (s.length > max ? `${s.slice(0, max)}…` : s);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** What the user calls an element: a text's first words, a field's label, a button's text, a picture's alt text. */
export function elementSubject(el: H5Element): string {
  const p = el.pluginProps;
  if (el.name === 'text') return short(plain(str(p.text)));
  return short(str(p.label).trim() || str(p.text).trim() || str(p.alt).trim() || str(p.title).trim());
}

/** The image URLs an element shows: imgSrc, poster, and the `image` of list items (carousel, news list). */
export function elementImages(el: H5Element): string[] {
  const urls: string[] = [];
  for (const [key, value] of Object.entries(el.pluginProps)) {
    if ((key === 'imgSrc' || key === 'poster' || key === 'image') && typeof value === 'string' && value.trim()) urls.push(value.trim());
    if (Array.isArray(value))
      for (const item of value) if (item && typeof item === 'object' && typeof item.image === 'string' && item.image.trim()) urls.push(item.image.trim());
  }
  return urls;
}

/** Every image URL of the work, once each (what image-probe.ts loads). */
export function workImages(work: Pick<Work, 'pages'>): string[] {
  return [...new Set(work.pages.flatMap((p) => p.elements.flatMap(elementImages)))];
}

const isSubmit = (el: H5Element) => el.name === 'form-submit' || el.events.some((e) => e.type === 'submit');

/** An HTTP datasource's URL must be a whole http(s) address. */
export function isValidDatasourceUrl(url: string): boolean {
  if (!/^https?:\/\//i.test(url.trim())) return false;
  try {
    return Boolean(new URL(url.trim()).hostname);
  } catch {
    return false;
  }
}

type Work4Check = Pick<Work, 'pages' | 'datasources' | 'width' | 'height' | 'page_mode'>;

function pageIssues(work: Work4Check, page: H5Page, pageIndex: number, facts: IssueFacts): Issue[] {
  const out: Issue[] = [];
  const add = (rule: IssueRule, el: H5Element, subject = elementSubject(el)) =>
    out.push({ id: `${rule}:${page.uuid}:${el.uuid}`, rule, level: LEVELS[rule], message: issueMessages[rule], subject, pageUuid: page.uuid, pageIndex, elementUuid: el.uuid });
  const swipe = work.page_mode === PAGE_MODE.swiper;
  const elements = [...page.elements].sort((a, b) => a.commonStyle.zindex - b.commonStyle.zindex);

  for (const el of elements) {
    if (elementSpec(el.name)?.locked) continue;
    const b = elementBounds(el.commonStyle);
    const outside = b.right <= SLACK || b.left >= work.width - SLACK || b.bottom <= SLACK || (swipe && b.top >= work.height - SLACK);
    const partly = b.left < -SLACK || b.right > work.width + SLACK || b.top < -SLACK || (swipe && b.bottom > work.height + SLACK);
    if (outside) add('offCanvas', el);
    else if (partly) add('partlyOffCanvas', el);
    if (el.name === 'picture' && !str(el.pluginProps.imgSrc).trim()) add('imageMissing', el);
    const failed = facts.failedImages;
    if (failed && elementImages(el).some((u) => failed.has(u))) add('imageFailed', el);
  }

  const fields = elements.filter((e) => isFormField(e.name));
  const submits = elements.filter(isSubmit);
  if (fields.length > 0 && submits.length === 0) add('formWithoutSubmit', fields[0]!, '');
  if (submits.length > 0 && fields.length === 0) for (const s of submits) add('submitWithoutForm', s);

  const labels = new Set<string>();
  const names = new Set<string>();
  for (const f of fields) {
    const label = str(f.pluginProps.label).trim();
    if (label && labels.has(label)) add('duplicateLabel', f, label);
    labels.add(label);
    const name = str(f.pluginProps.name).trim();
    if (name && names.has(name)) add('duplicateFieldName', f, name);
    names.add(name);
  }
  return out;
}

/**
 * The problems of a work before publishing, page by page (elements bottom to top), then its
 * datasources. Off-canvas: outside the page's width on either side or above it; below the page's
 * height only in paged mode (a long page grows with its content). Background and music are
 * fixed to the page and not checked for position.
 */
export function checkWork(work: Work4Check, facts: IssueFacts = {}): Issue[] {
  const issues = work.pages.flatMap((page, i) => pageIssues(work, page, i, facts));
  for (const ds of work.datasources) {
    if (ds.type === 'HTTP_API' && !isValidDatasourceUrl(ds.url))
      issues.push({
        id: `datasourceUrl:${ds.id}`,
        rule: 'datasourceUrl',
        level: LEVELS.datasourceUrl,
        message: issueMessages.datasourceUrl,
        subject: ds.name,
        pageUuid: null,
        pageIndex: -1,
        elementUuid: null,
        datasourceId: ds.id,
      });
  }
  return issues;
}
