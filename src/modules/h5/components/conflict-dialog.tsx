import { useState } from 'react';
import { Button, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import type { Work } from '@/contracts/h5';
import { DialogFrame } from '@/components/dialog-frame';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { currentUserDb, syncStatus } from '@/lib/sync/engine';
import { findConflict, keepMyWork, keepTheirWork, saveMineAsCopy } from '../conflict';

type Choice = 'mine' | 'theirs' | 'copy';

export interface WorkConflictDialogProps {
  workId: string;
  /** Load this work into the editor (after keep theirs or save as copy: the server's copy). */
  onReload(work: Work): void;
}

/**
 * Shown in the editor while a save of the work waits in conflict (it was changed elsewhere):
 * 保留我的 sends my draft on top of their version, 使用对方的 takes the server's copy into the editor,
 * 另存为副本 makes a new work of my draft and takes theirs for this one. 稍后处理 closes it until the
 * next conflict (the header still says the work was changed elsewhere).
 */
export function WorkConflictDialog({ workId, onReload }: WorkConflictDialogProps) {
  const { t } = useLingui();
  const active = useSnapshot(syncStatus).active;
  const conflict = useLiveQuery(async () => {
    const db = currentUserDb();
    return active && db ? findConflict(db, workId) : null;
  }, [active, workId]);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [busy, setBusy] = useState<Choice | null>(null);
  if (!conflict || dismissed === conflict.entry.id) return null;
  const { theirs } = conflict;
  const when = formatDateTime(theirs.updated_time);
  const version = theirs.version;

  const choose = async (choice: Choice) => {
    setBusy(choice);
    try {
      if (choice === 'mine') {
        await keepMyWork(workId);
        notify({ kind: 'info', title: t`将用你的版本覆盖服务器上的版本` });
      } else if (choice === 'theirs') {
        const work = await keepTheirWork(workId);
        if (work) onReload(work);
        notify({ kind: 'info', title: t`已换成服务器上的版本` });
      } else {
        const result = await saveMineAsCopy(workId);
        if (result) {
          onReload(result.theirs);
          const title = result.copy.title;
          notify({ kind: 'success', title: t`你的修改已另存为「${title}」，在我的作品中可以找到` });
        }
      }
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      notify({ kind: 'error', title: t`操作失败：${message}` });
    } finally {
      setBusy(null);
    }
  };

  return (
    <DialogFrame
      onClose={() => setDismissed(conflict.entry.id)}
      testId="work-conflict-dialog"
      title={<Trans>作品已在别处修改</Trans>}
      footer={
        <>
          <Button variant="ghost" size="sm" onClick={() => setDismissed(conflict.entry.id)} disabled={!!busy}>
            <Trans>稍后处理</Trans>
          </Button>
          <Button variant="outline" size="sm" loading={busy === 'copy'} disabled={!!busy} onClick={() => void choose('copy')} data-testid="conflict-copy">
            <Trans>另存为副本</Trans>
          </Button>
          <Button variant="outline" size="sm" loading={busy === 'theirs'} disabled={!!busy} onClick={() => void choose('theirs')} data-testid="conflict-theirs">
            <Trans>使用对方的</Trans>
          </Button>
          <Button colorPalette="brand" size="sm" loading={busy === 'mine'} disabled={!!busy} onClick={() => void choose('mine')} data-testid="conflict-mine">
            <Trans>保留我的</Trans>
          </Button>
        </>
      }
    >
      <Stack gap="3" fontSize="sm">
        <Text>
          <Trans>
            这个作品在别处（另一台设备或另一个窗口）被保存过：服务器上现在是第 {version} 版，保存于 {when}。你在这里的修改还没有保存到服务器。
          </Trans>
        </Text>
        <Stack as="ul" gap="1" ps="4" listStyleType="disc" color="fg.muted">
          <li>
            <Trans>保留我的：用你的版本覆盖服务器上的版本。</Trans>
          </li>
          <li>
            <Trans>使用对方的：放弃你的修改，打开服务器上的版本。</Trans>
          </li>
          <li>
            <Trans>另存为副本：你的修改存为一个新作品，这个作品换成服务器上的版本。</Trans>
          </li>
        </Stack>
      </Stack>
    </DialogFrame>
  );
}
