import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { flowCirculates, flowRecords, flowTasks, flowTodos, organizes, userRoles, users } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { RecordAction, TodoState } from '../../../src/contracts/workflow';

export type TaskRecord = typeof flowTasks.$inferSelect;
export type TodoRecord = typeof flowTodos.$inferSelect;
export type CirculateRecord = typeof flowCirculates.$inferSelect;
export type HistoryRecord = typeof flowRecords.$inferSelect;

/** What a todo or a copy keeps of its task for the lists (fixed at launch). */
const listFieldsOf = (task: TaskRecord) => ({ taskId: task.id, flowId: task.flowId, urgent: task.urgent, searchText: task.searchText });

/** Tasks, their todos, circulations and history, and the directory the engine asks (who approves). */
export function taskRepo(db: Db) {
  return {
    async insertTask(values: typeof flowTasks.$inferInsert) {
      await db.insert(flowTasks).values(values);
    },
    async task(id: string): Promise<TaskRecord | null> {
      const rows = await db.select().from(flowTasks).where(eq(flowTasks.id, id)).limit(1);
      return rows[0] ?? null;
    },
    /** The task, its row locked until the transaction ends: decisions on one task run one at a time. */
    async lockTask(id: string): Promise<TaskRecord | null> {
      const rows = await db.select().from(flowTasks).where(eq(flowTasks.id, id)).limit(1).for('update');
      return rows[0] ?? null;
    },
    async updateTask(id: string, patch: Partial<typeof flowTasks.$inferInsert>) {
      await db
        .update(flowTasks)
        .set({ ...patch, updatedAt: new Date(), version: sql`${flowTasks.version} + 1` })
        .where(eq(flowTasks.id, id));
    },

    /** Todos of the task at a node, with the task's list fields (flow, urgency, search text). */
    async insertTodos(task: TaskRecord, rows: { nodeId: string; nodeName: string; userId: string; fromTodoId?: string }[]): Promise<TodoRecord[]> {
      if (!rows.length) return [];
      return db
        .insert(flowTodos)
        .values(rows.map((r) => ({ id: newId(), ...listFieldsOf(task), ...r })))
        .returning();
    },
    async todo(id: string): Promise<TodoRecord | null> {
      const rows = await db.select().from(flowTodos).where(eq(flowTodos.id, id)).limit(1);
      return rows[0] ?? null;
    },
    async todosOf(taskId: string): Promise<TodoRecord[]> {
      return db.select().from(flowTodos).where(eq(flowTodos.taskId, taskId)).orderBy(asc(flowTodos.createdAt), asc(flowTodos.id));
    },
    /** Decides a pending todo; false when it was no longer pending. */
    async decide(id: string, state: Exclude<TodoState, 'pending'>, opinion: string): Promise<boolean> {
      const rows = await db
        .update(flowTodos)
        .set({ state, opinion, handledAt: new Date(), version: sql`${flowTodos.version} + 1` })
        .where(and(eq(flowTodos.id, id), eq(flowTodos.state, 'pending')))
        .returning({ id: flowTodos.id });
      return rows.length > 0;
    },
    /** The task's pending todos (at one node, when named) become void. */
    async voidPending(taskId: string, nodeId?: string) {
      await db
        .update(flowTodos)
        .set({ state: 'void', handledAt: new Date(), version: sql`${flowTodos.version} + 1` })
        .where(and(eq(flowTodos.taskId, taskId), eq(flowTodos.state, 'pending'), nodeId ? eq(flowTodos.nodeId, nodeId) : undefined));
    },
    async pendingAt(taskId: string, nodeId: string): Promise<TodoRecord[]> {
      return db
        .select()
        .from(flowTodos)
        .where(and(eq(flowTodos.taskId, taskId), eq(flowTodos.nodeId, nodeId), eq(flowTodos.state, 'pending')));
    },
    async pendingCount(userId: string): Promise<number> {
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(flowTodos)
        .where(and(eq(flowTodos.userId, userId), eq(flowTodos.state, 'pending')));
      return rows[0]?.n ?? 0;
    },

    /** Circulates the task to these users at a node; answers those who got it now (not already). */
    async circulate(task: TaskRecord, nodeId: string, nodeName: string, userIds: string[]): Promise<string[]> {
      if (!userIds.length) return [];
      const rows = await db
        .insert(flowCirculates)
        .values(userIds.map((userId) => ({ id: newId(), ...listFieldsOf(task), nodeId, nodeName, userId })))
        .onConflictDoNothing()
        .returning({ userId: flowCirculates.userId });
      return rows.map((r) => r.userId);
    },
    async circulatesOf(taskId: string): Promise<CirculateRecord[]> {
      return db.select().from(flowCirculates).where(eq(flowCirculates.taskId, taskId));
    },
    /** Whether the user holds or held a todo of the task, or was sent a copy. */
    async involved(taskId: string, userId: string): Promise<boolean> {
      const rows = await db.execute<{ ok: boolean }>(sql`select (
        exists (select 1 from ${flowTodos} where ${flowTodos.taskId} = ${taskId} and ${flowTodos.userId} = ${userId})
        or exists (select 1 from ${flowCirculates} where ${flowCirculates.taskId} = ${taskId} and ${flowCirculates.userId} = ${userId})
      ) as ok`);
      return (rows as unknown as { rows: { ok: boolean }[] }).rows[0]?.ok === true;
    },
    /** Tasks whose form data names a stored file (downloads of a task's files). */
    async tasksHoldingFile(name: string): Promise<TaskRecord[]> {
      const pattern = `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return db.select().from(flowTasks).where(sql`${flowTasks.formData}::text like ${pattern}`).limit(20);
    },
    /** Whether the user holds a pending todo of a task of this flow (an approver uploading into an editable field). */
    async pendingOnFlow(flowId: string, userId: string): Promise<boolean> {
      const rows = await db
        .select({ id: flowTodos.id })
        .from(flowTodos)
        .innerJoin(flowTasks, eq(flowTasks.id, flowTodos.taskId))
        .where(and(eq(flowTodos.userId, userId), eq(flowTodos.state, 'pending'), eq(flowTasks.flowId, flowId)))
        .limit(1);
      return rows.length > 0;
    },

    async record(r: { taskId: string; nodeId: string; nodeName: string; action: RecordAction; userId: string | null; opinion?: string; target?: string | null }) {
      await db.insert(flowRecords).values({ id: newId(), opinion: '', ...r });
    },
    async recordsOf(taskId: string): Promise<HistoryRecord[]> {
      return db.select().from(flowRecords).where(eq(flowRecords.taskId, taskId)).orderBy(asc(flowRecords.createdAt), asc(flowRecords.id));
    },

    // ---- the directory ------------------------------------------------------------------------------
    async userNames(ids: string[]): Promise<Map<string, string>> {
      const unique = [...new Set(ids.filter(Boolean))];
      if (!unique.length) return new Map();
      const rows = await db.select({ id: users.id, realName: users.realName }).from(users).where(inArray(users.id, unique));
      return new Map(rows.map((r) => [r.id, r.realName]));
    },
    /** Enabled users among these ids. */
    async enabledUsers(ids: string[]): Promise<string[]> {
      if (!ids.length) return [];
      const rows = await db.select({ id: users.id }).from(users).where(and(inArray(users.id, ids), eq(users.enabled, true)));
      const found = new Set(rows.map((r) => r.id));
      return ids.filter((id) => found.has(id));
    },
    async usersOfRoles(roleIds: string[]): Promise<string[]> {
      if (!roleIds.length) return [];
      const rows = await db
        .selectDistinct({ id: users.id, account: users.account })
        .from(users)
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .where(and(inArray(userRoles.roleId, roleIds), eq(users.enabled, true)))
        .orderBy(users.account);
      return rows.map((r) => r.id);
    },
    async usersOfPositions(positionIds: string[]): Promise<string[]> {
      if (!positionIds.length) return [];
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.positionId, positionIds), eq(users.enabled, true)))
        .orderBy(users.account);
      return rows.map((r) => r.id);
    },
    /**
     * The head of a user's department (organizes.manager_id): the nearest one up the chain of
     * departments that is enabled and not the user (a store manager's request goes up a level);
     * null when there is none.
     */
    async departmentHead(userId: string): Promise<string | null> {
      const rows = await db.execute<{ manager_id: string }>(sql`
        with recursive up(id, parent_id, manager_id, depth) as (
          select o.id, o.parent_id, o.manager_id, 0 from ${organizes} o join ${users} u on o.id = coalesce(u.department_id, u.organize_id) where u.id = ${userId}
          union all
          select o.id, o.parent_id, o.manager_id, up.depth + 1 from ${organizes} o join up on o.id = up.parent_id where up.depth < 64
        )
        select up.manager_id from up join ${users} m on m.id = up.manager_id
        where m.enabled and m.id <> ${userId}
        order by up.depth limit 1`);
      return (rows as unknown as { rows: { manager_id: string }[] }).rows[0]?.manager_id ?? null;
    },
    async administrators(): Promise<string[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.isAdministrator, true), eq(users.enabled, true), ne(users.account, '')))
        .orderBy(users.account);
      return rows.map((r) => r.id);
    },
    async isAdministrator(userId: string): Promise<boolean> {
      const rows = await db.select({ a: users.isAdministrator }).from(users).where(eq(users.id, userId)).limit(1);
      return rows[0]?.a === true;
    },
  };
}
export type TaskRepo = ReturnType<typeof taskRepo>;
