import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
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
 * The lists' queries: one page and its total, newest first. The todo, done and copy lists read their
 * own index alone (flow_todos_pending_idx, flow_todos_done_idx, flow_circulates_user_idx hold the
 * user, the order and the filtered fields): the total and the page's ids come from an index-only
 * scan, and only the page's 20 rows are then joined to their tasks (a deep page does not join every
 * row before it). The status filter, the one field that changes, is the task's own. The orders are
 * the indexes' own (DESC NULLS LAST) so PostgreSQL reads them in order instead of sorting.
 */
export function listRepo(db: Db) {
  const flowName = sql<string>`coalesce(${flowEngines.fullName}, split_part(${flowTasks.fullName}, ' - ', 1))`;
  /** The filters on a table holding the task's list fields (keyword over title and flow name, urgency, flow). */
  const listFilters = (q: TaskListQuery, t: { searchText: AnyColumn; urgent: AnyColumn; flowId: AnyColumn }): SQL[] => {
    const out: SQL[] = [];
    if (q.keyword) out.push(sql`${t.searchText} like ${likePattern(q.keyword.toLowerCase())}`);
    if (q.urgent !== undefined) out.push(q.urgent === 1 ? sql`${t.urgent} not in (2, 3)` : eq(t.urgent, q.urgent));
    if (q.flowId) out.push(eq(t.flowId, q.flowId));
    return out;
  };
  const statusOf = (q: TaskListQuery, taskId: AnyColumn): SQL[] =>
    q.status === undefined ? [] : [sql`exists (select 1 from ${flowTasks} where ${flowTasks.id} = ${taskId} and ${flowTasks.status} = ${q.status})`];

  return {
    async page(kind: ListKind, userId: string, q: TaskListQuery): Promise<{ items: ListItem[]; total: number }> {
      const limit = q.pageSize;
      const offset = (q.currentPage - 1) * q.pageSize;
      const select = { task: flowTasks, flowName, launcherName: users.realName };
      if (kind === 'todo' || kind === 'done') {
        const own = kind === 'todo' ? and(eq(flowTodos.userId, userId), eq(flowTodos.state, 'pending')) : and(eq(flowTodos.userId, userId), sql`${flowTodos.state} in ('adopt', 'reject', 'transfer')`);
        const where = and(own, ...listFilters(q, flowTodos), ...statusOf(q, flowTodos.taskId));
        const order = kind === 'todo' ? [sql`${flowTodos.createdAt} desc nulls last`, sql`${flowTodos.id} desc nulls last`] : [sql`${flowTodos.handledAt} desc nulls last`, sql`${flowTodos.id} desc nulls last`];
        const pageIds = db.select({ id: flowTodos.id }).from(flowTodos).where(where).orderBy(...order).limit(limit).offset(offset).as('page_ids');
        const [rows, count] = await Promise.all([
          db
            .select({ ...select, todo: flowTodos })
            .from(pageIds)
            .innerJoin(flowTodos, eq(flowTodos.id, pageIds.id))
            .innerJoin(flowTasks, eq(flowTasks.id, flowTodos.taskId))
            .leftJoin(flowEngines, eq(flowEngines.id, flowTasks.flowId))
            .innerJoin(users, eq(users.id, flowTasks.launcherId))
            .orderBy(...order),
          db.select({ n: sql<number>`count(*)::int` }).from(flowTodos).where(where),
        ]);
        return { items: rows, total: count[0]?.n ?? 0 };
      }
      if (kind === 'circulated') {
        const where = and(eq(flowCirculates.userId, userId), ...listFilters(q, flowCirculates), ...statusOf(q, flowCirculates.taskId));
        const order = [sql`${flowCirculates.createdAt} desc nulls last`, sql`${flowCirculates.id} desc nulls last`];
        const pageIds = db.select({ id: flowCirculates.id }).from(flowCirculates).where(where).orderBy(...order).limit(limit).offset(offset).as('page_ids');
        const [rows, count] = await Promise.all([
          db
            .select({ ...select, circulate: flowCirculates })
            .from(pageIds)
            .innerJoin(flowCirculates, eq(flowCirculates.id, pageIds.id))
            .innerJoin(flowTasks, eq(flowTasks.id, flowCirculates.taskId))
            .leftJoin(flowEngines, eq(flowEngines.id, flowTasks.flowId))
            .innerJoin(users, eq(users.id, flowTasks.launcherId))
            .orderBy(...order),
          db.select({ n: sql<number>`count(*)::int` }).from(flowCirculates).where(where),
        ]);
        return { items: rows, total: count[0]?.n ?? 0 };
      }
      const where = and(
        kind === 'launched' ? eq(flowTasks.launcherId, userId) : undefined,
        ...listFilters(q, flowTasks),
        q.status === undefined ? undefined : eq(flowTasks.status, q.status),
      );
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

