import { Trans } from '@lingui/react/macro';
import { ConflictDialog as SharedConflictDialog, RestoreBanner as SharedRestoreBanner } from '@/components/designer/notes';
import type { LocalCopy } from '../local-copy';

/** 本机有未保存的修改：恢复 / 丢弃 — the working copy kept on this device when the model was last edited here. */
export function RestoreBanner({ copy, newerOnServer, onRestore, onDiscard }: { copy: LocalCopy; newerOnServer: boolean; onRestore(): void; onDiscard(): void }) {
  return (
    <SharedRestoreBanner
      savedAt={copy.savedAt}
      newerNote={newerOnServer ? <Trans>之后服务器上的版本又被修改过，恢复后保存会覆盖那些修改。</Trans> : null}
      testIdPrefix="od-design"
      onRestore={onRestore}
      onDiscard={onDiscard}
    />
  );
}

/** A save refused because someone else saved the model meanwhile (409): reload theirs; these edits stay on this device. */
export function ConflictDialog({ open, when, onReload, onClose }: { open: boolean; when: string | null; onReload(): void; onClose(): void }) {
  return (
    <SharedConflictDialog
      open={open}
      title={<Trans>功能已被他人修改</Trans>}
      savedByOther={when ? <Trans>在你打开之后，这个功能已被其他人保存过（{when}）。</Trans> : <Trans>在你打开之后，这个功能已被其他人保存过。</Trans>}
      testIdPrefix="od-design"
      onReload={onReload}
      onClose={onClose}
    />
  );
}
