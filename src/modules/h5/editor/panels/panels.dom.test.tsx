// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { system } from '@/app/system';
import { confirmState, settleConfirm } from '@/components/confirm';
import { setNoticeSink, type Notice } from '@/lib/notify';
import { newElement, newPage, newWork } from '../../core/model';
import { editorState, loadWork, setPreferenceStorage } from '../../core/store';
import { registerElements } from '../../elements/index';
import { ComponentPalette } from './component-palette';
import { LayerTree } from './layer-tree';
import { PageList } from './page-list';

let root: Root | null = null;
let host: HTMLElement | null = null;
const notices: Notice[] = [];

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  registerElements();
  setNoticeSink((n) => notices.push(n));
  // jsdom has no layout: scrolling a new element into view does nothing here.
  Element.prototype.scrollIntoView = () => undefined;
});
beforeEach(() => {
  notices.length = 0;
  const data: Record<string, string> = {};
  setPreferenceStorage({ get: (k) => data[k] ?? null, set: (k, v) => void (data[k] = v) });
  const page = newPage('index', '首页');
  page.elements.push(newElement('background', { uuid: 'background_bg000001' }));
  page.elements.push(newElement('text', { uuid: 'text_aaaa0001', commonStyle: { top: 0, left: 0, width: 320, height: 100, zindex: 1 } }));
  page.elements.push(newElement('shape', { uuid: 'shape_bbbb0002', commonStyle: { zindex: 2, opacity: 0 } }));
  loadWork(newWork({ pages: [page] }));
});
afterEach(async () => {
  if (confirmState.current) settleConfirm(false);
  await act(async () => root?.unmount());
  host?.remove();
});

async function mount(node: ReactNode) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(
      <ChakraProvider value={system}>
        <I18nProvider i18n={i18n}>{node}</I18nProvider>
      </ChakraProvider>,
    ),
  );
}
const all = (testId: string) => [...document.querySelectorAll<HTMLElement>(`[data-testid="${testId}"]`)];
const click = (el: HTMLElement) => act(async () => el.click());
const pages = () => editorState.work!.pages;

describe('pages tab', () => {
  it('the last page is refused with the spec message; another page is deleted after asking', async () => {
    await mount(<PageList />);
    await click(all('page-delete')[0]!);
    expect(notices.map((n) => [n.kind, n.title])).toEqual([['error', 'at least one page must be kept in the work']]);
    expect(confirmState.current).toBeNull();
    expect(pages()).toHaveLength(1);

    await click(all('page-add')[0]!);
    expect(all('page-item')).toHaveLength(2);
    expect(pages()[1]!.type).toBe('index');
    expect(editorState.editingPageUuid).toBe(pages()[1]!.uuid);
    await click(all('page-delete')[1]!);
    expect(confirmState.current?.title).toBe('删除页面');
    await act(async () => settleConfirm(true));
    expect(all('page-item')).toHaveLength(1);
  });

  it('copies the editing page and reorders pages', async () => {
    await mount(<PageList />);
    await click(all('page-copy')[0]!);
    expect(pages().map((p) => p.title)).toEqual(['首页', '首页']);
    expect(pages()[1]!.elements).toHaveLength(3);
    const copy = pages()[1]!.uuid;
    await click(all('page-up')[1]!);
    expect(pages()[0]!.uuid).toBe(copy);
    expect(all('page-item')[0]!.textContent).toContain('1. 首页');
  });
});

describe('components tab', () => {
  it('a click adds the element to the editing page at a free spot and selects it', async () => {
    await mount(<ComponentPalette />);
    const names = all('palette-item').map((b) => b.dataset.name);
    expect(names).toContain('text');
    expect(names).not.toContain('map');
    await click(all('palette-item').find((b) => b.dataset.name === 'button')!);
    const added = editorState.editingPage!.elements.at(-1)!;
    expect(added.name).toBe('button');
    expect(editorState.selection).toEqual([added.uuid]);
    // Below the full-width text at the top, not on it.
    expect(added.commonStyle.top).toBeGreaterThanOrEqual(100);
  });
});

describe('layers tab', () => {
  it('lists the page top first, marks the fixed background and hidden elements, and selects on click', async () => {
    await mount(<LayerTree />);
    const items = all('layer-item');
    expect(items.map((i) => i.dataset.uuid)).toEqual(['shape_bbbb0002', 'text_aaaa0001', 'background_bg000001']);
    expect(items[0]!.querySelector('[aria-label="已隐藏"]')).not.toBeNull();
    expect(items[2]!.querySelector('[aria-label="固定在页面上"]')).not.toBeNull();
    await click(items[1]!);
    expect(editorState.selection).toEqual(['text_aaaa0001']);
  });
});
