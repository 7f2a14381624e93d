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

describe.each(['core', 'app'])('translation catalog %s', (catalog) => {
  const source = entries('zh-CN', catalog);
  it('the source catalog holds its messages', () => {
    expect(source.size).toBeGreaterThan(30);
    // The sign-in path's network error (spec 8) is in core; the screens' form errors are in app.
    expect(source.has(catalog === 'core' ? '请求出错，请重试' : '请选择要删除的消息')).toBe(true);
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
