import type { ReactNode } from 'react';
import { Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { TaskDetail } from '@/contracts/workflow';
import { formatDateTime } from '@/lib/format';

/** Pieces of the task view (task-drawer.tsx), the server's task and a launch still on this device alike. */

export function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="2" as="section">
      <Heading size="sm">{title}</Heading>
      {children}
    </Stack>
  );
}

/** 流程, 发起人, 发起时间, 结束时间. */
export function Facts({ task }: { task: Pick<TaskDetail, 'flowName' | 'launcherName' | 'creatorTime' | 'completedTime'> }) {
  const { t } = useLingui();
  const items: [string, string][] = [
    [t`流程`, task.flowName],
    [t`发起人`, task.launcherName],
    [t`发起时间`, formatDateTime(task.creatorTime)],
    [t`结束时间`, task.completedTime ? formatDateTime(task.completedTime) : '—'],
  ];
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gapX="4" gapY="1" fontSize="sm" data-testid="wf-task-facts">
      {items.map(([label, value]) => (
        <HStack key={label} gap="2">
          <Text color="fg.muted" flexShrink={0}>
            {label}
          </Text>
          <Text>{value}</Text>
        </HStack>
      ))}
    </SimpleGrid>
  );
}
