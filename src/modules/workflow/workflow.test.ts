import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDb as UserDbType } from '@/lib/sync/user-db';

// The queue of a signed-in user, without the browser parts of the engine (leader tab, service worker).
let db: UserDbType;
vi.mock('@/lib/sync/engine', async () => {
  const { enqueue } = await import('@/lib/sync/outbox');
  return {
    syncStatus: { active: true },
    currentUserDb: () => db,
    queueWrite: (input: never, local?: (d: UserDbType) => unknown, tables?: (d: UserDbType) => never[]) => enqueue(db, input, () => local?.(db), tables?.(db) ?? []),
  };
});
// The server: an answer per URL (a function may throw the server's refusal); anything else is the network gone.
const answers = new Map<string, unknown>();
const sent: { method: string; url: string; body: unknown; headers?: Record<string, string> }[] = [];
vi.mock('@/lib/http', async () => {
  const { NetworkError } = await import('@/lib/errors');
  return {
    request: vi.fn(async (method: string, url: string, body: unknown, opts?: { headers?: Record<string, string> }) => {
      sent.push({ method, url, body, headers: opts?.headers });
      if (!answers.has(url)) throw new NetworkError('offline');
      const answer = answers.get(url);
      return typeof answer === 'function' ? (answer as () => unknown)() : answer;
    }),
  };
});
// Online development's public module loads its form: the launch's sender takes from it only the
// sending of the files kept on this device, the real one (its uploads go to the server above).
vi.mock('@/modules/online-dev/public', async () => ({ sendWithUploadedFiles: (await import('@/modules/online-dev/data/send')).sendWithUploadedFiles }));
vi.mock('@/modules/auth/public', () => ({ session: { userInfo: { userId: 'U1', userName: '王晓明' }, routes: [] } }));

const { FLOW, TASK, TODO, openTestDb, taskDetail, taskRow } = await import('./test-support');
const { ApiError } = await import('@/lib/errors');
const { syncKind } = await import('@/lib/sync/kinds');
const { httpSend } = await import('@/lib/sync/http-sender');
const { Replayer } = await import('@/lib/sync/outbox');
const { network } = await import('@/lib/network');
const { taskLists, taskMatches, taskParams } = await import('./lists');
const { queueDecision, queueLaunch, decide, dismissNote, opinionTooLong } = await import('./actions');
const { notesOf, tasksOf } = await import('./table');
const { FIRST_TASK_PAGE, todoTasksTarget } = await import('./warm');
const { waitingDecisions } = await import('./use-decisions');
const { keptFilesOf } = await import('@/modules/online-dev/table');
const { uploadPath } = await import('@/contracts/files');
const { onlineFileType } = await import('@/contracts/online-dev');

const TODO_URL = '/api/craft/api/workflow/Engine/FlowBefore/Todo';
const AUDIT_URL = `/api/craft/api/workflow/Engine/FlowBefore/Audit/${TODO}`;
const target = { todoId: TODO, taskId: TASK, flowId: FLOW, title: '样品申领 - 王晓明' };

beforeEach(async () => {
  answers.clear();
  sent.length = 0;
  network.online = true;
  db = await openTestDb('workflow');
});
afterEach(async () => {
  network.online = true;
  await db.delete();
});

/** The todo list's first page as the page caches it. */
async function cacheTodos(rows = [taskRow()]) {
  answers.set(TODO_URL, { list: rows, pagination: { total: rows.length } });
  await taskLists.todo.fetch(FIRST_TASK_PAGE, db);
  answers.delete(TODO_URL);
}

const replay = () => new Replayer(db, httpSend).drain(true);

describe('task lists', () => {
  it('ask the documented calls with the paging, keyword, status and urgency, and search the cached rows offline the same way', async () => {
    await cacheTodos();
    expect(sent[0]).toMatchObject({ method: 'GET', url: TODO_URL, body: { currentPage: 1, pageSize: 20 } });
    expect(taskParams({ ...FIRST_TASK_PAGE, keyword: '样品', status: 3, urgent: 2 })).toEqual({ currentPage: 1, pageSize: 20, keyword: '样品', status: 3, urgent: 2 });
    const row = taskRow({ status: 3, urgent: 3 });
    expect(taskMatches(row, { keyword: '王晓明' })).toBe(true);
    expect(taskMatches(row, { keyword: '请假' })).toBe(false);
    expect(taskMatches(row, { keyword: '', status: 3, urgent: 3 })).toBe(true);
    expect(taskMatches(row, { keyword: '', status: 1 })).toBe(false);
    expect(taskMatches(row, { keyword: '', urgent: 1 })).toBe(false);
  });
});

describe('decisions through the sync queue', () => {
  it('同意 is one queued POST …/Audit/{todoId}: the todo leaves the list at once and its opinion is sent without the local names', async () => {
    await cacheTodos();
    await queueDecision(target, 'audit', '  同意领用  ', { qty: 2 });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ entity: `workflow.todo:${TODO}`, kind: 'workflow.audit', request: { method: 'POST', url: AUDIT_URL, body: { opinion: '同意领用', formData: { qty: 2 } } } });
    expect(syncKind('workflow.audit')!.label(entry!)).toBe('同意「样品申领 - 王晓明」');
    expect(await taskLists.todo.find(TODO, db)).toBeNull();
    expect(waitingDecisions([entry!])).toMatchObject([{ todoId: TODO, taskId: TASK, action: 'audit' }]);

    answers.set(AUDIT_URL, { id: TODO });
    await replay();
    expect(sent.at(-1)).toMatchObject({ url: AUDIT_URL, body: { opinion: '同意领用', formData: { qty: 2 } }, headers: { 'Idempotency-Key': entry!.id } });
    expect((sent.at(-1)!.body as Record<string, unknown>).meta).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
    expect(await notesOf(db).count()).toBe(0);
  });

  it('拒绝 is queued as workflow.reject to …/Reject/{todoId}; a 拒绝 never carries form data', async () => {
    await queueDecision(target, 'reject', '数量太多', { qty: 2 });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'workflow.reject', request: { url: `/api/craft/api/workflow/Engine/FlowBefore/Reject/${TODO}`, body: { opinion: '数量太多' } } });
    expect((entry!.request.body as Record<string, unknown>).formData).toBeUndefined();
  });

  it('someone else handled it first (409): the entry leaves the queue, is not retried, and the todo carries "已由…处理"', async () => {
    await cacheTodos();
    await tasksOf(db).put({ id: TASK, flowId: FLOW, detail: taskDetail(), fetchedAt: Date.now() });
    network.online = false;
    await queueDecision(target, 'audit', '');
    network.online = true;
    answers.set(AUDIT_URL, () => {
      throw new ApiError(409, '该审批已由李娜处理', { userName: '李娜', state: 'reject', time: '2026-11-29T09:00:00.000Z' });
    });
    await replay();
    expect(await db.outbox.count()).toBe(0);
    expect(await notesOf(db).get(TODO)).toMatchObject({ outcome: 'handled', action: 'audit', handledBy: { userName: '李娜' }, title: '样品申领 - 王晓明' });
    expect(await taskLists.todo.find(TODO, db)).toBeNull();
    // The task's copy is asked again when next shown.
    expect((await tasksOf(db).get(TASK))!.fetchedAt).toBe(0);
    // Sent once only, whatever happens next.
    await replay();
    expect(sent.filter((s) => s.url === AUDIT_URL)).toHaveLength(1);
    await dismissNote(TODO);
    expect(await notesOf(db).count()).toBe(0);
  });

  it('online, deciding waits for the answer and says plainly when someone else was first', async () => {
    answers.set(AUDIT_URL, () => {
      throw new ApiError(409, '该审批已由李娜处理', { userName: '李娜', state: 'adopt', time: null });
    });
    // The leader tab's replay, as the engine would start it.
    const result = decide(target, 'audit', '好');
    await new Promise((r) => setTimeout(r, 20));
    await replay();
    expect(await result).toMatchObject({ state: 'handled', note: { handledBy: { userName: '李娜' } } });
  });

  it('offline, deciding waits on the device', async () => {
    network.online = false;
    expect(await decide(target, 'reject', '不需要')).toEqual({ state: 'waiting' });
    expect(await db.outbox.count()).toBe(1);
  });

  it('a refusal for another reason brings the todo back, with the reason as a note', async () => {
    await cacheTodos();
    await queueDecision(target, 'audit', '');
    answers.set(AUDIT_URL, () => {
      throw new ApiError(403, '您不是当前审批人');
    });
    await replay();
    expect(await taskLists.todo.find(TODO, db)).toMatchObject({ id: TODO });
    expect(await notesOf(db).get(TODO)).toMatchObject({ outcome: 'refused', message: '您不是当前审批人' });
  });

  it('the opinion counts at most 100 characters once trimmed (spec 5.1)', () => {
    expect(opinionTooLong('好'.repeat(100))).toBe(false);
    expect(opinionTooLong(` ${'好'.repeat(100)} `)).toBe(false);
    expect(opinionTooLong('好'.repeat(101))).toBe(true);
  });
});

describe('launching through the sync queue', () => {
  const flow = { id: FLOW, enCode: 'sample', fullName: '样品申领', category: 'store' as const, icon: 'box', description: null, version: 1, form: taskDetail().form, choices: [] };

  // A picture of the form chosen on this device, waiting to be uploaded with the launch.
  const KEY = '01J0000000000000000000FILE';
  const UPLOAD_URL = `${uploadPath(onlineFileType('image'))}?flowId=${FLOW}&field=files`;
  const FLOW_TASK_URL = '/api/craft/api/workflow/Engine/FlowTask';
  const picked = { name: 'a.png', fileId: KEY, url: `local:${KEY}`, fileName: 'a.png' };
  const stored = { name: 'stored.png', fileId: 'F1', url: '/api/file/Image/stored.png', fileName: 'a.png', size: 3 };
  async function launchWithPicture() {
    await keptFilesOf(db).put({ key: `local:${KEY}`, blob: new Blob(['png']), name: 'a.png', kind: 'image', flowId: FLOW, field: 'files', savedAt: Date.now() });
    return queueLaunch(flow, { urgent: 3, formData: { title: '床垫', files: [picked] }, approvers: { n2: ['U9'] } });
  }
  const launches = () => sent.filter((s) => s.url === FLOW_TASK_URL);
  const uploads = () => sent.filter((s) => s.url === UPLOAD_URL);

  it('shows the task in 我发起的 at once (待同步), uploads the files kept here first, then POST …/FlowTask with the device-made id', async () => {
    network.online = false;
    const id = await launchWithPicture();
    expect(await taskLists.launched.find(id, db)).toMatchObject({ id, taskId: id, fullName: '样品申领 - 王晓明', status: 1, urgent: 3 });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'workflow.launch', entity: `workflow.launched:${id}`, request: { method: 'POST', url: FLOW_TASK_URL } });
    expect(syncKind('workflow.launch')!.label(entry!)).toBe('发起流程「样品申领 - 王晓明」');

    network.online = true;
    answers.set(UPLOAD_URL, { name: 'stored.png', fileId: 'F1', url: '/api/file/Image/stored.png' });
    answers.set(FLOW_TASK_URL, { id });
    await replay();
    expect(uploads()).toHaveLength(1);
    expect(uploads()[0]!.headers).toMatchObject({ 'Idempotency-Key': KEY });
    expect(launches()).toHaveLength(1);
    expect(launches()[0]!.body).toEqual({ id, flowId: FLOW, urgent: 3, formData: { title: '床垫', files: [stored] }, approvers: { n2: ['U9'] } });
    expect(launches()[0]!.headers).toMatchObject({ 'Idempotency-Key': entry!.id });
    expect(await db.outbox.count()).toBe(0);
  });

  it('the network gone after the upload: the retry sends the stored file with the launch, without uploading it again', async () => {
    const id = await launchWithPicture();
    answers.set(UPLOAD_URL, { name: 'stored.png', fileId: 'F1', url: '/api/file/Image/stored.png' });
    await replay();
    expect(uploads()).toHaveLength(1);
    const [waiting] = await db.outbox.toArray();
    expect(waiting).toMatchObject({ state: 'pending', request: { body: { formData: { files: [stored] } } } });

    answers.set(FLOW_TASK_URL, { id });
    await replay();
    expect(uploads()).toHaveLength(1);
    expect(launches().at(-1)!.body).toMatchObject({ formData: { files: [stored] } });
    expect(await db.outbox.count()).toBe(0);
  });

  it('an upload refused (wrong type) refuses the launch with the server’s reason: it is not sent, and stays in 我发起的 marked failed', async () => {
    const id = await launchWithPicture();
    answers.set(UPLOAD_URL, () => {
      throw new ApiError(400, '不支持的文件类型');
    });
    await replay();
    expect(launches()).toHaveLength(0);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ state: 'dead', lastError: { code: 400, message: '不支持的文件类型' } });
    expect(await taskLists.launched.find(id, db)).toMatchObject({ id });
  });

  it('a file no longer on this device refuses the launch and asks for it to be chosen again', async () => {
    await launchWithPicture();
    await keptFilesOf(db).clear();
    await replay();
    expect(uploads()).toHaveLength(0);
    expect(launches()).toHaveLength(0);
    expect((await db.outbox.toArray())[0]).toMatchObject({ state: 'dead', lastError: { code: 400, message: '有文件已不在本机，请重新选择后再提交' } });
  });
});

describe('the warm-up', () => {
  it('fetches the task of each todo on the first page that this device lacks, so it opens offline', async () => {
    await cacheTodos([taskRow(), taskRow({ id: 'D2', taskId: 'T2' })]);
    await tasksOf(db).put({ id: TASK, flowId: FLOW, detail: taskDetail(), fetchedAt: Date.now() });
    expect(await todoTasksTarget.stale(db)).toBe(true);
    answers.set(`/api/craft/api/workflow/Engine/FlowTask/${FLOW}/T2`, taskDetail({ id: 'T2' }));
    await todoTasksTarget.fill(db);
    expect(sent.filter((s) => s.url.includes('/FlowTask/'))).toHaveLength(1);
    expect(await tasksOf(db).get('T2')).toMatchObject({ flowId: FLOW, detail: { id: 'T2' } });
    expect(await todoTasksTarget.stale(db)).toBe(false);
  });
});

describe('what arrives from outside', () => {
  it('a todo message makes the open todo list ask again and its task stale; a notice changes nothing', async () => {
    const { onFlowMessage } = await import('./live');
    const { workflowPulse } = await import('./pulse');
    await tasksOf(db).put({ id: TASK, flowId: FLOW, detail: taskDetail(), fetchedAt: Date.now() });
    const before = { ...workflowPulse };
    await onFlowMessage({ id: 'M1', type: 1, title: '公告', bodyText: '<p>x</p>', isRead: '0', creatorUser: '管理员', lastModifyTime: 1 });
    expect(workflowPulse).toEqual(before);
    await onFlowMessage({ id: 'M2', type: 2, title: '请审批', bodyText: JSON.stringify({ type: 2, flowId: FLOW, taskId: TASK, todoId: TODO }), isRead: '0', creatorUser: '系统', lastModifyTime: 1 });
    expect(workflowPulse.todo).toBe(before.todo + 1);
    expect((await tasksOf(db).get(TASK))!.fetchedAt).toBe(0);
    await onFlowMessage({ id: 'M3', type: 3, title: '抄送', bodyText: '{}', isRead: '0', creatorUser: '系统', lastModifyTime: 1 });
    expect(workflowPulse).toMatchObject({ todo: before.todo + 1, all: before.all + 2 });
  });

  it('after a time offline the todos are asked again and the notice says how many arrived, for those granted 待办事宜 only', async () => {
    const { catchUpWorkflow } = await import('./live');
    const { session } = await import('@/modules/auth/public');
    await cacheTodos([taskRow()]);
    answers.set(TODO_URL, { list: [taskRow(), taskRow({ id: 'D2' }), taskRow({ id: 'D3' })], pagination: { total: 3 } });
    expect(await catchUpWorkflow()).toBeNull();
    (session.routes as unknown[]).push({ urlAddress: '/workFlow/flowTodo' });
    expect(await catchUpWorkflow()).toBe('2 条新的待办审批');
    expect(await catchUpWorkflow()).toBeNull();
  });
});

describe('what loads with the session (module.ts)', () => {
  it('declares each queued write with its sync-panel label and the very methods of its code (kinds.ts), loaded when the queue needs it', async () => {
    const { workflowModule } = await import('./module');
    const { workflowSyncKinds } = await import('./kinds');
    const declared = workflowModule.syncKinds!;
    expect(Object.keys(declared).sort()).toEqual(Object.keys(workflowSyncKinds).sort());
    // The queue tells a kind with send (or applied…) from one without: the same methods, no more, no fewer.
    for (const [name, real] of Object.entries(workflowSyncKinds)) expect(Object.keys(declared[name]!).sort(), name).toEqual(Object.keys(real).sort());
    const entry = (body: unknown) => ({ request: { method: 'POST', url: '/x', body } }) as never;
    expect(declared['workflow.audit']!.label(entry({ opinion: '', meta: target }))).toBe('同意「样品申领 - 王晓明」');
    expect(declared['workflow.reject']!.label(entry({ opinion: '' }))).toBe('拒绝审批');
    expect(declared['workflow.launch']!.label(entry({ meta: { title: '床垫样品', flowName: '样品申领' } }))).toBe('发起流程「床垫样品」');
    // The version readers answer at once, as 我发起的 list's own kind does.
    const launch = declared['workflow.launch']!;
    const real = workflowSyncKinds['workflow.launch']!;
    for (const data of [{ version: 3 }, { version: '3' }, null, {}]) {
      expect(launch.versionAfter!(entry({}), data)).toBe(real.versionAfter!(entry({}), data));
      expect(launch.versionOf!(data)).toBe(real.versionOf!(data));
    }
  });

  it('the warm-up of someone granted 待办事宜 keeps its first page and each of those todos’ tasks on the device', async () => {
    const { workflowModule } = await import('./module');
    const { planWarmUp, runWarmUp } = await import('@/lib/sync/warm');
    const targets = planWarmUp(workflowModule.warm!(), new Set(['workFlow/flowTodo']), { online: true, saveData: false });
    expect(targets).toHaveLength(2);
    answers.set(TODO_URL, { list: [taskRow()], pagination: { total: 1 } });
    answers.set(`/api/craft/api/workflow/Engine/FlowTask/${FLOW}/${TASK}`, taskDetail());
    const result = await runWarmUp(targets, db, { go: () => true, pause: async () => {} });
    expect(result).toMatchObject({ failed: [], stopped: false });
    expect(result.filled).toHaveLength(2);
    expect(await tasksOf(db).get(TASK)).toMatchObject({ flowId: FLOW, detail: { id: TASK } });
    // The page's first query is answered on the device (offline too); a second run finds both fresh.
    const { answerKey } = await import('@/lib/sync/remote-list');
    expect((await db.kv.get(answerKey(taskLists.todo.def.key, FIRST_TASK_PAGE)))?.value).toMatchObject({ list: [{ id: TODO }], total: 1 });
    expect((await runWarmUp(targets, db, { go: () => true, pause: async () => {} })).fresh).toHaveLength(2);
    // Each task list's page warms its own (the menu entries' urlAddress); those granted nothing of the workflow warm none of it.
    const { WORKFLOW_MENUS } = await import('@/contracts/workflow-paths');
    const lists = [WORKFLOW_MENUS.todo, WORKFLOW_MENUS.launch, WORKFLOW_MENUS.done, WORKFLOW_MENUS.circulate, WORKFLOW_MENUS.monitor].map((m) => m.urlAddress);
    expect(workflowModule.warm!().flatMap((e) => e.pages ?? [])).toEqual(lists);
    for (const page of lists) expect(Object.keys(workflowModule.pages!)).toContain(page);
    expect(planWarmUp(workflowModule.warm!(), new Set(['system/user']), { online: true, saveData: false })).toEqual([]);
  });

  it('a pushed todo makes the open lists ask again; a notice does not', async () => {
    const { workflowModule } = await import('./module');
    const { workflowPulse } = await import('./pulse');
    const push = workflowModule.realtime!.messagePush!;
    const before = { ...workflowPulse };
    push({ method: 'messagePush', message: { id: 'M1', type: 1, title: '公告', bodyText: '<p>x</p>', isRead: '0', creatorUser: '管理员', lastModifyTime: 1 } });
    push({ method: 'messagePush', message: { id: 'M2', type: 2, title: '请审批', bodyText: JSON.stringify({ type: 2, flowId: FLOW, taskId: TASK, todoId: TODO }), isRead: '0', creatorUser: '系统', lastModifyTime: 1 } });
    await vi.waitFor(() => expect(workflowPulse).toEqual({ todo: before.todo + 1, all: before.all + 1 }));
  });
});
