import { ulid } from 'ulid';
import { fillPath } from '@/contracts/api-path';
import type { LaunchableFlow, TaskDetail, TaskRow } from '@/contracts/workflow';
import { OPINION_MAX, workflowPaths, type UrgencyCode } from '@/contracts/workflow-paths';
import { ANSWER_WAIT_MS } from '@/components/queued-feedback';
import { request } from '@/lib/http';
import { currentUserDb, queueWrite } from '@/lib/sync/engine';
import { discardEntry } from '@/lib/sync/outbox';
import { watchOutcome } from '@/lib/sync/outcome';
import { session } from '@/modules/auth/public';
import type { QueuedDecisionBody, QueuedLaunchBody } from './kinds';
import { taskLists } from './lists';
import { pulseLists } from './pulse';
import { fetchTask } from './task-cache';
import { notesOf, tasksOf, type DecisionAction, type DecisionNote } from './table';

/**
 * What the task view and the launch dialog do. Decisions (同意 / 拒绝) and launches go through the
 * sync queue (made offline too); 转办, 撤回 and 终止 are asked of the server directly (online only:
 * they change who may act, which the device cannot know offline).
 */

/** The opinion's check (spec 5.1): at most OPINION_MAX characters once trimmed, as the server counts. */
export const opinionTooLong = (opinion: string) => [...opinion.trim()].length > OPINION_MAX;

/** The todo a decision is about, and what names it on this device. */
export interface DecisionTarget {
  todoId: string;
  taskId: string;
  flowId: string;
  title: string;
}

export type DecisionResult =
  /** The server took it. */
  | { state: 'sent' }
  /** Someone else handled the todo first: who, when known. */
  | { state: 'handled'; note: DecisionNote | null }
  /** The server refused it (not yours any more, the task ended …): its words. */
  | { state: 'refused'; message: string }
  /** Waiting on this device (offline, or the answer is slow). */
  | { state: 'waiting' };

/** Queues a decision: the todo leaves the list at once (待同步 until the server has it). */
export async function queueDecision(target: DecisionTarget, action: DecisionAction, opinion: string, formData?: Record<string, unknown>) {
  const body: QueuedDecisionBody = { opinion: opinion.trim(), ...(formData && action === 'audit' ? { formData } : {}), meta: { ...target } };
  return queueWrite(
    {
      entity: `${taskLists.todo.def.key}:${target.todoId}`,
      kind: action === 'audit' ? 'workflow.audit' : 'workflow.reject',
      request: { method: 'POST', url: fillPath(action === 'audit' ? workflowPaths.audit : workflowPaths.reject, { todoId: target.todoId }), body },
    },
    async (db) => {
      await taskLists.todo.overlay(db, target.todoId, { deleted: true });
      await notesOf(db).delete(target.todoId);
    },
    (db) => [notesOf(db)],
  );
}

/** Decides a todo and waits briefly for the server's answer (online); offline it waits on the device. */
export async function decide(target: DecisionTarget, action: DecisionAction, opinion: string, formData?: Record<string, unknown>): Promise<DecisionResult> {
  const entry = await queueDecision(target, action, opinion, formData);
  const db = currentUserDb();
  if (!db) return { state: 'waiting' };
  const outcome = await watchOutcome(db, entry, ANSWER_WAIT_MS);
  if (outcome.state === 'sent') {
    const note = (await notesOf(db).get(target.todoId)) ?? null;
    return note?.outcome === 'handled' ? { state: 'handled', note } : { state: 'sent' };
  }
  if (outcome.state === 'refused') {
    // Told here at once (the todo is back in the list): not left in the sync panel too.
    await discardEntry(db, entry.id).catch(() => undefined);
    await notesOf(db).delete(target.todoId);
    return { state: 'refused', message: outcome.message };
  }
  return { state: 'waiting' };
}

/** The user has read the note of a decision that did not go through. */
export async function dismissNote(todoId: string) {
  const db = currentUserDb();
  if (db) await notesOf(db).delete(todoId);
}

/** A row of 我发起的 for a task launched here, shown until the server's list has it. */
export function launchedRow(id: string, flow: Pick<LaunchableFlow, 'id' | 'fullName'>, urgent: UrgencyCode, now = new Date()): TaskRow {
  const me = session.userInfo;
  const launcherName = me?.userName ?? '';
  return {
    id,
    taskId: id,
    flowId: flow.id,
    flowName: flow.fullName,
    fullName: launcherName ? `${flow.fullName} - ${launcherName}` : flow.fullName,
    urgent,
    status: 1,
    launcherId: me?.userId ?? '',
    launcherName,
    creatorTime: now.toISOString(),
    completedTime: null,
    currentNodeName: null,
    version: 0,
  };
}

export interface LaunchInput {
  urgent: UrgencyCode;
  formData: Record<string, unknown>;
  /** Approvers chosen for the flow's `choices` nodes: node id → user ids. */
  approvers: Record<string, string[]>;
}

/** Queues a launch with an id made here: shown in 我发起的 at once, sent (its files first) when the queue replays. */
export async function queueLaunch(flow: LaunchableFlow, input: LaunchInput): Promise<string> {
  const id = ulid();
  const row = launchedRow(id, flow, input.urgent);
  const body: QueuedLaunchBody = { id, flowId: flow.id, urgent: input.urgent, formData: input.formData, approvers: input.approvers, meta: { title: row.fullName, flowName: flow.fullName } };
  await queueWrite(
    { entity: `${taskLists.launched.def.key}:${id}`, kind: 'workflow.launch', request: { method: 'POST', url: workflowPaths.launch, body } },
    (db) => taskLists.launched.overlay(db, id, { row }),
  );
  return id;
}

/** After a direct action: the task and the lists are asked again. */
async function refreshAfter(task: Pick<TaskDetail, 'id' | 'flowId'>) {
  const db = currentUserDb();
  if (db) await tasksOf(db).update(task.id, { fetchedAt: 0 });
  pulseLists(true);
  await fetchTask(task.flowId, task.id).catch(() => undefined);
}

/** 转办: the todo goes to another approver. */
export async function transferTodo(task: Pick<TaskDetail, 'id' | 'flowId'>, todoId: string, userId: string, opinion: string) {
  await request('POST', fillPath(workflowPaths.transfer, { todoId }), { userId, opinion: opinion.trim() }, { silent: true });
  const db = currentUserDb();
  if (db) await taskLists.todo.settle(db, todoId, null);
  await refreshAfter(task);
}

/** 撤回: the launcher takes back an unfinished task (status 4). */
export async function revokeTask(task: Pick<TaskDetail, 'id' | 'flowId'>) {
  await request('POST', fillPath(workflowPaths.revoke, { taskId: task.id }), {}, { silent: true });
  await refreshAfter(task);
}

/** 终止: an administrator cancels an unfinished task (status 5). */
export async function cancelTask(task: Pick<TaskDetail, 'id' | 'flowId'>) {
  await request('POST', fillPath(workflowPaths.cancel, { taskId: task.id }), {}, { silent: true });
  await refreshAfter(task);
}
