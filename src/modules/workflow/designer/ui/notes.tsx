import { Button, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { DialogFrame } from '@/components/dialog-frame';
import { ConflictDialog as SharedConflictDialog, RestoreBanner as SharedRestoreBanner } from '@/components/designer/notes';
import type { LocalCopy } from '../local-copy';

/** 本机有未保存的修改：恢复 / 丢弃 — the working copy kept on this device when the flow was last edited here. */
export function RestoreBanner({ copy, newerOnServer, onRestore, onDiscard }: { copy: LocalCopy; newerOnServer: boolean; onRestore(): void; onDiscard(): void }) {
  return (
    <SharedRestoreBanner
      savedAt={copy.savedAt}
      newerNote={newerOnServer ? <Trans>之后服务器上的流程又被修改过，恢复后保存会覆盖那些修改。</Trans> : null}
      testIdPrefix="flow"
      onRestore={onRestore}
      onDiscard={onDiscard}
    />
  );
}

/** A save refused because someone else saved the flow meanwhile (409): reload theirs; these edits stay on this device. */
export function ConflictDialog({ open, when, onReload, onClose }: { open: boolean; when: string | null; onReload(): void; onClose(): void }) {
  return (
    <SharedConflictDialog
      open={open}
      title={<Trans>流程已被他人修改</Trans>}
      savedByOther={when ? <Trans>在你打开之后，这个流程已被其他人保存过（{when}）。</Trans> : <Trans>在你打开之后，这个流程已被其他人保存过。</Trans>}
      testIdPrefix="flow"
      cancelTestId="flow-conflict-keep"
      onReload={onReload}
      onClose={onClose}
    />
  );
}

/** 发布: the draft becomes the flow's next version; tasks already running keep the version they started on. */
export function PublishDialog({ open, nextVersion, busy, onPublish, onClose }: { open: boolean; nextVersion: number; busy: boolean; onPublish(): void; onClose(): void }) {
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      size="sm"
      title={<Trans>发布流程</Trans>}
      testId="flow-publish-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            <Trans>取消</Trans>
          </Button>
          <Button colorPalette="brand" loading={busy} onClick={onPublish} data-testid="flow-publish-confirm">
            <Trans>发布</Trans>
          </Button>
        </>
      }
    >
      <Stack gap="2" fontSize="sm">
        <Text>
          <Trans>发布为第 {nextVersion} 版：之后发起的流程按这一版审批。</Trans>
        </Text>
        <Text color="fg.muted">
          <Trans>已经发起、尚未结束的流程仍按它们发起时的版本进行。未保存的修改会先保存。</Trans>
        </Text>
      </Stack>
    </DialogFrame>
  );
}
