import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { flowCirculates, flowEngines, flowTasks, flowTodos, users } from '../../db/schema';
import { likePattern } from '../../lib/records';
import type { TaskListQuery } from '../../../src/contracts/workflow';
import type { CirculateRecord, TaskRecord, TodoRecord } from './task-repo';

/** Which list: the caller's launched tasks, todos, decisions, copies, or every task (monitor). */
export type ListKind = 'launched' | 'todo' | 'done' | 'circulated' | 'monitor';

export interface ListItem {
  task: TaskRecord;
  flowName: string;
  launcherName: string;
  todo?: TodoRecord;
  circulate?: CirculateRecord;
}

/**
 * The lists' queries: one page and its total, newest first, each list on its own index
 * (flow_todos_pending_idx for todo, flow_todos_done_idx for done, flow_circulates_user_idx,
 * flow_tasks_launcher_idx, flow_tasks_created_idx). The orders are the indexes' own
 * (DESC NULLS LAST) so PostgreSQL reads them in order instead of sorting.
 */
export function listRepo(db: Db) {
  const flowName = sql<string>`coalesce(${flowEngines.fullName}, split_part(${flowTasks.fullName}, ' - ', 1))`;
  /** The filters on the task (keyword over title and flow name, status, urgency, flow). */
  const taskFilters = (q: TaskListQuery): SQL[] => {
    const out: SQL[] = [];
    if (q.keyword) out.push(sql`${flowTasks.searchText} like ${likePattern(q.keyword.toLowerCase())}`);
    if (q.status !== undefined) out.push(eq(flowTasks.status, q.status));
    if (q.urgent !== undefined) out.push(q.urgent === 1 ? sql`${flowTasks.urgent} not in (2, 3)` : eq(flowTasks.urgent, q.urgent));
    if (q.flowId) out.push(eq(flowTasks.flowId, q.flowId));
    return out;
  };

  return {
    async page(kind: ListKind, userId: string, q: TaskListQuery): Promise<{ items: ListItem[]; total: number }> {
      const filters = taskFilters(q);
      const limit = q.pageSize;
      const offset = (q.currentPage - 1) * q.pageSize;
      const select = { task: flowTasks, flowName, launcherName: users.realName };
      if (kind === 'todo' || kind === 'done') {
        const own = kind === 'todo' ? and(eq(flowTodos.userId, userId), eq(flowTodos.state, 'pending')) : and(eq(flowTodos.userId, userId), sql`${flowTodos.state} in ('adopt', 'reject', 'transfer')`);
        const where = and(own, ...filters);
        const order = kind === 'todo' ? [sql`${flowTodos.createdAt} desc nulls last`, sql`${flowTodos.id} desc nulls last`] : [sql`${flowTodos.handledAt} desc nulls last`, sql`${flowTodos.id} desc nulls last`];
        const [rows, count] = await Promise.all([
          db
            .select({ ...select, todo: flowTodos })
            .from(flowTodos)
            .innerJoin(flowTasks, eq(flowTasks.id, flowTodos.taskId))
            .leftJoin(flowEngines, eq(flowEngines.id, flowTasks.flowId))
            .innerJoin(users, eq(users.id, flowTasks.launcherId))
            .where(where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset),
          filters.length
            ? db.select({ n: sql<number>`count(*)::int` }).from(flowTodos).innerJoin(flowTasks, eq(flowTasks.id, flowTodos.taskId)).where(where)
            : db.select({ n: sql<number>`count(*)::int` }).from(flowTodos).where(own),
        ]);
        return { items: rows, total: count[0]?.n ?? 0 };
      }
      if (kind === 'circulated') {
        const own = eq(flowCirculates.userId, userId);
        const where = and(own, ...filters);
        const [rows, count] = await Promise.all([
          db
            .select({ ...select, circulate: flowCirculates })
            .from(flowCirculates)
            .innerJoin(flowTasks, eq(flowTasks.id, flowCirculates.taskId))
            .leftJoin(flowEngines, eq(flowEngines.id, flowTasks.flowId))
            .innerJoin(users, eq(users.id, flowTasks.launcherId))
            .where(where)
            .orderBy(sql`${flowCirculates.createdAt} desc nulls last`, sql`${flowCirculates.id} desc nulls last`)
            .limit(limit)
            .offset(offset),
          filters.length
            ? db.select({ n: sql<number>`count(*)::int` }).from(flowCirculates).innerJoin(flowTasks, eq(flowTasks.id, flowCirculates.taskId)).where(where)
            : db.select({ n: sql<number>`count(*)::int` }).from(flowCirculates).where(own),
        ]);
        return { items: rows, total: count[0]?.n ?? 0 };
      }
      const where = and(kind === 'launched' ? eq(flowTasks.launcherId, userId) : undefined, ...filters);
      const [rows, count] = await Promise.all([
        db
          .select(select)
          .from(flowTasks)
          .leftJoin(flowEngines, eq(flowEngines.id, flowTasks.flowId))
          .innerJoin(users, eq(users.id, flowTasks.launcherId))
          .where(where)
          .orderBy(sql`${flowTasks.createdAt} desc nulls last`, sql`${flowTasks.id} desc nulls last`)
          .limit(limit)
          .offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(flowTasks).where(where),
      ]);
      return { items: rows, total: count[0]?.n ?? 0 };
    },
    /** One task with its flow's and launcher's names. */
    async item(taskId: string): Promise<ListItem | null> {
      const rows = await db
        .select({ task: flowTasks, flowName, launcherName: users.realName })
        .from(flowTasks)
        .leftJoin(flowEngines, eq(flowEngines.id, flowTasks.flowId))
        .innerJoin(users, eq(users.id, flowTasks.launcherId))
        .where(eq(flowTasks.id, taskId))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}
export type ListRepo = ReturnType<typeof listRepo>;
