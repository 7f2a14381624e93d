import type { ReactNode } from 'react';
import { Box, Text, VStack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Inbox } from 'lucide-react';

export interface EmptyStateProps {
  /** What to say (default 暂无数据). */
  text?: ReactNode;
  /** Another icon than the empty tray. */
  icon?: ReactNode;
  /** A way out: 新建, 重置筛选… */
  action?: ReactNode;
  /** Less padding, for popovers and small panels. */
  compact?: boolean;
}

/** What a list, table or tree shows when it has nothing: an icon, a short text and maybe an action. */
export function EmptyState({ text, icon, action, compact = false }: EmptyStateProps) {
  const { t } = useLingui();
  return (
    <VStack gap={compact ? '1.5' : '3'} py={compact ? '4' : '10'} px="4" color="fg.muted" textAlign="center" role="status" data-testid="empty-state">
      <Box color="fg.subtle" aria-hidden>
        {icon ?? <Inbox size={compact ? 28 : 44} strokeWidth={1.25} />}
      </Box>
      <Text fontSize="sm">{text ?? t`暂无数据`}</Text>
      {action}
    </VStack>
  );
}
