// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, createElement as h, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import type { LaunchableFlow } from '@/contracts/workflow';
import { prepareDom } from '@/lib/test-dom';
import type { UserDb as UserDbType } from '@/lib/sync/user-db';

/**
 * The task view of a task launched on this device, in a DOM over the real queue and cache: what it
 * shows while the launch waits (offline, or online before the server has answered), once the
 * server has the task, and when the server refused the launch.
 */

// The signed-in user's queue, without the browser parts of the engine (leader tab, service worker).
let db: UserDbType;
vi.mock('@/lib/sync/engine', async (orig) => {
  const { enqueue } = await import('@/lib/sync/outbox');
  return {
    ...(await orig<typeof import('@/lib/sync/engine')>()),
    currentUserDb: () => db,
    queueWrite: (input: never, local?: (d: UserDbType) => unknown, tables?: (d: UserDbType) => never[]) => enqueue(db, input, () => local?.(db), tables?.(db) ?? []),
  };
});
// The server: an answer per method and URL (a function may throw its refusal); anything else is the network gone.
const answers = new Map<string, unknown>();
const sent: string[] = [];
vi.mock('@/lib/http', async () => {
  const { NetworkError } = await import('@/lib/errors');
  return {
    request: vi.fn(async (method: string, url: string) => {
      sent.push(`${method} ${url}`);
      const answer = answers.get(`${method} ${url}`);
      if (answer === undefined) throw new NetworkError('offline');
      return typeof answer === 'function' ? (answer as () => unknown)() : answer;
    }),
  };
});
// The form is online development's (tested there): here it shows the values it is given.
vi.mock('@/modules/online-dev/public', async () => ({
  ModelForm: (p: { testId: string; mode: string; values?: Record<string, unknown> }) => h('div', { 'data-testid': p.testId, 'data-mode': p.mode }, JSON.stringify(p.values ?? {})),
  FormServicesProvider: ({ children }: { children: ReactNode }) => children,
  useModelFormServices: () => ({}),
  sendWithUploadedFiles: (await import('@/modules/online-dev/data/send')).sendWithUploadedFiles,
}));
vi.mock('@/modules/org/public', () => ({ ApproverDialog: () => null }));
vi.mock('@/modules/auth/public', () => ({ session: { userInfo: { userId: 'U1', userName: '王晓明' }, routes: [] } }));

const { FLOW, openTestDb, taskDetail } = await import('../test-support');
const { ApiError } = await import('@/lib/errors');
const { httpSend } = await import('@/lib/sync/http-sender');
const { Replayer } = await import('@/lib/sync/outbox');
const { syncStatus } = await import('@/lib/sync/engine');
const { network } = await import('@/lib/network');
const { shellUi } = await import('@/components/shell-drawer-state');
const { system } = await import('@/app/system');
const { queueLaunch } = await import('../actions');
const { launchableData } = await import('../data');
const { TaskDrawer } = await import('./task-drawer');

const LAUNCH = 'POST /api/craft/api/workflow/Engine/FlowTask';
const taskGet = (id: string) => `GET /api/craft/api/workflow/Engine/FlowTask/${FLOW}/${id}`;
const flow: LaunchableFlow = { id: FLOW, enCode: 'sample', fullName: '样品申领', category: 'store', icon: 'box', description: null, version: 1, form: taskDetail().form, choices: [] };

let root: Root | null = null;
const onClose = vi.fn();
beforeAll(prepareDom);
beforeEach(async () => {
  db = await openTestDb('wf-launch-drawer');
  // 发起流程's flows, as the launch dialog left them on this device.
  await launchableData.store([flow], null, db);
  syncStatus.active = true;
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  network.online = true;
  syncStatus.active = false;
  shellUi.drawer = null;
  answers.clear();
  sent.length = 0;
  onClose.mockClear();
  await db.delete();
});

async function mount(taskId: string) {
  const host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
  await act(async () => root!.render(h(ChakraProvider, { value: system, children: h(I18nProvider, { i18n, children: h(TaskDrawer, { flowId: FLOW, taskId, onClose }) }) })));
}
const q = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const text = () => document.body.textContent ?? '';
/** Waits (rendering as the live queries answer) until the check passes. */
const until = (check: () => void) =>
  vi.waitFor(async () => {
    await act(async () => new Promise((r) => setTimeout(r, 10)));
    check();
  });
const launch = () => queueLaunch(flow, { urgent: 2, formData: { title: '床垫样品', qty: 3 }, approvers: {} });
const replay = () => new Replayer(db, httpSend).drain(true);
const MISSING = '本机还没有此流程的数据';
/** Every text the page ever showed while it runs (a word shown for one frame counts). */
function watchTexts() {
  const seen: string[] = [];
  const observer = new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) seen.push(n.textContent ?? '');
    seen.push(document.body.textContent ?? '');
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return { seen: () => seen.join('\n'), stop: () => observer.disconnect() };
}

describe('a task launched on this device, before the server has it', () => {
  it('offline: opens with what the device holds — title, 待同步, urgency, the filled form read-only, 发起 as its only step, nothing to do', async () => {
    network.online = false;
    const id = await launch();
    await mount(id);
    await until(() => expect(q('wf-task-queued')).not.toBeNull());
    expect(text()).not.toContain(MISSING);
    expect(q('wf-task-title')!.textContent).toBe('样品申领 - 王晓明');
    expect(q('wf-sync-pending')!.textContent).toBe('待同步');
    expect(q('wf-urgent-2')!.textContent).toBe('重要');
    expect(q('wf-launch-pending')!.textContent).toContain('离线：已保存在本机，联网后自动发起');
    expect(q('wf-task-facts')!.textContent).toContain('样品申领');
    expect(q('wf-task-facts')!.textContent).toContain('王晓明');
    expect(q('wf-task-form')!.dataset.mode).toBe('detail');
    expect(JSON.parse(q('wf-task-form')!.textContent!)).toEqual({ title: '床垫样品', qty: 3 });
    // The progress is its launch alone, waiting; no history, no decisions or other actions.
    const nodes = document.querySelectorAll('[data-testid="wf-node"]');
    expect(nodes).toHaveLength(1);
    expect(nodes[0]!.textContent).toContain('发起');
    expect(nodes[0]!.textContent).toContain('待同步');
    expect(q('wf-history')).toBeNull();
    expect([...document.querySelectorAll('[data-testid="wf-task-drawer"] button[data-testid^="wf-"]')].map((b) => b.getAttribute('data-testid'))).toEqual(['wf-close']);
  });

  it('online before the answer: says it is being sent, does not ask for the task (no "cannot open"); once sent, shows the server’s task', async () => {
    const id = await launch();
    const texts = watchTexts();
    await mount(id);
    await until(() => expect(q('wf-launch-pending')?.textContent).toContain('已保存在本机，正在发起'));
    expect(text()).not.toContain(MISSING);
    expect(text()).not.toContain('无法打开此流程');
    expect(sent).not.toContain(taskGet(id));

    // The server takes the launch: the same id, now its task.
    answers.set(LAUNCH, { id, version: 1 });
    answers.set(taskGet(id), taskDetail({ id, todoId: null, status: 1, can: { audit: false, reject: false, transfer: false, revoke: true, cancel: false }, records: [{ id: 'R1', nodeId: 'start', nodeName: '发起', action: 'launch', userId: 'U1', userName: '王晓明', opinion: '', time: '2026-11-29T08:00:00.000Z' }] }));
    await act(() => replay());
    await until(() => expect(q('wf-status-1')?.textContent).toBe('审批中'));
    expect(q('wf-task-queued')).toBeNull();
    expect(q('wf-sync-pending')).toBeNull();
    expect(q('wf-history')!.textContent).toContain('王晓明');
    expect(q('wf-revoke')).not.toBeNull();
    // Asked once, after the launch was sent.
    expect(sent.filter((s) => s === taskGet(id))).toHaveLength(1);
    expect(sent.indexOf(LAUNCH)).toBeLessThan(sent.indexOf(taskGet(id)));
    // Not for a moment did it say the task could not be opened.
    texts.stop();
    expect(texts.seen()).not.toContain('无法打开此流程');
    expect(texts.seen()).not.toContain(MISSING);
  });

  it('refused by the server: 同步失败 with its reason, and the way to the sync panel (retry or discard there)', async () => {
    const id = await launch();
    answers.set(LAUNCH, () => {
      throw new ApiError(400, '流程已停用');
    });
    await replay();
    await mount(id);
    await until(() => expect(q('wf-launch-refused')).not.toBeNull());
    expect(q('wf-task-drawer')!.dataset.sync).toBe('failed');
    expect(q('wf-sync-failed')!.textContent).toBe('同步失败');
    expect(q('wf-launch-refused')!.textContent).toContain('服务器没有接受此次发起：流程已停用');
    expect(JSON.parse(q('wf-task-form')!.textContent!)).toEqual({ title: '床垫样品', qty: 3 });
    expect(sent).not.toContain(taskGet(id));
    await act(async () => q('wf-open-sync')!.click());
    expect(onClose).toHaveBeenCalled();
    expect(shellUi.drawer).toBe('sync');
  });
});
