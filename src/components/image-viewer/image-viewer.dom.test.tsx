// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { system } from '@/app/system';
import { VIEWER_Z_INDEX } from '@/contracts/limits';
import { ImageViewer, type ViewerImage } from './image-viewer';
import { prepareDom } from '@/lib/test-dom';

/** The viewer in a DOM: its keys (spec 2.6), focus kept inside and given back, 加载失败. */
const images: ViewerImage[] = Array.from({ length: 12 }, (_, i) => ({ src: `data:image/png;base64,${i}`, alt: `图${i + 1}` }));

let root: Root | null = null;
let host: HTMLElement | null = null;

beforeAll(prepareDom);

afterEach(async () => {
  await act(async () => root?.unmount());
  host?.remove();
  root = null;
  host = null;
});

function Harness({ list, onClose, startIndex = 2 }: { list: ViewerImage[]; onClose?: () => void; startIndex?: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" data-testid="opener" onClick={() => setOpen(true)}>
        open
      </button>
      <ImageViewer
        images={list}
        startIndex={startIndex}
        open={open}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
      />
    </>
  );
}

async function mount(list = images, onClose?: () => void, startIndex?: number) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(
      <ChakraProvider value={system}>
        <I18nProvider i18n={i18n}>
          <Harness list={list} onClose={onClose} startIndex={startIndex} />
        </I18nProvider>
      </ChakraProvider>,
    ),
  );
  const opener = document.querySelector<HTMLButtonElement>('[data-testid="opener"]')!;
  opener.focus();
  await act(async () => opener.click());
  await settle();
  return opener;
}

const settle = () => act(async () => void (await new Promise((r) => setTimeout(r, 30))));
const q = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const stage = () => q('image-viewer-stage')!;

async function press(key: string, target: Element | null = document.activeElement) {
  await act(async () => {
    (target ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    (target ?? document.body).dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, cancelable: true }));
  });
  await settle();
}

describe('ImageViewer in a DOM', () => {
  it('opens at the start picture, in a layer at z-index 2005, with focus inside', async () => {
    await mount();
    expect(q('image-viewer')).not.toBeNull();
    expect(q('image-viewer-counter')!.textContent).toBe('3 / 12');
    expect(stage().dataset.mode).toBe('fit');
    expect(q('image-viewer')!.contains(document.activeElement)).toBe(true);
    const positioner = q('image-viewer')!.parentElement!;
    expect(getComputedStyle(positioner).zIndex).toBe(String(VIEWER_Z_INDEX));
    // Every toolbar button has a translated name.
    const names = [...q('image-viewer-toolbar')!.querySelectorAll('button')].map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual(['缩小', '放大', '旋转', '原始尺寸', '上一张', '下一张']);
    expect(q('image-viewer-close')!.getAttribute('aria-label')).toBe('关闭');
  });

  it('arrows page and zoom, Space toggles original / fit', async () => {
    await mount();
    await press('ArrowRight');
    expect(q('image-viewer-counter')!.textContent).toBe('4 / 12');
    await press('ArrowLeft');
    await press('ArrowLeft');
    expect(q('image-viewer-counter')!.textContent).toBe('2 / 12');
    await press('ArrowUp');
    expect(stage().dataset.scale).toBe('1.2');
    await press('ArrowDown');
    await press('ArrowDown');
    expect(stage().dataset.scale).toBe('0.8');
    await press(' ');
    expect(stage().dataset.mode).toBe('original');
    expect(stage().dataset.scale).toBe('1');
    expect(q('image-viewer-toggleMode')!.getAttribute('aria-label')).toBe('适应屏幕');
    await press(' ');
    expect(stage().dataset.mode).toBe('fit');
  });

  it('Space on a focused toolbar button toggles the mode and does not press the button', async () => {
    await mount();
    const zoomIn = q('image-viewer-zoomIn')!;
    zoomIn.focus();
    await press(' ', zoomIn);
    expect(stage().dataset.mode).toBe('original');
    expect(stage().dataset.scale).toBe('1');
  });

  it('the buttons do what the keys do', async () => {
    await mount();
    await act(async () => q('image-viewer-rotate')!.click());
    expect(stage().dataset.rotate).toBe('90');
    await act(async () => q('image-viewer-next')!.click());
    expect(q('image-viewer-counter')!.textContent).toBe('4 / 12');
    expect(stage().dataset.rotate).toBe('0');
  });

  it('wraps from the last picture to the first', async () => {
    await mount(images, undefined, 11);
    expect(q('image-viewer-counter')!.textContent).toBe('12 / 12');
    await press('ArrowRight');
    expect(q('image-viewer-counter')!.textContent).toBe('1 / 12');
  });

  it('Esc closes and focus goes back to the opener', async () => {
    const onClose = vi.fn();
    const opener = await mount(images, onClose);
    await press('Escape');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(q('image-viewer')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  // jsdom has no layout, so the trap finds no tabbable button and keeps the focus on the content;
  // the order of Tab stops is a browser matter (e2e).
  it('Tab stays inside the viewer', async () => {
    await mount();
    const content = q('image-viewer')!;
    const last = q('image-viewer-next')!;
    last.focus();
    await press('Tab', last);
    expect(content.contains(document.activeElement)).toBe(true);
  });

  it('a picture that cannot load shows 加载失败', async () => {
    await mount([{ load: () => Promise.reject(new Error('offline')), alt: '坏图' }], undefined, 0);
    expect(q('image-viewer-error')!.textContent).toContain('加载失败');
    expect(stage().dataset.status).toBe('error');
  });

  it('a loaded blob gets an object URL, revoked when the viewer closes', async () => {
    const created: string[] = [];
    const revoked: string[] = [];
    URL.createObjectURL = (() => {
      const url = `blob:test/${created.length}`;
      created.push(url);
      return url;
    }) as typeof URL.createObjectURL;
    URL.revokeObjectURL = (url: string) => void revoked.push(url);
    await mount([{ load: async () => new Blob(['x'], { type: 'image/png' }) }], undefined, 0);
    expect(q('image-viewer-image')!.getAttribute('src')).toBe('blob:test/0');
    await press('Escape');
    expect(revoked).toEqual(['blob:test/0']);
  });
});
