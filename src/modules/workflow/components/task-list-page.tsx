import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { z } from 'zod';
import type { TaskRow } from '@/contracts/workflow';
import { FLOW_STATUSES, URGENCIES, type FlowStatusCode, type UrgencyCode } from '@/contracts/workflow-paths';
import { confirm } from '@/components/confirm';
import { ListFrame, useListEmpty } from '@/components/list/list-frame';
import { ListTable } from '@/components/list/list-table';
import type { ListAction } from '@/components/list/row-actions';
import { PageCard } from '@/components/page-card';
import { notify } from '@/lib/notify';
import { defineListSearch, listParams, useListSearch } from '@/lib/list-search';
import { useRemoteList } from '@/lib/sync/use-remote-list';
import { cancelTask } from '../actions';
import { taskLists, type TaskListKind, type TaskQuery } from '../lists';
import { workflowPulse } from '../pulse';
import { TaskFilters } from './task-filters';
import { useTaskColumns } from './task-columns';
import { TaskDrawer } from './task-drawer';

const code = <T extends number>(codes: readonly T[]) =>
  z.coerce
    .number()
    .refine((n) => (codes as readonly number[]).includes(n))
    .transform((n) => n as T)
    .nullable();

/** Page, size, keyword, the status and urgency filters in the URL. */
export const taskSearch = defineListSearch({ status: code<FlowStatusCode>(FLOW_STATUSES), urgent: code<UrgencyCode>(URGENCIES) }, { status: null, urgent: null });

/** The task open over the list (`?taskId=…&flowId=…`: a row clicked, or a message opened). */
export function useOpenTask() {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);
  const taskId = str(raw.taskId);
  const flowId = str(raw.flowId);
  const set = (next: { taskId: string; flowId: string } | null) =>
    void navigate({
      to: '.',
      search: (prev: Record<string, unknown>) => {
        const { taskId: _t, flowId: _f, ...rest } = prev;
        return next ? { ...rest, ...next } : rest;
      },
    });
  return { open: taskId && flowId ? { taskId, flowId } : null, openTask: (row: Pick<TaskRow, 'taskId' | 'flowId'>) => set({ taskId: row.taskId, flowId: row.flowId }), close: () => set(null) };
}

export interface TaskListPageProps {
  kind: TaskListKind;
  title: ReactNode;
  testId: string;
  /** The toolbar's buttons (发起流程). */
  actions?: readonly ListAction[];
  /** Between the toolbar and the table (the decisions waiting to sync). */
  notes?: ReactNode;
  dialog?: ReactNode;
  empty: { none: string; noMatch: string };
}

/**
 * A task list (我发起的, 待办事宜, 已办事宜, 抄送事宜, 流程监控): the spec's pagination, keyword, the
 * status and urgency filters, the codes as coloured tags; a row opens its task over the list. The
 * list asks again when a workflow message arrives (the todo list for type 2, every list for any).
 */
export function TaskListPage({ kind, title, testId, actions, notes, dialog, empty: texts }: TaskListPageProps) {
  const { t } = useLingui();
  const query = useListSearch(taskSearch);
  const { status, urgent } = query.values;
  const q: TaskQuery = { ...listParams(query.values), ...(status ? { status } : {}), ...(urgent ? { urgent } : {}) };
  const view = useRemoteList(taskLists[kind], q);
  const task = useOpenTask();
  const [rowTodo, setRowTodo] = useState<string | null>(null);
  const pulse = useSnapshot(workflowPulse);
  const pulseCount = kind === 'todo' ? pulse.todo : pulse.all;
  const refetch = view.refetch;
  const seenPulse = useRef(pulseCount);
  useEffect(() => {
    if (seenPulse.current === pulseCount) return;
    seenPulse.current = pulseCount;
    refetch();
  }, [pulseCount, refetch]);

  const open = (row: TaskRow) => {
    setRowTodo(kind === 'todo' ? row.id : null);
    task.openTask(row);
  };
  const cancel = async (row: TaskRow) => {
    if (!(await confirm(t`终止流程`, t`确定终止「${row.fullName}」吗？终止后流程结束，不能恢复。`, { okText: t`终止` }))) return;
    try {
      await cancelTask({ id: row.taskId, flowId: row.flowId });
      notify({ kind: 'success', title: t`流程已终止` });
    } catch (e) {
      notify({ kind: 'error', title: t`操作失败：${e instanceof Error ? e.message : String(e)}` });
    }
  };
  const columns = useTaskColumns(kind, { open, cancel: kind === 'monitor' ? (row) => void cancel(row) : undefined });
  const filtered = !!query.values.q || status !== null || urgent !== null;
  const empty = useListEmpty(view, query, { none: texts.none, noMatch: texts.noMatch }, { filtered, clear: () => query.filter({ q: '', status: null, urgent: null }) });

  return (
    <PageCard
      testId={testId}
      title={title}
      dialog={
        <>
          {dialog}
          {task.open ? <TaskDrawer key={task.open.taskId} flowId={task.open.flowId} taskId={task.open.taskId} listTodoId={rowTodo} onClose={task.close} /> : null}
        </>
      }
    >
      <ListFrame
        view={view}
        query={query}
        tableKey={`workflow.${kind}`}
        placeholder={t`请输入流程标题或发起人查询`}
        filters={<TaskFilters status={status} urgent={urgent} statuses={kind !== 'todo'} onChange={(patch) => query.filter(patch)} />}
        actions={actions}
        can={() => true}
        notes={notes}
        offlineNote={kind === 'todo' ? t`同意和拒绝先记在本机，联网后自动提交。` : undefined}
      >
        <ListTable
          testId={`wf-${kind}-list`}
          rowTestId="wf-row"
          columns={columns}
          view={view}
          rowData={(row) => ({ 'data-id': row.id, 'data-task': row.taskId, 'data-status': row.status, 'data-urgent': row.urgent })}
          onRowClick={open}
          empty={empty}
        />
      </ListFrame>
    </PageCard>
  );
}
