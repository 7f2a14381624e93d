import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FlowRecord, TaskNode } from '@/contracts/workflow';
import { formatDateTime } from '@/lib/format';
import { ACTION_LABELS, TODO_STATE_LABELS } from '../labels';

const NODE_COLORS: Record<TaskNode['state'], string> = { done: 'green', active: 'blue', waiting: 'gray', rejected: 'red' };
const APPROVER_COLORS: Record<string, string> = { pending: 'blue', adopt: 'green', reject: 'red', transfer: 'purple', void: 'gray' };

/** The task's nodes in order: done, where it waits, rejected, still to come; each approver with their state and opinion. */
export function TaskProgress({ nodes }: { nodes: readonly TaskNode[] }) {
  const { t, i18n } = useLingui();
  const stateText: Record<TaskNode['state'], string> = { done: t`已完成`, active: t`进行中`, waiting: t`未开始`, rejected: t`已拒绝` };
  return (
    <Stack as="ol" gap="0" data-testid="wf-progress" listStyleType="none" ps="0">
      {nodes.map((node, i) => (
        <HStack as="li" key={node.nodeId} align="stretch" gap="3" data-testid="wf-node" data-state={node.state} data-node={node.nodeId}>
          <Stack align="center" gap="0" w="4" flexShrink={0}>
            <Box w="3" h="3" mt="1.5" rounded="full" bg={node.state === 'waiting' ? 'border.emphasized' : `${NODE_COLORS[node.state]}.solid`} aria-hidden />
            {i < nodes.length - 1 ? <Box flex="1" w="0.5" bg="border" aria-hidden /> : null}
          </Stack>
          <Stack gap="1" pb="3" minW="0" flex="1">
            <HStack gap="2" flexWrap="wrap">
              <Text fontWeight="medium">{node.name}</Text>
              <Badge size="sm" variant="subtle" colorPalette={NODE_COLORS[node.state]}>
                {stateText[node.state]}
              </Badge>
              {node.mode && node.approvers.length > 1 ? (
                <Text fontSize="xs" color="fg.muted">
                  {node.mode === 'all' ? <Trans>会签（全部同意）</Trans> : <Trans>或签（一人同意即可）</Trans>}
                </Text>
              ) : null}
            </HStack>
            {node.approvers.map((a) => (
              <Stack key={a.userId} gap="0" fontSize="sm" data-testid="wf-node-approver" data-state={a.state}>
                <HStack gap="2" flexWrap="wrap">
                  <Text>{a.userName}</Text>
                  <Badge size="xs" variant="outline" colorPalette={APPROVER_COLORS[a.state] ?? 'gray'}>
                    {i18n._(TODO_STATE_LABELS[a.state])}
                  </Badge>
                  {a.time ? (
                    <Text fontSize="xs" color="fg.muted">
                      {formatDateTime(a.time)}
                    </Text>
                  ) : null}
                </HStack>
                {a.opinion ? (
                  <Text color="fg.muted" fontSize="sm" wordBreak="break-word">
                    {a.opinion}
                  </Text>
                ) : null}
              </Stack>
            ))}
          </Stack>
        </HStack>
      ))}
    </Stack>
  );
}

/** The decisions and other steps of the task, oldest first, with opinions. */
export function TaskHistory({ records }: { records: readonly FlowRecord[] }) {
  const { i18n } = useLingui();
  if (!records.length) {
    return (
      <Text color="fg.muted" fontSize="sm">
        <Trans>暂无记录</Trans>
      </Text>
    );
  }
  return (
    <Stack gap="2" data-testid="wf-history">
      {records.map((r) => (
        <Stack key={r.id} gap="0.5" borderBottomWidth="1px" pb="2" data-testid="wf-record" data-action={r.action}>
          <HStack gap="2" flexWrap="wrap" fontSize="sm">
            <Text fontWeight="medium">{r.userName}</Text>
            <Badge size="xs" variant="subtle" colorPalette={r.action === 'reject' || r.action === 'cancel' ? 'red' : r.action === 'adopt' ? 'green' : 'gray'}>
              {i18n._(ACTION_LABELS[r.action])}
            </Badge>
            <Text color="fg.muted">{r.nodeName}</Text>
            {r.target ? <Text color="fg.muted">→ {r.target}</Text> : null}
            <Text color="fg.muted" fontSize="xs" ms="auto">
              {formatDateTime(r.time)}
            </Text>
          </HStack>
          {r.opinion ? (
            <Text fontSize="sm" wordBreak="break-word" data-testid="wf-record-opinion">
              {r.opinion}
            </Text>
          ) : null}
        </Stack>
      ))}
    </Stack>
  );
}
