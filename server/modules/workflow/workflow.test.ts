import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homePaths } from '../../../src/contracts/home';
import { workflowPaths, type LaunchableFlow, type TaskDetail } from '../../../src/contracts/workflow';
import { createTestApp, type TestApp } from '../../test/helper';
import { approverNode, circulateNode, line, workflowKit, type WorkflowKit } from './test-support';

/**
 * The workflow engine through its calls (issue 21), on PGlite and (with DATABASE_URL) PostgreSQL:
 * the seed, release checks, each node type, conditions, decisions and their messages, the lists,
 * who may see and decide what, version pinning, the home figure.
 * Demo staff: ym0001 总经理; ym0002-3 运营经理; ym0004 head of 上海徐汇店, ym0005-10 its staff;
 * ym0011 head of 上海浦东店; ym0032 市场部; ym0039-42 仓管员.
 */

let t: TestApp;
let k: WorkflowKit;
beforeAll(async () => {
  t = await createTestApp();
  k = await workflowKit(t);
}, 60_000);
afterAll(async () => t?.close());

const stateOf = (d: TaskDetail) => d.nodes.map((n) => `${n.nodeId}:${n.state}`);

describe('the seed', () => {
  it('gives staff the workflow entries and two released flows with demo tasks in every state; design and monitor stay with administrators', async () => {
    const launchable = await k.req('ym0005', 'GET', workflowPaths.launchable);
    expect(launchable.status).toBe(200);
    expect((launchable.data.list as LaunchableFlow[]).map((f) => f.fullName).sort()).toEqual(['样品申领', '请假申请']);
    expect((await k.list('ym0004', workflowPaths.todo)).pagination.total).toBeGreaterThanOrEqual(2);
    const all = await k.list('admin', workflowPaths.monitor, 'pageSize=100');
    expect(new Set(all.list.map((r) => r.status))).toEqual(new Set([1, 2, 3]));
    const rejected = all.list.find((r) => r.status === 3)!;
    expect((await k.detail('ym0013', rejected.flowId, rejected.taskId)).data.records.find((r: { action: string }) => r.action === 'reject').opinion).toBe('门店周末客流高峰，请调整到下周');
    expect((await k.req('ym0005', 'GET', workflowPaths.flows)).status).toBe(403);
    expect((await k.req('ym0005', 'GET', workflowPaths.monitor)).status).toBe(403);
  });
});

describe('design', () => {
  it('release refuses a graph with problems (in data) and a form that is not published', async () => {
    const graph = line(approverNode('a', { kind: 'user', ids: [] }));
    const created = await k.req('admin', 'POST', workflowPaths.flows, { fullName: '坏流程', enCode: 'badflow1', draft: { formId: k.leaveModelId, graph } });
    expect(created.status).toBe(200);
    const res = await k.req('admin', 'POST', k.p(workflowPaths.release, { id: created.data.id }));
    expect(res.status).toBe(400);
    expect(res.data.problems.map((x: { message: string }) => x.message)).toContain('审批节点「审批a」未选择审批人');
    const noForm = await k.req('admin', 'POST', workflowPaths.flows, { fullName: '无表单', enCode: 'badflow2', draft: { formId: null, graph: line(approverNode('a', { kind: 'deptHead', ids: [] })) } });
    expect((await k.req('admin', 'POST', k.p(workflowPaths.release, { id: noForm.data.id }))).msg).toBe('请选择已发布的表单');
    const fields = await k.req('admin', 'GET', k.p(workflowPaths.fieldDataSelect, { id: created.data.id }));
    expect(fields.data.list).toContainEqual({ field: 'days', fieldName: '请假天数', jnpfKey: 'numInput' });
  });

  it('a draft is saved with If-Match; a flow with a waiting task cannot be deleted; staff cannot design', async () => {
    const f = await k.flow(line(approverNode('a', { kind: 'deptHead', ids: [] })));
    const body = { fullName: f.fullName, enCode: f.enCode, category: f.category, draft: f.draft };
    expect((await k.req('admin', 'PUT', k.p(workflowPaths.flow, { id: f.id }), body, { 'If-Match': String(f.version - 1) })).status).toBe(409);
    const saved = await k.req('admin', 'PUT', k.p(workflowPaths.flow, { id: f.id }), { ...body, fullName: '改名' }, { 'If-Match': String(f.version) });
    expect(saved.data).toMatchObject({ fullName: '改名', changed: false, publishedVersion: 1 });
    await k.launched('ym0005', f.id, k.leave(1));
    const del = await k.req('admin', 'DELETE', k.p(workflowPaths.flow, { id: f.id }));
    expect(del).toMatchObject({ status: 400, msg: '该流程有未完成的任务，不能删除' });
    expect((await k.req('ym0004', 'POST', workflowPaths.flows, body)).status).toBe(403);
  });
});

describe('a task through its nodes', () => {
  it('department head → 运营经理 (any) → circulate → end, with the messages, lists and the detail of each step', async () => {
    const [OPSM, WH] = [await k.position('OPSM'), await k.position('WH')];
    const f = await k.flow(line(approverNode('head', { kind: 'deptHead', ids: [] }), approverNode('ops', { kind: 'position', ids: [OPSM] }), circulateNode('cc', { kind: 'position', ids: [WH] })));
    const task = await k.launched('ym0005', f.id, k.leave(2), { urgent: 3 });
    expect(task).toMatchObject({ status: 1, urgent: 3, fullName: `${f.fullName} - ${k.user('ym0005').realName}`, can: { revoke: true, audit: false } });
    expect(stateOf(task)).toEqual(['start:done', 'head:active', 'ops:waiting', 'cc:waiting', 'end:waiting']);

    // The head got a todo and its message (type 2, the body the drawer routes).
    const [todoMsg] = await k.messages('ym0004', 2, task.id);
    const headTodo = (await k.todoOf('ym0004', task.id))!;
    expect(todoMsg).toMatchObject({ title: `${k.user('ym0005').realName}提交的${f.fullName}待您审批`, body: { type: 2, flowId: f.id, taskId: task.id, todoId: headTodo } });
    // Strangers do not see the task, others may not decide it.
    expect((await k.detail('ym0032', f.id, task.id)).status).toBe(404);
    expect((await k.detail('ym0002', f.id, task.id)).status).toBe(404);
    expect(await k.decide('ym0006', 'audit', headTodo)).toMatchObject({ status: 403, msg: '您不是当前审批人' });
    expect((await k.decide('ym0004', 'audit', headTodo, { opinion: '很'.repeat(101) })).msg).toBe('审批意见不能超过100个字符');

    const asHead = await k.detail('ym0004', f.id, task.id);
    expect(asHead.data).toMatchObject({ todoId: headTodo, can: { audit: true, reject: true, transfer: true, revoke: false, cancel: false } });
    const after = await k.decide('ym0004', 'audit', headTodo, { opinion: '同意' });
    expect(after.status).toBe(200);
    expect(stateOf(after.data)).toEqual(['start:done', 'head:done', 'ops:active', 'cc:waiting', 'end:waiting']);
    expect(after.data.nodes[2].approvers.map((a: { userName: string }) => a.userName).sort()).toEqual([k.user('ym0002').realName, k.user('ym0003').realName].sort());

    // One of the two 运营经理 decides; the other's todo is void and says who handled it.
    const [a, b] = [(await k.todoOf('ym0002', task.id))!, (await k.todoOf('ym0003', task.id))!];
    expect((await k.decide('ym0002', 'audit', a, { opinion: '可以' })).data.status).toBe(2);
    const late = await k.decide('ym0003', 'audit', b);
    expect(late).toMatchObject({ status: 409, code: 409, msg: `该审批已由${k.user('ym0002').realName}处理`, data: { userName: k.user('ym0002').realName, state: 'adopt' } });

    // Circulated to the 仓管员 (type 3), the launcher told of the end (type 4).
    const cc = await k.list('ym0039', workflowPaths.circulated);
    expect(cc.list.find((r) => r.taskId === task.id)).toMatchObject({ nodeName: '抄送cc', status: 2 });
    expect((await k.messages('ym0039', 3, task.id))[0]).toMatchObject({ title: `${k.user('ym0005').realName}的${f.fullName}抄送给您`, body: { type: 3, flowId: f.id, taskId: task.id } });
    expect((await k.messages('ym0005', 4, task.id))[0]).toMatchObject({ title: `您的${f.fullName}已通过`, body: { type: 4, taskId: task.id, status: 2 } });
    const final = await k.detail('ym0005', f.id, task.id);
    expect(final.data.records.map((r: { action: string }) => r.action)).toEqual(['launch', 'adopt', 'adopt', 'circulate', 'end']);
    expect(final.data.can).toEqual({ audit: false, reject: false, transfer: false, revoke: false, cancel: false });

    // Lists: launched with filters, done with the decision.
    expect((await k.list('ym0005', workflowPaths.launched, `flowId=${f.id}&status=2&urgent=3`)).list.map((r) => r.taskId)).toEqual([task.id]);
    expect((await k.list('ym0005', workflowPaths.launched, `flowId=${f.id}&status=1`)).list).toEqual([]);
    expect((await k.list('ym0005', workflowPaths.launched, `keyword=${encodeURIComponent(f.fullName)}`)).list.map((r) => r.taskId)).toEqual([task.id]);
    expect((await k.list('ym0004', workflowPaths.done, `flowId=${f.id}`)).list[0]).toMatchObject({ taskId: task.id, decision: 'adopt', opinion: '同意', nodeName: '审批head' });
    expect((await k.todoOf('ym0003', task.id))).toBeUndefined();
  });

  it('todo, done and copy lists: newest first with their totals, filtered by urgency, keyword, flow and status', async () => {
    const WH = await k.position('WH');
    const f = await k.flow(line(approverNode('head', { kind: 'deptHead', ids: [] }), circulateNode('cc', { kind: 'position', ids: [WH] })));
    const ids: string[] = [];
    for (const urgent of [1, 3, 2, 3]) ids.push((await k.launched('ym0005', f.id, k.leave(1), { urgent })).id);
    const mine = (query: string) => k.list('ym0004', workflowPaths.todo, `flowId=${f.id}&${query}`).then((r) => ({ ids: r.list.map((t) => t.taskId), total: r.pagination.total }));
    expect(await mine('')).toEqual({ ids: [ids[3], ids[2], ids[1], ids[0]], total: 4 });
    expect(await mine('currentPage=2')).toEqual({ ids: [], total: 4 });
    expect(await mine('urgent=3')).toEqual({ ids: [ids[3], ids[1]], total: 2 });
    expect(await mine('urgent=1')).toEqual({ ids: [ids[0]], total: 1 });
    expect(await mine(`keyword=${encodeURIComponent(f.fullName.toUpperCase())}&status=1`)).toEqual({ ids: [...ids].reverse(), total: 4 });
    expect(await mine('keyword=nothing-like-it')).toEqual({ ids: [], total: 0 });
    expect(await mine('status=2')).toEqual({ ids: [], total: 0 });
    // Decided: they leave 待办, come to 已办 (newest decision first) and to the copy list, where status filters.
    for (const id of [ids[1]!, ids[0]!]) await k.decide('ym0004', 'audit', (await k.todoOf('ym0004', id))!);
    expect(await mine('')).toEqual({ ids: [ids[3], ids[2]], total: 2 });
    const done = await k.list('ym0004', workflowPaths.done, `flowId=${f.id}&urgent=1`);
    expect(done.list.map((t) => t.taskId)).toEqual([ids[0]]);
    const cc = await k.list('ym0039', workflowPaths.circulated, `flowId=${f.id}&status=2`);
    expect(cc.list.map((t) => t.taskId)).toEqual([ids[0], ids[1]]);
    expect((await k.list('ym0039', workflowPaths.circulated, `flowId=${f.id}&urgent=3`)).list.map((t) => t.taskId)).toEqual([ids[1]]);
  });

  it('conditions: the seeded 请假申请 goes to the head then the 总经理 over 3 days, to the head alone otherwise', async () => {
    const flowId = ((await k.req('ym0005', 'GET', workflowPaths.launchable)).data.list as LaunchableFlow[]).find((f) => f.fullName === '请假申请')!.id;
    const long = await k.launched('ym0005', flowId, k.leave(5));
    expect(stateOf(long)).toEqual(['start:done', 'days:done', 'longHead:active', 'gm:waiting', 'end:waiting']);
    await k.decide('ym0004', 'audit', (await k.todoOf('ym0004', long.id))!);
    expect(await k.todoOf('ym0001', long.id)).toBeTruthy();
    const short = await k.launched('ym0005', flowId, k.leave(3));
    expect(stateOf(short)).toEqual(['start:done', 'days:done', 'shortHead:active', 'end:waiting']);
    expect((await k.decide('ym0004', 'audit', (await k.todoOf('ym0004', short.id))!)).data.status).toBe(2);
  });

  it('reject ends the task (3) back to the launcher with the opinion; the other todos of an all-node become void', async () => {
    const f = await k.flow(line(approverNode('both', { kind: 'user', ids: [k.user('ym0002').id, k.user('ym0003').id] }, 'all')));
    const task = await k.launched('ym0005', f.id, k.leave(1));
    const res = await k.decide('ym0002', 'reject', (await k.todoOf('ym0002', task.id))!, { opinion: '预算不足' });
    expect(res.data).toMatchObject({ status: 3 });
    expect(stateOf(res.data)).toEqual(['start:done', 'both:rejected']);
    expect(await k.todoOf('ym0003', task.id)).toBeUndefined();
    const seen = await k.detail('ym0005', f.id, task.id);
    expect(seen.data.records.at(-1)).toMatchObject({ action: 'reject', opinion: '预算不足', userName: k.user('ym0002').realName });
    expect((await k.messages('ym0005', 4, task.id))[0]).toMatchObject({ title: `您的${f.fullName}已被拒绝：预算不足`, body: { status: 3 } });
    expect((await k.list('ym0005', workflowPaths.launched, `flowId=${f.id}`)).list[0]!.status).toBe(3);
  });

  it('an all-node completes when every approver adopted', async () => {
    const f = await k.flow(line(approverNode('both', { kind: 'user', ids: [k.user('ym0002').id, k.user('ym0003').id] }, 'all')));
    const task = await k.launched('ym0005', f.id, k.leave(1));
    expect((await k.decide('ym0002', 'audit', (await k.todoOf('ym0002', task.id))!)).data).toMatchObject({ status: 1 });
    expect((await k.decide('ym0003', 'audit', (await k.todoOf('ym0003', task.id))!)).data).toMatchObject({ status: 2 });
  });

  it('role approvers, and the launcher’s own choice (请选择审批人员 without one)', async () => {
    const roles = (await k.req('admin', 'GET', '/Permission/Role')).data.list as { id: string; enCode: string }[];
    const f = await k.flow(line(approverNode('pick', { kind: 'launcherChoice', ids: [] }), approverNode('role', { kind: 'role', ids: [roles.find((r) => r.enCode === 'admin')!.id] })));
    expect((await k.launch('ym0005', f.id, k.leave(1))).msg).toBe('请选择审批人员');
    const task = await k.launched('ym0005', f.id, k.leave(1), { approvers: { pick: [k.user('ym0032').id] } });
    await k.decide('ym0032', 'audit', (await k.todoOf('ym0032', task.id))!);
    expect(await k.todoOf('admin', task.id)).toBeTruthy();
  });

  it('transfer hands the todo to another user, with a message; the first approver keeps the task in 已办', async () => {
    const f = await k.flow(line(approverNode('head', { kind: 'deptHead', ids: [] })));
    const task = await k.launched('ym0005', f.id, k.leave(1));
    const res = await k.req('ym0004', 'POST', k.p(workflowPaths.transfer, { todoId: (await k.todoOf('ym0004', task.id))! }), { userId: k.user('ym0011').id, opinion: '请浦东店长代批' });
    expect(res.status).toBe(200);
    const next = (await k.todoOf('ym0011', task.id))!;
    expect((await k.messages('ym0011', 2, task.id))[0]!.body).toMatchObject({ todoId: next });
    expect((await k.list('ym0004', workflowPaths.done, `flowId=${f.id}`)).list[0]).toMatchObject({ decision: 'transfer' });
    expect(res.data.records.at(-1)).toMatchObject({ action: 'transfer', target: k.user('ym0011').realName });
    expect((await k.decide('ym0011', 'audit', next)).data.status).toBe(2);
  });

  it('revoke by the launcher (4), cancel by an administrator (5); nobody else; a decision afterwards is a conflict', async () => {
    const f = await k.flow(line(approverNode('head', { kind: 'deptHead', ids: [] })));
    const one = await k.launched('ym0005', f.id, k.leave(1));
    expect((await k.req('ym0006', 'POST', k.p(workflowPaths.revoke, { taskId: one.id }))).status).toBe(403);
    expect((await k.req('ym0005', 'POST', k.p(workflowPaths.revoke, { taskId: one.id }))).data.status).toBe(4);
    expect((await k.req('ym0005', 'POST', k.p(workflowPaths.revoke, { taskId: one.id }))).status).toBe(409);
    const two = await k.launched('ym0005', f.id, k.leave(1));
    const todo = (await k.todoOf('ym0004', two.id))!;
    expect((await k.req('ym0004', 'POST', k.p(workflowPaths.cancel, { taskId: two.id }))).status).toBe(403);
    expect((await k.req('admin', 'POST', k.p(workflowPaths.cancel, { taskId: two.id }))).data.status).toBe(5);
    expect((await k.messages('ym0005', 4, two.id))[0]!.body).toMatchObject({ status: 5 });
    expect(await k.decide('ym0004', 'audit', todo)).toMatchObject({ status: 409, msg: '该审批已由管理员处理' });
  });

  it('a task keeps the version it was launched on after a new release', async () => {
    const f = await k.flow(line(approverNode('head', { kind: 'deptHead', ids: [] })));
    const old = await k.launched('ym0005', f.id, k.leave(1));
    const draft = { formId: k.leaveModelId, graph: line(approverNode('gm', { kind: 'user', ids: [k.user('ym0001').id] })) };
    const saved = await k.req('admin', 'PUT', k.p(workflowPaths.flow, { id: f.id }), { fullName: f.fullName, enCode: f.enCode, draft }, { 'If-Match': String(f.version) });
    expect(saved.data.changed).toBe(true);
    expect((await k.req('admin', 'POST', k.p(workflowPaths.release, { id: f.id }))).data.publishedVersion).toBe(2);
    const fresh = await k.launched('ym0005', f.id, k.leave(1));
    expect([old.flowVersion, fresh.flowVersion]).toEqual([1, 2]);
    expect((await k.decide('ym0004', 'audit', (await k.todoOf('ym0004', old.id))!)).data.status).toBe(2);
    expect(await k.todoOf('ym0001', fresh.id)).toBeTruthy();
  });

  it('an approver changes only the fields the node lets them, checked like a launch', async () => {
    const f = await k.flow(line(approverNode('head', { kind: 'deptHead', ids: [] }, 'any', ['days'])));
    const task = await k.launched('ym0005', f.id, k.leave(2));
    const todo = (await k.todoOf('ym0004', task.id))!;
    expect((await k.detail('ym0004', f.id, task.id)).data.editableFields).toEqual(['days']);
    expect((await k.decide('ym0004', 'audit', todo, { formData: { days: 'abc' } })).status).toBe(400);
    const res = await k.decide('ym0004', 'audit', todo, { formData: { days: 1.5, reason: '改事由' } });
    expect(res.data.formData).toMatchObject({ days: 1.5, reason: '回家' });
  });

  it('refuses form data its form does not take, and a flow that is not released', async () => {
    const f = await k.flow(line(approverNode('head', { kind: 'deptHead', ids: [] })));
    expect((await k.launch('ym0005', f.id, { leaveType: 'annual' })).status).toBe(400);
    expect((await k.launch('ym0005', '01ARZ3NDEKTSV4RRFFQ69G5FAV', k.leave(1))).msg).toBe('流程不存在或未发布');
  });

  it('the home page counts the approvals waiting for the caller', async () => {
    const summary = async (account: string) => (await k.req(account, 'GET', homePaths.summary)).data.todoApprovals as number;
    const before = await summary('ym0004');
    const f = await k.flow(line(approverNode('head', { kind: 'deptHead', ids: [] })));
    await k.launched('ym0005', f.id, k.leave(1));
    expect(await summary('ym0004')).toBe(before + 1);
    expect(before).toBe((await k.list('ym0004', workflowPaths.todo)).pagination.total - 1);
  });
});
