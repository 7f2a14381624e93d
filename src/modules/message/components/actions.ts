import { t } from '@lingui/core/macro';
import { confirm } from '@/components/confirm';
import { reportQueued } from '@/components/queued-feedback';
import { notify } from '@/lib/notify';
import { deleteMessages, markAllRead } from '../writes';

/** What the drawer and the message centre do on a click, with what the user hears about it. */

function failed(e: unknown) {
  notify({ kind: 'error', title: t`操作失败：${e instanceof Error ? e.message : String(e)}` });
}

/** 全部已读: the spec's confirmation (5.4), then everything read. Resolves true when done. */
export async function confirmAndReadAll(): Promise<boolean> {
  if (!(await confirm(t`提示`, t`您确定全部为已读状态, 是否继续?`))) return false;
  try {
    await markAllRead();
    return true;
  } catch (e) {
    failed(e);
    return false;
  }
}

/** Deletes messages (already confirmed): gone at once, sent now or when the connection returns. */
export async function removeMessages(ids: string[]): Promise<boolean> {
  try {
    await deleteMessages(ids);
  } catch (e) {
    failed(e);
    return false;
  }
  return reportQueued('delete');
}
