import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

/**
 * Notice HTML made safe to render (spec 2.7: a notice's body is shown as HTML). The server already
 * sanitizes notices (server/lib/sanitize-html.ts); this is the same allow-list once more in the
 * browser, so HTML from any cache or older server is safe too: what a rich-text editor writes and
 * nothing else — no scripts, styles, frames or forms, no event handlers, links http(s)/mailto only,
 * images http(s) or relative, and every link opens a new tab without a handle on this page.
 */

const HEADINGS = ['h1', 'h2', 'h3', 'h4'];
const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  ...HEADINGS,
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
const ALLOWED_ATTR = ['href', 'target', 'rel', 'src', 'alt', 'title', 'width', 'height', 'start', 'colspan', 'rowspan', 'style', 'class'];

const COLOR = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(?:,\s*(?:0|1|0?\.\d+|\d{1,3}%)\s*)?\)$/i,
  /^[a-z]{3,30}$/i,
];
const ALIGN = [/^(?:left|right|center|justify|start|end)$/i];
const ALIGNABLE = new Set(['p', ...HEADINGS, 'td', 'th', 'li', 'blockquote', 'span']);

/** The inline styles a tag may keep: colours on spans, text alignment on blocks; nothing else. */
export function filterStyle(tag: string, style: string): string {
  const lower = tag.toLowerCase();
  const kept: string[] = [];
  for (const decl of style.split(';')) {
    const at = decl.indexOf(':');
    if (at < 0) continue;
    const prop = decl.slice(0, at).trim().toLowerCase();
    const value = decl.slice(at + 1).trim();
    let patterns: RegExp[] | null = null;
    if (prop === 'text-align' && ALIGNABLE.has(lower)) patterns = ALIGN;
    else if ((prop === 'color' || prop === 'background-color') && lower === 'span') patterns = COLOR;
    if (patterns?.some((p) => p.test(value))) kept.push(`${prop}: ${value}`);
  }
  return kept.join('; ');
}

/** Whether a URL may stay: links http(s), mailto or relative; images http(s) or relative. No protocol-relative URLs. */
export function allowedUrl(tag: string, url: string): boolean {
  const value = url.trim();
  if (value.startsWith('//')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (!scheme) return true;
  return tag.toLowerCase() === 'img' ? scheme === 'http' || scheme === 'https' : scheme === 'http' || scheme === 'https' || scheme === 'mailto';
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

let purifier: Purifier | null | undefined;

/** One DOMPurify instance of our own (its hooks do not leak into other users of the library). */
function instance(): Purifier | null {
  if (purifier !== undefined) return purifier;
  if (typeof window === 'undefined') return (purifier = null);
  const p = DOMPurify(window);
  if (!p.isSupported) return (purifier = null);
  p.addHook('uponSanitizeAttribute', (node, ev) => {
    if (ev.attrName === 'style') {
      const style = filterStyle(node.nodeName, ev.attrValue);
      if (style) ev.attrValue = style;
      else ev.keepAttr = false;
    } else if (ev.attrName === 'class') {
      // Only code blocks keep a language class (syntax colouring).
      if (node.nodeName !== 'CODE' || !/^language-[\w-]{1,40}$/.test(ev.attrValue)) ev.keepAttr = false;
    } else if ((ev.attrName === 'href' || ev.attrName === 'src') && !allowedUrl(node.nodeName, ev.attrValue)) {
      ev.keepAttr = false;
    }
  });
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return (purifier = p);
}

/**
 * Safe notice HTML for `dangerouslySetInnerHTML`. Where no DOM is available (server rendering,
 * unit tests) the text is escaped instead: shown as text, never as markup.
 */
export function sanitizeNoticeHtml(html: string | null | undefined): string {
  if (!html) return '';
  const p = instance();
  if (!p) return escapeHtml(html);
  return p.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    // The hooks decide about URLs (allowedUrl); this only keeps DOMPurify from judging them first.
    ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
    KEEP_CONTENT: true,
  });
}

/** The same, under the name the notice screens use. */
export const sanitizeHtml = sanitizeNoticeHtml;
