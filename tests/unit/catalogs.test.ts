import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { h5EditorStart } from '../../lingui.config';

/** Every message of the source catalog has a translation in en and zh-TW. */
function entries(locale: string, catalog: string): Map<string, string> {
  const text = fs.readFileSync(`locales/${locale}/${catalog}.po`, 'utf8');
  const map = new Map<string, string>();
  const re = /^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/gm;
  for (const m of text.matchAll(re)) if (m[1]) map.set(m[1], m[2]!);
  return map;
}

/** A message each catalog must hold: the sign-in path's network error (spec 8), a screen's form error, the editor's empty panel. */
const known: Record<string, string> = { core: '请求出错，请重试', app: '请选择要删除的消息', h5: '请在画布或图层中选择一个元素', 'h5-more': '发布作品', 'online-dev': '筛选', workflow: '发起流程' };

describe.each(['core', 'app', 'h5', 'h5-more', 'online-dev', 'workflow'])('translation catalog %s', (catalog) => {
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

/** The files a module imports statically (not `import type`, not `import()`), resolved under src/. */
function staticImports(file: string): string[] {
  const code = fs.readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of code.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) {
    const spec = m[1]!;
    const base = spec.startsWith('@/') ? path.join('src', spec.slice(2)) : spec.startsWith('.') ? path.join(path.dirname(file), spec) : null;
    const found = base && ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
    if (found) out.push(path.normalize(found));
  }
  return out;
}

describe('the page builder\'s catalogs', () => {
  it('every builder file the editor route imports statically has its messages in the h5 catalog (the one the route loads)', () => {
    const seen = new Set<string>();
    const stack = ['src/modules/h5/pages/editor-page.tsx'];
    while (stack.length) {
      const f = stack.pop()!;
      if (seen.has(f)) continue;
      seen.add(f);
      stack.push(...staticImports(f));
    }
    const covered = (f: string, list: readonly string[]) => list.some((p) => f === p || f.startsWith(`${p}/`));
    // The module's top-level files (declarations, drafts, queued writes) load with the session: their messages are in `app`.
    const withMessages = [...seen].filter((f) => /^src\/modules\/h5\/[^/]+\//.test(f) && /@lingui\/(core|react)\/macro/.test(fs.readFileSync(f, 'utf8')));
    expect(withMessages.length).toBeGreaterThan(20);
    const missing = withMessages.filter((f) => !covered(f, h5EditorStart.include) || covered(f, h5EditorStart.later));
    expect(missing).toEqual([]);
  });
});
