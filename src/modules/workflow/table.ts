import type { HandledBy, TaskDetail } from '@/contracts/workflow';
import type { ModuleTables } from '@/lib/module';
import type { UserDb } from '@/lib/sync/user-db';

/**
 * The workflow's tables on this device: the tasks shown (each todo's task is cached, so it opens
 * and can be decided offline), and what became of decisions sent from here that the server did not
 * take (someone else had handled the todo first, or it refused), until the user has read it.
 */
export interface CachedTask {
  /** The task's id. */
  id: string;
  flowId: string;
  detail: TaskDetail;
  /** When fetched (0: to be asked again, e.g. after a decision). */
  fetchedAt: number;
}

export type DecisionAction = 'audit' | 'reject';

export interface DecisionNote {
  todoId: string;
  taskId: string;
  flowId: string;
  /** The task's title when decided. */
  title: string;
  action: DecisionAction;
  /** handled: someone else was first (409); refused: the server refused it for another reason. */
  outcome: 'handled' | 'refused';
  handledBy: HandledBy | null;
  message: string;
  at: number;
}

export const workflowTables: ModuleTables = { version: 7, stores: { wfTasks: 'id, fetchedAt', wfNotes: 'todoId, at' } };

export const tasksOf = (db: UserDb) => db.table<CachedTask, string>('wfTasks');
export const notesOf = (db: UserDb) => db.table<DecisionNote, string>('wfNotes');
