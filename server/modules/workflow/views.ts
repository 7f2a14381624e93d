import type { Paged } from '../../../src/contracts/common';
import {
  FlowStatus,
  urgencyOf,
  walkFrom,
  workflowMessages,
  type FlowRecord,
  type FlowStatusCode,
  type RecordAction,
  type TaskDetail,
  type TaskListQuery,
  type TaskNode,
  type TaskRow,
  type TodoDecision,
  type TodoState,
} from '../../../src/contracts/workflow';
import { notFound } from '../../lib/errors';
import type { FlowRepo, FlowVersionRecord } from './flow-repo';
import type { ListItem, ListKind, ListRepo } from './list-repo';
import type { TaskRecord, TaskRepo } from './task-repo';
import type { Actor } from './engine';

/**
 * What the screens read: the lists (launched, todo, done, circulated, monitor) as TaskRow pages,
 * and one task (spec 7.7 FlowTask) for those who may see it: its launcher, whoever holds or held a
 * todo of it, its circulation receivers and administrators; anyone else gets 404, as if missing.
 */
export function taskViews(d: { flows: FlowRepo; tasks: TaskRepo; lists: ListRepo }) {
  const nodeName = (v: FlowVersionRecord | null, id: string | null) => (v && id ? (v.definition.graph.nodes.find((n) => n.id === id)?.name ?? null) : null);

  async function row(kind: ListKind, item: ListItem): Promise<TaskRow> {
    const t = item.task;
    const v = t.status === FlowStatus.wait ? await d.flows.versionById(t.flowVersionId) : null;
    const out: TaskRow = {
      id: item.todo?.id ?? item.circulate?.id ?? t.id,
      taskId: t.id,
      flowId: t.flowId,
      flowName: item.flowName,
      fullName: t.fullName,
      urgent: urgencyOf(t.urgent),
      status: t.status as FlowStatusCode,
      launcherId: t.launcherId,
      launcherName: item.launcherName,
      creatorTime: t.createdAt.toISOString(),
      completedTime: t.completedAt?.toISOString() ?? null,
      currentNodeName: nodeName(v, t.currentNodeId),
      version: t.version,
    };
    if (item.todo) {
      out.nodeName = item.todo.nodeName;
      out.time = (kind === 'done' ? (item.todo.handledAt ?? item.todo.createdAt) : item.todo.createdAt).toISOString();
      if (kind === 'done') {
        out.decision = item.todo.state as TodoDecision;
        out.opinion = item.todo.opinion;
      }
    }
    if (item.circulate) {
      out.nodeName = item.circulate.nodeName;
      out.time = item.circulate.createdAt.toISOString();
    }
    return out;
  }

  /** May the user see the task? */
  async function mayRead(actor: Actor, t: TaskRecord) {
    return actor.isAdministrator || t.launcherId === actor.userId || (await d.tasks.involved(t.id, actor.userId));
  }

  return {
    async list(kind: ListKind, actor: Actor, q: TaskListQuery): Promise<Paged<TaskRow>> {
      const { items, total } = await d.lists.page(kind, actor.userId, q);
      const list: TaskRow[] = [];
      for (const item of items) list.push(await row(kind, item));
      return { list, pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total } };
    },
    mayRead,
    async flowIdOf(taskId: string): Promise<string | null> {
      return (await d.tasks.task(taskId))?.flowId ?? null;
    },
    /** GET FlowTask/{flowId}/{taskId} (spec 7.7). */
    async detail(actor: Actor, flowId: string, taskId: string): Promise<TaskDetail> {
      const item = await d.lists.item(taskId);
      const t = item?.task;
      if (!item || !t || t.flowId !== flowId || !(await mayRead(actor, t))) throw notFound(workflowMessages.taskNotFound);
      const v = await d.flows.versionById(t.flowVersionId);
      if (!v) throw notFound(workflowMessages.taskNotFound);
      const [todos, history] = await Promise.all([d.tasks.todosOf(t.id), d.tasks.recordsOf(t.id)]);
      const byId = new Map(v.definition.graph.nodes.map((n) => [n.id, n]));
      const circulated = history.filter((r) => r.action === 'circulate').flatMap((r) => (r.target ?? '').split(',').filter(Boolean));
      const names = await d.tasks.userNames([...todos.map((x) => x.userId), ...history.map((r) => r.userId ?? ''), ...history.filter((r) => r.action === 'transfer').map((r) => r.target ?? ''), ...circulated]);
      const nameOf = (id: string | null) => (id ? (names.get(id) ?? '') : '');
      const waiting = t.status === FlowStatus.wait;

      const nodes: TaskNode[] = t.path
        .map((id) => byId.get(id))
        .filter((n) => !!n)
        .map((n) => {
          const own = todos.filter((x) => x.nodeId === n.id);
          const rejected = own.some((x) => x.state === 'reject');
          const state: TaskNode['state'] = rejected ? 'rejected' : waiting && n.id === t.currentNodeId ? 'active' : 'done';
          return {
            nodeId: n.id,
            name: n.name,
            type: n.type,
            state,
            ...(n.type === 'approver' ? { mode: n.mode } : {}),
            approvers: own.map((x) => ({ userId: x.userId, userName: nameOf(x.userId), state: x.state as TodoState, opinion: x.opinion, time: x.handledAt?.toISOString() ?? null })),
          };
        });
      // What is still to come, as the data leads now.
      if (waiting && t.currentNodeId) {
        let at = t.currentNodeId;
        for (let i = 0; i < v.definition.graph.nodes.length; i++) {
          const walk = walkFrom(v.definition.graph, at, t.formData);
          for (const n of walk.passed) nodes.push({ nodeId: n.id, name: n.name, type: n.type, state: 'waiting', ...(n.type === 'approver' ? { mode: n.mode } : {}), approvers: [] });
          if (walk.stop.type === 'end') break;
          at = walk.stop.id;
        }
      }

      const records: FlowRecord[] = history.map((r) => ({
        id: r.id,
        nodeId: r.nodeId,
        nodeName: r.nodeName,
        action: r.action as RecordAction,
        userId: r.userId,
        userName: r.userId ? nameOf(r.userId) : '系统',
        opinion: r.opinion,
        ...(r.action === 'transfer' && r.target ? { target: nameOf(r.target) } : {}),
        ...(r.action === 'circulate' ? { target: (r.target ?? '').split(',').filter(Boolean).map(nameOf).join('、') } : {}),
        time: r.createdAt.toISOString(),
      }));
      const mine = waiting ? todos.find((x) => x.userId === actor.userId && x.state === 'pending') : undefined;
      const node = mine ? byId.get(mine.nodeId) : undefined;
      return {
        id: t.id,
        flowId: t.flowId,
        flowName: item.flowName,
        flowVersion: v.version,
        fullName: t.fullName,
        urgent: urgencyOf(t.urgent),
        status: t.status as FlowStatusCode,
        launcherId: t.launcherId,
        launcherName: item.launcherName,
        creatorTime: t.createdAt.toISOString(),
        completedTime: t.completedAt?.toISOString() ?? null,
        form: v.form,
        formData: t.formData,
        nodes,
        records,
        can: { audit: !!mine, reject: !!mine, transfer: !!mine, revoke: waiting && t.launcherId === actor.userId, cancel: waiting && actor.isAdministrator },
        todoId: mine?.id ?? null,
        editableFields: node?.editableFields ?? [],
        version: t.version,
      };
    },
    /** Downloads: a stored file held by the form data of a task the user may see. */
    async mayDownload(userId: string, name: string): Promise<boolean> {
      const holding = await d.tasks.tasksHoldingFile(name);
      if (!holding.length) return false;
      const actor = { userId, isAdministrator: await d.tasks.isAdministrator(userId) };
      for (const t of holding) if (await mayRead(actor, t)) return true;
      return false;
    },
  };
}
export type TaskViews = ReturnType<typeof taskViews>;
