import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { TaskDetail } from '@/contracts/workflow';
import { confirm } from '@/components/confirm';
import { reportFailure } from '@/components/queued-feedback';
import { network } from '@/lib/network';
import { notify } from '@/lib/notify';
import { cancelTask, decide, opinionTooLong, revokeTask, transferTodo, type DecisionTarget } from '../actions';
import type { DecisionAction } from '../table';
import type { offeredActions } from '../view-model';

export type Offered = ReturnType<typeof offeredActions>;

/**
 * What the task view's buttons do: 同意 / 拒绝 through the sync queue (online the answer is awaited
 * briefly, offline it waits on the device; someone else's earlier decision shows as a note over
 * the task, never as an error toast), 转办, 撤回 and 终止 asked of the server, each asking first
 * where a person would expect it.
 */
export function useTaskActions(task: TaskDetail | null | undefined, offered: Offered | null, { onClose, refetch }: { onClose(): void; refetch(): void }) {
  const { t } = useLingui();
  const [opinion, setOpinion] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const tooLong = opinionTooLong(opinion);
  const target: DecisionTarget | null = task && offered?.todoId ? { todoId: offered.todoId, taskId: task.id, flowId: task.flowId, title: task.fullName } : null;

  const run = async (key: string, work: () => Promise<void>) => {
    setBusy(key);
    setFailure(null);
    try {
      await work();
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  };

  const decideNow = async (action: DecisionAction, formData?: Record<string, unknown>) => {
    if (!task || !target || tooLong) return;
    if (action === 'reject' && !(await confirm(t`拒绝审批`, t`确定拒绝「${task.fullName}」吗？拒绝后流程结束，退回发起人。`, { okText: t`拒绝` }))) return;
    await run(action, async () => {
      let result;
      try {
        result = await decide(target, action, opinion, formData);
      } catch (e) {
        reportFailure(e);
        return;
      }
      if (result.state === 'sent') {
        notify({ kind: 'success', title: action === 'audit' ? t`已同意` : t`已拒绝` });
        onClose();
      } else if (result.state === 'waiting') {
        notify({ kind: 'info', title: network.online ? t`审批已保存在本机，正在提交` : t`审批已保存在本机，联网后自动提交` });
        onClose();
      } else if (result.state === 'refused') {
        setFailure(result.message || t`服务器拒绝了这次审批`);
        refetch();
      } else {
        // Someone else was first: the note over the task says who; the task shows as it is now.
        refetch();
      }
    });
  };

  const revoke = async () => {
    if (!task || !(await confirm(t`撤回流程`, t`确定撤回「${task.fullName}」吗？撤回后审批人不再处理。`, { okText: t`撤回` }))) return;
    await run('revoke', async () => {
      await revokeTask(task);
      notify({ kind: 'success', title: t`流程已撤回` });
    });
  };
  const cancel = async () => {
    if (!task || !(await confirm(t`终止流程`, t`确定终止「${task.fullName}」吗？终止后流程结束，不能恢复。`, { okText: t`终止` }))) return;
    await run('cancel', async () => {
      await cancelTask(task);
      notify({ kind: 'success', title: t`流程已终止` });
    });
  };
  const transfer = async (userId: string, name: string) => {
    if (!task || !target || tooLong) return;
    if (!(await confirm(t`转办`, t`确定把这条审批转给「${name}」吗？`, { okText: t`转办` }))) return;
    await run('transfer', async () => {
      await transferTodo(task, target.todoId, userId, opinion);
      notify({ kind: 'success', title: t`已转办给${name}` });
      onClose();
    });
  };

  return { opinion, setOpinion, tooLong, busy, failure, decide: decideNow, revoke, cancel, transfer };
}

export type TaskActions = ReturnType<typeof useTaskActions>;
