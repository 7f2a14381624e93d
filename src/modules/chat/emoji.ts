/**
 * The chat's 120 emoji (spec 2.7, 3 Emoji list, 9 Chat), numbered 100-219: code, bracketed Chinese
 * alt text (what a message carries), and the picture's URL.
 *
 * Pictures: Microsoft Fluent Emoji (flat style), MIT licence, © Microsoft Corporation
 * (https://github.com/microsoft/fluentui-emoji), via the npm package @iconify-json/fluent-emoji-flat
 * (scripts/make-emoji.ts writes ./emoji/<code>.svg; the licence text is ./emoji/LICENSE).
 *
 * The SVGs are emitted as hashed build assets (never inlined into the script: `no-inline`), which the
 * service worker precaches (its glob takes every .svg of the build), so the panel works offline.
 * Only the chat's code imports this file, and the chat loads with its drawer: the sign-in and home
 * pages fetch neither the list nor the pictures.
 */
import { EMOJI_FIRST } from '@/contracts/chat';
import { EMOJI_SOURCES } from './emoji-list';

export interface Emoji {
  /** 100-219. */
  code: number;
  /** The bracketed alt text, e.g. `[微笑]`: what the message text holds. */
  alt: string;
  /** The picture (a hashed asset URL in the build). */
  url: string;
}

const files = import.meta.glob<string>('./emoji/*.svg', { eager: true, query: '?url&no-inline', import: 'default' });

function urlOf(code: number): string {
  const url = files[`./emoji/${code}.svg`];
  if (!url) throw new Error(`emoji picture ${code}.svg is missing (npx tsx scripts/make-emoji.ts)`);
  return url;
}

/** The 120 entries, in code order. */
export const EMOJI: readonly Emoji[] = EMOJI_SOURCES.map(([code, alt]) => ({ code, alt, url: urlOf(code) }));

/** Alt text → entry. */
export const EMOJI_BY_ALT: ReadonlyMap<string, Emoji> = new Map(EMOJI.map((e) => [e.alt, e]));

/** The entry of a code (100-219), if any. */
export function emojiByCode(code: number): Emoji | undefined {
  const e = EMOJI[code - EMOJI_FIRST];
  return e && e.code === code ? e : undefined;
}
