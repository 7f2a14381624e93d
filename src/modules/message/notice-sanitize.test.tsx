import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '@/app/system';
import { sanitizeHtml } from '@/lib/sanitize';
import { NoticeContent } from './components/notice-content';

/**
 * The unit project runs in Node without a DOM, where DOMPurify cannot parse HTML (it would hand
 * the input back). There the sanitizer must show the HTML as text: nothing of it may run.
 * DOMPurify itself (formatting kept, script gone) is covered in the browser by the e2e tests.
 */
const hostile = '<p>通知</p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">点我</a>';

describe('notice HTML without a DOM', () => {
  it('nothing executable comes out: no script, no event handler attribute, no javascript: link', () => {
    const out = sanitizeHtml(hostile);
    expect(out).not.toMatch(/<script/i);
    expect(out).not.toMatch(/<img/i);
    expect(out).not.toMatch(/<a\s/i);
    expect(out).not.toMatch(/<[^>]+\sonerror=/i);
    expect(out).toContain('通知');
    expect(sanitizeHtml('')).toBe('');
  });

  it('the notice body component renders only the sanitized HTML', () => {
    const html = renderToString(
      <ChakraProvider value={system}>
        <NoticeContent html={hostile} testId="body" />
      </ChakraProvider>,
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).toContain('data-testid="body"');
  });
});
