import { Code } from '../../../src/contracts/codes';
import { MessageType } from '../../../src/contracts/message-values';
import {
  FlowStatus,
  walkFrom,
  workflowMessages,
  type AuditBody,
  type FlowMessageBody,
  type FlowNode,
  type HandledBy,
  type LaunchBody,
  type RejectBody,
  type TransferBody,
} from '../../../src/contracts/workflow';
import type { Db } from '../../db/client';
import { ApiError, badRequest, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { insertOnce } from '../../lib/records';
import type { AuthContext } from '../../plugins/auth';
import type { MessageServices } from '../message/public';
import type { OnlineFormServices } from '../online-dev/public';
import type { FlowRepo, FlowVersionRecord } from './flow-repo';
import type { TaskRecord, TaskRepo, TodoRecord } from './task-repo';

export type Actor = Pick<AuthContext, 'userId' | 'isAdministrator'>;

export interface EngineDeps {
  db: Db;
  flows: FlowRepo;
  tasks: TaskRepo;
  forms: Pick<OnlineFormServices, 'checkData'>;
  messages: Pick<MessageServices, 'sendSystemMessage'>;
}

/** The messages' titles (stored as sent, in the spec's Chinese). */
const TITLES = {
  todo: '{launcher}提交的{flow}待您审批',
  circulate: '{launcher}的{flow}抄送给您',
  2: '您的{flow}已通过',
  3: '您的{flow}已被拒绝',
  5: '您的{flow}已被终止',
  withOpinion: '{title}：{opinion}',
} as const;
const TITLE_MAX = 100;
const titleOf = (template: string, params: Record<string, string>) => {
  const s = template.replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? '');
  return s.length > TITLE_MAX ? `${s.slice(0, TITLE_MAX - 1)}…` : s;
};

/**
 * The engine (issue 21): launch, the walk to the next approver node (circulations on the way, the
 * end), todos and their messages, and the decisions. Every change of a task runs in one
 * transaction that first locks the task's row (`select … for update`), so decisions on one task
 * happen one after the other: the second approver of an any-node finds their todo void (409 with
 * who handled it), the approvers of an all-node all count and the next node is reached once.
 */
export function flowEngine(d: EngineDeps) {
  const { tasks, flows } = d;

  async function versionOf(task: TaskRecord): Promise<FlowVersionRecord> {
    const v = await flows.versionById(task.flowVersionId);
    if (!v) throw notFound(workflowMessages.flowNotFound);
    return v;
  }
  const nodeOf = (v: FlowVersionRecord, id: string) => v.definition.graph.nodes.find((n) => n.id === id);
  const flowNameOf = (task: TaskRecord) => task.fullName.split(' - ')[0] ?? task.fullName;

  async function send(type: 2 | 3 | 4, to: string[], title: string, body: FlowMessageBody, actorId: string) {
    await d.messages.sendSystemMessage({ type: MessageType[type === 2 ? 'flowTodo' : type === 3 ? 'flowCirculate' : 'flowLaunch'], toUserIds: to, title, body: { ...body }, creatorUserId: actorId });
  }

  /** Who decides an approver node of this task (nobody found: the administrators). */
  async function approversOf(node: FlowNode, task: TaskRecord): Promise<string[]> {
    const a = node.approvers;
    let ids: string[] = [];
    if (a?.kind === 'user') ids = await tasks.enabledUsers(a.ids);
    else if (a?.kind === 'role') ids = await tasks.usersOfRoles(a.ids);
    else if (a?.kind === 'position') ids = await tasks.usersOfPositions(a.ids);
    else if (a?.kind === 'deptHead') ids = [(await tasks.departmentHead(task.launcherId)) ?? ''].filter(Boolean);
    else if (a?.kind === 'launcherChoice') {
      const chosen = task.chosenApprovers[node.id] ?? [];
      if (!chosen.length) throw badRequest(workflowMessages.chooseApprover);
      ids = await tasks.enabledUsers(chosen);
    }
    return ids.length ? [...new Set(ids)] : tasks.administrators();
  }
  async function receiversOf(node: FlowNode): Promise<string[]> {
    const r = node.receivers;
    if (r?.kind === 'user') return tasks.enabledUsers(r.ids);
    if (r?.kind === 'role') return tasks.usersOfRoles(r.ids);
    if (r?.kind === 'position') return tasks.usersOfPositions(r.ids);
    return [];
  }

  /**
   * Moves the task on from node `fromId` (the start, or an approver node just completed): the
   * circulations passed, then todos at the next approver node, or the end (adopted).
   */
  async function advance(task: TaskRecord, v: FlowVersionRecord, fromId: string, actorId: string, launcherName: string) {
    const walk = walkFrom(v.definition.graph, fromId, task.formData);
    const base = { flowId: task.flowId, taskId: task.id };
    const flowName = flowNameOf(task);
    for (const c of walk.circulated) {
      const fresh = await tasks.circulate(task, c.id, c.name, await receiversOf(c));
      await tasks.record({ taskId: task.id, nodeId: c.id, nodeName: c.name, action: 'circulate', userId: null, target: fresh.join(',') });
      await send(3, fresh, titleOf(TITLES.circulate, { launcher: launcherName, flow: flowName }), { type: 3, ...base }, actorId);
    }
    const path = [...task.path, ...walk.passed.map((n) => n.id)];
    const stop = walk.stop;
    if (stop.type === 'end') {
      await tasks.updateTask(task.id, { status: FlowStatus.adopt, currentNodeId: null, path, completedAt: new Date() });
      await tasks.record({ taskId: task.id, nodeId: stop.id, nodeName: stop.name, action: 'end', userId: null });
      await send(4, [task.launcherId], titleOf(TITLES[2], { flow: flowName }), { type: 4, ...base, status: FlowStatus.adopt }, actorId);
      return;
    }
    const approvers = await approversOf(stop, task);
    const todos = await tasks.insertTodos(task, approvers.map((userId) => ({ nodeId: stop.id, nodeName: stop.name, userId })));
    await tasks.updateTask(task.id, { currentNodeId: stop.id, path });
    for (const t of todos) await send(2, [t.userId], titleOf(TITLES.todo, { launcher: launcherName, flow: flowName }), { type: 2, ...base, todoId: t.id }, actorId);
  }

  /** Who handled a todo that is no longer pending (the 409's name). */
  async function handledBy(todo: TodoRecord, task: TaskRecord): Promise<HandledBy> {
    let userId = todo.userId;
    let state = todo.state as HandledBy['state'];
    let time = todo.handledAt;
    if (todo.state === 'void') {
      const decider = (await tasks.todosOf(task.id)).find((t) => t.nodeId === todo.nodeId && (t.state === 'adopt' || t.state === 'reject'));
      const ender = [...(await tasks.recordsOf(task.id))].reverse().find((r) => r.action === 'reject' || r.action === 'revoke' || r.action === 'cancel');
      if (decider) {
        userId = decider.userId;
        state = decider.state as HandledBy['state'];
        time = decider.handledAt;
      } else if (ender?.userId) {
        userId = ender.userId;
        time = ender.createdAt;
      }
    }
    const names = await tasks.userNames([userId]);
    return { userName: names.get(userId) ?? '', state, time: time?.toISOString() ?? null };
  }
  const conflictOf = (h: HandledBy) => new ApiError(Code.CONFLICT, 409, workflowMessages.alreadyHandled, { name: h.userName }, h);
  const closed = (task: TaskRecord) => new ApiError(Code.CONFLICT, 409, workflowMessages.alreadyClosed, {}, { status: task.status });

  /**
   * A decision on the caller's todo, in one transaction with the task locked: 404 unknown todo,
   * 403 someone else's, 409 no longer pending (with who handled it).
   */
  async function onTodo<T>(actor: Actor, todoId: string, run: (todo: TodoRecord, task: TaskRecord, v: FlowVersionRecord, node: FlowNode) => Promise<T>): Promise<T> {
    return d.db.transaction(async () => {
      const first = await tasks.todo(todoId);
      if (!first) throw notFound(workflowMessages.taskNotFound);
      if (first.userId !== actor.userId) throw forbidden(workflowMessages.notYours);
      const task = await tasks.lockTask(first.taskId);
      if (!task) throw notFound(workflowMessages.taskNotFound);
      const todo = (await tasks.todo(todoId))!;
      if (todo.state !== 'pending') throw conflictOf(await handledBy(todo, task));
      if (task.status !== FlowStatus.wait) throw closed(task);
      const v = await versionOf(task);
      const node = nodeOf(v, todo.nodeId);
      if (!node) throw notFound(workflowMessages.taskNotFound);
      return run(todo, task, v, node);
    });
  }
  const launcherNameOf = async (task: TaskRecord) => (await tasks.userNames([task.launcherId])).get(task.launcherId) ?? '';

  /** The task ends (rejected, revoked, cancelled): pending todos void, the launcher told (but of their own revoke). */
  async function finish(task: TaskRecord, status: 3 | 4 | 5, actorId: string, opinion: string) {
    await tasks.voidPending(task.id);
    await tasks.updateTask(task.id, { status, currentNodeId: null, completedAt: new Date() });
    if (status !== FlowStatus.revoke) {
      const title = titleOf(TITLES[status], { flow: flowNameOf(task) });
      await send(4, [task.launcherId], opinion ? titleOf(TITLES.withOpinion, { title, opinion }) : title, { type: 4, flowId: task.flowId, taskId: task.id, status }, actorId);
    }
  }

  return {
    versionOf,
    nodeOf,
    /** POST FlowTask: checks the form data against the released form and starts the walk. */
    async launch(actor: Actor, body: LaunchBody & { urgent: number; approvers: Record<string, string[]> }): Promise<string> {
      const flow = await flows.byId(body.flowId);
      const v = flow && flow.publishedVersion > 0 ? await flows.latestVersion(flow.id) : null;
      if (!flow || !v) throw notFound(workflowMessages.flowNotFound);
      const id = body.id ?? newId();
      if (await tasks.task(id)) throw badRequest('记录已存在');
      const formData = await d.forms.checkData(v.form, body.formData, actor.userId, null);
      // The launcher's choices: only for the flow's launcherChoice nodes, of enabled users.
      const chosen: Record<string, string[]> = {};
      for (const n of v.definition.graph.nodes) {
        if (n.type !== 'approver' || n.approvers?.kind !== 'launcherChoice') continue;
        const ids = await tasks.enabledUsers([...new Set(body.approvers[n.id] ?? [])]);
        if (ids.length) chosen[n.id] = ids;
      }
      // Those the walk reaches with the data as it is must be chosen now.
      const start = v.definition.graph.nodes.find((n) => n.type === 'start');
      if (!start) throw notFound(workflowMessages.flowNotFound);
      let at = start.id;
      for (let i = 0; i <= v.definition.graph.nodes.length; i++) {
        const stop = walkFrom(v.definition.graph, at, formData).stop;
        if (stop.type === 'end') break;
        if (stop.approvers?.kind === 'launcherChoice' && !chosen[stop.id]) throw badRequest(workflowMessages.chooseApprover);
        at = stop.id;
      }
      const names = await tasks.userNames([actor.userId]);
      const launcherName = names.get(actor.userId) ?? '';
      const fullName = `${flow.fullName} - ${launcherName}`;
      return d.db.transaction(async () => {
        await insertOnce(() =>
          tasks.insertTask({
            id,
            flowId: flow.id,
            flowVersionId: v.id,
            fullName,
            urgent: body.urgent,
            status: FlowStatus.wait,
            launcherId: actor.userId,
            formData,
            chosenApprovers: chosen,
            path: [start.id],
            searchText: `${fullName} ${flow.fullName}`.toLowerCase(),
          }),
        );
        const task = (await tasks.lockTask(id))!;
        await tasks.record({ taskId: id, nodeId: start.id, nodeName: start.name, action: 'launch', userId: actor.userId });
        await advance(task, v, start.id, actor.userId, launcherName);
        return id;
      });
    },

    /** Approve (adopt): the node's editable fields may change; an any-node completes, an all-node when every todo is adopted. */
    async audit(actor: Actor, todoId: string, body: AuditBody & { opinion: string }) {
      return onTodo(actor, todoId, async (todo, task, v, node) => {
        let formData = task.formData;
        const editable = new Set(node.editableFields ?? []);
        if (body.formData && editable.size) {
          const changes = Object.fromEntries(Object.entries(body.formData).filter(([k]) => editable.has(k)));
          if (Object.keys(changes).length) {
            const before = { data: task.formData, creatorUserId: task.launcherId, createdAt: task.createdAt, organizeId: null };
            formData = await d.forms.checkData(v.form, { ...task.formData, ...changes }, actor.userId, before);
            await tasks.updateTask(task.id, { formData });
          }
        }
        await tasks.decide(todo.id, 'adopt', body.opinion);
        await tasks.record({ taskId: task.id, nodeId: node.id, nodeName: node.name, action: 'adopt', userId: actor.userId, opinion: body.opinion });
        if (node.mode === 'all' && (await tasks.pendingAt(task.id, node.id)).length) {
          await tasks.updateTask(task.id, {});
          return task.id;
        }
        await tasks.voidPending(task.id, node.id);
        await advance({ ...task, formData }, v, node.id, actor.userId, await launcherNameOf(task));
        return task.id;
      });
    },
    /** Reject: the task ends rejected (status 3), back to the launcher with the opinion. */
    async reject(actor: Actor, todoId: string, body: RejectBody & { opinion: string }) {
      return onTodo(actor, todoId, async (todo, task, _v, node) => {
        await tasks.decide(todo.id, 'reject', body.opinion);
        await tasks.record({ taskId: task.id, nodeId: node.id, nodeName: node.name, action: 'reject', userId: actor.userId, opinion: body.opinion });
        await finish(task, FlowStatus.reject, actor.userId, body.opinion);
        return task.id;
      });
    },
    /** Transfer: the todo goes to another enabled user (a new todo at the same node, message type 2). */
    async transfer(actor: Actor, todoId: string, body: TransferBody & { opinion: string }) {
      return onTodo(actor, todoId, async (todo, task, _v, node) => {
        if (body.userId === actor.userId) throw badRequest('不能转办给自己');
        if (!(await tasks.enabledUsers([body.userId])).length) throw badRequest('转办人员不存在或已禁用');
        if ((await tasks.pendingAt(task.id, node.id)).some((t) => t.userId === body.userId)) throw badRequest('该人员已是当前审批人');
        await tasks.decide(todo.id, 'transfer', body.opinion);
        const [next] = await tasks.insertTodos(task, [{ nodeId: node.id, nodeName: node.name, userId: body.userId, fromTodoId: todo.id }]);
        await tasks.record({ taskId: task.id, nodeId: node.id, nodeName: node.name, action: 'transfer', userId: actor.userId, opinion: body.opinion, target: body.userId });
        await tasks.updateTask(task.id, {});
        await send(2, [body.userId], titleOf(TITLES.todo, { launcher: await launcherNameOf(task), flow: flowNameOf(task) }), { type: 2, flowId: task.flowId, taskId: task.id, todoId: next!.id }, actor.userId);
        return task.id;
      });
    },
    /** Revoke (status 4) by the launcher, or cancel (status 5) by an administrator, while the task waits. */
    async close(actor: Actor, taskId: string, status: typeof FlowStatus.revoke | typeof FlowStatus.cancel, opinion = '') {
      return d.db.transaction(async () => {
        const task = await tasks.lockTask(taskId);
        if (!task) throw notFound(workflowMessages.taskNotFound);
        if (status === FlowStatus.revoke && task.launcherId !== actor.userId) throw forbidden('您没有此操作的权限');
        if (task.status !== FlowStatus.wait) throw closed(task);
        const v = await versionOf(task);
        const node = task.currentNodeId ? nodeOf(v, task.currentNodeId) : undefined;
        await tasks.record({ taskId, nodeId: node?.id ?? '', nodeName: node?.name ?? '', action: status === FlowStatus.revoke ? 'revoke' : 'cancel', userId: actor.userId, opinion });
        await finish(task, status, actor.userId, opinion);
        return taskId;
      });
    },
  };
}
export type FlowEngine = ReturnType<typeof flowEngine>;
