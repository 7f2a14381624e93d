import { z } from 'zod';
import { descriptionSchema, enCodeSchema, fullNameSchema, idSchema, listQuerySchema } from './common';
import type { ModelDefinition } from './online-dev-model';
import {
  APPROVER_KINDS,
  ASSIGNEES_MAX,
  CLAUSES_MAX,
  CONDITION_OPS,
  CONDITION_VALUE_MAX,
  FLOW_EDGES_MAX,
  FLOW_NODE_TYPES,
  FLOW_NODES_MAX,
  NODE_NAME_MAX,
  RECEIVER_KINDS,
  type FlowDefinition,
  type FlowGraph,
  type FlowNodeType,
} from './workflow-graph';
import { FLOW_STATUSES, OPINION_MAX, URGENCIES, urgencyOf, type FlowStatusCode, type UrgencyCode } from './workflow-paths';

export * from './workflow-paths';
export * from './workflow-graph';

/**
 * Workflow approvals (issue 21): the zod schemas of the calls and the shapes they answer. Paths and
 * codes are in workflow-paths.ts (zod-free), the graph and its rules in workflow-graph.ts.
 */

// ---------------------------------------------------------------------------------------------
// Messages the server and the client both say

export const workflowMessages = {
  opinionTooLong: `审批意见不能超过${OPINION_MAX}个字符`,
  chooseApprover: '请选择审批人员',
  /** A todo someone else decided first (or one taken back): `{name}` is who, when known. */
  alreadyHandled: '该审批已由{name}处理',
  alreadyClosed: '该流程已结束',
  notYours: '您不是当前审批人',
  flowNotFound: '流程不存在或未发布',
  taskNotFound: '流程任务不存在',
} as const;

// ---------------------------------------------------------------------------------------------
// Flows (the designer's calls)

const point = z.object({ x: z.number().finite().min(-100_000).max(100_000), y: z.number().finite().min(-100_000).max(100_000) });
const ids = z.array(idSchema).max(ASSIGNEES_MAX);
const nodeSchema = z.object({
  id: z.string().min(1).max(60),
  type: z.enum(FLOW_NODE_TYPES as unknown as [FlowNodeType, ...FlowNodeType[]], { error: '节点类型不正确' }),
  name: z.string().trim().max(NODE_NAME_MAX, { error: `节点名称不能超过${NODE_NAME_MAX}个字符` }),
  position: point,
  approvers: z.object({ kind: z.enum(APPROVER_KINDS), ids }).optional(),
  mode: z.enum(['any', 'all']).optional(),
  editableFields: z.array(z.string().max(60)).max(200).optional(),
  receivers: z.object({ kind: z.enum(RECEIVER_KINDS), ids }).optional(),
});
const edgeSchema = z.object({
  id: z.string().min(1).max(120),
  source: z.string().min(1).max(60),
  target: z.string().min(1).max(60),
  conditions: z
    .array(z.object({ field: z.string().min(1).max(60), op: z.enum(CONDITION_OPS), value: z.string().max(CONDITION_VALUE_MAX) }))
    .max(CLAUSES_MAX)
    .optional(),
  priority: z.number().int().min(0).max(1000).optional(),
  isDefault: z.boolean().optional(),
  label: z.string().max(NODE_NAME_MAX).optional(),
});
export const flowGraphSchema: z.ZodType<FlowGraph> = z.object({ nodes: z.array(nodeSchema).max(FLOW_NODES_MAX), edges: z.array(edgeSchema).max(FLOW_EDGES_MAX) });
export const flowDefinitionSchema: z.ZodType<FlowDefinition> = z.object({ formId: idSchema.nullable(), graph: flowGraphSchema });

export const FLOW_CATEGORIES = ['store', 'office', 'hr', 'finance', 'other'] as const;
export type FlowCategory = (typeof FLOW_CATEGORIES)[number];
export const FLOW_CATEGORY_NAMES: Record<FlowCategory, string> = { store: '门店业务', office: '行政办公', hr: '人事', finance: '财务', other: '其他' };

/** POST …/FlowEngine (a new flow) and PUT …/FlowEngine/{id} (its draft, If-Match). */
export const flowBodySchema = z.object({
  id: idSchema.optional(),
  fullName: fullNameSchema,
  enCode: enCodeSchema,
  category: z.enum(FLOW_CATEGORIES, { error: '分类不正确' }).default('other'),
  icon: z.string().trim().max(40).default('file-text'),
  description: descriptionSchema,
  draft: flowDefinitionSchema,
});
export type FlowBody = z.input<typeof flowBodySchema>;

export const flowListQuerySchema = listQuerySchema.pick({ currentPage: true, pageSize: true, keyword: true }).extend({ category: z.enum(FLOW_CATEGORIES).optional() });

/** A flow as the designer reads it. */
export interface FlowInfo {
  id: string;
  enCode: string;
  fullName: string;
  category: FlowCategory;
  icon: string;
  description: string | null;
  draft: FlowDefinition;
  /** The newest published version's number; 0 while never published. */
  publishedVersion: number;
  /** Whether the draft differs from the newest published version. */
  changed: boolean;
  /** The row's version (If-Match). */
  version: number;
  creatorTime: string;
  lastModifyTime: string | null;
}
export type FlowRow = Omit<FlowInfo, 'draft'> & { formName: string | null; taskCount: number };

/** A flow the caller may launch (发起流程), with its published form. */
export interface LaunchableFlow {
  id: string;
  enCode: string;
  fullName: string;
  category: FlowCategory;
  icon: string;
  description: string | null;
  version: number;
  /** The form of the published version (the online-development model's definition as it was published). */
  form: Pick<ModelDefinition, 'form'> & { modelId: string; fullName: string };
  /** Approver nodes whose approvers the launcher chooses (spec 5.4 picker), in the graph's order. */
  choices: { nodeId: string; name: string }[];
}

// ---------------------------------------------------------------------------------------------
// Tasks

export const opinionSchema = z.string().trim().max(OPINION_MAX, { error: workflowMessages.opinionTooLong }).default('');
const urgentSchema = z.coerce.number().transform((n) => urgencyOf(n));

/** POST …/FlowTask: launch. */
export const launchBodySchema = z.object({
  /** A ULID made on the device, so a task launched offline keeps its id. */
  id: idSchema.optional(),
  flowId: idSchema,
  urgent: urgentSchema.default(1),
  formData: z.record(z.string(), z.unknown(), { error: '数据不能为空' }),
  /** The launcher's choices for `launcherChoice` approver nodes: node id → user ids. */
  approvers: z.record(z.string().max(60), z.array(idSchema).min(1, { error: workflowMessages.chooseApprover }).max(ASSIGNEES_MAX)).default({}),
});
export type LaunchBody = z.input<typeof launchBodySchema>;

/** POST …/Audit/{todoId}: approve, with an opinion and the fields the node lets its approvers change. */
export const auditBodySchema = z.object({ opinion: opinionSchema, formData: z.record(z.string(), z.unknown()).optional() });
export type AuditBody = z.input<typeof auditBodySchema>;
/** POST …/Reject/{todoId}. */
export const rejectBodySchema = z.object({ opinion: opinionSchema });
export type RejectBody = z.input<typeof rejectBodySchema>;
/** POST …/Transfer/{todoId}: the todo goes to `userId`. */
export const transferBodySchema = z.object({ userId: idSchema, opinion: opinionSchema });
export type TransferBody = z.input<typeof transferBodySchema>;

/** The lists' query: the spec's pagination and keyword, a status and an urgency filter. */
export const taskListQuerySchema = listQuerySchema.pick({ currentPage: true, pageSize: true, keyword: true, n: true }).extend({
  status: z.coerce
    .number()
    .refine((n) => (FLOW_STATUSES as readonly number[]).includes(n), { error: '状态不正确' })
    .transform((n) => n as FlowStatusCode)
    .optional(),
  urgent: z.coerce
    .number()
    .refine((n) => (URGENCIES as readonly number[]).includes(n), { error: '紧急程度不正确' })
    .transform((n) => n as UrgencyCode)
    .optional(),
  flowId: idSchema.optional(),
});
export type TaskListQuery = z.output<typeof taskListQuerySchema>;

/** A row of the lists (launched, todo, done, circulated, monitor). */
export interface TaskRow {
  /** The row's own id: the task (launched, monitor), the todo (todo, done) or the circulation. */
  id: string;
  taskId: string;
  flowId: string;
  flowName: string;
  /** The task's title: the flow's name and the launcher's, e.g. 样品申领 - 王晓明. */
  fullName: string;
  urgent: UrgencyCode;
  status: FlowStatusCode;
  launcherId: string;
  launcherName: string;
  /** When the task was launched. */
  creatorTime: string;
  /** When it ended (adopted, rejected, revoked or cancelled). */
  completedTime: string | null;
  /** The node the task waits at (wait), else null. */
  currentNodeName: string | null;
  /** todo / done / circulate: the node of this row. */
  nodeName?: string;
  /** todo: when it arrived; done: when decided; circulate: when copied. */
  time?: string;
  /** done: what the caller decided. */
  decision?: TodoDecision;
  opinion?: string;
  /** The row's version (todo rows: a decision's If-Match is not needed; kept for the cache). */
  version: number;
}

export const TODO_STATES = ['pending', 'adopt', 'reject', 'transfer', 'void'] as const;
/** A todo's state: waiting for its approver, approved, rejected, handed on, or no longer needed (another approver of an any-node decided, the task ended). */
export type TodoState = (typeof TODO_STATES)[number];
export type TodoDecision = Exclude<TodoState, 'pending' | 'void'>;

export const RECORD_ACTIONS = ['launch', 'adopt', 'reject', 'transfer', 'revoke', 'cancel', 'circulate', 'end'] as const;
export type RecordAction = (typeof RECORD_ACTIONS)[number];
export const RECORD_ACTION_NAMES: Record<RecordAction, string> = { launch: '发起', adopt: '同意', reject: '拒绝', transfer: '转办', revoke: '撤回', cancel: '终止', circulate: '抄送', end: '结束' };

/** One line of a task's history. */
export interface FlowRecord {
  id: string;
  nodeId: string;
  nodeName: string;
  action: RecordAction;
  userId: string | null;
  userName: string;
  opinion: string;
  /** transfer: to whom; circulate: the receivers' names. */
  target?: string;
  time: string;
}

/** A node of the task's progress: done, where the task waits, or still to come (as the form's data leads now). */
export interface TaskNode {
  nodeId: string;
  name: string;
  type: FlowNodeType;
  state: 'done' | 'active' | 'waiting' | 'rejected';
  mode?: 'any' | 'all';
  /** Approver nodes: who decides (or decided) and how. */
  approvers: { userId: string; userName: string; state: TodoState; opinion: string; time: string | null }[];
}

/** GET …/FlowTask/{flowId}/{taskId} (spec 7.7). */
export interface TaskDetail {
  id: string;
  flowId: string;
  flowName: string;
  flowVersion: number;
  fullName: string;
  urgent: UrgencyCode;
  status: FlowStatusCode;
  launcherId: string;
  launcherName: string;
  creatorTime: string;
  completedTime: string | null;
  /** The form as the task's version published it. */
  form: Pick<ModelDefinition, 'form'> & { modelId: string; fullName: string };
  formData: Record<string, unknown>;
  nodes: TaskNode[];
  records: FlowRecord[];
  /** What the caller may do now. */
  can: { audit: boolean; reject: boolean; transfer: boolean; revoke: boolean; cancel: boolean };
  /** The caller's pending todo, when there is one. */
  todoId: string | null;
  /** Fields the caller may change as they approve. */
  editableFields: string[];
  version: number;
}

/** What a refused decision carries when someone else was first (409): who handled it. */
export interface HandledBy {
  userName: string;
  state: TodoState;
  time: string | null;
}

export const FLOW_STATUS_NAMES: Record<FlowStatusCode, string> = { 1: '审批中', 2: '已通过', 3: '已拒绝', 4: '已撤回', 5: '已终止' };
export const URGENCY_NAMES: Record<UrgencyCode, string> = { 1: '普通', 2: '重要', 3: '紧急' };
