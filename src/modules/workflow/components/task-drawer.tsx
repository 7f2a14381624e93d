import { useId, type ReactNode } from 'react';
import { Alert, Button, Center, CloseButton, Drawer, HStack, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '@/lib/format';
import { network } from '@/lib/network';
import { ModelForm } from '@/modules/online-dev/public';
import { dismissNote } from '../actions';
import { useTodoDecision } from '../use-decisions';
import { useQueuedLaunch } from '../use-queued-launch';
import { useTask } from '../use-task';
import { editableForm, offeredActions } from '../view-model';
import { DecisionButtons, OpinionField } from './decision-bar';
import { FlowFormServices } from './flow-form';
import { QueuedLaunchTags, QueuedLaunchView } from './queued-launch';
import { StatusTag, UrgencyTag } from './tags';
import { Facts, Section } from './task-parts';
import { TaskHistory, TaskProgress } from './task-progress';
import { useTaskActions } from './use-task-actions';

export interface TaskDrawerProps {
  flowId: string;
  taskId: string;
  /** The todo of the row it was opened from (待办事宜), until the task names the caller's todo. */
  listTodoId?: string | null;
  onClose(): void;
}

/**
 * A task over its list (spec 7.7 FlowTask): the form as launched (read-only, except the fields the
 * node lets its approver change), the progress of its nodes, the history of decisions with their
 * opinions, and what the caller may do. Opens from this device's copy offline; a decision waiting
 * to sync, or someone else's earlier one, is said over it. A task launched here that the server does
 * not have yet (its launch waits in the queue, or was refused) shows what the device holds of it,
 * and is not asked of the server until the queue has sent it (queued-launch.tsx).
 */
export function TaskDrawer({ flowId, taskId, listTodoId = null, onClose }: TaskDrawerProps) {
  const { t } = useLingui();
  const online = useSnapshot(network).online;
  const queued = useQueuedLaunch(taskId);
  // The server has no task by this id while its launch waits here: not asked until it is sent.
  const { task: cached, loading, error, refetch } = useTask(flowId, taskId, { hold: queued !== null });
  const task = queued ? null : (cached?.detail ?? null);
  const todoId = task?.todoId ?? listTodoId;
  const { waiting, note } = useTodoDecision(todoId);
  const offered = task ? offeredActions(task, { pending: !!waiting, online, todoId }) : null;
  const actions = useTaskActions(task, offered, { onClose, refetch });
  const editFormId = useId();
  const editable = task && offered?.audit ? editableForm(task.form.form, task.editableFields) : null;
  const deciding = !!offered && (offered.audit || offered.reject || offered.transfer);

  let body: ReactNode;
  if (queued) {
    body = <QueuedLaunchView launch={queued} onClose={onClose} />;
  } else if (!task) {
    body =
      queued === undefined || cached === undefined || loading ? (
        <Center py="10">
          <Spinner color="brand.solid" />
        </Center>
      ) : (
        <Stack gap="3" data-testid="wf-task-missing">
          <Text color="fg.muted">{online ? t`无法打开此流程：${error ?? ''}` : t`离线：本机还没有此流程的数据，联网后打开一次即可离线查看。`}</Text>
          {online ? (
            <Button size="sm" variant="outline" alignSelf="start" onClick={refetch}>
              <Trans>重试</Trans>
            </Button>
          ) : null}
        </Stack>
      );
  } else {
    body = (
      <Stack gap="5">
        {note?.outcome === 'handled' ? (
          <Alert.Root status="warning" data-testid="wf-handled">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{note.handledBy ? t`该审批已由${note.handledBy.userName}处理` : note.message || t`该审批已由他人处理`}</Alert.Title>
              <Alert.Description>
                <Trans>你在本机做的审批没有提交：流程以对方的处理为准。</Trans>
              </Alert.Description>
            </Alert.Content>
            <Button size="xs" variant="outline" alignSelf="center" onClick={() => void dismissNote(note.todoId)} data-testid="wf-handled-dismiss">
              <Trans>知道了</Trans>
            </Button>
          </Alert.Root>
        ) : null}
        {waiting ? (
          <Alert.Root status="info" data-testid="wf-decision-pending">
            <Alert.Indicator />
            <Alert.Title>{waiting.action === 'audit' ? t`你已同意，待同步：联网后自动提交` : t`你已拒绝，待同步：联网后自动提交`}</Alert.Title>
          </Alert.Root>
        ) : null}
        {!online || error ? (
          <Text fontSize="xs" color="fg.muted" data-testid="wf-task-cached">
            {online
              ? t`无法刷新：${error ?? ''}。显示的是 ${formatDateTime(cached?.fetchedAt ?? null)} 的数据`
              : cached?.fetchedAt
                ? t`离线：显示的是 ${formatDateTime(cached.fetchedAt)} 的数据`
                : t`离线：显示的是本机保存的数据`}
          </Text>
        ) : null}
        {!online && !waiting && (task.can.transfer || task.can.revoke || task.can.cancel) ? (
          <Text fontSize="xs" color="fg.muted" data-testid="wf-online-only">
            {task.can.transfer ? t`离线时可以同意或拒绝；转办需要联网。` : task.can.revoke ? t`撤回需要联网。` : t`终止需要联网。`}
          </Text>
        ) : null}
        {actions.failure ? (
          <Alert.Root status="error" data-testid="wf-action-failed">
            <Alert.Indicator />
            <Alert.Title>{actions.failure}</Alert.Title>
          </Alert.Root>
        ) : null}
        <Facts task={task} />
        <FlowFormServices modelId={task.form.modelId} flowId={task.flowId}>
          <Section title={task.form.fullName || t`表单`}>
            <ModelForm modelId={task.form.modelId} form={task.form.form} mode="detail" values={task.formData} formId={`${editFormId}-detail`} testId="wf-task-form" />
          </Section>
          {editable ? (
            <Section title={<Trans>审批时可修改</Trans>}>
              <ModelForm
                key={`${task.id}:${task.version}`}
                modelId={task.form.modelId}
                form={editable}
                mode="edit"
                values={task.formData}
                formId={editFormId}
                onSubmit={(values) => actions.decide('audit', values)}
                testId="wf-task-edit-form"
              />
            </Section>
          ) : null}
        </FlowFormServices>
        <Section title={<Trans>流程进度</Trans>}>
          <TaskProgress nodes={task.nodes} />
        </Section>
        <Section title={<Trans>审批记录</Trans>}>
          <TaskHistory records={task.records} />
        </Section>
        {deciding ? <OpinionField actions={actions} /> : null}
      </Stack>
    );
  }

  return (
    // Opened from the message drawer, the task is not that drawer's child: it stays open as that
    // drawer closes (its layer going would dismiss the layers over it) and hands the focus back to
    // its bell (focus moving elsewhere would close it).
    <Drawer.Root
      open
      onOpenChange={(e) => !e.open && onClose()}
      onFocusOutside={(e) => e.preventDefault()}
      onRequestDismiss={(e) => e.preventDefault()}
      placement="end"
      size={{ base: 'full', md: 'lg' }}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="wf-task-drawer" data-task={taskId} data-status={task?.status} data-sync={queued?.state}>
            <Drawer.Header>
              <Stack gap="1" pe="8">
                <Drawer.Title data-testid="wf-task-title">{task?.fullName ?? (queued?.title || t`流程详情`)}</Drawer.Title>
                {queued ? <QueuedLaunchTags launch={queued} /> : null}
                {task ? (
                  <HStack gap="2">
                    <StatusTag status={task.status} />
                    <UrgencyTag urgent={task.urgent} />
                  </HStack>
                ) : null}
              </Stack>
            </Drawer.Header>
            <Drawer.Body>{body}</Drawer.Body>
            <Drawer.Footer>
              <DecisionButtons offered={offered} actions={actions} editFormId={editable ? editFormId : null} onClose={onClose} />
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`关闭`} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
