import { t } from '@lingui/core/macro';
import type { RowOp } from '@/lib/sync/remote-list';
import type { OutboxEntry } from '@/lib/sync/user-db';

/**
 * The little of online development's queued record writes that module.ts needs at once, loading
 * with the session (its messages in `app`): the sync panel's words for them. Their code (records.ts)
 * loads when the queue first needs it.
 */

/** The ops of the record list's writes (remote-list's row kinds `onlineDev.<op>`); create and update send their files first. */
export const RECORD_OPS = ['create', 'update', 'delete', 'state', 'action'] as const satisfies readonly RowOp[];

/** The sync panel's words for a queued record write: 门店巡检「…」新建. */
export function recordLabel(op: RowOp, entry: OutboxEntry): string {
  const body = entry.request.body as { title?: unknown; modelName?: unknown } | undefined;
  const model = typeof body?.modelName === 'string' ? body.modelName : t`表单记录`;
  const name = typeof body?.title === 'string' && body.title ? `「${body.title}」` : '';
  if (op === 'create') return t`${model}${name}新建`;
  if (op === 'delete') return t`${model}${name}删除`;
  return t`${model}${name}修改`;
}
