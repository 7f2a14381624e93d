import { describe, expect, it } from 'vitest';
import { allowedUrl, filterStyle, sanitizeNoticeHtml } from './sanitize';

describe('notice HTML', () => {
  it('keeps only colours on spans and alignment on blocks', () => {
    expect(filterStyle('SPAN', 'color: #f00; position: fixed; background-color: rgb(1, 2, 3)')).toBe('color: #f00; background-color: rgb(1, 2, 3)');
    expect(filterStyle('P', 'text-align: center; color: red')).toBe('text-align: center');
    expect(filterStyle('SPAN', 'color: url(javascript:alert(1))')).toBe('');
    expect(filterStyle('DIV', 'text-align: center')).toBe('');
  });

  it('allows links to http(s), mailto and relative addresses; images only http(s) or relative', () => {
    expect(allowedUrl('A', 'https://example.com')).toBe(true);
    expect(allowedUrl('A', 'mailto:a@b.cn')).toBe(true);
    expect(allowedUrl('A', '/help')).toBe(true);
    expect(allowedUrl('A', 'javascript:alert(1)')).toBe(false);
    expect(allowedUrl('A', '//evil.example')).toBe(false);
    expect(allowedUrl('IMG', 'data:image/png;base64,AAAA')).toBe(false);
    expect(allowedUrl('IMG', 'mailto:a@b.cn')).toBe(false);
  });

  it('without a DOM shows the text, never the markup', () => {
    expect(sanitizeNoticeHtml('<img src=x onerror="alert(1)">&')).toBe('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;');
    expect(sanitizeNoticeHtml(null)).toBe('');
  });
});
