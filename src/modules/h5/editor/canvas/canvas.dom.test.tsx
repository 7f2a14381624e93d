// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { PAGE_MODE } from '@/contracts/h5';
import { system } from '@/app/system';
import { patchElement } from '../../core/actions';
import { newElement, newPage, newWork } from '../../core/model';
import { change, editorState, loadWork, setPreferenceStorage } from '../../core/store';
import { registerElements } from '../../elements/index';
import { previewAnimations } from '../animations';
import { PageFrame } from './page-frame';

/** How often each element's renderer ran (by uuid). */
const renders = new Map<string, number>();

vi.mock('../../elements/index', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../elements/index')>();
  const cache = new Map<string, unknown>();
  return {
    ...real,
    elementDef(name: string) {
      const def = real.elementDef(name);
      if (!def) return def;
      if (!cache.has(name)) {
        cache.set(name, {
          ...def,
          Render: ({ element }: { element: { uuid: string } }) => {
            renders.set(element.uuid, (renders.get(element.uuid) ?? 0) + 1);
            return <span data-testid="render">{name}</span>;
          },
        });
      }
      return cache.get(name);
    },
  };
});
// Moveable measures the layout, which jsdom does not have; it is looked at in the browser.
vi.mock('./canvas-moveable', () => ({ CanvasMoveable: () => null }));

let root: Root | null = null;
let host: HTMLElement | null = null;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  registerElements();
});
beforeEach(() => {
  renders.clear();
  setPreferenceStorage({ get: () => null, set: () => undefined });
  const page = newPage();
  page.elements.push(newElement('background', { uuid: 'background_bg000001' }));
  for (let i = 0; i < 20; i++) page.elements.push(newElement('shape', { uuid: `shape_el${String(i).padStart(6, '0')}`, commonStyle: { left: i, top: i * 10, width: 30, height: 20, zindex: i + 1 } }));
  loadWork(newWork({ pages: [page], page_mode: PAGE_MODE.longPage }));
});
afterEach(async () => {
  await act(async () => root?.unmount());
  host?.remove();
});

async function mount(scale = 1) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(
      <ChakraProvider value={system}>
        <I18nProvider i18n={i18n}>
          <PageFrame viewport={host!} scale={scale} />
        </I18nProvider>
      </ChakraProvider>,
    ),
  );
}
const box = (uuid: string) => document.querySelector<HTMLElement>(`.h5-el[data-uuid="${uuid}"]`)!;
const frame = () => document.querySelector<HTMLElement>('[data-testid="canvas-page"]')!;

describe('the canvas', () => {
  it('draws the page at the work size and zoom, each element at its place with its renderer inside', async () => {
    await mount(0.5);
    expect(document.querySelectorAll('.h5-el')).toHaveLength(21);
    expect(frame().style.width).toBe('320px');
    expect(frame().style.height).toBe('568px');
    expect(frame().style.transform).toBe('scale(0.5)');
    const s = box('shape_el000003').style;
    expect([s.left, s.top, s.width, s.height, s.zIndex, s.transform]).toEqual(['3px', '30px', '30px', '20px', '4', 'rotate(0deg)']);
    expect(box('background_bg000001').hasAttribute('data-locked')).toBe(true);
    expect(box('shape_el000003').hasAttribute('data-locked')).toBe(false);
  });

  it('a change of one element renders that element only', async () => {
    await mount();
    const before = new Map(renders);
    await act(async () => patchElement('shape_el000005', { commonStyle: { left: 200, rotate: 30 } }));
    expect(box('shape_el000005').style.left).toBe('200px');
    expect(box('shape_el000005').style.transform).toBe('rotate(30deg)');
    const again = [...renders].filter(([uuid, n]) => n !== before.get(uuid)).map(([uuid]) => uuid);
    expect(again).toEqual(['shape_el000005']);
    // Undo puts it back, still without touching the others.
    const { undo } = await import('../../core/store');
    await act(async () => undo());
    expect(box('shape_el000005').style.left).toBe('5px');
    expect([...renders].filter(([uuid, n]) => n !== before.get(uuid)).map(([uuid]) => uuid)).toEqual(['shape_el000005']);
  });

  it('a long page grows to its lowest element; a paged work keeps its height', async () => {
    await mount();
    await act(async () => patchElement('shape_el000001', { commonStyle: { top: 900, height: 100 } }));
    expect(frame().style.height).toBe('1000px');
    await act(async () =>
      change((w) => {
        w.page_mode = PAGE_MODE.swiper;
      }),
    );
    expect(frame().style.height).toBe('568px');
  });

  it('the animation preview plays on the element, not in the document', async () => {
    await mount();
    const rev = editorState.revision;
    previewAnimations('shape_el000002', [{ type: 'bounceIn', duration: 1, delay: 0.5, iterationCount: 2 }, { type: 'fadeOut', duration: 2, delay: 0, iterationCount: 1 }]);
    const inner = box('shape_el000002').querySelector<HTMLElement>('[data-anim]')!;
    expect(inner.style.animation).toBe('h5-bounceIn 1s ease 0.5s 2 both, h5-fadeOut 2s ease 2.5s 1 both');
    expect(editorState.revision).toBe(rev);
  });
});
