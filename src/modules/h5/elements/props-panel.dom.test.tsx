// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import type { H5Element } from '@/contracts/h5';
import { system } from '@/app/system';
import { elementDef } from './index';
import { PropsPanel } from './props-panel';

let root: Root | null = null;
let host: HTMLElement | null = null;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  host?.remove();
});

const element = (name: string, pluginProps?: Record<string, unknown>): H5Element =>
  ({
    name,
    uuid: `${name}_abcd1234`,
    version: 1,
    pluginProps: pluginProps ?? elementDef(name)?.defaultProps() ?? {},
    commonStyle: {},
    events: [],
    methodList: [],
    scripts: [],
    animations: [],
  }) as unknown as H5Element;

async function mount(el: H5Element) {
  const onChange = vi.fn<(patch: Record<string, unknown>, mergeKey: string) => void>();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(
      <ChakraProvider value={system}>
        <I18nProvider i18n={i18n}>
          <PropsPanel element={el} onChange={onChange} />
        </I18nProvider>
      </ChakraProvider>,
    ),
  );
  return onChange;
}

const byTestId = <T extends HTMLElement = HTMLElement>(id: string) => host!.querySelector<T>(`[data-testid="${id}"]`)!;

/** Types into an input as a user does: focus, then one input event per value. */
async function type(input: HTMLInputElement | HTMLTextAreaElement, ...values: string[]) {
  await act(async () => input.focus());
  const proto = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setValue = Object.getOwnPropertyDescriptor(proto, 'value')!.set!;
  for (const v of values) {
    await act(async () => {
      setValue.call(input, v);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  }
}

describe('the property panel', () => {
  it('shows the type fields and makes one run of typing one history step', async () => {
    const onChange = await mount(element('button'));
    const input = byTestId<HTMLInputElement>('prop-text');
    expect(input.value).toBe('按钮');
    await type(input, '立即', '立即报名');
    expect(onChange.mock.calls.map((c) => c[0])).toEqual([{ text: '立即' }, { text: '立即报名' }]);
    const [first, second] = onChange.mock.calls.map((c) => c[1]);
    expect(first).toBeTruthy();
    expect(second).toBe(first);
    // Leaving the field and typing in it again is a new step.
    await act(async () => input.blur());
    await type(input, '立即报名！');
    expect(onChange.mock.calls[2]![1]).toBeTruthy();
    expect(onChange.mock.calls[2]![1]).not.toBe(first);
  });

  it('a switch is a step of its own', async () => {
    const onChange = await mount(element('carousel'));
    const autoplay = byTestId('prop-autoplay').querySelector('input')!;
    await act(async () => autoplay.click());
    expect(onChange).toHaveBeenLastCalledWith({ autoplay: false }, '');
  });

  it('a select is a step of its own', async () => {
    const onChange = await mount(element('shape'));
    const select = byTestId<HTMLSelectElement>('prop-shape');
    await act(async () => {
      select.value = 'star';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(onChange).toHaveBeenLastCalledWith({ shape: 'star' }, '');
  });

  it('adds, edits and removes list items, handing over the whole list', async () => {
    const onChange = await mount(element('carousel'));
    expect(host!.querySelectorAll('[data-testid="prop-slides-item"]')).toHaveLength(3);
    await act(async () => byTestId('prop-slides-add').click());
    expect(onChange).toHaveBeenLastCalledWith({ slides: [{}, {}, {}, {}].map(() => ({ image: '', link: '' })) }, '');
    await type(byTestId<HTMLInputElement>('prop-slides-1-link'), 'https://example.com');
    const [patch, key] = onChange.mock.lastCall!;
    expect((patch.slides as { link: string }[]).map((s) => s.link)).toEqual(['', 'https://example.com', '']);
    expect(key).toBeTruthy();
    await act(async () => byTestId('prop-slides-0-remove').click());
    expect((onChange.mock.lastCall![0].slides as unknown[]).length).toBe(2);
  });

  it('edits a cell of the chart data and option pairs of a choice field', async () => {
    const onChange = await mount(element('chart'));
    await type(byTestId<HTMLInputElement>('prop-data-1-1'), '999');
    const data = onChange.mock.lastCall![0].data as string[][];
    expect(data[1]).toEqual(['一月', '999']);
    expect(data[0]).toEqual(['', '销量']);
    await act(async () => root?.unmount());
    host?.remove();
    const change = await mount(element('form-select'));
    await type(byTestId<HTMLInputElement>('prop-options-0-label'), '朝阳店');
    expect(change.mock.lastCall![0].options).toEqual([
      { label: '朝阳店', value: '1' },
      { label: '门店二', value: '2' },
    ]);
  });

  it('refuses an upload that is not a jpg or png before sending it', async () => {
    await mount(element('picture'));
    const file = byTestId<HTMLInputElement>('prop-imgSrc-file');
    Object.defineProperty(file, 'files', { value: [new File(['GIF89a'], 'a.gif', { type: 'image/gif' })], configurable: true });
    await act(async () => {
      file.dispatchEvent(new Event('change', { bubbles: true }));
      await new Promise((r) => setTimeout(r, 10));
    });
    expect(host!.querySelector('[role="alert"]')?.textContent).toBe('请上传jpg/png/jpeg格式的文件');
  });

  it('says so for an element type this client does not know', async () => {
    await mount(element('map', {}));
    expect(byTestId('props-panel-unknown').textContent).toContain('map');
  });
});
