import sanitizeHtml from 'sanitize-html';

/**
 * Notice HTML as a rich-text editor (TipTap StarterKit + Link) writes it, and nothing else: no
 * scripts, styles, frames or forms, no event handler attributes, no javascript:/data: URLs. Applied
 * when a notice is saved and again whenever one is read out (a row written before, or by another
 * path, is made safe on the way out too). The client sanitizes once more before rendering.
 */

const HEADINGS = ['h1', 'h2', 'h3', 'h4'];
const BLOCKS_WITH_ALIGN = ['p', ...HEADINGS, 'td', 'th', 'li', 'blockquote'];

const COLOR = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(?:,\s*(?:0|1|0?\.\d+|\d{1,3}%)\s*)?\)$/i,
  /^[a-z]{3,30}$/i,
];
const ALIGN = [/^(?:left|right|center|justify|start|end)$/i];

const options: sanitizeHtml.IOptions = {
  allowedTags: [
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
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    th: ['colspan', 'rowspan', 'style'],
    td: ['colspan', 'rowspan', 'style'],
    span: ['style'],
    ...Object.fromEntries(BLOCKS_WITH_ALIGN.filter((t) => t !== 'td' && t !== 'th').map((t) => [t, ['style']])),
  },
  allowedClasses: { code: [/^language-[\w-]{1,40}$/] },
  allowedStyles: {
    span: { color: COLOR, 'background-color': COLOR, 'text-align': ALIGN },
    ...Object.fromEntries(BLOCKS_WITH_ALIGN.map((t) => [t, { 'text-align': ALIGN }])),
  },
  // URLs: links http(s) and mailto; images http(s) or relative (no scheme). No protocol-relative.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
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

/** Safe notice HTML (idempotent: sanitizing the result again gives the same text). */
export function sanitizeNoticeHtml(html: string): string {
  if (!html) return '';
  return sanitizeHtml(html, options);
}
