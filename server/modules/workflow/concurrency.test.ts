import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { workflowPaths, type LaunchableFlow } from '../../../src/contracts/workflow';
import { users } from '../../db/schema';
import { authed, call, createTestApp, type TestApp } from '../../test/helper';
import { multipart } from '../online-dev/test-support';
import { approverNode, line, workflowKit, type WorkflowKit } from './test-support';

/**
 * Decisions at the same time (real concurrent requests: on PostgreSQL, with DATABASE_URL, they run
 * on separate connections and meet at the task's row lock), a launch sent twice, and the files of a
 * task's form: uploaded for a flow (`?flowId=…&field=…`) and downloaded by whoever may see the task.
 */

let t: TestApp;
let k: WorkflowKit;
beforeAll(async () => {
  t = await createTestApp();
  k = await workflowKit(t);
}, 60_000);
afterAll(async () => t?.close());

const two = () => [k.user('ym0002').id, k.user('ym0003').id];

describe('decisions at the same time', () => {
  it('two approvers of an any-node: exactly one advances, the other is told who handled it', async () => {
    const f = await k.flow(line(approverNode('ops', { kind: 'user', ids: two() }), approverNode('gm', { kind: 'user', ids: [k.user('ym0001').id] })));
    for (let round = 0; round < 3; round++) {
      const task = await k.launched('ym0005', f.id, k.leave(1));
      const [a, b] = [(await k.todoOf('ym0002', task.id))!, (await k.todoOf('ym0003', task.id))!];
      const answers = await Promise.all([k.decide('ym0002', 'audit', a), k.decide('ym0003', 'audit', b)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const lost = answers.find((r) => r.status === 409)!;
      const winner = answers[0]!.status === 200 ? 'ym0002' : 'ym0003';
      expect(lost).toMatchObject({ msg: `该审批已由${k.user(winner).realName}处理`, data: { userName: k.user(winner).realName, state: 'adopt' } });
      const seen = await k.detail('ym0005', f.id, task.id);
      expect(seen.data.records.filter((r: { action: string }) => r.action === 'adopt')).toHaveLength(1);
      expect(seen.data.nodes.find((n: { nodeId: string }) => n.nodeId === 'gm')).toMatchObject({ state: 'active', approvers: [{ state: 'pending' }] });
    }
  });

  it('two approvers of an all-node: both count and the next node gets its todos once', async () => {
    const f = await k.flow(line(approverNode('ops', { kind: 'user', ids: two() }, 'all'), approverNode('gm', { kind: 'user', ids: [k.user('ym0001').id] })));
    for (let round = 0; round < 3; round++) {
      const task = await k.launched('ym0005', f.id, k.leave(1));
      const [a, b] = [(await k.todoOf('ym0002', task.id))!, (await k.todoOf('ym0003', task.id))!];
      const answers = await Promise.all([k.decide('ym0002', 'audit', a), k.decide('ym0003', 'audit', b)]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      const seen = await k.detail('ym0005', f.id, task.id);
      expect(seen.data.nodes.find((n: { nodeId: string }) => n.nodeId === 'ops').approvers.map((x: { state: string }) => x.state)).toEqual(['adopt', 'adopt']);
      expect(seen.data.nodes.find((n: { nodeId: string }) => n.nodeId === 'gm').approvers).toHaveLength(1);
      expect((await k.messages('ym0001', 2, task.id))).toHaveLength(1);
    }
  });

  it('an approve and the launcher’s revoke at once: one of them wins, the task is decided once', async () => {
    const f = await k.flow(line(approverNode('ops', { kind: 'user', ids: [k.user('ym0002').id] })));
    const task = await k.launched('ym0005', f.id, k.leave(1));
    const todo = (await k.todoOf('ym0002', task.id))!;
    const answers = await Promise.all([k.decide('ym0002', 'audit', todo), k.req('ym0005', 'POST', k.p(workflowPaths.revoke, { taskId: task.id }))]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const status = (await k.detail('ym0005', f.id, task.id)).data.status;
    expect(status).toBe(answers[0]!.status === 200 ? 2 : 4);
  });
});

describe('a launch sent twice', () => {
  it('the same Idempotency-Key gives the first answer and one task; the same id with another key is 记录已存在', async () => {
    const f = await k.flow(line(approverNode('head', { kind: 'deptHead', ids: [] })));
    const id = ulid();
    const key = ulid();
    const [first, again] = await Promise.all([
      k.launch('ym0005', f.id, k.leave(1), { id }, { 'Idempotency-Key': key }),
      k.launch('ym0005', f.id, k.leave(1), { id }, { 'Idempotency-Key': key }),
    ]);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.data.id).toBe(id);
    expect((await k.list('ym0005', workflowPaths.launched, `flowId=${f.id}`)).list.map((r) => r.taskId)).toEqual([id]);
    expect((await k.messages('ym0004', 2, id))).toHaveLength(1);
    expect(await k.launch('ym0005', f.id, k.leave(1), { id }, { 'Idempotency-Key': ulid() })).toMatchObject({ status: 400, msg: '记录已存在' });
  });
});

describe('files of a task’s form', () => {
  it('upload for a flow’s field; the approver may download it, a stranger may not', async () => {
    const sample = ((await k.req('ym0005', 'GET', workflowPaths.launchable)).data.list as LaunchableFlow[]).find((x) => x.fullName === '样品申领')!;
    const file = multipart('报价单.txt', Buffer.from('样品报价'));
    const upload = (account: string, query: string) => k.token(account).then((tk) => call(t.app, { method: 'POST', url: `/api/file/Uploader/visualdevFile?${query}`, payload: file.payload, headers: { ...file.headers, ...authed(tk) } }));
    expect((await upload('ym0005', `flowId=${ulid()}&field=attachment`)).status).toBe(404);
    expect((await upload('ym0005', `flowId=${sample.id}&field=remark`)).status).toBe(400);
    const up = await upload('ym0005', `flowId=${sample.id}&field=attachment`);
    expect(up.status, JSON.stringify(up)).toBe(200);
    const departmentId = (await t.db.select({ d: users.departmentId }).from(users).where(eq(users.account, 'ym0005')))[0]!.d;
    const formData = {
      requestDate: '2026-11-29',
      applicant: k.user('ym0005').id,
      department: departmentId,
      purpose: 'display',
      items: [{ product: '乳胶床垫', category: 'mattress', qty: 1, price: 3999 }],
      attachment: [{ name: up.data.name, fileId: up.data.fileId, url: up.data.url, fileName: up.data.fileName }],
    };
    const task = await k.launched('ym0005', sample.id, formData);
    expect(task.formData).toMatchObject({ total: 3999, attachment: [{ fileId: up.data.fileId }] });
    const download = async (account: string) => (await t.app.inject({ method: 'GET', url: up.data.url, headers: authed(await k.token(account)) })).statusCode;
    expect(await download('ym0004')).toBe(200);
    expect(await download('ym0032')).toBe(404);
  });
});
