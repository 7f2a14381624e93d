/**
 * What notice HTML may hold (spec 2.7: a notice's body is HTML shown in a dialog): what the notice
 * editor (TipTap StarterKit + Link) writes, and nothing else. One allow-list for both sides: the
 * server sanitizes with it on the way in and out (server/lib/sanitize-html.ts, sanitize-html), the
 * browser once more before rendering (src/lib/sanitize.ts, DOMPurify). No scripts, styles, frames
 * or forms, no event handler attributes, no javascript:/data: URLs.
 */

export const NOTICE_HEADINGS = ['h1', 'h2', 'h3', 'h4'] as const;

export const NOTICE_TAGS: readonly string[] = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  ...NOTICE_HEADINGS,
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'hr',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'span',
];

/** Attributes per tag; `style` is further limited by noticeStyle, `class` by NOTICE_CODE_CLASS. */
export const NOTICE_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  ol: ['start'],
  th: ['colspan', 'rowspan', 'style'],
  td: ['colspan', 'rowspan', 'style'],
  span: ['style'],
  p: ['style'],
  h1: ['style'],
  h2: ['style'],
  h3: ['style'],
  h4: ['style'],
  li: ['style'],
  blockquote: ['style'],
  code: ['class'],
};

/** Only code blocks keep a class: their language (syntax colouring). */
export const NOTICE_CODE_CLASS = /^language-[\w-]{1,40}$/;

export const NOTICE_COLOR: readonly RegExp[] = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(?:,\s*(?:0|1|0?\.\d+|\d{1,3}%)\s*)?\)$/i,
  /^[a-z]{3,30}$/i,
];
export const NOTICE_ALIGN: readonly RegExp[] = [/^(?:left|right|center|justify|start|end)$/i];
/** Tags that may keep text-align; spans also keep colours. */
export const NOTICE_ALIGNABLE: readonly string[] = ['p', ...NOTICE_HEADINGS, 'td', 'th', 'li', 'blockquote', 'span'];

/** The inline styles a tag may keep, by property: colours on spans, text alignment on blocks; nothing else. */
export function noticeStyles(tag: string): Record<string, readonly RegExp[]> {
  const lower = tag.toLowerCase();
  const out: Record<string, readonly RegExp[]> = {};
  if (NOTICE_ALIGNABLE.includes(lower)) out['text-align'] = NOTICE_ALIGN;
  if (lower === 'span') {
    out.color = NOTICE_COLOR;
    out['background-color'] = NOTICE_COLOR;
  }
  return out;
}

/** A style attribute reduced to what noticeStyles allows ('' when nothing is left). */
export function filterStyle(tag: string, style: string): string {
  const allowed = noticeStyles(tag);
  const kept: string[] = [];
  for (const decl of style.split(';')) {
    const at = decl.indexOf(':');
    if (at < 0) continue;
    const prop = decl.slice(0, at).trim().toLowerCase();
    const value = decl.slice(at + 1).trim();
    if (allowed[prop]?.some((p) => p.test(value))) kept.push(`${prop}: ${value}`);
  }
  return kept.join('; ');
}

/** URL schemes: links http(s) and mailto; images http(s). Relative URLs pass; protocol-relative ones do not. */
export const NOTICE_LINK_SCHEMES: readonly string[] = ['http', 'https', 'mailto'];
export const NOTICE_IMAGE_SCHEMES: readonly string[] = ['http', 'https'];

/** Whether a URL may stay on this tag (href of a link, src of an image). */
export function allowedUrl(tag: string, url: string): boolean {
  const value = url.trim();
  if (value.startsWith('//')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (!scheme) return true;
  return (tag.toLowerCase() === 'img' ? NOTICE_IMAGE_SCHEMES : NOTICE_LINK_SCHEMES).includes(scheme);
}
