import type { HandledBy, LaunchBody } from '@/contracts/workflow';
import { httpSend } from '@/lib/sync/http-sender';
import type { SyncKind } from '@/lib/sync/kinds';
import type { SendResult } from '@/lib/sync/outbox';
import type { OutboxEntry, UserDb } from '@/lib/sync/user-db';
import { decisionLabel, launchLabel } from './declared';
import { taskLists } from './lists';
import { pulseLists } from './pulse';
import { notesOf, tasksOf, type DecisionAction } from './table';

/**
 * The workflow's queued writes (names stored with each entry: never rename them):
 * - `workflow.audit` / `workflow.reject`: a decision on a todo (entity `workflow.todo:<todoId>`),
 *   made online or offline. The todo leaves the list at once. When someone else handled it first
 *   the server answers 409 with who (HandledBy): that is an answer, not a failure to retry — the
 *   entry leaves the queue and the todo carries a note "已由…处理" until the user has read it;
 * - `workflow.launch`: a task launched here (entity `workflow.launched:<taskId>`, the id made on
 *   the device), shown in 我发起的 at once; the files of its form kept on the device are uploaded
 *   first (online development's kept files), then the launch.
 * Loaded when the queue first needs one of them: module.ts declares them (lazySyncKind) with their
 * labels (declared.ts) and the methods each has here.
 */

/** What a queued decision carries: the call's body, and (not sent) what names it on this device. */
export interface QueuedDecisionBody {
  opinion: string;
  formData?: Record<string, unknown>;
  meta: { todoId: string; taskId: string; flowId: string; title: string };
}

/** What a queued launch carries: the call's body, and (not sent) its title for the sync panel. */
export interface QueuedLaunchBody extends LaunchBody {
  meta: { title: string; flowName: string };
}

/** The answer a decision's send gives the queue when someone else was first. */
export interface HandledAnswer {
  handled: true;
  handledBy: HandledBy | null;
  message: string;
}

export const isHandledAnswer = (data: unknown): data is HandledAnswer => !!data && typeof data === 'object' && (data as HandledAnswer).handled === true;

const HTTP_CONFLICT = 409;

/** Sends a decision without its local names; a 409 (already handled) is the decision's final answer. */
export async function sendDecision(entry: OutboxEntry): Promise<SendResult> {
  const { meta: _meta, ...body } = entry.request.body as QueuedDecisionBody;
  const res = await httpSend({ ...entry, request: { ...entry.request, body } });
  if (!res.ok && res.code === HTTP_CONFLICT) {
    const by = res.data as Partial<HandledBy> | undefined;
    const handledBy = by && typeof by.userName === 'string' ? (by as HandledBy) : null;
    const answer: HandledAnswer = { handled: true, handledBy, message: res.message };
    return { ok: true, data: answer };
  }
  return res;
}

const metaOf = (entry: OutboxEntry) => (entry.request.body as Partial<QueuedDecisionBody> | undefined)?.meta;
const todoIdOf = (entry: OutboxEntry) => entry.entity.slice(`${taskLists.todo.def.key}:`.length);

/** The task's cached copy is asked again when next shown (it moved on). */
async function staleTask(db: UserDb, taskId: string | undefined) {
  if (taskId) await tasksOf(db).update(taskId, { fetchedAt: 0 });
}

function decisionKind(action: DecisionAction): SyncKind {
  return {
    label: (entry) => decisionLabel(action, entry),
    send: sendDecision,
    async applied(entry, data, db) {
      const meta = metaOf(entry);
      const todoId = todoIdOf(entry);
      await taskLists.todo.settle(db, todoId, null, entry.id);
      if (isHandledAnswer(data) && meta) {
        await notesOf(db).put({ todoId, taskId: meta.taskId, flowId: meta.flowId, title: meta.title, action, outcome: 'handled', handledBy: data.handledBy, message: data.message, at: Date.now() });
      } else {
        await notesOf(db).delete(todoId);
      }
      await staleTask(db, meta?.taskId);
      pulseLists(false);
    },
    async rejected(entry, db) {
      const meta = metaOf(entry);
      const todoId = todoIdOf(entry);
      // The todo is back in the list; the note says why (the sync panel keeps the write for retry or discard).
      await taskLists.todo.rollback(db, todoId, entry.id);
      if (meta) {
        await notesOf(db).put({ todoId, taskId: meta.taskId, flowId: meta.flowId, title: meta.title, action, outcome: 'refused', handledBy: null, message: entry.lastError?.message ?? '', at: Date.now() });
      }
      await staleTask(db, meta?.taskId);
    },
  };
}

/** The queue's send of a launch: the form's files kept here first (loaded then: online development's form code). */
async function sendLaunch(entry: OutboxEntry): Promise<SendResult> {
  return (await import('./send-launch')).sendLaunch(entry);
}

/** A launch is a create of a 我发起的 row: the list's own kind keeps its rows in step (a refused one stays, marked failed). */
function launchKind(): SyncKind {
  const create = taskLists.launched.syncKinds[`${taskLists.launched.def.key}.create`]!;
  return {
    ...create,
    label: launchLabel,
    send: sendLaunch,
    async applied(entry, data, db) {
      await create.applied?.(entry, data, db);
      pulseLists(false);
    },
  };
}

export const workflowSyncKinds: Record<string, SyncKind> = {
  'workflow.audit': decisionKind('audit'),
  'workflow.reject': decisionKind('reject'),
  'workflow.launch': launchKind(),
};
