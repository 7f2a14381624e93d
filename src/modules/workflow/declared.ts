import { t } from '@lingui/core/macro';
import { MessageType } from '@/contracts/message-values';
import type { MessageRow } from '@/contracts/message';
import type { OutboxEntry } from '@/lib/sync/user-db';
import type { QueuedDecisionBody, QueuedLaunchBody } from './kinds';
import type { DecisionAction } from './table';

/**
 * The little of the workflow that module.ts needs at once, loading with the session (its messages
 * in `app`): the sync panel's words for the queued decisions and launches (shown before any
 * workflow page is opened), and which pushed messages are the workflow's. The kinds' code
 * (kinds.ts), the push and catch-up (live.ts) and the warm-up (warm.ts) load when first needed.
 */

/** 同意「…」 / 拒绝「…」: a queued decision in the sync panel. */
export function decisionLabel(action: DecisionAction, entry: OutboxEntry): string {
  const title = (entry.request.body as Partial<QueuedDecisionBody> | undefined)?.meta?.title ?? '';
  if (action === 'audit') return title ? t`同意「${title}」` : t`同意审批`;
  return title ? t`拒绝「${title}」` : t`拒绝审批`;
}

/** 发起流程「…」: a queued launch in the sync panel. */
export function launchLabel(entry: OutboxEntry): string {
  const title = (entry.request.body as Partial<QueuedLaunchBody> | undefined)?.meta?.title;
  return title ? t`发起流程「${title}」` : t`发起流程`;
}

const FLOW_TYPES: readonly number[] = [MessageType.flowTodo, MessageType.flowCirculate, MessageType.flowLaunch];

/** A message of the workflow (a todo, a circulation, news of a task the user launched). */
export const isFlowMessage = (row: Pick<MessageRow, 'type'>) => FLOW_TYPES.includes(row.type);
