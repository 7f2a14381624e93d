// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { system } from '@/app/system';
import { EmojiPanel } from './emoji-panel';

let root: Root | null = null;
let host: HTMLElement | null = null;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(async () => {
  await act(async () => root?.unmount());
  host?.remove();
});

async function mount(onSelect = vi.fn()) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(
      <ChakraProvider value={system}>
        <I18nProvider i18n={i18n}>
          <EmojiPanel onSelect={onSelect} />
        </I18nProvider>
      </ChakraProvider>,
    ),
  );
  return onSelect;
}

const items = () => [...document.querySelectorAll<HTMLButtonElement>('[data-testid="emoji-item"]')];
const key = (el: Element, k: string) => act(async () => void el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })));

describe('EmojiPanel', () => {
  it('shows the 120 pictures, lazily, each named by its alt text', async () => {
    await mount();
    const list = items();
    expect(list).toHaveLength(120);
    expect(list.map((b) => Number(b.dataset.code))).toEqual(Array.from({ length: 120 }, (_, i) => 100 + i));
    const img = list[0]!.querySelector('img')!;
    expect([img.alt, img.title, img.getAttribute('loading')]).toEqual(['[微笑]', '[微笑]', 'lazy']);
    expect(document.querySelector('[data-testid="emoji-panel"]')!.getAttribute('aria-label')).toBe('表情');
  });

  it('one tab stop; arrows move by one and by a row of 8; Home / End', async () => {
    await mount();
    const list = items();
    expect(list.filter((b) => b.tabIndex === 0)).toEqual([list[0]]);
    list[0]!.focus();
    await key(list[0]!, 'ArrowRight');
    expect(document.activeElement).toBe(list[1]);
    await key(list[1]!, 'ArrowDown');
    expect(document.activeElement).toBe(list[9]);
    await key(list[9]!, 'ArrowUp');
    await key(list[1]!, 'ArrowUp');
    expect(document.activeElement).toBe(list[1]);
    await key(list[1]!, 'End');
    expect(document.activeElement).toBe(list[119]);
    await key(list[119]!, 'ArrowDown');
    expect(document.activeElement).toBe(list[119]);
    await key(list[119]!, 'Home');
    expect(document.activeElement).toBe(list[0]);
    expect(list.filter((b) => b.tabIndex === 0)).toEqual([list[0]]);
  });

  it('a click chooses the emoji', async () => {
    const onSelect = await mount();
    await act(async () => items()[86]!.click());
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ code: 186, alt: '[点赞]' }));
  });
});
