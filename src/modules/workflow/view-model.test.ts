import { describe, expect, it } from 'vitest';
import type { ModelField } from '@/contracts/online-dev-model';
import { taskDetail } from './test-support';
import { editableForm, offeredActions } from './view-model';

const field = (key: string, extra: Partial<ModelField> = {}) => ({ key, label: key, type: 'input', ...extra }) as unknown as ModelField;

describe('the task view', () => {
  it('lets the approver change only the fields the node names, in the form order, layout containers flattened', () => {
    const form = { ...taskDetail().form.form, fields: [field('a'), field('row', { type: 'row', children: [field('b'), field('c')] } as Partial<ModelField>)] };
    expect(editableForm(form, [])).toBeNull();
    expect(editableForm(form, ['zz'])).toBeNull();
    expect(editableForm(form, ['c', 'a'])!.fields.map((f) => f.key)).toEqual(['a', 'c']);
  });

  it('offers 同意 / 拒绝 to the current approver unless a decision waits here; 转办, 撤回 and 终止 only online', () => {
    const task = taskDetail({ can: { audit: true, reject: true, transfer: true, revoke: true, cancel: true } });
    expect(offeredActions(task, { pending: false, online: true, todoId: null })).toEqual({ todoId: task.todoId, audit: true, reject: true, transfer: true, revoke: true, cancel: true });
    expect(offeredActions(task, { pending: false, online: false, todoId: null })).toMatchObject({ audit: true, reject: true, transfer: false, revoke: false, cancel: false });
    expect(offeredActions(task, { pending: true, online: true, todoId: null })).toMatchObject({ audit: false, reject: false, transfer: false });
    // No todo of the caller's: nothing to decide, whatever `can` says.
    expect(offeredActions({ ...task, todoId: null }, { pending: false, online: true, todoId: null })).toMatchObject({ audit: false, reject: false });
    // Opened from a todo row before the task names it.
    expect(offeredActions({ ...task, todoId: null }, { pending: false, online: true, todoId: 'D9' })).toMatchObject({ todoId: 'D9', audit: true });
  });
});
