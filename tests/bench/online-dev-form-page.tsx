// Runs inside headless Chromium (built with Vite by online-dev-form-browser.mjs): the online-development
// model form (src/modules/online-dev/form/model-form.tsx) with the app's Chakra system, editing a
// record of a form of 60 value fields — texts, numbers, selects, radios, checkboxes, switches,
// dates, times, rates, sliders, colours, a cascader, a tree select, calculations, grouped in a
// card, a row and tabs — one of which is an input table of 100 rows (name, quantity, price, the
// row's amount as a calculation, a note), with the grand total a calculation over the table
// (precision 2, thousands, uppercase Chinese amount). The services are the tests' stub (no network).
//
// Figures: the first render (createRoot → render → commit, and to the end of the next frame);
// a keystroke in a quantity cell (the input event → React's commit, and to the next frame); and
// the recalculation when the 500 ms debounce fires (the scheduler's timer is caught, fired here,
// and timed to the new total in the DOM, and to the next frame), i.e. without the 500 ms wait.
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { Box, ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '@lingui/react';
import { setupI18n } from '@lingui/core';
import { system } from '@/app/system';
import type { FormConfig, ModelField } from '@/contracts/online-dev-model';
import { ModelForm } from '@/modules/online-dev/form/model-form';
import { FormServicesProvider } from '@/modules/online-dev/form/services';
import { stubServices } from '@/modules/online-dev/form/test-support';

// No catalog holds the renderer's messages before the lead's extraction: a missing message shows its
// id (without this Lingui warns on the console for each one, which would be most of the time measured).
const i18n = setupI18n({ locale: 'zh-CN', messages: { 'zh-CN': {} }, missing: (_locale, id) => id });

// ---- The form --------------------------------------------------------------------------------------

const ROWS = 100;
const opts = (n: number, word: string) => ({ kind: 'static' as const, items: Array.from({ length: n }, (_, i) => ({ label: `${word}${i + 1}`, value: `v${i + 1}` })) });
let seq = 0;
const f = (type: ModelField['type'], more: Partial<ModelField> = {}): ModelField => {
  const key = `f${++seq}`;
  return { id: key, key, type, label: `字段${seq}`, span: 12, ...more };
};

function makeForm(): { form: FormConfig; values: Record<string, unknown>; valueFields: number } {
  seq = 0;
  const table: ModelField = {
    id: 'items',
    key: 'items',
    type: 'table',
    label: '样品明细',
    span: 24,
    columns: [
      { id: 'name', key: 'name', type: 'comInput', label: '名称', span: 24, required: true },
      { id: 'qty', key: 'qty', type: 'numInput', label: '数量', span: 24, min: 0 },
      { id: 'price', key: 'price', type: 'numInput', label: '单价', span: 24, precision: 2 },
      { id: 'amount', key: 'amount', type: 'calculate', label: '金额', span: 24, expression: '{items.qty} × {items.price}', precision: 2 },
      { id: 'note', key: 'note', type: 'comInput', label: '备注', span: 24 },
    ],
  };
  const total: ModelField = { id: 'total', key: 'total', type: 'calculate', label: '合计金额', span: 24, expression: 'SUM({items.amount})', precision: 2, thousands: true, amountChinese: true };
  const basics: ModelField[] = [
    ...Array.from({ length: 15 }, () => f('comInput', { maxLength: 50 })),
    ...Array.from({ length: 3 }, () => f('textarea')),
    ...Array.from({ length: 8 }, () => f('numInput', { min: 0, max: 1000 })),
    ...Array.from({ length: 5 }, () => f('select', { options: opts(12, '选项') })),
    ...Array.from({ length: 3 }, () => f('radio', { options: opts(4, '单选') })),
    ...Array.from({ length: 3 }, () => f('checkbox', { options: opts(5, '多选') })),
    ...Array.from({ length: 3 }, () => f('switch', { activeText: '是', inactiveText: '否' })),
    ...Array.from({ length: 4 }, () => f('date', { format: 'YYYY-MM-DD' })),
    ...Array.from({ length: 2 }, () => f('time', { format: 'HH:mm' })),
  ];
  const card: ModelField = {
    id: 'card',
    key: '',
    type: 'card',
    label: '门店信息',
    span: 24,
    children: [f('rate'), f('slider'), f('colorPicker'), f('cascader', { options: { kind: 'static', items: [{ label: '华东', value: 'e', children: [{ label: '上海', value: 'sh' }] }] } })],
  };
  const row: ModelField = { id: 'row', key: '', type: 'row', label: '', span: 24, children: [f('treeSelect', { options: opts(30, '分类') }), f('numInput'), f('numInput'), f('calculate', { expression: '{f52} + {f53}', precision: 2 })] };
  const tabs: ModelField = {
    id: 'tabs',
    key: '',
    type: 'tab',
    label: '',
    span: 24,
    tabs: [
      { title: '补充', children: [f('comInput'), f('comInput')] },
      { title: '其他', children: [f('date', { format: 'YYYY-MM-DD HH:mm' }), f('comInput')] },
    ],
  };
  const fields: ModelField[] = [
    { id: 'g1', key: '', type: 'groupTitle', label: '基本信息', span: 24 },
    ...basics,
    card,
    row,
    tabs,
    { id: 'd1', key: '', type: 'divider', label: '样品', span: 24 },
    table,
    total,
  ];
  const values: Record<string, unknown> = {
    items: Array.from({ length: ROWS }, (_, i) => ({ name: `样品${i + 1}`, qty: (i % 7) + 1, price: 99.5 + i, note: '' })),
  };
  for (const x of basics) if (x.type === 'comInput') values[x.key] = `门店${x.key}`;
  const count = (list: readonly ModelField[]): number =>
    list.reduce((n, x) => n + (x.key ? 1 : 0) + count(x.children ?? []) + (x.tabs ?? []).reduce((m, p) => m + count(p.children), 0), 0);
  return { form: { fields, labelWidth: 100, labelPosition: 'right', popup: 'dialog' }, values, valueFields: count(fields) };
}

// ---- Timing helpers ---------------------------------------------------------------------------------

const nextTask = () =>
  new Promise<void>((r) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => r();
    ch.port2.postMessage(0);
  });
const nextFrame = () => new Promise<number>((r) => requestAnimationFrame(r));
/** The end of the next frame (its requestAnimationFrame callbacks, style, layout and paint done). */
const frame = () => nextFrame().then(nextTask);

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(s.length * p) - 1))]!;
  return { median: q(0.5), p95: q(0.95), max: s[s.length - 1]!, n: s.length };
};

// The calculation scheduler's 500 ms timers are caught, so the bench fires them itself.
const realSetTimeout = window.setTimeout.bind(window);
const realClearTimeout = window.clearTimeout.bind(window);
const caught = new Map<number, () => void>();
let fakeId = 1_000_000_000;
window.setTimeout = ((fn: TimerHandler, ms?: number, ...args: unknown[]) => {
  if (ms === 500 && typeof fn === 'function') {
    const id = ++fakeId;
    caught.set(id, () => (fn as (...a: unknown[]) => void)(...args));
    return id;
  }
  return realSetTimeout(fn, ms, ...args);
}) as typeof window.setTimeout;
window.clearTimeout = ((id?: number) => {
  if (id !== undefined && caught.delete(id)) return;
  realClearTimeout(id);
}) as typeof window.clearTimeout;

// ---- The runs ---------------------------------------------------------------------------------------

const host = document.getElementById('root')!;
const services = stubServices();
const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;

function view(form: FormConfig, values: Record<string, unknown>, key: number) {
  return (
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>
        <FormServicesProvider services={services}>
          <Box maxW="1200px" mx="auto" p="4">
            <ModelForm key={key} modelId="01J00000000000000000000000" form={form} mode="edit" values={values} formId="bench-form" />
          </Box>
        </FormServicesProvider>
      </I18nProvider>
    </ChakraProvider>
  );
}

async function runRender(input: { runs: number }) {
  const { form, values, valueFields } = makeForm();
  const commit: number[] = [];
  const painted: number[] = [];
  let inputs = 0;
  for (let i = 0; i < input.runs; i++) {
    await frame();
    const root: Root = createRoot(host);
    const t0 = performance.now();
    flushSync(() => root.render(view(form, values, i)));
    commit.push(performance.now() - t0);
    await frame();
    painted.push(performance.now() - t0);
    inputs = host.querySelectorAll('input, select, textarea').length;
    if (host.querySelectorAll('[data-testid=od-table-items-row]').length !== ROWS) throw new Error('the table did not render its rows');
    root.unmount();
  }
  const part = (xs: number[]) => ({ first: xs[0]!, ...stats(xs.slice(1)) });
  return { valueFields, rows: ROWS, inputs, commit: part(commit), painted: part(painted) };
}

async function runKeys(input: { keys: number }) {
  const { form, values } = makeForm();
  const root = createRoot(host);
  flushSync(() => root.render(view(form, values, -1)));
  await frame();
  const totalEl = () => host.querySelector('[data-testid=od-calc-total-value]')!;
  const keyCommit: number[] = [];
  const keyFrame: number[] = [];
  const recalcDom: number[] = [];
  const recalcFrame: number[] = [];
  let checked = 0;
  for (let k = 0; k < input.keys; k++) {
    const row = (k * 37) % ROWS;
    const cell = host.querySelectorAll<HTMLInputElement>('[data-testid=od-cell-items-qty]')[row]!;
    // The cell is focused first (as a user's tap does), its effects settled before the keystroke.
    cell.focus();
    await frame();
    const before = totalEl().textContent;
    const next = String(Number(cell.value || '0') + 1);
    // 1. The keystroke: the input event → React's commit (in the event's task and its microtasks), and
    //    to the next frame (the browser renders the page before it runs another task).
    const k0 = performance.now();
    setValue.call(cell, next);
    cell.dispatchEvent(new Event('input', { bubbles: true }));
    // React commits a discrete event's update before the event's microtasks are done.
    await new Promise<void>((r) => queueMicrotask(r));
    await new Promise<void>((r) => queueMicrotask(r));
    keyCommit.push(performance.now() - k0);
    await nextFrame();
    keyFrame.push(performance.now() - k0);
    await nextTask();
    if (caught.size !== 1) throw new Error(`expected one pending recalculation, got ${caught.size}`);
    // 2. The debounce fires: the recalculation → the new total in the DOM.
    const [id, fire] = [...caught][0]!;
    caught.delete(id);
    const shown = new Promise<number>((resolve) => {
      const mo = new MutationObserver(() => {
        if (totalEl().textContent !== before) {
          mo.disconnect();
          resolve(performance.now());
        }
      });
      mo.observe(totalEl(), { subtree: true, childList: true, characterData: true });
    });
    const d0 = performance.now();
    fire();
    recalcDom.push((await shown) - d0);
    await nextFrame();
    recalcFrame.push(performance.now() - d0);
    await frame();
    if (totalEl().textContent !== before) checked += 1;
  }
  root.unmount();
  return { keys: input.keys, checked, keyCommit: stats(keyCommit), keyFrame: stats(keyFrame), recalcDom: stats(recalcDom), recalcFrame: stats(recalcFrame) };
}

async function showOnce() {
  const { form, values } = makeForm();
  const root = createRoot(host);
  flushSync(() => root.render(view(form, values, -2)));
  await frame();
}

declare global {
  interface Window {
    benchOdForm: { runRender: typeof runRender; runKeys: typeof runKeys; showOnce: typeof showOnce };
  }
}
window.benchOdForm = { runRender, runKeys, showOnce };
