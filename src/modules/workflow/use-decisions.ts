import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import { currentUserDb, syncStatus } from '@/lib/sync/engine';
import type { OutboxEntry } from '@/lib/sync/user-db';
import type { QueuedDecisionBody } from './kinds';
import { taskLists } from './lists';
import { notesOf, type DecisionAction, type DecisionNote } from './table';

/** A decision made on this device and still waiting for the server. */
export interface WaitingDecision {
  entryId: string;
  todoId: string;
  taskId: string;
  flowId: string;
  title: string;
  action: DecisionAction;
  /** In the queue's words: waiting (offline, retrying) or stopped for the user (needs a sign-in, a conflict). */
  state: OutboxEntry['state'];
  at: number;
}

const DECISION_KINDS: Record<string, DecisionAction> = { 'workflow.audit': 'audit', 'workflow.reject': 'reject' };

/** The decision entries of the queue as the todo page shows them (dead letters are the sync panel's). */
export function waitingDecisions(entries: readonly OutboxEntry[]): WaitingDecision[] {
  const out: WaitingDecision[] = [];
  for (const e of entries) {
    const action = DECISION_KINDS[e.kind];
    if (!action || e.state === 'dead') continue;
    const meta = (e.request.body as Partial<QueuedDecisionBody> | undefined)?.meta;
    out.push({
      entryId: e.id,
      todoId: meta?.todoId ?? e.entity.slice(`${taskLists.todo.def.key}:`.length),
      taskId: meta?.taskId ?? '',
      flowId: meta?.flowId ?? '',
      title: meta?.title ?? '',
      action,
      state: e.state,
      at: e.createdAt,
    });
  }
  return out.sort((a, b) => a.at - b.at);
}

/** Decisions waiting on this device and the notes of those that did not go through, live. */
export function useDecisions(): { waiting: WaitingDecision[]; notes: DecisionNote[] } | undefined {
  const active = useSnapshot(syncStatus).active;
  return useLiveQuery(async () => {
    const db = currentUserDb();
    if (!active || !db) return { waiting: [], notes: [] };
    const prefix = `${taskLists.todo.def.key}:`;
    const [entries, notes] = await Promise.all([db.outbox.where('entity').startsWith(prefix).toArray(), notesOf(db).orderBy('at').reverse().toArray()]);
    return { waiting: waitingDecisions(entries), notes };
  }, [active]);
}

/** One todo's waiting decision and note, live. */
export function useTodoDecision(todoId: string | null): { waiting: WaitingDecision | null; note: DecisionNote | null } {
  const active = useSnapshot(syncStatus).active;
  const found = useLiveQuery(async () => {
    const db = currentUserDb();
    if (!active || !db || !todoId) return { waiting: null, note: null };
    const [entries, note] = await Promise.all([db.outbox.where('entity').equals(`${taskLists.todo.def.key}:${todoId}`).toArray(), notesOf(db).get(todoId)]);
    return { waiting: waitingDecisions(entries)[0] ?? null, note: note ?? null };
  }, [active, todoId]);
  return found ?? { waiting: null, note: null };
}
