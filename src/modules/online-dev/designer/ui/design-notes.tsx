import { Button, Flex, HStack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { DialogFrame } from '@/components/dialog-frame';
import { formatDateTime } from '@/lib/format';
import type { LocalCopy } from '../local-copy';

/** 本机有未保存的修改：恢复 / 丢弃 — the working copy kept on this device when the model was last edited here. */
export function RestoreBanner({ copy, newerOnServer, onRestore, onDiscard }: { copy: LocalCopy; newerOnServer: boolean; onRestore(): void; onDiscard(): void }) {
  const when = formatDateTime(copy.savedAt);
  return (
    <Flex wrap="wrap" gap="2" align="center" px="3" py="2" bg="orange.subtle" borderBottomWidth="1px" fontSize="sm" data-testid="od-design-restore-note">
      <Text flex="1" minW="48">
        <Trans>本机有未保存的修改（{when}）。</Trans>
        {newerOnServer ? <Trans>之后服务器上的版本又被修改过，恢复后保存会覆盖那些修改。</Trans> : null}
      </Text>
      <HStack gap="2">
        <Button size="xs" colorPalette="brand" onClick={onRestore} data-testid="od-design-restore">
          <Trans>恢复</Trans>
        </Button>
        <Button size="xs" variant="outline" onClick={onDiscard} data-testid="od-design-discard">
          <Trans>丢弃</Trans>
        </Button>
      </HStack>
    </Flex>
  );
}

/** A save refused because someone else saved the model meanwhile (409): reload theirs; these edits stay on this device. */
export function ConflictDialog({ open, when, onReload, onClose }: { open: boolean; when: string | null; onReload(): void; onClose(): void }) {
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      size="sm"
      title={<Trans>功能已被他人修改</Trans>}
      testId="od-design-conflict"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            <Trans>取消</Trans>
          </Button>
          <Button colorPalette="brand" onClick={onReload} data-testid="od-design-reload">
            <Trans>重新加载</Trans>
          </Button>
        </>
      }
    >
      <Text fontSize="sm">
        {when ? <Trans>在你打开之后，这个功能已被其他人保存过（{when}）。</Trans> : <Trans>在你打开之后，这个功能已被其他人保存过。</Trans>}
        <Trans>重新加载会载入服务器上的版本；你的修改仍保存在本机，重新打开时可以恢复。</Trans>
      </Text>
    </DialogFrame>
  );
}
