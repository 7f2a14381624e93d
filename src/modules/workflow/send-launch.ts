import type { SendResult } from '@/lib/sync/outbox';
import type { OutboxEntry } from '@/lib/sync/user-db';
import { sendWithUploadedFiles } from '@/modules/online-dev/public';
import type { QueuedLaunchBody } from './kinds';

/**
 * Sending a queued launch (`workflow.launch`): every file of its form that is only on this device is
 * uploaded first (online development's kept files, each with its own Idempotency-Key and
 * `?flowId=…&field=…`), the stored entries written into the queued launch (a retry does not upload
 * them again), then the launch, without the sync panel's words, goes to POST …/FlowTask with the
 * entry's key.
 */
export function sendLaunch(entry: OutboxEntry): Promise<SendResult> {
  return sendWithUploadedFiles(entry, 'formData', ({ meta: _meta, ...sent }: QueuedLaunchBody) => sent);
}
