// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeNoticeHtml } from './sanitize';

/** The browser path (DOMPurify over a real DOM): what the notice dialog renders. */
describe('notice HTML in a DOM', () => {
  it('drops scripts, event handlers and javascript: links and keeps the formatting', () => {
    const out = sanitizeNoticeHtml(
      '<h2 style="text-align:center;position:fixed">周末促销</h2><p onclick="steal()">到店<strong>有礼</strong><script>alert(1)</script></p>' +
        '<a href="javascript:alert(1)">坏链接</a><a href="https://example.com/a">好链接</a><img src="x" onerror="alert(2)"><iframe src="https://evil"></iframe>',
    );
    const doc = new DOMParser().parseFromString(`<body>${out}</body>`, 'text/html');
    expect(doc.querySelector('script, iframe')).toBeNull();
    expect(out).not.toMatch(/onclick|onerror|javascript:|position/i);
    expect(doc.querySelector('h2')?.getAttribute('style')).toBe('text-align: center');
    expect(doc.querySelector('strong')?.textContent).toBe('有礼');
    const links = [...doc.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([null, 'https://example.com/a']);
    expect(links[1]!.getAttribute('target')).toBe('_blank');
    expect(links[1]!.getAttribute('rel')).toMatch(/noopener/);
  });
});
