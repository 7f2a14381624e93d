import { Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Ban, Eye } from 'lucide-react';
import type { TaskRow } from '@/contracts/workflow';
import { FlowStatus } from '@/contracts/workflow-paths';
import type { ListColumn } from '@/components/list/list-table';
import { actionsColumn, type RowAction } from '@/components/list/row-actions';
import { usePhoneScreen } from '@/components/use-media';
import { formatDateTime } from '@/lib/format';
import { ACTION_LABELS } from '../labels';
import type { TaskListKind } from '../lists';
import { StatusTag, UrgencyTag } from './tags';

export interface TaskColumnHandlers {
  open(row: TaskRow): void;
  /** 流程监控: 终止 an unfinished task (asks first). */
  cancel?(row: TaskRow): void;
}

/**
 * The columns of a task list: title, urgency, launcher, node, status, its time, and the row's actions.
 * On a phone the actions show their icons only (查看 in the tooltip and the accessible name): the
 * pinned column stays narrow and covers none of the columns beside it.
 */
export function useTaskColumns(kind: TaskListKind, on: TaskColumnHandlers): ListColumn<TaskRow>[] {
  const { t, i18n } = useLingui();
  const phone = usePhoneScreen();
  const actions: RowAction<TaskRow>[] = [{ key: 'view', label: t`查看`, icon: <Eye />, run: on.open, testId: 'wf-row-view' }];
  if (on.cancel) {
    actions.push({ key: 'cancel', label: t`终止`, icon: <Ban />, danger: true, when: (row) => row.status === FlowStatus.wait, run: on.cancel, testId: 'wf-row-cancel' });
  }
  const timeHeader = { launched: t`发起时间`, todo: t`接收时间`, done: t`办理时间`, circulated: t`抄送时间`, monitor: t`发起时间` }[kind];
  const timeOf = (row: TaskRow) => (kind === 'launched' || kind === 'monitor' ? row.creatorTime : (row.time ?? row.creatorTime));
  const byNode = kind === 'todo' || kind === 'done' || kind === 'circulated';
  const columns: ListColumn<TaskRow>[] = [
    {
      key: 'fullName',
      header: t`流程标题`,
      minWidth: '12rem',
      hideable: false,
      cell: (row) => (
        <Stack gap="0">
          <Text lineClamp={2} data-testid="wf-row-title">
            {row.fullName}
          </Text>
          {row.fullName.startsWith(row.flowName) ? null : (
            <Text fontSize="xs" color="fg.muted">
              {row.flowName}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'urgent', header: t`紧急程度`, nowrap: true, cell: (row) => <UrgencyTag urgent={row.urgent} /> },
    { key: 'launcherName', header: t`发起人`, nowrap: true, show: kind !== 'launched', cell: (row) => row.launcherName },
    {
      key: 'node',
      header: byNode ? t`节点` : t`当前节点`,
      nowrap: true,
      cell: (row) => (byNode ? (row.nodeName ?? '') : (row.currentNodeName ?? '—')),
    },
    {
      key: 'decision',
      header: t`我的处理`,
      nowrap: true,
      show: kind === 'done',
      cell: (row) => (row.decision ? i18n._(ACTION_LABELS[row.decision]) : ''),
    },
    { key: 'status', header: t`流程状态`, nowrap: true, cell: (row) => <StatusTag status={row.status} /> },
    { key: 'time', header: timeHeader, nowrap: true, cell: (row) => formatDateTime(timeOf(row)) },
    actionsColumn(actions, () => true, { iconOnly: phone }),
  ];
  return columns;
}
