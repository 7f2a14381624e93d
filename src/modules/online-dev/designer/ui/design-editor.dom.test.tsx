// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { system } from '@/app/system';
import { emptyDefinition, type ModelInfo } from '@/contracts/online-dev-model';
import { setNoticeSink, type Notice } from '@/lib/notify';
import { ModelConflict } from '../api';
import { DesignEditor } from './design-editor';
import { prepareDom } from '@/lib/test-dom';

/** The designer in a DOM: what the core tests cannot show — the palette, canvas, property panel, toolbar and preview working together. */

const api = vi.hoisted(() => ({ save: vi.fn(), publish: vi.fn(), selector: vi.fn(async () => []), fields: vi.fn(async () => []) }));
vi.mock('../api', async (original) => ({ ...(await original<typeof import('../api')>()), modelApi: api }));
vi.mock('@/modules/base/public', () => ({ useDictionaries: () => [], useBillRuleOptions: () => [], dictionaryOptions: () => [] }));
const auth = vi.hoisted(() => ({ refreshCurrentUser: vi.fn(async () => undefined) }));
vi.mock('@/modules/auth/public', async (original) => ({ ...(await original<typeof import('@/modules/auth/public')>()), refreshCurrentUser: auth.refreshCurrentUser }));
vi.mock('@/lib/http', async (original) => ({
  ...(await original<typeof import('@/lib/http')>()),
  request: vi.fn(async () => ({ list: [{ id: '01J0000000000000000000000R', fullName: '店长', enCode: 'storeManager' }] })),
}));

const MODEL = '01J0000000000000000000000A';
const info = (over: Partial<ModelInfo> = {}): ModelInfo => ({
  id: MODEL,
  fullName: '门店巡检',
  enCode: 'storeInspection',
  category: 'store',
  description: null,
  draft: emptyDefinition(),
  version: 3,
  publishedVersion: 0,
  changed: true,
  menuCode: null,
  menuParent: null,
  recordCount: 0,
  creatorTime: '2025-03-01 10:00:00',
  lastModifyTime: '2025-03-01 10:00:00',
  ...over,
});

let root: Root | null = null;
let host: HTMLElement | null = null;

beforeAll(prepareDom);

const notices: Notice[] = [];
beforeEach(() => {
  notices.length = 0;
  setNoticeSink((n) => notices.push(n));
  api.save.mockReset();
  api.publish.mockReset();
});

afterEach(async () => {
  await act(async () => root?.unmount());
  host?.remove();
  root = null;
  host = null;
});

async function mount(model = info()) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(
      <ChakraProvider value={system}>
        <I18nProvider i18n={i18n}>
          <DesignEditor info={model} onBack={() => undefined} onReload={() => undefined} />
        </I18nProvider>
      </ChakraProvider>,
    ),
  );
}

const q = <T extends HTMLElement = HTMLElement>(id: string) => document.querySelector<T>(`[data-testid="${id}"]`);
const click = (el: HTMLElement | null) =>
  act(async () => {
    if (!el) throw new Error('nothing to click');
    el.click();
  });
async function type(el: HTMLInputElement | HTMLTextAreaElement | null, value: string) {
  if (!el) throw new Error('no such input');
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const key = (k: string, mods: KeyboardEventInit = {}) => act(async () => void window.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...mods })));
/** An HTML5 drag event as the browser sends it (jsdom has no DragEvent or DataTransfer). */
function drag(type: string, el: Element | null, clientY = 0) {
  if (!el) throw new Error('nothing to drag over');
  const data = new Map<string, string>();
  const e = Object.assign(new Event(type, { bubbles: true, cancelable: true }), {
    clientX: 0,
    clientY,
    dataTransfer: { setData: (k: string, v: string) => data.set(k, v), getData: (k: string) => data.get(k) ?? '', effectAllowed: 'all', dropEffect: 'none', types: [] },
  });
  return act(async () => void el.dispatchEvent(e));
}
const settle = () => act(async () => void (await new Promise((r) => setTimeout(r, 20))));

describe('the model designer', () => {
  it('adding from the palette selects the new item and shows its properties; a new label shows on the canvas; undo brings the old one back', async () => {
    await mount();
    await click(q('od-palette-comInput'));
    const item = q('od-design-item-input_1');
    expect(item?.dataset.selected).toBe('true');
    const label = q<HTMLInputElement>('od-prop-label')!;
    expect(label.value).toBe('单行输入');
    expect(q<HTMLInputElement>('od-prop-key')!.value).toBe('input_1');

    await type(label, '客户名称');
    expect(q('od-design-item-input_1')!.textContent).toContain('客户名称');
    expect(q('od-design-dirty')).not.toBeNull();

    await click(q('od-design-undo'));
    expect(q('od-design-item-input_1')!.textContent).toContain('单行输入');
    expect(q<HTMLInputElement>('od-prop-label')!.value).toBe('单行输入');
    await click(q('od-design-redo'));
    expect(q('od-design-item-input_1')!.textContent).toContain('客户名称');
  });

  it('Delete removes the selected item and Ctrl+Z brings it back; an item’s own buttons move and copy it', async () => {
    await mount();
    await click(q('od-palette-comInput'));
    await click(q('od-palette-numInput'));
    await key('Delete');
    expect(q('od-design-item-number_1')).toBeNull();
    await key('z', { ctrlKey: true });
    expect(q('od-design-item-number_1')).not.toBeNull();

    await click(q('od-design-item-number_1')!.querySelector<HTMLElement>('[role="button"]'));
    await click(q('od-item-moveUp'));
    const order = () => [...document.querySelectorAll<HTMLElement>('[data-testid^="od-design-item-"]')].map((e) => e.dataset.testid);
    expect(order()).toEqual(['od-design-item-number_1', 'od-design-item-input_1']);
    await click(q('od-item-duplicate'));
    expect(order()).toEqual(['od-design-item-number_1', 'od-design-item-number_2', 'od-design-item-input_1']);
  });

  it('drags a control from the palette into a card, and an item out of it', async () => {
    await mount();
    await click(q('od-palette-card'));
    const card = q('od-design-item-f1')!;
    const inner = card.querySelector<HTMLElement>('[data-testid="od-drop-end"]');
    await drag('dragstart', q('od-palette-date'));
    await drag('dragover', inner);
    expect(card.querySelector('[data-testid="od-drop-line"]')).not.toBeNull();
    await drag('drop', inner);
    expect(card.querySelector('[data-testid="od-design-item-date_1"]')).not.toBeNull();

    // Dragged onto the card itself (below its middle): after the card, at the top level.
    await drag('dragstart', q('od-design-item-date_1'));
    await drag('dragover', q('od-design-item-f1'), 10);
    await drag('drop', q('od-design-item-f1'), 10);
    expect(card.querySelector('[data-testid="od-design-item-date_1"]')).toBeNull();
    const top = [...q('od-design-canvas')!.querySelectorAll<HTMLElement>('[data-testid^="od-design-item-"]')].map((e) => e.dataset.testid);
    expect(top).toEqual(['od-design-item-f1', 'od-design-item-date_1']);
  });

  it('a table refuses a control its cells cannot hold', async () => {
    await mount();
    await click(q('od-palette-table'));
    const zone = q('od-design-item-inputTable_1')!.querySelector<HTMLElement>('[data-testid="od-drop-end"]');
    await drag('dragstart', q('od-palette-editor'));
    await drag('dragover', zone);
    expect(q('od-drop-line')).toBeNull();
    await drag('drop', zone);
    expect(q('od-design-item-richText_1')).toBeNull();
    await drag('dragstart', q('od-palette-numInput'));
    await drag('dragover', zone);
    await drag('drop', zone);
    expect(q('od-design-item-inputTable_1.number_1')).not.toBeNull();
  });

  it('counts the problems, lists them, and a click on one selects its item; publishing is refused while there are any', async () => {
    await mount();
    await click(q('od-palette-billRule'));
    await click(q('od-design-canvas'));
    expect(q('od-design-item-billRule_1')!.dataset.selected).toBeUndefined();
    expect(q('od-design-problems')!.dataset.count).toBe('1');
    expect(q<HTMLButtonElement>('od-design-publish')!.disabled).toBe(true);
    await click(q('od-design-problems'));
    await settle();
    await click(q('od-design-problem'));
    expect(q('od-design-item-billRule_1')!.dataset.selected).toBe('true');
  });

  it('a renamed key follows into the list settings', async () => {
    await mount();
    await click(q('od-palette-comInput'));
    await click(q('od-panel-tab-list'));
    await click(q('od-list-columns-input_1')!.querySelector('input'));
    expect(q('od-list-column')!.dataset.key).toBe('input_1');
    await click(q('od-panel-tab-field'));
    const keyBox = q<HTMLInputElement>('od-prop-key')!;
    await type(keyBox, 'customerName');
    await act(async () => void keyBox.dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
    expect(q('od-design-item-customerName')).not.toBeNull();
    await click(q('od-panel-tab-list'));
    expect(q('od-list-column')!.dataset.key).toBe('customerName');
  });

  it('the preview draws the form with the real renderer and its submit only checks', async () => {
    await mount();
    await click(q('od-palette-comInput'));
    await click(q('od-prop-required')!.querySelector('input'));
    await click(q('od-design-preview'));
    await settle();
    expect(q('od-preview-form')).not.toBeNull();
    expect(q('od-preview-row')).not.toBeNull();
    await click(q('od-preview-submit'));
    await settle();
    expect(q('od-preview-valid')).toBeNull();
    const input = q('od-preview-form')!.querySelector<HTMLInputElement>('input')!;
    await type(input, '张三');
    await click(q('od-preview-submit'));
    await settle();
    expect(q('od-preview-valid')?.textContent).toContain('校验通过');
  });

  it('publishes to the menu: saves the changes first, then posts where the entry goes, and reads the menu again', async () => {
    api.save.mockImplementation(async (_id: string, doc: { fullName: string }, version: number) => info({ version: version + 1, fullName: doc.fullName }));
    api.publish.mockResolvedValueOnce(info({ version: 4, publishedVersion: 1, changed: false, menuCode: 'onlineDev.model.storeInspection' }));
    await mount();
    await click(q('od-palette-comInput'));
    expect(q('od-design-problems')!.dataset.count).toBe('0');
    await click(q('od-design-publish'));
    await settle();
    expect(q('od-publish-dialog')).not.toBeNull();
    await click(q('od-publish-icon-package'));
    await click(q('od-publish-confirm'));
    await settle();
    expect(api.save).toHaveBeenCalledTimes(1);
    expect(api.publish).toHaveBeenCalledWith(MODEL, { parent: '', fullName: '门店巡检', icon: 'package', roles: [] });
    expect(auth.refreshCurrentUser).toHaveBeenCalled();
    expect(notices.map((n) => n.title)).toContain('已发布到菜单「门店巡检」');
    expect(q('od-design-toolbar')!.textContent).toContain('已发布');
  });

  it('saves with the version it was opened at; a conflict offers to reload', async () => {
    api.save.mockResolvedValueOnce(info({ version: 4, fullName: '门店巡检' }));
    await mount();
    await click(q('od-palette-comInput'));
    await click(q('od-design-save'));
    expect(api.save).toHaveBeenCalledWith(MODEL, expect.objectContaining({ fullName: '门店巡检' }), 3);
    expect(q('od-design-dirty')).toBeNull();
    expect(notices.map((n) => n.title)).toEqual(['已保存']);

    api.save.mockRejectedValueOnce(new ModelConflict(info({ version: 9 })));
    await click(q('od-palette-date'));
    await click(q('od-design-save'));
    expect(api.save).toHaveBeenLastCalledWith(MODEL, expect.anything(), 4);
    await settle();
    expect(q('od-design-conflict')).not.toBeNull();
    expect(q('od-design-reload')).not.toBeNull();
  });
});
