import { t } from '@lingui/core/macro';
import { network } from '@/lib/network';
import { notify } from '@/lib/notify';

/** What the user hears after a change went into the sync queue (sent at once when online). */
export type QueuedAction = 'save' | 'delete' | 'state';
/** A screen's own wording, online and offline (e.g. releasing a notice). */
export interface QueuedWording {
  online: string;
  offline: string;
}

function wordingOf(what: QueuedAction): QueuedWording {
  if (what === 'save') return { online: t`保存成功`, offline: t`已保存在本机，联网后自动同步` };
  if (what === 'delete') return { online: t`删除成功`, offline: t`已在本机删除，联网后自动同步` };
  return { online: t`状态已更新`, offline: t`已在本机修改状态，联网后自动同步` };
}

export function reportQueued(what: QueuedAction | QueuedWording) {
  const wording = typeof what === 'string' ? wordingOf(what) : what;
  notify({ kind: 'success', title: network.online ? wording.online : wording.offline });
}

/** A change that could not even be queued (no signed-in user, the device database failed). */
export function reportFailure(e: unknown) {
  const message = e instanceof Error && e.message ? e.message : String(e);
  notify({ kind: 'error', title: t`操作失败：${message}` });
}

/** Runs a queued change and reports it. */
export async function queued(what: QueuedAction | QueuedWording, run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    reportQueued(what);
    return true;
  } catch (e) {
    reportFailure(e);
    return false;
  }
}
