import { describe, expect, it } from 'vitest';
import { isAllowedLink, normalizeNoticeBody, safeLinkUrl } from './notice-html';

describe('notice links', () => {
  it('takes http, https and mailto addresses as typed', () => {
    expect(safeLinkUrl(' https://example.com/a?b=1 ')).toBe('https://example.com/a?b=1');
    expect(safeLinkUrl('HTTP://example.com')).toBe('HTTP://example.com');
    expect(safeLinkUrl('mailto:hr@example.com')).toBe('mailto:hr@example.com');
  });

  it('completes a bare host with https:// and an e-mail address with mailto:', () => {
    expect(safeLinkUrl('www.example.com/notice')).toBe('https://www.example.com/notice');
    expect(safeLinkUrl('hr@example.com')).toBe('mailto:hr@example.com');
  });

  it('refuses script and data URLs, also disguised, and nonsense', () => {
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', ' \u0001javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'ftp://example.com', 'http://exa mple.com', '', '   ']) {
      expect(safeLinkUrl(bad), bad).toBeNull();
    }
  });

  it('links already in a notice stay only with an allowed scheme', () => {
    expect(isAllowedLink('https://example.com')).toBe(true);
    expect(isAllowedLink('/messageRecord')).toBe(true);
    expect(isAllowedLink('javascript:alert(1)')).toBe(false);
    expect(isAllowedLink('java\nscript:alert(1)')).toBe(false);
  });
});

describe('notice body', () => {
  it('an editor without text saves an empty body; any text or image is kept as it is', () => {
    expect(normalizeNoticeBody('<p></p>')).toBe('');
    expect(normalizeNoticeBody('<p>&nbsp;</p><p><br></p>')).toBe('');
    expect(normalizeNoticeBody('<p>放假</p>')).toBe('<p>放假</p>');
    expect(normalizeNoticeBody('<p><img src="/a.png"></p>')).toBe('<p><img src="/a.png"></p>');
  });
});
