import { describe, expect, it } from 'vitest';
import { safeLink, telHref } from './links';

const base = 'https://shop.example.com/p/01JDEVFIXTURE0000000000000';

describe('element events: link safety', () => {
  it('follows http and https links, relative ones on this origin', () => {
    expect(safeLink('https://www.example.com/a?b=1', base)).toBe('https://www.example.com/a?b=1');
    expect(safeLink(' http://example.com ', base)).toBe('http://example.com/');
    expect(safeLink('/p/other', base)).toBe('https://shop.example.com/p/other');
  });

  it('never runs script or opens other schemes', () => {
    for (const bad of ['javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'java\nscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'mailto:a@b.c', 'weixin://dl/x', 'file:///etc/passwd', '']) {
      expect(safeLink(bad, base), bad).toBeNull();
    }
  });

  it('phone numbers become tel: links; anything else is not called', () => {
    expect(telHref('400-800 1234')).toBe('tel:4008001234');
    expect(telHref('+86 (10) 1234 5678')).toBe('tel:+861012345678');
    expect(telHref('javascript:alert(1)')).toBeNull();
    expect(telHref('12')).toBeNull();
  });
});
