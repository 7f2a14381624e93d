import { describe, expect, it } from 'vitest';
import { blankRichTextToEmpty, isAllowedRichTextLink, richTextLinkUrl } from './rich-text-links';

describe('rich-text links (notices, rich-text fields)', () => {
  it('takes http, https and mailto addresses as typed', () => {
    expect(richTextLinkUrl(' https://example.com/a?b=1 ')).toBe('https://example.com/a?b=1');
    expect(richTextLinkUrl('HTTP://example.com')).toBe('HTTP://example.com');
    expect(richTextLinkUrl('mailto:hr@example.com')).toBe('mailto:hr@example.com');
  });

  it('completes a bare host with https:// and an e-mail address with mailto:', () => {
    expect(richTextLinkUrl('www.example.com/notice')).toBe('https://www.example.com/notice');
    expect(richTextLinkUrl('hr@example.com')).toBe('mailto:hr@example.com');
  });

  it('refuses script and data URLs, also disguised, and nonsense', () => {
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', ' \u0001javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'ftp://example.com', 'http://exa mple.com', '', '   ']) {
      expect(richTextLinkUrl(bad), bad).toBeNull();
    }
  });

  it('links already in a notice stay only with an allowed scheme', () => {
    expect(isAllowedRichTextLink('https://example.com')).toBe(true);
    expect(isAllowedRichTextLink('/messageRecord')).toBe(true);
    expect(isAllowedRichTextLink('javascript:alert(1)')).toBe(false);
    expect(isAllowedRichTextLink('java\nscript:alert(1)')).toBe(false);
  });
});

describe('an empty editor', () => {
  it('an editor without text saves an empty body; any text or image is kept as it is', () => {
    expect(blankRichTextToEmpty('<p></p>')).toBe('');
    expect(blankRichTextToEmpty('<p>&nbsp;</p><p><br></p>')).toBe('');
    expect(blankRichTextToEmpty('<p>放假</p>')).toBe('<p>放假</p>');
    expect(blankRichTextToEmpty('<p><img src="/a.png"></p>')).toBe('<p><img src="/a.png"></p>');
  });
});
