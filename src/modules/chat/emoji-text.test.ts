import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EMOJI_COUNT, EMOJI_FIRST } from '@/contracts/chat';
import { EMOJI, EMOJI_BY_ALT, emojiByCode } from './emoji';
import { EMOJI_SOURCES } from './emoji-list';
import { hasEmoji, insertAt, splitEmoji } from './emoji-text';

const emojiDir = new URL('./emoji/', import.meta.url);

describe('the emoji set (spec 3 Emoji list, 9 Chat)', () => {
  it('has exactly 120 entries numbered 100-219 in order', () => {
    expect(EMOJI).toHaveLength(EMOJI_COUNT);
    expect(EMOJI.map((e) => e.code)).toEqual(Array.from({ length: EMOJI_COUNT }, (_, i) => EMOJI_FIRST + i));
    expect(EMOJI[0]!.code).toBe(100);
    expect(EMOJI.at(-1)!.code).toBe(219);
  });

  it('each alt text is bracketed Chinese, without inner brackets, and all are distinct', () => {
    for (const e of EMOJI) expect(e.alt).toMatch(/^\[[\u4e00-\u9fff]{1,4}\]$/);
    expect(new Set(EMOJI.map((e) => e.alt)).size).toBe(EMOJI_COUNT);
    expect(EMOJI_BY_ALT.size).toBe(EMOJI_COUNT);
    expect(EMOJI_BY_ALT.get('[微笑]')?.code).toBe(100);
    for (const alt of ['[大笑]', '[爱心]', '[点赞]']) expect(EMOJI_BY_ALT.has(alt)).toBe(true);
  });

  it('each picture is a distinct source and a shipped SVG file, with a URL', () => {
    expect(new Set(EMOJI_SOURCES.map(([, , source]) => source)).size).toBe(EMOJI_COUNT);
    for (const e of EMOJI) {
      expect(e.url).toContain(`${e.code}`);
      const svg = fs.readFileSync(new URL(`${e.code}.svg`, emojiDir), 'utf8');
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg).toContain('Microsoft');
    }
    // Nothing else in the folder but the pictures and their licence.
    expect(fs.readdirSync(emojiDir).sort()).toEqual([...EMOJI.map((e) => `${e.code}.svg`), 'LICENSE'].sort());
  });

  it('looks up by code', () => {
    expect(emojiByCode(100)?.alt).toBe('[微笑]');
    expect(emojiByCode(219)?.code).toBe(219);
    expect(emojiByCode(99)).toBeUndefined();
    expect(emojiByCode(220)).toBeUndefined();
  });
});

describe('splitEmoji (spec 5.4: bracketed alt texts show as the pictures)', () => {
  const smile = EMOJI_BY_ALT.get('[微笑]')!;
  const like = EMOJI_BY_ALT.get('[点赞]')!;

  it('turns known alt texts into emoji parts, in order, with the text between', () => {
    expect(splitEmoji('好的[点赞]明天见[微笑]')).toEqual([
      { type: 'text', text: '好的' },
      { type: 'emoji', code: like.code, alt: '[点赞]', url: like.url },
      { type: 'text', text: '明天见' },
      { type: 'emoji', code: smile.code, alt: '[微笑]', url: smile.url },
    ]);
  });

  it('keeps unknown brackets as text, merged with the text around them', () => {
    expect(splitEmoji('订单[备注]见附件[1]')).toEqual([{ type: 'text', text: '订单[备注]见附件[1]' }]);
    expect(splitEmoji('[未知][微笑]')).toEqual([
      { type: 'text', text: '[未知]' },
      { type: 'emoji', code: 100, alt: '[微笑]', url: smile.url },
    ]);
  });

  it('handles adjacent emoji, stray brackets and nested openings', () => {
    expect(splitEmoji('[微笑][微笑]').map((p) => p.type)).toEqual(['emoji', 'emoji']);
    expect(splitEmoji('[[微笑]]')).toEqual([
      { type: 'text', text: '[' },
      { type: 'emoji', code: 100, alt: '[微笑]', url: smile.url },
      { type: 'text', text: ']' },
    ]);
    expect(splitEmoji('[微\n笑]')).toEqual([{ type: 'text', text: '[微\n笑]' }]);
    expect(splitEmoji('a [ b ] c')).toEqual([{ type: 'text', text: 'a [ b ] c' }]);
  });

  it('gives no empty parts', () => {
    expect(splitEmoji('')).toEqual([]);
    expect(splitEmoji('[爱心]')).toHaveLength(1);
    expect(splitEmoji('纯文字')).toEqual([{ type: 'text', text: '纯文字' }]);
  });

  it('every alt text of the set round-trips', () => {
    const text = EMOJI.map((e) => e.alt).join('');
    const parts = splitEmoji(text);
    expect(parts.map((p) => (p.type === 'emoji' ? p.code : -1))).toEqual(EMOJI.map((e) => e.code));
  });

  it('hasEmoji', () => {
    expect(hasEmoji('好[微笑]')).toBe(true);
    expect(hasEmoji('好[备注]')).toBe(false);
  });
});

describe('insertAt (the emoji picker)', () => {
  it('inserts at the caret and puts the caret after the alt text', () => {
    expect(insertAt('你好', 1, 1, '[微笑]')).toEqual({ text: '你[微笑]好', caret: 5 });
    expect(insertAt('', 0, 0, '[微笑]')).toEqual({ text: '[微笑]', caret: 4 });
  });

  it('replaces a selection', () => {
    expect(insertAt('今天很好', 2, 4, '[点赞]')).toEqual({ text: '今天[点赞]', caret: 6 });
    expect(insertAt('abcdef', 4, 1, 'X')).toEqual({ text: 'aXef', caret: 2 });
  });

  it('clamps bounds and appends without a selection', () => {
    expect(insertAt('ab', -3, 99, 'X')).toEqual({ text: 'X', caret: 1 });
    expect(insertAt('ab', null, null, 'X')).toEqual({ text: 'abX', caret: 3 });
    expect(insertAt('ab', 1, undefined, 'X')).toEqual({ text: 'aXb', caret: 2 });
    expect(insertAt('ab', 1.7, 1.7, 'X')).toEqual({ text: 'aXb', caret: 2 });
  });
});
