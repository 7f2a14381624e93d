import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { RecordAction, TodoState } from '@/contracts/workflow';
import { urgencyOf, type FlowStatusCode, type UrgencyCode } from '@/contracts/workflow-paths';

/**
 * The words and colours of the workflow's codes (spec 3): flow status 1 审批中, 2 已通过, 3 已拒绝,
 * 4 已撤回, 5 已终止; urgency 1 普通, 2 重要, 3 紧急 (any other value 普通). The same Chinese as the
 * contract's FLOW_STATUS_NAMES / URGENCY_NAMES, through the catalog.
 */
export const STATUS_LABELS: Record<FlowStatusCode, { label: MessageDescriptor; color: string }> = {
  1: { label: msg`审批中`, color: 'blue' },
  2: { label: msg`已通过`, color: 'green' },
  3: { label: msg`已拒绝`, color: 'red' },
  4: { label: msg`已撤回`, color: 'gray' },
  5: { label: msg`已终止`, color: 'orange' },
};

export const URGENCY_LABELS: Record<UrgencyCode, { label: MessageDescriptor; color: string }> = {
  1: { label: msg`普通`, color: 'gray' },
  2: { label: msg`重要`, color: 'orange' },
  3: { label: msg`紧急`, color: 'red' },
};

/** A status code as shown; an unknown one as 审批中 would mislead, so it is shown as its number. */
export const statusLabel = (status: number) => STATUS_LABELS[status as FlowStatusCode] ?? null;
export const urgencyLabel = (value: unknown) => URGENCY_LABELS[urgencyOf(value)];

export const ACTION_LABELS: Record<RecordAction, MessageDescriptor> = {
  launch: msg`发起`,
  adopt: msg`同意`,
  reject: msg`拒绝`,
  transfer: msg`转办`,
  revoke: msg`撤回`,
  cancel: msg`终止`,
  circulate: msg`抄送`,
  end: msg`结束`,
};

export const TODO_STATE_LABELS: Record<TodoState, MessageDescriptor> = {
  pending: msg`待审批`,
  adopt: msg`已同意`,
  reject: msg`已拒绝`,
  transfer: msg`已转办`,
  void: msg`无需审批`,
};
