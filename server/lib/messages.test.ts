import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { requestLanguage, serverMessages, translate } from './messages';
import { rules } from '../../src/contracts/validation';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('serverMessages catalog', () => {
  it('every key has a non-empty English and traditional Chinese text with the same placeholders', () => {
    const entries = Object.entries(serverMessages);
    expect(entries.length).toBeGreaterThan(20);
    for (const [source, t] of entries) {
      expect(t.en, source).toBeTruthy();
      expect(t['zh-TW'], source).toBeTruthy();
      expect(placeholders(t.en), source).toEqual(placeholders(source));
      expect(placeholders(t['zh-TW']), source).toEqual(placeholders(source));
      // English texts are English: no Chinese characters left over.
      expect(t.en, source).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('covers every message the server can send', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) {
          if (!['seed', 'migrations', 'test', 'catalog'].includes(e.name)) walk(p);
        } else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !['messages.ts', 'main.ts', 'seed.ts', 'test-support.ts'].includes(e.name)) {
          files.push(p);
        }
      }
    };
    walk(path.join(root, 'server'));
    files.push(path.join(root, 'src/contracts/auth.ts'));
    files.push(path.join(root, 'src/contracts/files.ts'));
    for (const f of ['common', 'org', 'base', 'message', 'chat', 'h5', 'online-dev', 'online-dev-model', 'online-dev-record', 'online-dev-define', 'online-dev-rules', 'online-dev-schemas', 'online-dev-report']) files.push(path.join(root, `src/contracts/${f}.ts`));

    const found = new Set<string>();
    for (const file of files) {
      // Comments may quote examples; only code counts. (main.ts only prints to the console; a
      // module's test-support.ts builds test data; seed data, in db/seed/ and the modules' seed.ts,
      // is stored, not sent as a message.)
      const text = fs
        .readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      // Quoted or template literals containing Chinese; ${...} limits become the catalog's {max}.
      for (const m of text.matchAll(/(['`])((?:(?!\1)[^\n\\])*[\u4e00-\u9fff](?:(?!\1)[^\n\\])*)\1/g)) {
        found.add(m[2]!.replace(/\$\{[^}]+\}/g, '{max}'));
      }
      for (const m of text.matchAll(/rules\.(\w+)\.message/g)) found.add(rules[m[1] as keyof typeof rules].message);
    }
    expect(found.size).toBeGreaterThan(20);
    const missing = [...found].filter((s) => !serverMessages[s]);
    expect(missing).toEqual([]);
  });
});

describe('translate', () => {
  it('keeps the Chinese source for zh-CN and translates for en and zh-TW', () => {
    expect(translate('账户或密码错误', 'zh-CN')).toBe('账户或密码错误');
    expect(translate('账户或密码错误', 'en')).toBe('Wrong account or password');
    expect(translate('账户或密码错误', 'zh-TW')).toBe('賬戶或密碼錯誤');
  });

  it('fills placeholders after translating, translating text parameters too', () => {
    expect(translate('登录失败次数过多，请{minutes}分钟后再试', 'zh-CN', { minutes: 15 })).toBe('登录失败次数过多，请15分钟后再试');
    expect(translate('登录失败次数过多，请{minutes}分钟后再试', 'en', { minutes: 15 })).toBe(
      'Too many failed sign-in attempts. Try again in 15 minutes.',
    );
    expect(translate('{field}不能为空', 'en', { field: '账户' })).toBe('Account is required');
    expect(translate('{field}不能为空', 'zh-TW', { field: '密码' })).toBe('密碼不能為空');
    expect(translate('{field}长度不能超过{max}个字符', 'en', { field: '账户', max: 50 })).toBe('Account must be at most 50 characters');
  });

  it('leaves unknown messages and missing parameters readable', () => {
    expect(translate('未登记的消息', 'en')).toBe('未登记的消息');
    expect(translate('{field}不能为空', 'zh-CN')).toBe('{field}不能为空');
    expect(translate('{field}不能为空', 'en', { field: 'mobilePhone' })).toBe('mobilePhone is required');
  });
});

describe('requestLanguage', () => {
  it.each([
    [undefined, 'zh-CN'],
    ['', 'zh-CN'],
    ['zh-CN,zh;q=0.9', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['en', 'en'],
    ['en-US,en;q=0.9,zh-CN;q=0.8', 'en'],
    ['EN-GB', 'en'],
    ['zh-TW', 'zh-TW'],
    ['zh-HK,zh;q=0.8', 'zh-TW'],
    ['zh-Hant-TW', 'zh-TW'],
    ['fr-FR,en;q=0.5', 'zh-CN'],
    ['*', 'zh-CN'],
  ] as const)('%s → %s', (header, lang) => {
    expect(requestLanguage(header)).toBe(lang);
  });
});
