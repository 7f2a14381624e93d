import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { FlowRecord, TaskDetail, TaskRow } from '../../src/contracts/workflow';
import type { FlowGraph } from '../../src/contracts/workflow-graph';
import { apiLogin, launch, newPage, screenshot, signIn } from './browser';
import { startFaultProxy, type FaultProxy } from './fault-proxy';
import { sharedServerUrl } from './shared-server';

/**
 * Workflow approvals (issue 21) in the browser: an administrator designs a two-step flow in 流程设计
 * (approver B → 抄送 D → approver C) and publishes it; staff A launches it; B sees the badge rise,
 * opens the todo from the message drawer, approves offline and reconnects (one adopt on the server);
 * C rejects with an opinion; A sees 已拒绝 with it; D finds the task under 抄送事宜. Then two
 * approvers of a one-of node: one approves offline, the other online; the first, back online, is
 * told 已由…处理 rather than shown an error.
 *
 * Accounts (server/db/seed/demo.ts) are ones no other e2e file signs in with, so their badges and
 * lists are this file's alone: ym0023 / ym0024 / ym0019 are 导购 of 杭州西湖店, ym0039 a 仓管员;
 * ym0015 / ym0016 / ym0017 导购 of 上海浦东店.
 */
const base = sharedServerUrl();
let browser: Browser;
const proxies: FaultProxy[] = [];

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
  await Promise.all(proxies.map((p) => p.stop()));
});

const ENGINE = 'api/craft/api/workflow/Engine';
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path.replace(/^\//, '')}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data: T; msg: string };
  if (json.code !== 200) throw new Error(`${method} ${path}: ${json.code} ${json.msg}`);
  return json.data;
}

interface Person {
  account: string;
  id: string;
  realName: string;
  token: string;
}
async function person(account: string): Promise<Person> {
  const admin = await apiLogin(base, 'admin');
  const { list } = await api<{ list: { id: string; account: string; realName: string }[] }>(admin, 'GET', `/Permission/Users?keyword=${account}`);
  const user = list.find((u) => u.account === account);
  if (!user) throw new Error(`no user ${account}`);
  return { account, id: user.id, realName: user.realName, token: await apiLogin(base, account) };
}

const taskOf = (who: Person, flowId: string, taskId: string) => api<TaskDetail>(who.token, 'GET', `${ENGINE}/FlowTask/${flowId}/${taskId}`);
const recordsBy = (records: FlowRecord[], action: string, userId: string) => records.filter((r) => r.action === action && r.userId === userId);

/** The form of the seeded 请假申请 flow (a published model), read from the seeded flow. */
async function leaveFormId(admin: string): Promise<string> {
  const flows = await api<{ list: { id: string; fullName: string }[] }>(admin, 'GET', `${ENGINE}/FlowEngine?currentPage=1&pageSize=50&keyword=${encodeURIComponent('请假申请')}`);
  const leave = flows.list.find((f) => f.fullName === '请假申请');
  if (!leave) throw new Error('the seeded 请假申请 flow is missing');
  const info = await api<{ draft: { formId: string } }>(admin, 'GET', `${ENGINE}/FlowEngine/${leave.id}`);
  return info.draft.formId;
}

/**
 * Signs in and waits for the websocket. `offline`: through a fault proxy that can take the network
 * away, with the service worker installed (the app offline); the others, online only, go without
 * it (its precache is the slow part of a sign-in on a busy machine).
 */
async function open(account: string, opts: { offline?: boolean; device?: BrowserContextOptions } = {}): Promise<{ proxy: FaultProxy | null; url: string; context: BrowserContext; page: Page }> {
  const proxy = opts.offline ? await startFaultProxy(base) : null;
  if (proxy) proxies.push(proxy);
  const url = proxy?.url ?? base;
  const { context, page } = await newPage(browser, { ...opts.device, serviceWorkers: opts.offline ? 'allow' : 'block' });
  await page.goto(`${url}#/login`);
  await signIn(page, account);
  await page.waitForURL(/#\/home/);
  if (opts.offline) {
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    });
  }
  await page.locator('[data-testid=app-layout][data-realtime=open]').waitFor();
  return { proxy, url, context, page };
}

async function goOffline(proxy: FaultProxy, context: BrowserContext) {
  proxy.setMode('down');
  await context.setOffline(true);
}
async function goOnline(proxy: FaultProxy, context: BrowserContext) {
  proxy.setMode('pass');
  await context.setOffline(false);
}

const badge = async (page: Page) => {
  const el = page.getByTestId('message-badge');
  if (!(await el.count())) return 0;
  return Number((await el.textContent())?.replace('+', '') ?? 0);
};
const pendingCount = async (page: Page) => Number((await page.getByTestId('sync-pending').getAttribute('data-count').catch(() => '0')) ?? 0);

/** Picks one person in the approver picker (spec 5.4) by filtering the tree for their name. */
async function pickPerson(page: Page, realName: string) {
  const picker = page.getByTestId('approver-picker');
  await picker.getByTestId('tree-picker-filter').fill(realName);
  await picker.getByRole('treeitem', { name: realName }).first().click();
  await expect.poll(() => picker.getByTestId('approver-picker-chosen').textContent()).toContain(realName);
  await picker.getByTestId('approver-picker-ok').click();
  await picker.waitFor({ state: 'detached' });
}

/** The selected node's 指定成员: one person. `prefix`: flow-approvers or flow-receivers. */
async function assignUser(page: Page, prefix: 'flow-approvers' | 'flow-receivers', who: Person) {
  const panel = page.getByTestId('flow-node-panel');
  await panel.getByTestId(`${prefix}-kind`).selectOption('user');
  await panel.getByTestId(`${prefix}-pick`).click();
  await pickPerson(page, who.realName);
  await expect.poll(() => panel.getByTestId(`${prefix}-names`).textContent()).toContain(who.realName);
}

/**
 * 流程设计, through the UI: 新建流程 on the seeded 请假申请 form (it opens as 发起 → 审批 → 结束); the
 * 审批 node gets B; 抄送 (palette, spliced below the selected node) to D; a second 审批 below it to C;
 * 发布. Returns the flow's id.
 */
async function designFlow(page: Page, name: string, enCode: string, b: Person, d: Person, c: Person): Promise<string> {
  await page.goto(`${base}#/workFlow/flowEngine`);
  await page.getByTestId('flow-add').click();
  const dialog = page.getByTestId('flow-new-dialog');
  await dialog.getByTestId('flow-new-fullName').fill(name);
  await dialog.getByTestId('flow-new-enCode').fill(enCode);
  const form = dialog.getByTestId('flow-new-form');
  await form.locator('option', { hasText: '请假申请' }).waitFor({ state: 'attached' });
  await form.selectOption({ label: '请假申请' });
  await dialog.getByTestId('flow-new-dialog-submit').click();
  // (While the flow loads, its placeholder has the same test id without data-flow.)
  const editor = page.locator('[data-testid=flow-editor][data-flow]');
  await editor.waitFor();
  const flowId = (await editor.getAttribute('data-flow'))!;

  // Step 1: the starter's 审批 node, to B.
  await page.locator('[data-testid=flow-node][data-id=approve1]').click();
  await page.locator('[data-testid=flow-node-panel][data-id=approve1]').waitFor();
  await assignUser(page, 'flow-approvers', b);
  // 抄送 D, between the two approvers: D is copied once B has approved, whatever C decides.
  await page.getByTestId('flow-palette-circulate').click();
  await page.locator('[data-testid=flow-node-panel]').and(page.locator('[data-id^=circulate]')).waitFor();
  await assignUser(page, 'flow-receivers', d);
  // Step 2 below the circulation, to C; named so the progress reads well.
  await page.getByTestId('flow-palette-approver').click();
  await page.locator('[data-testid=flow-node-panel]').and(page.locator('[data-id^=approver]')).waitFor();
  await page.getByTestId('flow-node-name-input').fill('复核');
  await assignUser(page, 'flow-approvers', c);

  await expect.poll(() => page.getByTestId('flow-problems').getAttribute('data-count')).toBe('0');
  // start → 审批 → 抄送 → 复核 → end: five nodes, four edges on the canvas.
  expect(await page.getByTestId('flow-node').count()).toBe(5);
  await screenshot(page, 'workflow-designer');
  await page.getByTestId('flow-publish').click();
  await page.getByTestId('flow-publish-confirm').click();
  await expect.poll(() => page.getByTestId('flow-status').getAttribute('data-status')).toBe('published');
  await page.getByTestId('toast-success').filter({ hasText: '已发布第 1 版' }).waitFor();
  return flowId;
}

describe('workflow approvals (issue 21)', () => {
  /** The flow the administrator designs in the first test; the second runs a task through it. */
  const designed = { flowId: '', flowName: '' };
  /** The task launched in the second test; the third decides it. */
  const running = { taskId: '' };
  /** A's page, kept open from the launch to the rejection (its list follows the task live). */
  let launcher: Awaited<ReturnType<typeof open>>;
  let a: Person, b: Person, c: Person, d: Person;
  beforeAll(async () => {
    [a, b, c, d] = await Promise.all([person('ym0023'), person('ym0024'), person('ym0019'), person('ym0039')]);
  });

  it('the administrator designs a two-step flow in 流程设计 (approver B, 抄送 D, approver C) and publishes it', async () => {
    const stamp = Date.now() % 100000;
    const flowName = `门店请假${stamp}`;
    const admin = await open('admin');
    const flowId = await designFlow(admin.page, flowName, `e2eLeave${stamp}`, b, d, c);
    await admin.context.close();
    // What was designed is what the server released.
    const released = await api<{ publishedVersion: number; draft: { graph: FlowGraph } }>(await apiLogin(base, 'admin'), 'GET', `${ENGINE}/FlowEngine/${flowId}`);
    expect(released.publishedVersion).toBe(1);
    const byType = (type: string) => released.draft.graph.nodes.filter((n) => n.type === type);
    expect(byType('approver').map((n) => n.approvers)).toEqual([
      { kind: 'user', ids: [b.id] },
      { kind: 'user', ids: [c.id] },
    ]);
    expect(byType('circulate').map((n) => n.receivers)).toEqual([{ kind: 'user', ids: [d.id] }]);
    Object.assign(designed, { flowId, flowName });
  });

  it('A launches it; B sees the badge rise, opens the todo from the message drawer, approves offline and reconnects: one adopt on the server', async () => {
    const { flowId, flowName } = designed;
    expect(flowId, 'the flow of the first test').not.toBe('');

    // B, on a phone, is signed in (through a proxy that can take the network away) before the launch.
    const approver = await open(b.account, { offline: true, device: PHONE });
    const proxy = approver.proxy!;
    const badgeBefore = await badge(approver.page);

    // A launches it: 我发起的 → 发起流程, the form, 重要.
    launcher = await open(a.account);
    await launcher.page.goto(`${base}#/workFlow/flowLaunch`);
    await launcher.page.getByTestId('wf-launch-button').click();
    const launchDialog = launcher.page.getByTestId('wf-launch-dialog');
    await launchDialog.getByTestId('wf-flow-option').filter({ hasText: flowName }).click();
    await launchDialog.getByTestId('od-input-leaveType').selectOption('annual');
    await launchDialog.getByTestId('od-input-days').fill('2');
    await launchDialog.getByTestId('od-input-startDate').fill('2026-12-14');
    await launchDialog.getByTestId('od-input-endDate').fill('2026-12-15');
    await launchDialog.getByTestId('od-input-reason').fill('家中有事');
    await launchDialog.getByTestId('wf-urgent-option-2').click();
    await launchDialog.getByTestId('wf-launch-submit').click();
    await launchDialog.waitFor({ state: 'detached' });
    let taskId = '';
    await expect
      .poll(async () => {
        const { list } = await api<{ list: TaskRow[] }>(a.token, 'GET', `${ENGINE}/FlowLaunch?currentPage=1&pageSize=20&flowId=${flowId}`);
        taskId = list[0]?.taskId ?? '';
        return list.length;
      })
      .toBe(1);
    expect((await taskOf(a, flowId, taskId)).urgent).toBe(2);

    // B: the badge rises live; the message opens 待办事宜 with the task. (Opened from /home: clicked
    // while 待办事宜 is already the page, the URL gains ?taskId=… and loses it at once — the task
    // drawer does not stay open; reported, not covered here.)
    await expect.poll(() => badge(approver.page), { timeout: 15_000 }).toBe(badgeBefore + 1);
    await approver.page.getByTestId('message-entry').click();
    await approver.page.getByTestId('message-item').filter({ hasText: `${a.realName}提交的${flowName}待您审批` }).click();
    await approver.page.waitForURL(/#\/workFlow\/flowTodo/);
    const drawer = approver.page.locator(`[data-testid=wf-task-drawer][data-task="${taskId}"]`);
    await drawer.and(approver.page.locator('[data-status="1"]')).waitFor();
    await drawer.getByTestId('wf-approve').waitFor();
    expect(await drawer.getByTestId('wf-task-form').textContent()).toContain('家中有事');
    await screenshot(approver.page, 'workflow-task-drawer-390');

    // Offline: the approval is kept on the device and said so.
    await goOffline(proxy, approver.context);
    await approver.page.locator('[data-testid=app-layout][data-realtime=open]').waitFor({ state: 'detached' });
    await drawer.getByTestId('wf-opinion').fill('同意，注意交接');
    await drawer.getByTestId('wf-approve').click();
    await approver.page.getByTestId('toast-info').filter({ hasText: '审批已保存在本机，联网后自动提交' }).waitFor();
    await drawer.waitFor({ state: 'detached' });
    await approver.page.locator(`[data-testid=wf-pending-decision]`).first().waitFor();
    expect(await pendingCount(approver.page)).toBe(1);
    // Under the shell's offline banner, one note: the list is the device's copy, and what becomes of decisions.
    const copyNote = approver.page.getByTestId('cache-note');
    await copyNote.getByText(/离线：显示的是/).waitFor();
    expect(await copyNote.count()).toBe(1);
    expect(await copyNote.textContent()).toContain('同意和拒绝先记在本机，联网后自动提交。');
    expect(await approver.page.getByText('同意和拒绝先记在本机，联网后自动提交。').count()).toBe(1);
    expect(await approver.page.getByTestId('offline-note').count()).toBe(1);
    await screenshot(approver.page, 'workflow-todo-list-offline-390');
    expect(recordsBy((await taskOf(b, flowId, taskId)).records, 'adopt', b.id)).toHaveLength(0);

    // Back online: sent once; the task moves on to C (and D is copied).
    await goOnline(proxy, approver.context);
    await expect.poll(async () => recordsBy((await taskOf(b, flowId, taskId)).records, 'adopt', b.id).length, { timeout: 30_000 }).toBe(1);
    await expect.poll(() => pendingCount(approver.page), { timeout: 20_000 }).toBe(0);
    await approver.page.getByTestId('wf-pending-decisions').waitFor({ state: 'detached' });
    const audits = proxy.writes('POST', `/${ENGINE}/FlowBefore/Audit/`);
    expect(new Set(audits.map((w) => w.idempotencyKey)).size).toBe(1);
    const afterB = await taskOf(b, flowId, taskId);
    expect(recordsBy(afterB.records, 'adopt', b.id)[0]!.opinion).toBe('同意，注意交接');
    expect(afterB.status).toBe(1);
    await approver.context.close();
    Object.assign(running, { taskId });
  });

  it('C rejects it with an opinion; A sees 已拒绝 (3) and the opinion; D, copied after B, finds it under 抄送事宜', async () => {
    const { flowId } = designed;
    const { taskId } = running;
    expect(taskId, 'the task of the previous test').not.toBe('');
    const { page: aPage } = launcher;

    // C rejects with an opinion, from 待办事宜.
    const second = await open(c.account);
    await second.page.goto(`${base}#/workFlow/flowTodo`);
    await second.page.locator(`[data-testid=wf-row][data-task="${taskId}"]`).click();
    const cDrawer = second.page.locator(`[data-testid=wf-task-drawer][data-task="${taskId}"]`);
    await cDrawer.getByTestId('wf-reject').waitFor();
    // B's approval is in the history C sees.
    expect(await cDrawer.locator('[data-testid=wf-record][data-action=adopt]').getByTestId('wf-record-opinion').textContent()).toContain('同意，注意交接');
    await cDrawer.getByTestId('wf-opinion').fill('年底门店缺人，请改到下月');
    await cDrawer.getByTestId('wf-reject').click();
    await second.page.getByTestId('confirm-ok').click();
    await second.page.getByTestId('toast-success').filter({ hasText: '已拒绝' }).waitFor();
    await cDrawer.waitFor({ state: 'detached' });
    await second.context.close();

    // A: the row turns 已拒绝 (status 3); the task shows C's opinion.
    const row = aPage.locator(`[data-testid=wf-row][data-task="${taskId}"]`);
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 15_000 }).toBe('3');
    expect(await row.getByTestId('wf-status-3').textContent()).toBe('已拒绝');
    await row.click();
    const aDrawer = aPage.locator(`[data-testid=wf-task-drawer][data-task="${taskId}"]`);
    await aDrawer.and(aPage.locator('[data-status="3"]')).waitFor();
    const rejection = aDrawer.locator('[data-testid=wf-record][data-action=reject]');
    await rejection.waitFor();
    expect(await rejection.textContent()).toContain(c.realName);
    expect(await rejection.getByTestId('wf-record-opinion').textContent()).toContain('年底门店缺人，请改到下月');
    expect(await aDrawer.getByTestId('wf-revoke').count()).toBe(0);
    await launcher.context.close();

    // D: the circulation, under 抄送事宜.
    const cc = await open(d.account);
    await cc.page.goto(`${base}#/workFlow/flowCirculate`);
    const ccRow = cc.page.locator(`[data-testid=wf-row][data-task="${taskId}"]`);
    await ccRow.waitFor();
    expect(await ccRow.getAttribute('data-status')).toBe('3');
    await ccRow.click();
    await cc.page.locator(`[data-testid=wf-task-drawer][data-task="${taskId}"]`).getByTestId('wf-history').waitFor();
    expect(await cc.page.getByTestId('wf-approve').count()).toBe(0);
    await cc.context.close();

    // On the server: one adopt by B, one reject by C with the opinion, status 3.
    const final = await taskOf(a, flowId, taskId);
    expect(final.status).toBe(3);
    expect(recordsBy(final.records, 'adopt', b.id)).toHaveLength(1);
    expect(recordsBy(final.records, 'reject', c.id).map((r) => r.opinion)).toEqual(['年底门店缺人，请改到下月']);
  });

  it('two approvers of a one-of node: one approves offline, the other online first; back online the first is told 已由…处理, not an error', async () => {
    const [launcherP, first, other] = await Promise.all([person('ym0016'), person('ym0017'), person('ym0015')]);
    const admin = await apiLogin(base, 'admin');
    const stamp = Date.now() % 100000;
    // Set up through the API (the designer is driven by the first test): start → 审批 (either of two) → end.
    const graph: FlowGraph = {
      nodes: [
        { id: 'start', type: 'start', name: '发起', position: { x: 0, y: 0 } },
        { id: 'either', type: 'approver', name: '审批', position: { x: 0, y: 120 }, approvers: { kind: 'user', ids: [first.id, other.id] }, mode: 'any', editableFields: [] },
        { id: 'end', type: 'end', name: '结束', position: { x: 0, y: 240 } },
      ],
      edges: [
        { id: 'e1', source: 'start', target: 'either' },
        { id: 'e2', source: 'either', target: 'end' },
      ],
    };
    const flow = await api<{ id: string }>(admin, 'POST', `${ENGINE}/FlowEngine`, {
      fullName: `或签请假${stamp}`,
      enCode: `e2eAny${stamp}`,
      category: 'other',
      icon: 'file-text',
      description: '',
      draft: { formId: await leaveFormId(admin), graph },
    });
    await api(admin, 'POST', `${ENGINE}/FlowEngine/${flow.id}/Actions/Release`, {});
    const task = await api<TaskDetail>(launcherP.token, 'POST', `${ENGINE}/FlowTask`, {
      flowId: flow.id,
      urgent: 1,
      formData: { leaveType: 'personal', days: 1, startDate: '2026-12-21', endDate: '2026-12-21', reason: '办证' },
      approvers: {},
    });

    // The first approver opens the todo online (kept on the device), then loses the network.
    const { proxy, context, page } = await open(first.account, { offline: true, device: PHONE });
    await page.goto(`${proxy!.url}#/workFlow/flowTodo`);
    const row = page.locator(`[data-testid=wf-row][data-task="${task.id}"]`);
    await row.waitFor();
    // On a phone 查看 is its icon alone (named 查看): the pinned actions column stays narrow and
    // covers none of the columns beside it (紧急程度 is whole in view, left of it).
    const viewButton = row.getByRole('button', { name: '查看' });
    expect(await viewButton.count()).toBe(1);
    // The name is there for assistive technology (and in a tooltip), not beside the icon.
    expect((await viewButton.getByText('查看').boundingBox())!.width).toBeLessThanOrEqual(1);
    expect((await viewButton.boundingBox())!.width).toBeLessThan(40);
    const urgent = (await page.locator('th[data-column=urgent]').boundingBox())!;
    const pinned = (await page.locator('th[data-column=actions]').boundingBox())!;
    expect(urgent.x + urgent.width).toBeLessThanOrEqual(pinned.x + 1);
    expect((await row.getByTestId(/^wf-urgent-/).boundingBox())!.x).toBeGreaterThanOrEqual(urgent.x - 1);
    await screenshot(page, 'workflow-todo-list-390');
    await row.click();
    const drawer = page.locator(`[data-testid=wf-task-drawer][data-task="${task.id}"]`);
    await drawer.getByTestId('wf-approve').waitFor();
    await goOffline(proxy!, context);
    await drawer.getByTestId('wf-opinion').fill('同意（离线）');
    await drawer.getByTestId('wf-approve').click();
    await page.getByTestId('toast-info').filter({ hasText: '审批已保存在本机，联网后自动提交' }).waitFor();
    await expect.poll(() => pendingCount(page)).toBe(1);

    // Meanwhile the other approver decides online.
    const theirs = (await api<{ list: TaskRow[] }>(other.token, 'GET', `${ENGINE}/FlowBefore/Todo?currentPage=1&pageSize=20`)).list.find((r) => r.taskId === task.id)!;
    await api(other.token, 'POST', `${ENGINE}/FlowBefore/Audit/${theirs.id}`, { opinion: '同意' });

    await goOnline(proxy!, context);
    const note = page.getByTestId('wf-handled-note');
    await note.waitFor({ timeout: 30_000 });
    expect(await note.textContent()).toContain(`已由${other.realName}处理`);
    await expect.poll(() => pendingCount(page), { timeout: 20_000 }).toBe(0);
    expect(await page.getByTestId('toast-error').count()).toBe(0);
    expect(await page.getByTestId('sync-problems').count()).toBe(0);
    await screenshot(page, 'workflow-handled-note');

    // Opening the task from the note says it too, over the task as it is now (adopted).
    await note.getByRole('button', { name: '或签请假' }).click();
    const handled = drawer.getByTestId('wf-handled');
    await handled.waitFor();
    expect(await handled.textContent()).toContain(`该审批已由${other.realName}处理`);
    await drawer.and(page.locator('[data-status="2"]')).waitFor();
    expect(await drawer.getByTestId('wf-approve').count()).toBe(0);
    expect(await page.getByTestId('toast-error').count()).toBe(0);
    // The server counted only the other approver's decision.
    const final = await taskOf(launcherP, flow.id, task.id);
    expect(final.status).toBe(2);
    expect(final.records.filter((r) => r.action === 'adopt').map((r) => r.userId)).toEqual([other.id]);
    await context.close();
  });
});
