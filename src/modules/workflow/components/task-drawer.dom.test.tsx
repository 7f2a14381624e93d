// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, createElement as h, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import type { TaskDetail } from '@/contracts/workflow';
import { prepareDom } from '@/lib/test-dom';
import type { DecisionNote } from '../table';
import { taskDetail, TODO } from '../test-support';

/** The task view in a DOM: what it shows of a task kept on the device, the opinion's rule, a decision someone else made first. */

const state: { detail: TaskDetail; note: DecisionNote | null; waiting: unknown } = { detail: taskDetail(), note: null, waiting: null };
vi.mock('../use-task', () => ({ useTask: () => ({ task: { id: state.detail.id, flowId: state.detail.flowId, detail: state.detail, fetchedAt: Date.parse('2026-11-29T08:30:00') }, loading: false, error: null, refetch: () => {} }) }));
vi.mock('../use-decisions', () => ({ useTodoDecision: () => ({ waiting: state.waiting, note: state.note }) }));
vi.mock('@/modules/online-dev/public', () => ({
  ModelForm: (p: { testId: string; mode: string; values?: Record<string, unknown> }) => h('div', { 'data-testid': p.testId, 'data-mode': p.mode }, JSON.stringify(p.values ?? {})),
  FormServicesProvider: ({ children }: { children: ReactNode }) => children,
  useModelFormServices: () => ({}),
}));
vi.mock('@/modules/org/public', () => ({ ApproverDialog: () => null }));
const decide = vi.fn(async () => ({ state: 'handled', note: null }));
vi.mock('../actions', async (orig) => ({ ...(await orig<typeof import('../actions')>()), decide }));

const { system } = await import('@/app/system');
const { network } = await import('@/lib/network');
const { TaskDrawer } = await import('./task-drawer');
const { ShellDrawer } = await import('@/components/shell-drawer');
const { openDrawer, closeDrawer } = await import('@/components/shell-drawer-state');

let root: Root | null = null;
beforeAll(prepareDom);
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  network.online = true;
  state.detail = taskDetail();
  state.note = null;
  state.waiting = null;
  decide.mockClear();
});

async function mount() {
  const host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
  await act(async () => root!.render(h(ChakraProvider, { value: system, children: h(I18nProvider, { i18n, children: h(TaskDrawer, { flowId: state.detail.flowId, taskId: state.detail.id, onClose: () => {} }) }) })));
}
const q = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const text = () => document.body.textContent ?? '';
async function type(el: HTMLTextAreaElement | null, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(el, value);
    el!.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('the task view', () => {
  it('shows the task kept on the device offline: its tags, form, progress and decisions with opinions', async () => {
    network.online = false;
    state.detail = taskDetail({
      nodes: [
        { nodeId: 'n1', name: '发起', type: 'start', state: 'done', approvers: [] },
        { nodeId: 'n2', name: '部门负责人', type: 'approver', state: 'active', mode: 'all', approvers: [{ userId: 'U2', userName: '李娜', state: 'adopt', opinion: '同意', time: '2026-11-29T08:10:00.000Z' }, { userId: 'U3', userName: '张伟', state: 'pending', opinion: '', time: null }] },
      ],
      records: [{ id: 'R1', nodeId: 'n2', nodeName: '部门负责人', action: 'adopt', userId: 'U2', userName: '李娜', opinion: '数量合理', time: '2026-11-29T08:10:00.000Z' }],
    });
    await mount();
    expect(q('wf-task-drawer')).not.toBeNull();
    expect(q('wf-task-title')!.textContent).toBe('样品申领 - 王晓明');
    expect(q('wf-status-1')!.textContent).toBe('审批中');
    expect(q('wf-urgent-2')!.textContent).toBe('重要');
    expect(q('wf-task-form')!.dataset.mode).toBe('detail');
    expect(q('wf-task-form')!.textContent).toContain('床垫样品');
    expect(document.querySelectorAll('[data-testid="wf-node"]')).toHaveLength(2);
    expect(text()).toContain('会签（全部同意）');
    expect(q('wf-record-opinion')!.textContent).toBe('数量合理');
    expect(q('wf-task-cached')!.textContent).toContain('离线：显示的是 2026-11-29 08:30 的数据');
    // Offline the decisions stay (queued), the online-only actions go.
    expect(q('wf-approve')).not.toBeNull();
    expect(q('wf-reject')).not.toBeNull();
    expect(q('wf-transfer')).toBeNull();
    expect(q('wf-online-only')!.textContent).toBe('离线时可以同意或拒绝；转办需要联网。');
  });

  it('an opinion over 100 characters says so and cannot be sent', async () => {
    await mount();
    await type(q('wf-opinion') as HTMLTextAreaElement, '好'.repeat(101));
    expect(q('wf-opinion-error')!.textContent).toBe('审批意见不能超过100个字符');
    expect((q('wf-approve') as HTMLButtonElement).disabled).toBe(true);
    await type(q('wf-opinion') as HTMLTextAreaElement, '同意领用');
    expect(q('wf-opinion-error')).toBeNull();
    await act(async () => q('wf-approve')!.click());
    expect(decide).toHaveBeenCalledWith({ todoId: TODO, taskId: state.detail.id, flowId: state.detail.flowId, title: '样品申领 - 王晓明' }, 'audit', '同意领用', undefined);
  });

  it('someone else handled the todo first: said plainly over the task, not as an error', async () => {
    state.note = { todoId: TODO, taskId: state.detail.id, flowId: state.detail.flowId, title: 'x', action: 'audit', outcome: 'handled', handledBy: { userName: '李娜', state: 'reject', time: null }, message: '', at: 1 };
    await mount();
    expect(q('wf-handled')!.textContent).toContain('该审批已由李娜处理');
    expect(q('wf-action-failed')).toBeNull();
  });

  it('a decision waiting on the device: 待同步, and no second decision', async () => {
    state.waiting = { entryId: 'E1', todoId: TODO, taskId: state.detail.id, flowId: state.detail.flowId, title: 'x', action: 'reject', state: 'pending', at: 1 };
    await mount();
    expect(q('wf-decision-pending')!.textContent).toContain('你已拒绝，待同步');
    expect(q('wf-approve')).toBeNull();
    expect(q('wf-reject')).toBeNull();
  });

  it('the launcher may take back an unfinished task; an administrator may end it', async () => {
    state.detail = taskDetail({ todoId: null, can: { audit: false, reject: false, transfer: false, revoke: true, cancel: true } });
    await mount();
    expect(q('wf-revoke')).not.toBeNull();
    expect(q('wf-cancel')).not.toBeNull();
    expect(q('wf-opinion')).toBeNull();
    expect(q('wf-online-only')).toBeNull();
  });

  it('offline the launcher is told why 撤回 is not offered', async () => {
    network.online = false;
    state.detail = taskDetail({ todoId: null, can: { audit: false, reject: false, transfer: false, revoke: true, cancel: false } });
    await mount();
    expect(q('wf-revoke')).toBeNull();
    expect(q('wf-online-only')!.textContent).toBe('撤回需要联网。');
  });

  it('opened from the message drawer over its list, stays open as the message drawer closes', async () => {
    const onClose = vi.fn();
    const host = document.body.appendChild(document.createElement('div'));
    root = createRoot(host);
    const app = (task: boolean) =>
      h(ChakraProvider, {
        value: system,
        children: h(I18nProvider, {
          i18n,
          children: [
            h(ShellDrawer, { key: 'm', name: 'message', title: '消息', testId: 'message-drawer', children: 'x' }),
            task ? h(TaskDrawer, { key: 't', flowId: state.detail.flowId, taskId: state.detail.id, onClose }) : null,
          ],
        }),
      });
    await act(async () => root!.render(app(false)));
    await act(async () => openDrawer('message'));
    await act(async () => root!.render(app(true)));
    await act(async () => closeDrawer());
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(onClose).not.toHaveBeenCalled();
    expect(q('wf-task-drawer')).not.toBeNull();
  });
});
