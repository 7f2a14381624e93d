import { t } from '@lingui/core/macro';
import { network } from '@/lib/network';
import { notify } from '@/lib/notify';

/** What the user hears after a change went into the sync queue (sent at once when online). */
export function reportQueued(what: 'save' | 'delete' | 'state') {
  const online = network.online;
  const title =
    what === 'save'
      ? online
        ? t`保存成功`
        : t`已保存在本机，联网后自动同步`
      : what === 'delete'
        ? online
          ? t`删除成功`
          : t`已在本机删除，联网后自动同步`
        : online
          ? t`状态已更新`
          : t`已在本机修改状态，联网后自动同步`;
  notify({ kind: 'success', title });
}

export function reportFailure(e: unknown) {
  const message = e instanceof Error && e.message ? e.message : String(e);
  notify({ kind: 'error', title: t`操作失败：${message}` });
}

/** Runs a queued change and reports it. */
export async function queued(what: 'save' | 'delete' | 'state', run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    reportQueued(what);
    return true;
  } catch (e) {
    reportFailure(e);
    return false;
  }
}
