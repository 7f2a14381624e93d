import { describe, expect, it } from 'vitest';
import { parseCsvFile, parseCsvText } from './csv';
import { checkHttpUrl, checkInterval, checkName, CSV_MAX_BYTES, CSV_MAX_ROWS, parseBody, parseStaticJson, refreshSeconds, STATIC_MAX_BYTES } from './kinds';

describe('STATIC: JSON typed in', () => {
  it('parses valid JSON of any shape', () => {
    expect(parseStaticJson('{"name":"旗舰店","items":[1,2]}')).toEqual({ ok: true, value: { name: '旗舰店', items: [1, 2] } });
    expect(parseStaticJson(' [1] ')).toEqual({ ok: true, value: [1] });
  });
  it('refuses empty and invalid JSON, with the parser words', () => {
    expect(parseStaticJson('  ')).toEqual({ ok: false, error: { code: 'json-empty' } });
    const bad = parseStaticJson('{name: 1}');
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.error.code).toBe('json-invalid');
      expect(bad.error.code === 'json-invalid' && bad.error.detail.length > 0).toBe(true);
    }
  });
  it('refuses more than 256 KB, counted in UTF-8 bytes', () => {
    const ascii = `"${'a'.repeat(STATIC_MAX_BYTES - 2)}"`;
    expect(parseStaticJson(ascii).ok).toBe(true);
    // 90,000 Chinese characters are 270,000 bytes though fewer characters than the limit.
    expect(parseStaticJson(`"${'店'.repeat(90_000)}"`)).toEqual({ ok: false, error: { code: 'json-too-large', max: STATIC_MAX_BYTES } });
  });
});

describe('CSV: header row → objects', () => {
  it('rows as text objects keyed by the trimmed header; blank lines skipped; BOM ignored', () => {
    const r = parseCsvText('\uFEFFname, price ,code\n床垫,1999,007\n\n"枕头, 乳胶",99,008\n');
    expect(r).toEqual({
      ok: true,
      value: {
        columns: ['name', 'price', 'code'],
        rows: [
          { name: '床垫', price: '1999', code: '007' },
          { name: '枕头, 乳胶', price: '99', code: '008' },
        ],
      },
    });
  });
  it('a short row has empty cells, cells past the header are dropped', () => {
    const r = parseCsvText('a,b\n1\n2,3,4\n');
    expect(r.ok && r.value.rows).toEqual([
      { a: '1', b: '' },
      { a: '2', b: '3' },
    ]);
  });
  it('5,000 rows pass, 5,001 are refused', () => {
    const csv = (n: number) => `id\n${Array.from({ length: n }, (_, i) => i).join('\n')}\n`;
    const ok = parseCsvText(csv(CSV_MAX_ROWS));
    expect(ok.ok && ok.value.rows.length).toBe(CSV_MAX_ROWS);
    expect(parseCsvText(csv(CSV_MAX_ROWS + 1))).toEqual({ ok: false, error: { code: 'csv-too-many-rows', max: CSV_MAX_ROWS } });
  });
  it('more than 1 MB is refused, before reading a file', async () => {
    const big = `a\n${'x'.repeat(CSV_MAX_BYTES)}`;
    expect(parseCsvText(big)).toEqual({ ok: false, error: { code: 'csv-too-large', max: CSV_MAX_BYTES } });
    const file = new Blob([big]);
    expect(await parseCsvFile(file)).toEqual({ ok: false, error: { code: 'csv-too-large', max: CSV_MAX_BYTES } });
    expect(await parseCsvFile(new Blob(['k\nv\n']))).toEqual({ ok: true, value: { columns: ['k'], rows: [{ k: 'v' }] } });
  });
  it('a file without a header row is refused', () => {
    expect(parseCsvText('')).toEqual({ ok: false, error: { code: 'csv-no-header' } });
  });
});

describe('names, intervals, urls, bodies', () => {
  it('a name is a key of the shared data: not empty, no dots or brackets, unique', () => {
    expect(checkName(' store ', [])).toEqual({ ok: true, value: 'store' });
    expect(checkName('数据源1', ['数据源2'])).toEqual({ ok: true, value: '数据源1' });
    expect(checkName('', [])).toEqual({ ok: false, error: { code: 'name-empty' } });
    for (const bad of ['a.b', 'a[0]', '{{x}}', 'a b', '__proto__']) expect(checkName(bad, []).ok).toBe(false);
    expect(checkName('store', ['store'])).toEqual({ ok: false, error: { code: 'name-taken' } });
  });
  it('fixed refresh: at least 5 s', () => {
    expect(checkInterval(5).ok).toBe(true);
    expect(checkInterval(4).ok).toBe(false);
    expect(checkInterval(7.5).ok).toBe(false);
    expect(refreshSeconds({ refreshType: 'fixed', refreshInterval: 1 })).toBe(5);
    expect(refreshSeconds({ refreshType: 'fixed', refreshInterval: 30 })).toBe(30);
    expect(refreshSeconds({ refreshType: 'once', refreshInterval: 30 })).toBeNull();
  });
  it('an HTTP_API url is http(s) or a path of this site', () => {
    expect(checkHttpUrl('https://api.example.com/stores').ok).toBe(true);
    expect(checkHttpUrl('/api/x').ok).toBe(true);
    for (const bad of ['javascript:alert(1)', 'file:///etc/passwd', '//evil.com/x', 'not a url', '']) expect(checkHttpUrl(bad).ok).toBe(false);
  });
  it('a body is JSON when it parses, else text', () => {
    expect(parseBody('{"a":1}', 'application/json')).toEqual({ a: 1 });
    expect(parseBody('[1]', 'text/plain')).toEqual([1]);
    expect(parseBody('hello', 'text/plain')).toBe('hello');
    expect(parseBody('{broken', 'application/json')).toBe('{broken');
  });
});
