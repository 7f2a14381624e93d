import { WORKFLOW_MENUS } from '@/contracts/workflow-paths';
import type { TaskRow } from '@/contracts/workflow';
import { answerKey, type CachedAnswer } from '@/lib/sync/remote-list';
import type { UserDb } from '@/lib/sync/user-db';
import { FIRST_PAGE, warmDataset, warmListPage, type WarmEntry, type WarmTarget } from '@/lib/sync/warm';
import { launchableData } from './data';
import { taskLists, type TaskQuery } from './lists';
import { fetchTask, staleTasks } from './task-cache';

/** The first page of a task list exactly as its page first asks it (no keyword, no filters, the default size). */
export const FIRST_TASK_PAGE: TaskQuery = { ...FIRST_PAGE };

/** The rows of the todo list's first page as this device holds them. */
async function firstTodoRows(db: UserDb): Promise<TaskRow[]> {
  const answer = (await db.kv.get(answerKey(taskLists.todo.def.key, FIRST_TASK_PAGE)))?.value as CachedAnswer<TaskRow> | undefined;
  return answer?.list ?? [];
}

/** The tasks of the first page of todos, each fetched when missing or stale: a todo opens and is decided offline. */
export const todoTasksTarget: WarmTarget = {
  key: 'wf:todo-tasks',
  async stale(db) {
    return (await staleTasks(db, await firstTodoRows(db))).length > 0;
  },
  async fill(db) {
    for (const row of await staleTasks(db, await firstTodoRows(db))) {
      // One refused task (revoked meanwhile) does not stop the others; the network gone does.
      await fetchTask(row.flowId, row.taskId, db, { priority: 'low', background: true }).catch((e: unknown) => {
        if (e instanceof Error && e.name === 'NetworkError') throw e;
      });
    }
  },
};

/**
 * The cache warm-up of the workflow: for those granted 待办事宜, its first page and each of those
 * todos' tasks; for 我发起的, the flows they may launch (with their forms) and its first page; the
 * first pages of 已办事宜, 抄送事宜 and 流程监控 for theirs.
 */
export function workflowWarm(): WarmEntry[] {
  return [
    { pages: [WORKFLOW_MENUS.todo.urlAddress], targets: [warmListPage(taskLists.todo, FIRST_TASK_PAGE), todoTasksTarget] },
    { pages: [WORKFLOW_MENUS.launch.urlAddress], targets: [warmDataset(launchableData), warmListPage(taskLists.launched, FIRST_TASK_PAGE)] },
    { pages: [WORKFLOW_MENUS.done.urlAddress], targets: [warmListPage(taskLists.done, FIRST_TASK_PAGE)] },
    { pages: [WORKFLOW_MENUS.circulate.urlAddress], targets: [warmListPage(taskLists.circulated, FIRST_TASK_PAGE)] },
    { pages: [WORKFLOW_MENUS.monitor.urlAddress], targets: [warmListPage(taskLists.monitor, FIRST_TASK_PAGE)] },
  ];
}
