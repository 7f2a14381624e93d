import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import type { LaunchableFlow } from '@/contracts/workflow';
import { urgencyOf, type UrgencyCode } from '@/contracts/workflow-paths';
import { currentUserDb, syncStatus } from '@/lib/sync/engine';
import type { OutboxEntry } from '@/lib/sync/user-db';
import { session } from '@/modules/auth/public';
import { launchableData } from './data';
import type { QueuedLaunchBody } from './kinds';
import { taskLists } from './lists';

/**
 * A task launched on this device that the server does not have yet: its queued launch
 * (`workflow.launch`, entity `workflow.launched:<taskId>`) holds what was filled in, and the form it
 * was filled in on is this device's copy of 发起流程's flows (launchableData). The task view shows it
 * from these until the queue has sent it; then the server's task, under the same id.
 */
export interface QueuedLaunch {
  entryId: string;
  taskId: string;
  flowId: string;
  title: string;
  flowName: string;
  launcherName: string;
  urgent: UrgencyCode;
  formData: Record<string, unknown>;
  /** pending: waits to be sent (offline, being sent, retrying); failed: the server refused it (the sync panel retries or discards it). */
  state: 'pending' | 'failed';
  /** The server's reason, when refused. */
  reason: string;
  /** When launched here (ms epoch). */
  at: number;
  /** The flow's form as this device has it; null when the device no longer holds the flow. */
  form: LaunchableFlow['form'] | null;
}

/** The launch of this task waiting in the queue, as the task view shows it (null: none). */
export function queuedLaunchOf(entries: readonly OutboxEntry[], flows: readonly LaunchableFlow[] | null, launcherName = ''): QueuedLaunch | null {
  const entry = entries.find((e) => e.kind === 'workflow.launch');
  if (!entry) return null;
  const body = (entry.request.body ?? {}) as Partial<QueuedLaunchBody>;
  const flowId = body.flowId ?? '';
  const flow = flows?.find((f) => f.id === flowId) ?? null;
  const flowName = body.meta?.flowName || flow?.fullName || '';
  // A conflict cannot befall a new task; were it to, it waits for the user in the sync panel too.
  const failed = entry.state === 'dead' || entry.state === 'conflict';
  return {
    entryId: entry.id,
    taskId: body.id ?? entry.entity.slice(`${taskLists.launched.def.key}:`.length),
    flowId,
    title: body.meta?.title || flowName,
    flowName,
    launcherName,
    urgent: urgencyOf(body.urgent),
    formData: body.formData ?? {},
    state: failed ? 'failed' : 'pending',
    reason: failed ? (entry.lastError?.message ?? '') : '',
    at: entry.createdAt,
    form: flow?.form ?? null,
  };
}

/** This task's launch waiting on this device, live: undefined while read, null when there is none (the server has the task). */
export function useQueuedLaunch(taskId: string | null): QueuedLaunch | null | undefined {
  const active = useSnapshot(syncStatus).active;
  return useLiveQuery(async () => {
    const db = currentUserDb();
    if (!active || !db || !taskId) return null;
    const entries = await db.outbox.where('entity').equals(`${taskLists.launched.def.key}:${taskId}`).toArray();
    if (!entries.some((e) => e.kind === 'workflow.launch')) return null;
    return queuedLaunchOf(entries, await launchableData.read(db), session.userInfo?.userName ?? '');
  }, [active, taskId]);
}
