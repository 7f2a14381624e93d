import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ModelDefinition } from '../../../src/contracts/online-dev-model';
import type { FlowDefinition } from '../../../src/contracts/workflow-graph';

/**
 * Workflow approvals (issue 21). A flow's draft is what the designer saves (`version` moves with
 * each save, If-Match); each release stores an immutable row in flow_versions with the graph and
 * the form as they were, and a task keeps the version it was launched on.
 */
export const flowEngines = pgTable('flow_engines', {
  id: text('id').primaryKey(),
  enCode: text('en_code').notNull().unique(),
  fullName: text('full_name').notNull(),
  category: text('category').notNull().default('other'),
  icon: text('icon').notNull().default('file-text'),
  description: text('description'),
  draft: jsonb('draft').$type<FlowDefinition>().notNull(),
  /** The newest release's number (flow_versions.version); 0 while never released. */
  publishedVersion: integer('published_version').notNull().default(0),
  creatorUserId: text('creator_user_id'),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A released flow: its graph and its form as they were released (never changed afterwards). */
export const flowVersions = pgTable(
  'flow_versions',
  {
    id: text('id').primaryKey(),
    flowId: text('flow_id').notNull(),
    version: integer('version').notNull(),
    definition: jsonb('definition').$type<FlowDefinition>().notNull(),
    /** The form model's definition as published when the flow was released, with its id and name. */
    form: jsonb('form').$type<Pick<ModelDefinition, 'form'> & { modelId: string; fullName: string }>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('flow_versions_flow_uq').on(t.flowId, t.version)],
);

/**
 * A launched task. `status` is spec 3's flow status (1 wait … 5 cancel); `current_node_id` the
 * approver node it waits at while status is 1; `path` the node ids passed so far (its progress).
 * `version` moves with every change (the cached copy's freshness).
 */
export const flowTasks = pgTable(
  'flow_tasks',
  {
    id: text('id').primaryKey(),
    flowId: text('flow_id').notNull(),
    flowVersionId: text('flow_version_id').notNull(),
    fullName: text('full_name').notNull(),
    urgent: integer('urgent').notNull().default(1),
    status: integer('status').notNull().default(1),
    launcherId: text('launcher_id').notNull(),
    formData: jsonb('form_data').$type<Record<string, unknown>>().notNull(),
    /** The launcher's choices of approvers: node id → user ids. */
    chosenApprovers: jsonb('chosen_approvers').$type<Record<string, string[]>>().notNull().default(sql`'{}'::jsonb`),
    currentNodeId: text('current_node_id'),
    path: text('path').array().notNull().default(sql`'{}'::text[]`),
    /** Lower-cased title and flow name, for the lists' keyword. */
    searchText: text('search_text').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('flow_tasks_launcher_idx').on(t.launcherId, t.createdAt.desc()),
    index('flow_tasks_created_idx').on(t.createdAt.desc()),
    index('flow_tasks_flow_idx').on(t.flowId),
  ],
);

/**
 * A todo: one approver's part of one visit of an approver node. `state`: pending, adopt, reject,
 * transfer (handed on; the new todo names it in `from_todo_id`) or void (no longer needed).
 * The todo list reads (user_id, state = 'pending') newest first; the done list (user_id, handled).
 * `flow_id`, `urgent` and `search_text` are the task's (fixed at launch), copied so that a list's
 * filters, page and total are read from the list's own index alone (index-only), without the task.
 */
export const flowTodos = pgTable(
  'flow_todos',
  {
    id: text('id').primaryKey(),
    taskId: text('task_id').notNull(),
    nodeId: text('node_id').notNull(),
    nodeName: text('node_name').notNull(),
    userId: text('user_id').notNull(),
    state: text('state').notNull().default('pending'),
    opinion: text('opinion').notNull().default(''),
    fromTodoId: text('from_todo_id'),
    flowId: text('flow_id').notNull().default(''),
    urgent: integer('urgent').notNull().default(1),
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('flow_todos_pending_idx')
      .on(t.userId, t.createdAt.desc(), t.id.desc(), t.urgent, t.flowId, t.searchText)
      .where(sql`state = 'pending'`),
    index('flow_todos_done_idx')
      .on(t.userId, t.handledAt.desc(), t.id.desc(), t.urgent, t.flowId, t.searchText)
      .where(sql`state in ('adopt', 'reject', 'transfer')`),
    index('flow_todos_task_idx').on(t.taskId),
  ],
);

/** A task circulated (抄送) to a user at a circulate node; the task's list fields copied as in flow_todos. */
export const flowCirculates = pgTable(
  'flow_circulates',
  {
    id: text('id').primaryKey(),
    taskId: text('task_id').notNull(),
    nodeId: text('node_id').notNull(),
    nodeName: text('node_name').notNull(),
    userId: text('user_id').notNull(),
    flowId: text('flow_id').notNull().default(''),
    urgent: integer('urgent').notNull().default(1),
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('flow_circulates_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc(), t.urgent, t.flowId, t.searchText),
    uniqueIndex('flow_circulates_uq').on(t.taskId, t.nodeId, t.userId),
  ],
);

/** A task's history: launch, each decision with its opinion, transfers, circulations, revoke, cancel, end. */
export const flowRecords = pgTable(
  'flow_records',
  {
    id: text('id').primaryKey(),
    taskId: text('task_id').notNull(),
    nodeId: text('node_id').notNull(),
    nodeName: text('node_name').notNull(),
    action: text('action').notNull(),
    userId: text('user_id'),
    opinion: text('opinion').notNull().default(''),
    /** transfer: the user it went to; circulate: the receivers (ids, comma-separated). */
    target: text('target'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('flow_records_task_idx').on(t.taskId, t.createdAt)],
);
