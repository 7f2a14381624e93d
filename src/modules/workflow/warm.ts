import type { TaskRow } from '@/contracts/workflow';
import { answerKey, type CachedAnswer } from '@/lib/sync/remote-list';
import type { UserDb } from '@/lib/sync/user-db';
import { FIRST_PAGE, warmDataset, warmListPage, type WarmTarget } from '@/lib/sync/warm';
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
 * The cache warm-up's targets of the workflow, by name: module.ts says who is granted which (those
 * granted 待办事宜: its first page and each of those todos' tasks; 我发起的: the flows they may
 * launch, with their forms, and its first page; 已办事宜, 抄送事宜 and 流程监控: their first pages)
 * and loads this file when the warm-up first asks one of them.
 */
export const workflowWarmTargets = {
  todo: warmListPage(taskLists.todo, FIRST_TASK_PAGE),
  todoTasks: todoTasksTarget,
  launchable: warmDataset(launchableData),
  launched: warmListPage(taskLists.launched, FIRST_TASK_PAGE),
  done: warmListPage(taskLists.done, FIRST_TASK_PAGE),
  circulated: warmListPage(taskLists.circulated, FIRST_TASK_PAGE),
  monitor: warmListPage(taskLists.monitor, FIRST_TASK_PAGE),
} satisfies Record<string, WarmTarget>;

export type WorkflowWarmTarget = keyof typeof workflowWarmTargets;
