/**
 * What an element's click may open (spec 3 events): web links over http(s) only — never
 * `javascript:`, `data:` or an app scheme — and phone numbers as `tel:`.
 */

/** The absolute http(s) URL of a link event's value, or null when it may not be followed. */
export function safeLink(value: string, base: string): string | null {
  const v = value.trim();
  // Control characters and whitespace inside a URL are how `java\tscript:` slips past naive checks.
  if (!v || /[\u0000-\u001f\u007f\s]/.test(v)) return null;
  let url: URL;
  try {
    url = new URL(v, base);
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}

/** `tel:` for a phone number typed with spaces, dashes or brackets (digits, `+`, `*`, `#` kept), or null. */
export function telHref(value: string): string | null {
  const v = value.trim();
  if (!/^\+?[\d\s()*#-]{3,30}$/.test(v)) return null;
  const digits = v.replace(/[\s()-]/g, '');
  return /\d{3}/.test(digits) ? `tel:${digits}` : null;
}
