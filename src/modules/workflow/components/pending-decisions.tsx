import { Alert, Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { dismissNote } from '../actions';
import { useDecisions } from '../use-decisions';

/**
 * Over the todo list: the decisions made here that wait for the server (the todo has left the list:
 * 待同步), and those that did not go through — someone else had handled the todo first (已由…处理)
 * or the server refused — until the user has read them. A title opens its task.
 */
export function PendingDecisions({ onOpen }: { onOpen(task: { taskId: string; flowId: string }): void }) {
  const { t } = useLingui();
  const found = useDecisions();
  if (!found || (!found.waiting.length && !found.notes.length)) return null;
  return (
    <Stack gap="2" data-testid="wf-pending-decisions">
      {found.waiting.map((w) => (
        <HStack key={w.entryId} gap="2" fontSize="sm" flexWrap="wrap" data-testid="wf-pending-decision" data-todo={w.todoId}>
          <Badge size="sm" variant="subtle" colorPalette="orange">
            <Trans>待同步</Trans>
          </Badge>
          <Button variant="plain" size="sm" px="0" h="auto" onClick={() => onOpen(w)} disabled={!w.taskId}>
            {w.title || t`审批`}
          </Button>
          <Text color="fg.muted">{w.action === 'audit' ? t`同意，联网后自动提交` : t`拒绝，联网后自动提交`}</Text>
        </HStack>
      ))}
      {found.notes.map((n) => (
        <Alert.Root key={n.todoId} status={n.outcome === 'handled' ? 'warning' : 'error'} size="sm" data-testid={n.outcome === 'handled' ? 'wf-handled-note' : 'wf-refused-note'} data-todo={n.todoId}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              <Button variant="plain" size="sm" px="0" h="auto" onClick={() => onOpen(n)}>
                {n.title || t`审批`}
              </Button>
            </Alert.Title>
            <Alert.Description>
              {n.outcome === 'handled'
                ? n.handledBy
                  ? t`该审批已由${n.handledBy.userName}处理，你在本机的审批没有提交`
                  : n.message || t`该审批已由他人处理，你在本机的审批没有提交`
                : t`服务器没有接受你的审批：${n.message}`}
            </Alert.Description>
          </Alert.Content>
          <Button size="xs" variant="outline" alignSelf="center" onClick={() => void dismissNote(n.todoId)} data-testid="wf-note-dismiss">
            <Trans>知道了</Trans>
          </Button>
        </Alert.Root>
      ))}
    </Stack>
  );
}
