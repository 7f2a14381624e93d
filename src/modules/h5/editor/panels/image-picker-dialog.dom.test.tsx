// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import type { BgImage, H5Element } from '@/contracts/h5';
import { DEFAULT_PAGE_SIZE } from '@/contracts/limits';
import { system } from '@/app/system';
import { network } from '@/lib/network';
import { stableKey } from '@/lib/sync/remote-list';
import { startSync, stopSync } from '@/lib/sync/engine';
import type { UserDb } from '@/lib/sync/user-db';
import { elementDef } from '../../elements/index';
import { PropsPanel } from '../../elements/props-panel';
import { useImagePicker } from './use-image-picker';

let root: Root | null = null;
let host: HTMLElement | null = null;
let db: UserDb;

beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // Offline: the dialog can only show what this device kept of the library.
  network.online = false;
  db = await startSync('picker-user', async () => ({ ok: true }) as never);
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  host?.remove();
  await db.kv.clear();
});
afterAll(() => stopSync());

const image = (n: number): BgImage => ({ id: `img${n}`, name: `图片${n}.png`, url: `https://cdn.example/img${n}.png`, width: 100, height: 80, size: 2048, created_time: '2024-05-01 10:00:00' });

/** Stores a page of the library as the 素材库 page leaves it on this device. */
async function cachePage(currentPage: number, list: BgImage[], total: number) {
  const key = `h5.images:${stableKey({ currentPage, pageSize: DEFAULT_PAGE_SIZE, keyword: '' })}`;
  await db.kv.put({ key, value: { list, total, fetchedAt: Date.now() }, updatedAt: Date.now() });
}

const picture: H5Element = {
  name: 'picture',
  uuid: 'picture_abcd1234',
  version: 1,
  pluginProps: elementDef('picture')!.defaultProps(),
  commonStyle: {},
  events: [],
  methodList: [],
  scripts: [],
  animations: [],
} as unknown as H5Element;

function Panel({ onChange }: { onChange(patch: Record<string, unknown>, mergeKey: string): void }) {
  const picker = useImagePicker();
  return (
    <>
      <PropsPanel element={picture} onChange={onChange} onPickImage={picker.pick} />
      {picker.dialog}
    </>
  );
}

async function mount() {
  const onChange = vi.fn<(patch: Record<string, unknown>, mergeKey: string) => void>();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(
      <ChakraProvider value={system}>
        <I18nProvider i18n={i18n}>
          <Panel onChange={onChange} />
        </I18nProvider>
      </ChakraProvider>,
    ),
  );
  return onChange;
}

// The dialog is portalled to the document's body.
const all = (id: string) => [...document.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)];
const one = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await act(() => new Promise((r) => setTimeout(r, 20)));
  expect(check()).toBe(true);
}

const click = (el: HTMLElement) => act(async () => el.click());

describe('picking an image field from 素材库', () => {
  it('opens the library from the field, lists the cached images, loads more and sets the field with one step', async () => {
    await cachePage(1, Array.from({ length: DEFAULT_PAGE_SIZE }, (_, i) => image(i + 1)), DEFAULT_PAGE_SIZE + 2);
    await cachePage(2, [image(DEFAULT_PAGE_SIZE + 1), image(DEFAULT_PAGE_SIZE + 2)], DEFAULT_PAGE_SIZE + 2);
    const onChange = await mount();

    const button = one('prop-imgSrc-pick')!;
    expect(button.textContent).toContain('从素材库选择');
    expect(one('image-picker')).toBeNull();
    await click(button);
    await until(() => all('image-pick-tile').length === DEFAULT_PAGE_SIZE);
    expect(one('image-picker')!.textContent).toContain('从素材库选择');
    expect(one('image-picker-offline')).not.toBeNull();

    await click(one('image-picker-more')!);
    await until(() => all('image-pick-tile').length === DEFAULT_PAGE_SIZE + 2);
    // Everything is shown: no more to load.
    expect(one('image-picker-more')).toBeNull();

    const last = all('image-pick-tile').at(-1)!;
    expect(last.getAttribute('aria-label')).toContain(`图片${DEFAULT_PAGE_SIZE + 2}.png`);
    await click(last);
    expect(onChange.mock.calls).toEqual([[{ imgSrc: `https://cdn.example/img${DEFAULT_PAGE_SIZE + 2}.png` }, '']]);
    await until(() => one('image-picker') === null);
  });

  it('says the library is empty and how to fill it', async () => {
    await cachePage(1, [], 0);
    const onChange = await mount();
    await click(one('prop-imgSrc-pick')!);
    await until(() => one('empty-state') !== null);
    expect(one('image-picker')!.textContent).toContain('素材库还是空的');
    expect(one('image-picker')!.textContent).toContain('上传');
    expect(all('image-pick-tile')).toHaveLength(0);
    expect(one('image-picker-more')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });
});
