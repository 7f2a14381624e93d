import { createRequire } from 'node:module';
import type sanitizeHtml from 'sanitize-html';
import {
  NOTICE_ALIGNABLE,
  NOTICE_ATTRIBUTES,
  NOTICE_CODE_CLASS,
  NOTICE_IMAGE_SCHEMES,
  NOTICE_LINK_SCHEMES,
  NOTICE_TAGS,
  noticeStyles,
} from '../../src/contracts/notice-html';

/**
 * Notice HTML as a rich-text editor (TipTap StarterKit + Link) writes it, and nothing else: no
 * scripts, styles, frames or forms, no event handler attributes, no javascript:/data: URLs. Applied
 * when a notice is saved and again whenever one is read out (a row written before, or by another
 * path, is made safe on the way out too). The allow-list is shared with the client
 * (src/contracts/notice-html.ts), which sanitizes once more before rendering.
 */

const options: sanitizeHtml.IOptions = {
  allowedTags: [...NOTICE_TAGS],
  // `class` is left to allowedClasses (naming it here would let any class through).
  allowedAttributes: Object.fromEntries(Object.entries(NOTICE_ATTRIBUTES).map(([tag, attrs]) => [tag, attrs.filter((a) => a !== 'class')])),
  allowedClasses: { code: [NOTICE_CODE_CLASS] },
  allowedStyles: Object.fromEntries(NOTICE_ALIGNABLE.map((tag) => [tag, Object.fromEntries(Object.entries(noticeStyles(tag)).map(([k, v]) => [k, [...v]]))])),
  allowedSchemes: [...NOTICE_LINK_SCHEMES],
  allowedSchemesByTag: { img: [...NOTICE_IMAGE_SCHEMES] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // The content of these goes too, not just the tags.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'title', 'svg', 'math', 'select', 'xmp'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // Every link opens a new tab without giving the opened page a handle on this one.
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/**
 * sanitize-html (with htmlparser2 and postcss) is loaded on the first notice, not at every server
 * start, where it would cost about 70 ms.
 */
let sanitizer: typeof sanitizeHtml | null = null;
const load = () => (sanitizer ??= createRequire(import.meta.url)('sanitize-html') as typeof sanitizeHtml);

/** Safe notice HTML (idempotent: sanitizing the result again gives the same text). */
export function sanitizeNoticeHtml(html: string): string {
  if (!html) return '';
  return load()(html, options);
}
