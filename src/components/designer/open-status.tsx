import type { ReactNode } from 'react';
import { Button, Flex, Spinner, Text, VStack } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { EmptyState } from '@/components/empty-state';
import { network } from '@/lib/network';

/**
 * What a designer shows while its document opens, or when it could not: a spinner with
 * `loadingText`; a failure with `offlineText` (offline, nothing kept here) or the reason, and
 * 返回 / 重试 (retrying needs the connection).
 */
export function DesignerOpenStatus({
  state,
  testId,
  retryTestId,
  loadingText,
  offlineText,
  onBack,
  onRetry,
}: {
  state: { state: 'loading' } | { state: 'failed'; reason: string; offline: boolean };
  testId: string;
  retryTestId: string;
  loadingText: ReactNode;
  offlineText: ReactNode;
  onBack(): void;
  onRetry(): void;
}) {
  const online = useSnapshot(network).online;
  return (
    <Flex minH="60" align="center" justify="center" bg="bg" borderWidth="1px" rounded="l3" data-testid={testId} data-state={state.state}>
      {state.state === 'loading' ? (
        <VStack color="fg.muted">
          <Spinner />
          <Text fontSize="sm">{loadingText}</Text>
        </VStack>
      ) : (
        <EmptyState
          text={state.offline ? offlineText : <Trans>打开失败：{state.reason}</Trans>}
          action={
            <Flex gap="2">
              <Button size="sm" variant="outline" onClick={onBack}>
                <Trans>返回</Trans>
              </Button>
              <Button size="sm" colorPalette="brand" disabled={!online} onClick={onRetry} data-testid={retryTestId}>
                <Trans>重试</Trans>
              </Button>
            </Flex>
          }
        />
      )}
    </Flex>
  );
}
