import { t } from '@lingui/core/macro';
import { MessageType } from '@/contracts/message-values';
import type { MessageRow } from '@/contracts/message';
import type { TaskRow } from '@/contracts/workflow';
import { WORKFLOW_MENUS } from '@/contracts/workflow-paths';
import type { MenuRoute } from '@/lib/menu-routes';
import { network } from '@/lib/network';
import { currentUserDb } from '@/lib/sync/engine';
import { answerKey, type CachedAnswer } from '@/lib/sync/remote-list';
import { session } from '@/modules/auth/public';
import { isFlowMessage } from './declared';
import { taskLists } from './lists';
import { pulseLists } from './pulse';
import { tasksOf } from './table';
import { FIRST_TASK_PAGE } from './warm';

/**
 * What arrives from outside: a workflow message pushed over the websocket (a todo, a circulation,
 * news of a task the user launched) makes the open lists ask again and the named task's copy stale;
 * after a time offline the todo list's first page is asked again and the catch-up notice says how
 * many todos arrived meanwhile. Loaded when the first workflow message arrives or the first
 * catch-up runs (module.ts).
 */

/** The task a workflow message names (its JSON body, FlowMessageBody), if any. */
export function taskOfMessage(row: Pick<MessageRow, 'bodyText'>): string | null {
  try {
    const body = JSON.parse(row.bodyText) as { taskId?: unknown };
    return typeof body?.taskId === 'string' && body.taskId ? body.taskId : null;
  } catch {
    return null;
  }
}

/** The websocket's messagePush, as the workflow sees it. */
export async function onFlowMessage(row: MessageRow) {
  if (!isFlowMessage(row)) return;
  const taskId = taskOfMessage(row);
  const db = currentUserDb();
  if (db && taskId) await tasksOf(db).update(taskId, { fetchedAt: 0 });
  pulseLists(row.type === MessageType.flowTodo);
}

const granted = (urlAddress: string) => ((session.routes ?? []) as MenuRoute[]).some((r) => r.urlAddress.replace(/^\/+/, '') === urlAddress);

/** After a time offline: page 1 of the todos again; a line when new ones arrived. */
export async function catchUpWorkflow(): Promise<string | null> {
  const db = currentUserDb();
  if (!db || !network.online || !granted(WORKFLOW_MENUS.todo.urlAddress)) return null;
  const before = (await db.kv.get(answerKey(taskLists.todo.def.key, FIRST_TASK_PAGE)))?.value as CachedAnswer<TaskRow> | undefined;
  const known = new Set((before?.list ?? []).map((r) => r.id));
  const answer = await taskLists.todo.fetch(FIRST_TASK_PAGE, db, { background: true });
  pulseLists(true);
  const fresh = before ? answer.list.filter((r) => !known.has(r.id)).length : 0;
  return fresh ? t`${fresh} 条新的待办审批` : null;
}
