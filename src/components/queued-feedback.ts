import { t } from '@lingui/core/macro';
import { ERROR_TOAST_MS } from '@/contracts/limits';
import { network } from '@/lib/network';
import { notify } from '@/lib/notify';
import { currentUserDb, takeLastQueued } from '@/lib/sync/engine';
import { discardEntry } from '@/lib/sync/outbox';
import { watchOutcome, type WriteOutcome } from '@/lib/sync/outcome';

/**
 * What the user hears after a change went into the sync queue. Never "done" for a write the server
 * has not accepted: online, the answer is awaited briefly (ANSWER_WAIT_MS) and a refusal shows the
 * server's own message (the kind takes the change back on screen); offline, or when the answer is
 * slow, the change is said to be saved on the device and to sync.
 */
export type QueuedAction = 'save' | 'delete' | 'state';
/** A screen's own wording: accepted, saved offline, and (optional) saved while the answer is slow. */
export interface QueuedWording {
  online: string;
  offline: string;
  slow?: string;
}

/** How long a queued write's answer is awaited before the user is told it waits on the device. */
export const ANSWER_WAIT_MS = 2000;

function wordingOf(what: QueuedAction): Required<QueuedWording> {
  if (what === 'save') return { online: t`保存成功`, offline: t`已保存在本机，联网后自动同步`, slow: t`已保存在本机，正在同步` };
  if (what === 'delete') return { online: t`删除成功`, offline: t`删除已保存在本机，联网后自动同步`, slow: t`删除已保存在本机，正在同步` };
  return { online: t`状态已更新`, offline: t`状态修改已保存在本机，联网后自动同步`, slow: t`状态修改已保存在本机，正在同步` };
}

/**
 * The outcome of the write the last action queued (waiting when nothing was queued or offline). A
 * refusal told here at once is not left in the sync panel too: the screen has taken the change back,
 * and a form stays open with what was typed. A conflict stays there for the user to choose.
 */
async function outcomeOfLastWrite(): Promise<WriteOutcome> {
  const entry = takeLastQueued();
  const db = currentUserDb();
  if (!entry || !db) return { state: 'waiting' };
  const outcome = await watchOutcome(db, entry, ANSWER_WAIT_MS);
  if (outcome.state === 'refused' && !outcome.conflict) await discardEntry(db, entry.id).catch(() => undefined);
  return outcome;
}

/**
 * Tells the user what became of the write the action just queued. Resolves false when the server
 * refused it.
 */
export async function reportQueued(what: QueuedAction | QueuedWording): Promise<boolean> {
  const wording = typeof what === 'string' ? wordingOf(what) : what;
  const outcome = await outcomeOfLastWrite();
  if (outcome.state === 'sent') {
    notify({ kind: 'success', title: wording.online });
    return true;
  }
  if (outcome.state === 'refused') {
    notify({
      kind: 'error',
      title: outcome.conflict ? t`这条数据已在服务器上被修改，请在同步状态中选择保留哪一份` : outcome.message || t`服务器拒绝了这次修改`,
      duration: ERROR_TOAST_MS,
    });
    return false;
  }
  notify({ kind: 'info', title: network.online ? (wording.slow ?? wording.offline) : wording.offline });
  return true;
}

/** A change that could not even be queued (no signed-in user, the device database failed). */
export function reportFailure(e: unknown) {
  const message = e instanceof Error && e.message ? e.message : String(e);
  notify({ kind: 'error', title: t`操作失败：${message}` });
}

/** Runs a queued change and reports what became of it; false when it failed or the server refused it. */
export async function queued(what: QueuedAction | QueuedWording, run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
  } catch (e) {
    reportFailure(e);
    return false;
  }
  return reportQueued(what);
}
