import { Button, Flex, HStack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { DialogFrame } from '@/components/dialog-frame';
import { formatDateTime } from '@/lib/format';

/**
 * The notes a designer shows about its working copy (the model designer's and the flow designer's):
 * the words that name what is being designed come from the caller, the rest is said here.
 * Test ids: `<testIdPrefix>-restore-note`, `-restore`, `-discard`, `-conflict`, `-reload`.
 */

/** 本机有未保存的修改：恢复 / 丢弃 — the working copy kept on this device when it was last edited here. */
export function RestoreBanner({
  savedAt,
  newerNote,
  testIdPrefix,
  onRestore,
  onDiscard,
}: {
  savedAt: number;
  /** Said after the note when the server's version is newer than the one the copy started from. */
  newerNote: ReactNode;
  testIdPrefix: string;
  onRestore(): void;
  onDiscard(): void;
}) {
  const when = formatDateTime(savedAt);
  return (
    <Flex wrap="wrap" gap="2" align="center" px="3" py="2" bg="orange.subtle" borderBottomWidth="1px" fontSize="sm" data-testid={`${testIdPrefix}-restore-note`}>
      <Text flex="1" minW="48">
        <Trans>本机有未保存的修改（{when}）。</Trans>
        {newerNote}
      </Text>
      <HStack gap="2">
        <Button size="xs" colorPalette="brand" onClick={onRestore} data-testid={`${testIdPrefix}-restore`}>
          <Trans>恢复</Trans>
        </Button>
        <Button size="xs" variant="outline" onClick={onDiscard} data-testid={`${testIdPrefix}-discard`}>
          <Trans>丢弃</Trans>
        </Button>
      </HStack>
    </Flex>
  );
}

/** A save refused because someone else saved meanwhile (409): reload theirs; these edits stay on this device. */
export function ConflictDialog({
  open,
  title,
  savedByOther,
  testIdPrefix,
  cancelTestId,
  onReload,
  onClose,
}: {
  open: boolean;
  title: ReactNode;
  /** The sentence saying someone else saved it since it was opened. */
  savedByOther: ReactNode;
  testIdPrefix: string;
  cancelTestId?: string;
  onReload(): void;
  onClose(): void;
}) {
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      size="sm"
      title={title}
      testId={`${testIdPrefix}-conflict`}
      footer={
        <>
          <Button variant="outline" onClick={onClose} data-testid={cancelTestId}>
            <Trans>取消</Trans>
          </Button>
          <Button colorPalette="brand" onClick={onReload} data-testid={`${testIdPrefix}-reload`}>
            <Trans>重新加载</Trans>
          </Button>
        </>
      }
    >
      <Text fontSize="sm">
        {savedByOther}
        <Trans>重新加载会载入服务器上的版本；你的修改仍保存在本机，重新打开时可以恢复。</Trans>
      </Text>
    </DialogFrame>
  );
}
