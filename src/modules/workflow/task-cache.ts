import { fillPath } from '@/contracts/api-path';
import type { TaskDetail, TaskRow } from '@/contracts/workflow';
import { workflowPaths } from '@/contracts/workflow-paths';
import { request, type RequestOptions } from '@/lib/http';
import { currentUserDb } from '@/lib/sync/engine';
import type { UserDb } from '@/lib/sync/user-db';
import { tasksOf } from './table';

/**
 * Tasks as this device knows them (GET …/FlowTask/{flowId}/{taskId}, spec 7.7): each one shown is
 * kept, and the tasks of the todo list's first page are fetched ahead (the warm-up), so a todo
 * opens — and is decided — offline. Online a shown task is asked again; the server's copy wins.
 */

/** A cached task younger than this is not fetched again by the warm-up. */
export const TASK_FRESH_MS = 10 * 60_000;

export const taskUrl = (flowId: string, taskId: string) => fillPath(workflowPaths.task, { flowId, taskId });

/** Asks the server for a task and keeps it on this device. */
export async function fetchTask(flowId: string, taskId: string, db: UserDb | null = currentUserDb(), opts: RequestOptions = {}): Promise<TaskDetail> {
  const detail = await request<TaskDetail>('GET', taskUrl(flowId, taskId), undefined, { silent: true, ...opts });
  if (db) await tasksOf(db).put({ id: taskId, flowId, detail, fetchedAt: Date.now() });
  return detail;
}

/** The tasks of these rows that this device lacks or holds older than TASK_FRESH_MS. */
export async function staleTasks(db: UserDb, rows: readonly Pick<TaskRow, 'taskId' | 'flowId'>[], now = Date.now()): Promise<Pick<TaskRow, 'taskId' | 'flowId'>[]> {
  const cached = await tasksOf(db).bulkGet(rows.map((r) => r.taskId));
  return rows.filter((_, i) => {
    const c = cached[i];
    return !c || now - c.fetchedAt >= TASK_FRESH_MS;
  });
}
