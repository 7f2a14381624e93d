import { valueFields, type FormConfig } from '@/contracts/online-dev-model';
import type { TaskDetail } from '@/contracts/workflow';

/** Pure helpers of the task view (tested on their own). */

/** The part of a form an approver may change: its value fields named by the node (`editableFields`), in the form's order. */
export function editableForm(form: FormConfig, editable: readonly string[]): FormConfig | null {
  if (!editable.length) return null;
  const keys = new Set(editable);
  const fields = valueFields(form.fields).filter((f) => keys.has(f.key));
  return fields.length ? { ...form, fields } : null;
}

/** What the caller may do with a task, as shown: nothing while their decision waits on this device or offline for the online-only actions. */
export function offeredActions(task: Pick<TaskDetail, 'can' | 'todoId'>, opts: { pending: boolean; online: boolean; todoId: string | null }) {
  const todo = task.todoId ?? opts.todoId;
  const deciding = !opts.pending && !!todo;
  return {
    todoId: todo,
    audit: deciding && task.can.audit,
    reject: deciding && task.can.reject,
    // Who may act next cannot be known offline: these need the server.
    transfer: deciding && task.can.transfer && opts.online,
    revoke: task.can.revoke && opts.online,
    cancel: task.can.cancel && opts.online,
  };
}
