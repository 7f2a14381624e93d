import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { allowedUrl, filterStyle, NOTICE_ATTRIBUTES, NOTICE_CODE_CLASS, NOTICE_TAGS } from '@/contracts/notice-html';

/**
 * Notice HTML made safe to render (spec 2.7: a notice's body is shown as HTML). The server already
 * sanitizes notices (server/lib/sanitize-html.ts); this is the same allow-list (src/contracts/notice-html.ts)
 * once more in the browser, so HTML from any cache or older server is safe too: what a rich-text editor writes and
 * nothing else — no scripts, styles, frames or forms, no event handlers, links http(s)/mailto only,
 * images http(s) or relative, and every link opens a new tab without a handle on this page.
 */

const ALLOWED_TAGS = [...NOTICE_TAGS];
const ALLOWED_ATTR = [...new Set([...Object.values(NOTICE_ATTRIBUTES).flat()])];

export { allowedUrl, filterStyle };

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
      if (node.nodeName !== 'CODE' || !NOTICE_CODE_CLASS.test(ev.attrValue)) ev.keepAttr = false;
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
