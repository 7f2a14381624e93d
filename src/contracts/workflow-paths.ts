/**
 * Workflow approvals (issue 21, spec 2.1, 2.5, 3, 7.7): endpoint paths, menu entries and the codes
 * of spec 3. Zod-free, in a file of their own: the module's declarations load with the shell and
 * need the paths and codes, not the schemas (those are in workflow.ts).
 *
 * Everything lives under `/api/craft/api/workflow/Engine`: the two calls of spec 7.7 (a task with
 * its form, `FlowTask/{flowId}/{taskId}`; a flow's form fields, `FlowEngine/{id}/FieldDataSelect`)
 * and the calls the spec leaves unnamed, named here after them: flows (`FlowEngine`), launching
 * (`FlowTask`), the lists of launched / todo / done / circulated tasks and the monitor, and the
 * decisions.
 */

export const WORKFLOW_BASE = '/api/craft/api/workflow/Engine';

export const workflowPaths = {
  // ---- flows (流程设计) --------------------------------------------------------------------
  /** GET: a page of flows (currentPage, pageSize, keyword); POST: a new flow (draft). */
  flows: `${WORKFLOW_BASE}/FlowEngine`,
  /** GET: a flow with its draft; PUT: saves the draft (If-Match); DELETE (If-Match). */
  flow: `${WORKFLOW_BASE}/FlowEngine/:id`,
  /** POST: publishes the draft as the flow's next version (running tasks keep theirs). */
  release: `${WORKFLOW_BASE}/FlowEngine/:id/Actions/Release`,
  /** GET (spec 7.7): the fields of flow `:id`'s form, `data.list` of { field, fieldName, jnpfKey }. */
  fieldDataSelect: `${WORKFLOW_BASE}/FlowEngine/:id/FieldDataSelect`,
  /** GET: the published flows the caller may launch, with the form each takes (发起流程). */
  launchable: `${WORKFLOW_BASE}/FlowEngine/Actions/Launchable`,

  // ---- tasks -----------------------------------------------------------------------------
  /** POST: launches a task `{ id?, flowId, urgent, formData, approvers }` (id: a ULID made on the device). */
  launch: `${WORKFLOW_BASE}/FlowTask`,
  /** GET (spec 7.7): the task with its form data, nodes, decisions and what the caller may do. */
  task: `${WORKFLOW_BASE}/FlowTask/:flowId/:taskId`,
  /** GET: tasks the caller launched (我发起的). */
  launched: `${WORKFLOW_BASE}/FlowLaunch`,
  /** POST: the launcher takes back an unfinished task (status 4). */
  revoke: `${WORKFLOW_BASE}/FlowLaunch/:taskId/Actions/Revoke`,
  /** GET: the caller's todos (待办事宜). */
  todo: `${WORKFLOW_BASE}/FlowBefore/Todo`,
  /** GET: the caller's decisions (已办事宜). */
  done: `${WORKFLOW_BASE}/FlowBefore/Done`,
  /** GET: tasks circulated to the caller (抄送事宜). */
  circulated: `${WORKFLOW_BASE}/FlowBefore/Circulate`,
  /** POST `{ opinion, formData? }`: approves todo `:todoId` (adopt). */
  audit: `${WORKFLOW_BASE}/FlowBefore/Audit/:todoId`,
  /** POST `{ opinion }`: rejects todo `:todoId`; the task ends rejected (status 3) and goes back to the launcher. */
  reject: `${WORKFLOW_BASE}/FlowBefore/Reject/:todoId`,
  /** POST `{ userId, opinion }`: hands todo `:todoId` to another approver. */
  transfer: `${WORKFLOW_BASE}/FlowBefore/Transfer/:todoId`,
  /** GET: every task (流程监控, administrators). */
  monitor: `${WORKFLOW_BASE}/FlowMonitor`,
  /** POST: an administrator cancels an unfinished task (status 5). */
  cancel: `${WORKFLOW_BASE}/FlowMonitor/:taskId/Actions/Cancel`,
} as const;

/** Flow status codes (spec 3). */
export const FlowStatus = { wait: 1, adopt: 2, reject: 3, revoke: 4, cancel: 5 } as const;
export type FlowStatusCode = (typeof FlowStatus)[keyof typeof FlowStatus];
export const FLOW_STATUSES: readonly FlowStatusCode[] = [1, 2, 3, 4, 5];

/** Urgency codes (spec 3): 1 normal, 2 important, 3 urgent; any other value counts as normal. */
export const Urgency = { normal: 1, important: 2, urgent: 3 } as const;
export type UrgencyCode = (typeof Urgency)[keyof typeof Urgency];
export const URGENCIES: readonly UrgencyCode[] = [1, 2, 3];
export const urgencyOf = (value: unknown): UrgencyCode => {
  const n = Number(value);
  return n === 2 || n === 3 ? n : 1;
};

/** The approval opinion's limit (spec 5.1). */
export const OPINION_MAX = 100;

/** Menu entries of the workflow (spec 2.5: engine, launched by me, todo, done, circulated, monitor). */
export const WORKFLOW_MENUS = {
  group: 'workFlow',
  engine: { enCode: 'workFlow.flowEngine', urlAddress: 'workFlow/flowEngine' },
  launch: { enCode: 'workFlow.flowLaunch', urlAddress: 'workFlow/flowLaunch' },
  todo: { enCode: 'workFlow.flowTodo', urlAddress: 'workFlow/flowTodo' },
  done: { enCode: 'workFlow.flowDone', urlAddress: 'workFlow/flowDone' },
  circulate: { enCode: 'workFlow.flowCirculate', urlAddress: 'workFlow/flowCirculate' },
  monitor: { enCode: 'workFlow.flowMonitor', urlAddress: 'workFlow/flowMonitor' },
} as const;

/** What a workflow message's JSON body carries (spec 3 Message bodyText): its type and the task it names. */
export interface FlowMessageBody {
  /** 2 todo, 3 circulated, 4 news of a task the receiver launched (the message types). */
  type: 2 | 3 | 4;
  flowId: string;
  taskId: string;
  /** The todo the message asks to decide (type 2). */
  todoId?: string;
  /** The task's status when the message was sent (type 4: the final decision). */
  status?: FlowStatusCode;
}
