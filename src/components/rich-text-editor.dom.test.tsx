// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { system } from '@/app/system';
import { blankRichTextToEmpty, isAllowedRichTextLink, richTextLinkUrl } from '@/lib/rich-text-links';
import { RichTextEditor } from './rich-text-editor';

/** The shared rich-text editor (the notice body, online-development rich-text fields). */

let root: Root | null = null;
let host: HTMLElement | null = null;
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  document.elementFromPoint ??= () => null;
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});
afterEach(async () => {
  await act(async () => root?.unmount());
  host?.remove();
});

async function mount(props: Partial<Parameters<typeof RichTextEditor>[0]> = {}) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  const onChange = vi.fn();
  await act(async () =>
    root!.render(
      <ChakraProvider value={system}>
        <I18nProvider i18n={i18n}>
          <RichTextEditor initialHtml="<p>门店<strong>公告</strong></p>" onChange={onChange} label="内容" {...props} />
        </I18nProvider>
      </ChakraProvider>,
    ),
  );
  return onChange;
}
const q = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

describe('the rich-text editor', () => {
  it('starts from its HTML, named by its label, with a toolbar whose test ids follow its own', async () => {
    await mount({ testId: 'od-editor-note' });
    const content = q('od-editor-note-content')!;
    expect(content.getAttribute('aria-label')).toBe('内容');
    expect(content.innerHTML).toContain('<strong>公告</strong>');
    expect(q('od-editor-note-bold')).not.toBeNull();
    expect(q('od-editor-note-link')).not.toBeNull();
  });

  it('reports a change as HTML; bold applies to the selection', async () => {
    const onChange = await mount();
    const content = q('rich-text-editor-content')!;
    await act(async () => content.focus());
    // Select all (the editor's own key), then bold: the whole text is bold.
    await act(async () => void content.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', ctrlKey: true, bubbles: true, cancelable: true })));
    await act(async () => q('rich-text-editor-bold')!.click());
    expect(onChange).toHaveBeenCalled();
    expect(onChange.mock.calls.at(-1)![0]).toBe('<p><strong>门店公告</strong></p>');
  });

  it('is read-only without its toolbar when disabled', async () => {
    await mount({ disabled: true });
    expect(q('rich-text-editor-bold')).toBeNull();
    expect(q('rich-text-editor-content')!.getAttribute('contenteditable')).toBe('false');
  });

  it('gives an editor with no text as empty, and keeps to safe links', () => {
    expect(blankRichTextToEmpty('<p></p><p><br></p>')).toBe('');
    expect(blankRichTextToEmpty('<p><img src="a.png"></p>')).toBe('<p><img src="a.png"></p>');
    expect(richTextLinkUrl('www.yunmian.cn')).toBe('https://www.yunmian.cn');
    expect(richTextLinkUrl('javascript:alert(1)')).toBeNull();
    expect(isAllowedRichTextLink('java\tscript:alert(1)')).toBe(false);
    expect(isAllowedRichTextLink('mailto:a@b.cn')).toBe(true);
  });
});
