// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { system } from '@/app/system';
import { confirmState, settleConfirm } from '@/components/confirm';
import { newElement, newPage, newWork } from '../../core/model';
import { editorState, loadWork, select, setPreferenceStorage, undo } from '../../core/store';
import type { DatasourceDoc } from '../../datasource/kinds';
import { registerElements } from '../../elements/index';
import { DatasourcePanel } from './datasource-panel';

// jsdom has no Web Worker: the pipe runs in this thread with the worker's own evaluator.
vi.mock('../../datasource/pipe-browser', async () => {
  const { evaluatePipe, pipeErrorText } = await import('../../datasource/pipe-eval');
  return {
    browserPipeRunner: () => ({
      run: async (expr: string, input: unknown) => {
        try {
          return { ok: true, value: await evaluatePipe(expr, input) };
        } catch (e) {
          return { ok: false, error: { code: 'pipe', detail: pipeErrorText(e) } };
        }
      },
      dispose: () => undefined,
    }),
  };
});

let root: Root | null = null;
let host: HTMLElement | null = null;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  registerElements();
});
beforeEach(async () => {
  const data: Record<string, string> = {};
  setPreferenceStorage({ get: (k) => data[k] ?? null, set: (k, v) => void (data[k] = v) });
  const page = newPage('index', '首页');
  page.elements.push(newElement('news-list', { uuid: 'news-list_aaaa0001' }));
  loadWork(newWork({ pages: [page] }));
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(
      <ChakraProvider value={system}>
        <I18nProvider i18n={i18n}>
          <DatasourcePanel />
        </I18nProvider>
      </ChakraProvider>,
    ),
  );
});
afterEach(async () => {
  if (confirmState.current) settleConfirm(false);
  await act(async () => root?.unmount());
  host?.remove();
});

const one = <T extends HTMLElement = HTMLElement>(testId: string) => document.querySelector<T>(`[data-testid="${testId}"]`)!;
const all = (testId: string) => [...document.querySelectorAll<HTMLElement>(`[data-testid="${testId}"]`)];
const click = (el: HTMLElement) => act(async () => el.click());
/** Lets the engine's loads (promises, a dynamic import) settle. */
const settle = () => act(async () => new Promise((r) => setTimeout(r, 30)));
/** The shared data once the pipe has answered (its evaluator's first load can take a while under load). */
async function sharedOnce(expected: unknown, timeoutMs = 5000): Promise<unknown> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until && JSON.stringify(shared()) !== JSON.stringify(expected)) await settle();
  return shared();
}
/** The element once it shows (a dynamic import's first load can take a while under load), or a clear failure. */
async function shown<T extends HTMLElement = HTMLElement>(testId: string, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const el = document.querySelector<T>(`[data-testid="${testId}"]`);
    if (el) return el;
    await settle();
  }
  throw new Error(`${testId} did not show within ${timeoutMs} ms`);
}

async function type(el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}
const shared = () => JSON.parse(one('ds-shared').textContent!) as unknown;
const datasources = () => editorState.work!.datasources as readonly DatasourceDoc[];

async function addStatic(json: string, pipe = '') {
  await click(one('ds-add'));
  await type(one<HTMLTextAreaElement>('ds-form-json'), json);
  if (pipe) await type(one<HTMLTextAreaElement>('ds-form-pipe'), pipe);
  await click(one('ds-form-submit'));
  await settle();
}

describe('the 数据源 section', () => {
  it('adds a STATIC datasource named 数据源1 with a pipe; its result is in the shared data under its name', async () => {
    expect(one('ds-panel').textContent).toContain('还没有数据源');
    await addStatic('{"store":{"name":"旗舰店","city":"上海"}}', 'store.{ "name": name }');
    expect(datasources()).toEqual([expect.objectContaining({ name: '数据源1', type: 'STATIC', pipe: 'store.{ "name": name }' })]);
    expect(all('ds-row').map((r) => r.dataset.name)).toEqual(['数据源1']);
    expect(await sharedOnce({ 数据源1: { name: '旗舰店' } })).toEqual({ 数据源1: { name: '旗舰店' } });
    // Undoable like any document change.
    await act(async () => undo());
    expect(datasources()).toEqual([]);
  });

  it('「测试」 shows the data and the pipe result, or the pipe error; invalid JSON is pointed out', async () => {
    await click(one('ds-add'));
    await type(one<HTMLTextAreaElement>('ds-form-json'), '{oops');
    expect(one('ds-form').textContent).toContain('JSON格式不正确');
    await type(one<HTMLTextAreaElement>('ds-form-json'), '{"items":[{"n":"床垫"},{"n":"枕头"}]}');
    await type(one<HTMLTextAreaElement>('ds-form-pipe'), '$count(items)');
    await click(one('ds-form-test'));
    await settle();
    expect(JSON.parse(one('ds-form-test-raw').textContent!)).toEqual({ items: [{ n: '床垫' }, { n: '枕头' }] });
    expect(JSON.parse(one('ds-form-test-result').textContent!)).toBe(2);
    await type(one<HTMLTextAreaElement>('ds-form-pipe'), '$nope(items)');
    await click(one('ds-form-test'));
    await settle();
    expect(one('ds-form-test-error').textContent).toContain('处理表达式出错');
    expect(document.querySelector('[data-testid="ds-form-test-result"]')).toBeNull();
  });

  it('a pipe that starts failing keeps the last good data and shows its error in the list', async () => {
    await addStatic('{"v":1}', 'v');
    expect(shared()).toEqual({ 数据源1: 1 });
    await click(one('ds-edit'));
    await type(one<HTMLTextAreaElement>('ds-form-pipe'), '$nope(v)');
    await click(one('ds-form-submit'));
    await settle();
    expect(one('ds-error').textContent).toContain('处理表达式出错');
    expect(shared()).toEqual({ 数据源1: 1 });
  });

  it('a CSV file becomes rows; a taken name is refused; delete asks first', async () => {
    await addStatic('[]');
    await click(one('ds-add'));
    await type(one<HTMLSelectElement>('ds-form-type'), 'CSV');
    const input = one<HTMLInputElement>('ds-form-csv');
    const file = new File(['name,price\n床垫,1999\n枕头,99\n'], 'goods.csv', { type: 'text/csv' });
    Object.defineProperty(input, 'files', { value: [file] });
    await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
    expect((await shown('ds-form-csv-info')).textContent).toContain('goods.csv：2 行');
    await type(one<HTMLInputElement>('ds-form-name'), '数据源1');
    await click(one('ds-form-submit'));
    expect(one('ds-form').textContent).toContain('已有同名的数据源');
    await type(one<HTMLInputElement>('ds-form-name'), 'goods');
    await click(one('ds-form-submit'));
    await settle();
    expect(datasources()[1]).toMatchObject({ name: 'goods', type: 'CSV', fileName: 'goods.csv', columns: ['name', 'price'], rows: [{ name: '床垫', price: '1999' }, { name: '枕头', price: '99' }] });
    expect(shared()).toEqual({ 数据源1: [], goods: [{ name: '床垫', price: '1999' }, { name: '枕头', price: '99' }] });

    await click(all('ds-delete')[0]!);
    expect(confirmState.current?.title).toBe('删除数据源');
    await act(async () => settleConfirm(true));
    expect(datasources().map((d) => d.name)).toEqual(['goods']);
  });

  it('binds the selected news list to rows of the shared data', async () => {
    await act(async () => select(['news-list_aaaa0001']));
    await click(one('ds-bind-start'));
    await type(one<HTMLInputElement>('ds-bind-source'), '数据源1.items');
    await type(one<HTMLInputElement>('ds-bind-field-title'), 'n');
    const props = editorState.editingElement!.pluginProps as { dataBinding: { source: string; fields: { key: string; path: string }[] } };
    expect(props.dataBinding.source).toBe('数据源1.items');
    expect(props.dataBinding.fields.find((f) => f.key === 'title')).toEqual({ key: 'title', path: 'n' });
    await click(one('ds-bind-clear'));
    expect(editorState.editingElement!.pluginProps.dataBinding).toBeUndefined();
  });
});
