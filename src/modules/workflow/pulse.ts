import { proxy } from 'valtio';

/**
 * Moves when the workflow's lists may have changed outside this tab's own writes (a todo or
 * circulation message arrived, the device came back online): the open list pages ask again.
 */
export const workflowPulse = proxy({ todo: 0, all: 0 });

/** A workflow message arrived (or a catch-up ran): every open list asks again, the todo list too. */
export function pulseLists(todo: boolean) {
  workflowPulse.all += 1;
  if (todo) workflowPulse.todo += 1;
}
