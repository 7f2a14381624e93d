import { t } from '@lingui/core/macro';
import { ApiError } from '@/lib/errors';
import { currentUserDb } from '@/lib/sync/engine';
import { httpSend } from '@/lib/sync/http-sender';
import type { SendResult } from '@/lib/sync/outbox';
import type { OutboxEntry } from '@/lib/sync/user-db';
import { withUploadedFiles } from '@/modules/online-dev/public';
import type { QueuedLaunchBody } from './kinds';

/**
 * Sending a queued launch (`workflow.launch`): every file of its form that is only on this device is
 * uploaded first (online development's kept files, each with its own Idempotency-Key and
 * `?flowId=…&field=…`), the stored entries written into the queued launch (a retry does not upload
 * them again), then the launch goes to POST …/FlowTask with the entry's key.
 */
export async function sendLaunch(entry: OutboxEntry): Promise<SendResult> {
  const db = currentUserDb();
  if (!db) return { ok: false, code: 0, message: 'no database' };
  const body = entry.request.body as QueuedLaunchBody;
  let formData = body.formData;
  try {
    const done = await withUploadedFiles(db, body.formData);
    if (!done) return { ok: false, code: 400, message: t`有文件已不在本机，请重新选择后再提交` };
    if (done.changed) {
      formData = done.data;
      await db.outbox.update(entry.id, { request: { ...entry.request, body: { ...body, formData } } });
    }
  } catch (e) {
    // An upload refused (wrong type, too large) refuses the launch; the network gone is retried.
    return { ok: false, code: e instanceof ApiError ? e.code : 0, message: e instanceof Error ? e.message : String(e) };
  }
  const { meta: _meta, ...sent } = { ...body, formData };
  return httpSend({ ...entry, request: { ...entry.request, body: sent } });
}
