/**
 * Pure helpers of the rich-text editor (no DOM, no editor; src/components/rich-text-editor.tsx):
 * which link addresses rich text may carry (notices, rich-text fields of online development) and
 * what an empty editor gives. DOMPurify checks every link again where the HTML is shown.
 */

/** Link schemes rich text may use; anything else (javascript:, data:, vbscript: …) is refused. */
export const RICH_TEXT_LINK_PROTOCOLS = ['http', 'https', 'mailto'] as const;

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * The address a typed link becomes, or null when it is not allowed: http, https and mailto only.
 * A bare host (`www.example.com/a`) gets https://; an e-mail address gets mailto:.
 */
export function richTextLinkUrl(input: string): string | null {
  const raw = input.trim();
  if (!raw) return null;
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:"): so does this.
  const scheme = SCHEME.exec(raw.replace(/[\u0000-\u0020\u007f-\u009f]/g, ''))?.[1]?.toLowerCase();
  let candidate: string;
  if (scheme) {
    if (!(RICH_TEXT_LINK_PROTOCOLS as readonly string[]).includes(scheme)) return null;
    candidate = raw;
  } else if (/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(raw)) candidate = `mailto:${raw}`;
  else if (raw.startsWith('//')) candidate = `https:${raw}`;
  else candidate = `https://${raw}`;
  if (/\s/.test(candidate)) return null;
  try {
    const url = new URL(candidate);
    const protocol = url.protocol.slice(0, -1).toLowerCase();
    if (!(RICH_TEXT_LINK_PROTOCOLS as readonly string[]).includes(protocol)) return null;
    if (protocol !== 'mailto' && !url.hostname) return null;
    if (protocol === 'mailto' && !url.pathname) return null;
    return candidate;
  } catch {
    return null;
  }
}

/** Whether an address already in the text (pasted, auto-linked) may stay a link. */
export function isAllowedRichTextLink(url: string): boolean {
  const scheme = SCHEME.exec(url.trim().replace(/[\u0000-\u0020\u007f-\u009f]/g, ''))?.[1]?.toLowerCase();
  // Relative addresses and anchors are allowed; DOMPurify checks them again on display.
  return !scheme || (RICH_TEXT_LINK_PROTOCOLS as readonly string[]).includes(scheme);
}

/**
 * What an editor reports: one with no text (only empty paragraphs, line breaks) is ''. Images and
 * rules count as content.
 */
export function blankRichTextToEmpty(html: string): string {
  const text = html
    .replace(/<(img|hr|iframe|video|audio)\b/gi, 'x')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|\u00a0/g, '')
    .trim();
  return text ? html : '';
}
