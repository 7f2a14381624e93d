/**
 * Emoji in chat text (spec 5.4 chat text): a message holds emoji as their bracketed alt texts
 * (`好的[点赞]`); shown, each known alt text becomes its picture. Pure functions, no DOM.
 */
import { EMOJI_BY_ALT } from './emoji';

export type EmojiTextPart = { type: 'text'; text: string } | { type: 'emoji'; code: number; alt: string; url: string };

/** A bracketed run without brackets or line breaks inside (the longest alt text has 4 characters). */
const BRACKETED = /\[[^[\]\r\n]{1,16}\]/g;

/**
 * Splits a message's text into text and emoji parts, in order. A bracketed alt text of the set
 * becomes an emoji part; an unknown bracket (`[备注]`, `[1]`) stays text. Adjacent text is merged,
 * and no part is empty (the empty string gives no parts).
 */
export function splitEmoji(text: string): EmojiTextPart[] {
  const parts: EmojiTextPart[] = [];
  let plain = '';
  let from = 0;
  for (const m of text.matchAll(BRACKETED)) {
    const emoji = EMOJI_BY_ALT.get(m[0]);
    if (!emoji) continue;
    plain += text.slice(from, m.index);
    if (plain) parts.push({ type: 'text', text: plain });
    plain = '';
    parts.push({ type: 'emoji', code: emoji.code, alt: emoji.alt, url: emoji.url });
    from = m.index + m[0].length;
  }
  plain += text.slice(from);
  if (plain) parts.push({ type: 'text', text: plain });
  return parts;
}

/** Whether the text holds at least one known emoji. */
export function hasEmoji(text: string): boolean {
  return splitEmoji(text).some((p) => p.type === 'emoji');
}

/**
 * The picker's insertion: `alt` replaces the selection `[selectionStart, selectionEnd)` of `text`
 * (a caret when both are equal). Out-of-range or reversed bounds are clamped and ordered; a
 * missing selection (null, as a textarea without focus may report) inserts at the end. Returns
 * the new text and where the caret goes (just after the inserted alt text).
 */
export function insertAt(text: string, selectionStart: number | null | undefined, selectionEnd: number | null | undefined, alt: string): { text: string; caret: number } {
  const clamp = (n: number | null | undefined) => (n == null || Number.isNaN(n) ? text.length : Math.min(Math.max(0, Math.trunc(n)), text.length));
  let start = clamp(selectionStart);
  let end = selectionEnd == null ? start : clamp(selectionEnd);
  if (end < start) [start, end] = [end, start];
  return { text: text.slice(0, start) + alt + text.slice(end), caret: start + alt.length };
}
