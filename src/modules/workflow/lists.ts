import { t } from '@lingui/core/macro';
import type { TaskRow } from '@/contracts/workflow';
import { workflowPaths, type FlowStatusCode, type UrgencyCode } from '@/contracts/workflow-paths';
import { defineRemoteList, type ListParams, type RemoteList } from '@/lib/sync/remote-list';
import type { OutboxEntry } from '@/lib/sync/user-db';

/**
 * The task lists of the workflow (我发起的, 待办事宜, 已办事宜, 抄送事宜, 流程监控) as remote lists:
 * every answer cached per query, offline the cached answer (or the rows seen, searched and filtered
 * here). The queued decisions and launches (kinds.ts) update them; loaded with them, the warm-up,
 * the push and the pages (its messages are in the `workflow` catalog: the sync panel names the
 * workflow's writes by their own kinds' labels, declared.ts).
 */

export const TASK_LIST_KINDS = ['launched', 'todo', 'done', 'circulated', 'monitor'] as const;
export type TaskListKind = (typeof TASK_LIST_KINDS)[number];

/** One query of a task list: the spec's paging and keyword, and the status and urgency filters. */
export type TaskQuery = ListParams & { currentPage: number; pageSize: number; keyword: string; status?: FlowStatusCode; urgent?: UrgencyCode };

/** Offline search: the keyword in the title, the flow's or the launcher's name; the filters as the server applies them. */
export function taskMatches(row: TaskRow, q: Pick<TaskQuery, 'keyword' | 'status' | 'urgent'>): boolean {
  const k = (q.keyword ?? '').trim().toLowerCase();
  if (k && ![row.fullName, row.flowName, row.launcherName].some((s) => (s ?? '').toLowerCase().includes(k))) return false;
  if (q.status && row.status !== q.status) return false;
  if (q.urgent && row.urgent !== q.urgent) return false;
  return true;
}

/** The list's query parameters as the documented calls take them (empty ones left out). */
export const taskParams = (q: TaskQuery): Record<string, unknown> => ({
  currentPage: q.currentPage,
  pageSize: q.pageSize,
  keyword: q.keyword || undefined,
  status: q.status || undefined,
  urgent: q.urgent || undefined,
});

const PATHS: Record<TaskListKind, string> = {
  launched: workflowPaths.launched,
  todo: workflowPaths.todo,
  done: workflowPaths.done,
  circulated: workflowPaths.circulated,
  monitor: workflowPaths.monitor,
};

/** The words for a write of a list row (none is queued as such: the workflow's own kinds name theirs, declared.ts). */
const label = (_op: string, entry: OutboxEntry) => {
  const title = (entry.request.body as { meta?: { title?: unknown } } | undefined)?.meta?.title;
  return typeof title === 'string' && title ? t`流程「${title}」` : t`流程`;
};

const define = (kind: TaskListKind): RemoteList<TaskRow, TaskQuery> =>
  defineRemoteList<TaskRow, TaskQuery>({
    key: `workflow.${kind}`,
    url: () => PATHS[kind],
    params: taskParams,
    paged: true,
    matches: taskMatches,
    label,
    // A launch the server refused stays in 我发起的, marked failed with the reason.
    keepRefused: kind === 'launched',
  });

export const taskLists: Record<TaskListKind, RemoteList<TaskRow, TaskQuery>> = {
  launched: define('launched'),
  todo: define('todo'),
  done: define('done'),
  circulated: define('circulated'),
  monitor: define('monitor'),
};
