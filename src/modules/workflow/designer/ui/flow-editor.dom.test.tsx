// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { system } from '@/app/system';
import type { FlowInfo } from '@/contracts/workflow';
import { starterGraph } from '@/contracts/workflow-graph';
import { setNoticeSink, type Notice } from '@/lib/notify';
import { prepareDom } from '@/lib/test-dom';
import { FlowConflict, ReleaseRefused } from '../api';
import { edgeLabel } from './flow-canvas';
import { FlowEditor } from './flow-editor';

/** The flow designer in a DOM: the canvas, palette, property panel and toolbar working together over the core. */

const FORM = '01J0000000000000000000000F';
const api = vi.hoisted(() => ({
  save: vi.fn(),
  release: vi.fn(),
  forms: vi.fn(async () => [{ id: '01J0000000000000000000000F', fullName: '请假单', enCode: 'leave', category: 'office' }]),
  formFields: vi.fn(async () => [
    { field: 'days', fieldName: '天数', jnpfKey: 'numInput' },
    { field: 'reason', fieldName: '事由', jnpfKey: 'comInput' },
  ]),
}));
vi.mock('../api', async (original) => ({ ...(await original<typeof import('../api')>()), flowApi: api }));
vi.mock('@/modules/org/public', () => ({
  useOrgNames: (_kind: string, ids: readonly string[]) => ids.map((id) => (id === '01J0000000000000000000000U' ? '王晓明' : id)),
  useRoles: () => ({ data: [{ id: '01J0000000000000000000000R', fullName: '店长', enCode: 'storeManager' }] }),
  ApproverDialog: ({ onConfirm, onClose }: { onConfirm(ids: string[]): void; onClose(): void }) => (
    <button
      data-testid="fake-approver-ok"
      onClick={() => {
        onConfirm(['01J0000000000000000000000U']);
        onClose();
      }}
    >
      ok
    </button>
  ),
  PositionSelect: () => null,
}));
vi.mock('../local-copy', async (original) => ({ ...(await original<typeof import('../local-copy')>()), clearLocalCopy: vi.fn(async () => undefined), createCopyKeeper: () => ({ keep() {}, flush: async () => undefined, cancel() {} }) }));

const info = (over: Partial<FlowInfo> = {}): FlowInfo => ({
  id: '01J000000000000000000000WF',
  enCode: 'leave',
  fullName: '请假申请',
  category: 'hr',
  icon: 'file-text',
  description: null,
  draft: { formId: FORM, graph: starterGraph() },
  publishedVersion: 0,
  changed: true,
  version: 4,
  creatorTime: '2026-11-01 10:00:00',
  lastModifyTime: '2026-11-01 10:00:00',
  ...over,
});

let root: Root | null = null;
let host: HTMLElement | null = null;
const notices: Notice[] = [];

beforeAll(() => {
  prepareDom();
  // What the canvas library measures with (jsdom has no layout).
  (globalThis as { DOMMatrixReadOnly?: unknown }).DOMMatrixReadOnly ??= class {
    m22 = 1;
    constructor(transform?: string) {
      const scale = transform?.match(/scale\(([\d.]+)\)/)?.[1];
      this.m22 = scale ? Number(scale) : 1;
    }
  };
  Object.defineProperties(HTMLElement.prototype, {
    offsetHeight: { configurable: true, get: () => 60 },
    offsetWidth: { configurable: true, get: () => 200 },
  });
});

beforeEach(() => {
  notices.length = 0;
  setNoticeSink((n) => notices.push(n));
  api.save.mockReset();
  api.release.mockReset();
});

afterEach(async () => {
  await act(async () => root?.unmount());
  host?.remove();
  root = host = null;
});

async function mount(flow = info(), onReload = () => undefined) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(
      <ChakraProvider value={system}>
        <I18nProvider i18n={i18n}>
          <FlowEditor info={flow} onBack={() => undefined} onReload={onReload} />
        </I18nProvider>
      </ChakraProvider>,
    ),
  );
}

const $ = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const $$ = (id: string) => [...document.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)];
const click = (el: Element | null) => act(async () => void (el as HTMLElement).click());
const nodeIds = () => $$('flow-node').map((n) => n.dataset.id);
const nodeEl = (id: string) => $$('flow-node').find((n) => n.dataset.id === id)!;
async function type(el: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const key = (k: string, more: KeyboardEventInit = {}) => act(async () => void window.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, ...more })));

describe('the flow editor', { timeout: 30_000 }, () => {
  it('draws the flow; a palette click adds an approver below the selected node, its panel names it, Delete and Ctrl+Z', async () => {
    await mount();
    expect(nodeIds()).toEqual(['start', 'approve1', 'end']);
    expect(nodeEl('approve1').querySelector('[data-testid="flow-node-summary"]')!.textContent).toBe('发起人部门主管 · 或签');
    expect($('flow-problems')!.dataset.count).toBe('0');

    await click(nodeEl('approve1'));
    expect($('flow-node-panel')!.dataset.id).toBe('approve1');
    await click($('flow-palette-approver'));
    expect(nodeIds()).toEqual(['start', 'approve1', 'end', 'approver1']);
    expect($('flow-node-panel')!.dataset.id).toBe('approver1');
    expect($('flow-dirty')).not.toBeNull();

    await type($('flow-node-name-input') as HTMLInputElement, '仓库确认');
    expect(nodeEl('approver1').textContent).toContain('仓库确认');
    // Named users: the approver picker's choice shows on the node with the mode.
    const kind = $('flow-approvers-kind') as HTMLSelectElement;
    await act(async () => {
      kind.value = 'user';
      kind.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect($('flow-problems')!.dataset.count).toBe('1');
    await click($('flow-approvers-pick'));
    await click($('fake-approver-ok'));
    await click($('flow-mode-all'));
    expect(nodeEl('approver1').querySelector('[data-testid="flow-node-summary"]')!.textContent).toBe('王晓明 · 会签');
    expect($('flow-problems')!.dataset.count).toBe('0');

    await key('Delete');
    expect(nodeIds()).toEqual(['start', 'approve1', 'end']);
    await key('z', { ctrlKey: true });
    expect(nodeIds()).toContain('approver1');
  });

  it('a condition’s branch: clauses over the form’s fields, priority and the default; the problems list selects what it names', async () => {
    await mount();
    await click(nodeEl('start'));
    await click($('flow-palette-condition'));
    await click($('flow-palette-end'));
    expect($('flow-problems')!.dataset.count).not.toBe('0');
    await click($('flow-problems'));
    const problem = $$('flow-problem').find((p) => p.dataset.edge)!;
    expect(problem.textContent).toBe('条件节点「条件」的分支缺少条件');
    await click(problem);
    const panel = $('flow-edge-panel')!;
    expect(panel.dataset.id).toBe(problem.dataset.edge);
    await click($('flow-clause-add'));
    const field = $('flow-clause-field') as HTMLSelectElement;
    expect([...field.options].map((o) => o.textContent)).toEqual(['字段', '天数', '事由']);
    expect(field.value).toBe('days');
    await type($('flow-clause-value') as HTMLInputElement, '3');
    const op = $('flow-clause-op') as HTMLSelectElement;
    await act(async () => {
      op.value = 'gt';
      op.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect($('flow-problems')!.dataset.count).toBe('0');
    // The edge's words on the canvas (jsdom draws no edges: the label itself).
    const edge = { id: panel.dataset.id!, source: 'condition1', target: 'end1', conditions: [{ field: 'days', op: 'gt' as const, value: '3' }] };
    expect(edgeLabel(edge, true, new Map([['days', { label: '天数', type: 'numInput' }]]), '默认')).toBe('天数 大于 3');
    expect(edgeLabel({ ...edge, isDefault: true }, true, undefined, '默认')).toBe('默认');
  });

  it('saves with the version it was opened on; a conflict offers to reload, keeping the edits', async () => {
    const reload = vi.fn();
    await mount(info(), reload);
    await click(nodeEl('end'));
    await click($('flow-palette-approver'));
    api.save.mockResolvedValueOnce(info({ version: 5 }));
    await click($('flow-save'));
    expect(api.save).toHaveBeenCalledWith('01J000000000000000000000WF', expect.objectContaining({ fullName: '请假申请' }), 4);
    expect(notices.map((n) => n.title)).toContain('已保存');
    expect($('flow-dirty')).toBeNull();

    await click($('flow-palette-circulate'));
    api.save.mockRejectedValueOnce(new FlowConflict(info({ version: 6, lastModifyTime: '2026-11-02 09:00:00' })));
    await click($('flow-save'));
    expect(api.save).toHaveBeenLastCalledWith('01J000000000000000000000WF', expect.anything(), 5);
    expect($('flow-conflict')!.textContent).toContain('这个流程已被其他人保存过');
    await click($('flow-reload'));
    expect(reload).toHaveBeenCalled();
  });

  it('publishes after saving; a release the server refuses lists its problems and selects the node', async () => {
    await mount(info({ version: 2 }));
    await click($('flow-publish'));
    api.release.mockRejectedValueOnce(new ReleaseRefused('流程不能发布', [{ message: '审批节点「审批」未选择审批人', nodeId: 'approve1' }]));
    await click($('flow-publish-confirm'));
    expect(api.save).not.toHaveBeenCalled();
    expect($('flow-problems')!.dataset.count).toBe('1');
    expect($('flow-node-panel')!.dataset.id).toBe('approve1');
    expect(notices.at(-1)).toMatchObject({ kind: 'error', description: '审批节点「审批」未选择审批人' });
    expect(($('flow-publish') as HTMLButtonElement).disabled).toBe(true);

    // Any change: the refused problems go with the document they were about; publishing saves first.
    await click($('flow-mode-all'));
    expect($('flow-problems')!.dataset.count).toBe('0');
    api.save.mockResolvedValueOnce(info({ version: 3 }));
    api.release.mockResolvedValueOnce(info({ version: 4, publishedVersion: 1, changed: false }));
    await click($('flow-publish'));
    await click($('flow-publish-confirm'));
    expect(api.save).toHaveBeenCalledWith('01J000000000000000000000WF', expect.anything(), 2);
    expect(notices.at(-1)).toMatchObject({ kind: 'success', title: '已发布第 1 版' });
    expect($('flow-status')!.textContent).toBe('已发布 v1');
  });
});
