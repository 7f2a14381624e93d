import type { TaskDetail, TaskRow } from '@/contracts/workflow';
import type { UserDb } from '@/lib/sync/user-db';

/**
 * For the workflow module's unit tests: a fresh user database with the module's tables and kinds
 * registered (as the session service does; online development's kept files too: a launch's form
 * files wait there), and rows and tasks as the server gives them.
 */
export async function openTestDb(name: string): Promise<UserDb> {
  const [{ UserDb }, { registerSyncKinds }, { workflowModule }, { workflowTables }, { onlineDevTables }] = await Promise.all([
    import('@/lib/sync/user-db'),
    import('@/lib/sync/kinds'),
    import('./module'),
    import('./table'),
    import('@/modules/online-dev/table'),
  ]);
  // The kinds as module.ts declares them: their code (kinds.ts) loads when the queue first needs it.
  registerSyncKinds(workflowModule.syncKinds!);
  const db = new UserDb(`${name}-${Math.random()}`, [workflowTables, onlineDevTables]);
  await db.open();
  return db;
}

export const FLOW = '01J00000000000000000000F01';
export const TASK = '01J00000000000000000000T01';
export const TODO = '01J00000000000000000000D01';

export const taskRow = (extra: Partial<TaskRow> = {}): TaskRow => ({
  id: TODO,
  taskId: TASK,
  flowId: FLOW,
  flowName: '样品申领',
  fullName: '样品申领 - 王晓明',
  urgent: 1,
  status: 1,
  launcherId: 'U1',
  launcherName: '王晓明',
  creatorTime: '2026-11-29T08:00:00.000Z',
  completedTime: null,
  currentNodeName: '部门负责人',
  nodeName: '部门负责人',
  time: '2026-11-29T08:00:00.000Z',
  version: 1,
  ...extra,
});

export const taskDetail = (extra: Partial<TaskDetail> = {}): TaskDetail => ({
  id: TASK,
  flowId: FLOW,
  flowName: '样品申领',
  flowVersion: 1,
  fullName: '样品申领 - 王晓明',
  urgent: 2,
  status: 1,
  launcherId: 'U1',
  launcherName: '王晓明',
  creatorTime: '2026-11-29T08:00:00.000Z',
  completedTime: null,
  form: { modelId: 'M1', fullName: '样品申领单', form: { fields: [], labelWidth: 100, labelPosition: 'right', popup: 'dialog' } },
  formData: { title: '床垫样品' },
  nodes: [],
  records: [],
  can: { audit: true, reject: true, transfer: true, revoke: false, cancel: false },
  todoId: TODO,
  editableFields: [],
  version: 1,
  ...extra,
});
