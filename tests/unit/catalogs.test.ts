import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Every message of the source catalog has a translation in en and zh-TW. */
function entries(locale: string, catalog: string): Map<string, string> {
  const text = fs.readFileSync(`locales/${locale}/${catalog}.po`, 'utf8');
  const map = new Map<string, string>();
  const re = /^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/gm;
  for (const m of text.matchAll(re)) if (m[1]) map.set(m[1], m[2]!);
  return map;
}

/** A message each catalog must hold: the sign-in path's network error (spec 8), a screen's form error, the editor's empty panel. */
const known: Record<string, string> = { core: '请求出错，请重试', app: '请选择要删除的消息', h5: '请在画布或图层中选择一个元素' };

describe.each(['core', 'app', 'h5'])('translation catalog %s', (catalog) => {
  const source = entries('zh-CN', catalog);
  it('the source catalog holds its messages', () => {
    expect(source.size).toBeGreaterThan(30);
    expect(source.has(known[catalog]!)).toBe(true);
  });
  for (const locale of ['en', 'zh-TW']) {
    it(`${locale} translates every message, keeping its placeholders`, () => {
      const target = entries(locale, catalog);
      const missing = [...source.keys()].filter((id) => !target.get(id));
      expect(missing).toEqual([]);
      for (const [id, str] of target) {
        const ph = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort().join();
        expect(ph(str), id).toBe(ph(id));
      }
    });
  }
});
