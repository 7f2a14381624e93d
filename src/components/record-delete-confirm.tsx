import type { ReactElement, ReactNode } from 'react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { confirm } from './confirm';
import { ConfirmPopover } from './confirm-popover';

/**
 * The question before a record is deleted, naming it: 确定删除「王晓明」吗？ (or, without a name,
 * 确定删除这条记录吗？). The spec's generic popup (DeleteConfirm, 'Are you sure delete this task?')
 * stays for generic confirmations (restoring default settings, discarding a queued change).
 */
export function deleteQuestion(recordName?: string | null): string {
  const name = recordName?.trim();
  return name ? t`确定删除「${name}」吗？` : t`确定删除这条记录吗？`;
}

/** The same question as a dialog (where no popover can anchor: a row's menu on a phone); true on 确定. */
export function confirmRecordDelete(question: string): Promise<boolean> {
  return confirm(t`删除确认`, question, { okText: t`确定`, cancelText: t`取消` });
}

export interface RecordDeleteConfirmProps {
  /** 确定删除「…」吗？ or another question (确定删除选中的 3 条消息吗？). */
  question: ReactNode;
  onConfirm(): void | Promise<void>;
  /** The button that asks (a Chakra Button or IconButton). */
  children: ReactElement;
  testId?: string;
  /** The trigger's element id, when a tooltip shares the trigger (IconTip's `triggerId`). */
  triggerId?: string;
  /** Wraps the trigger (a tooltip around it: `(t) => <IconTip triggerId=…>{t}</IconTip>`). */
  wrapTrigger?(trigger: ReactElement): ReactElement;
}

/** A popover at the delete button: the question, 取消 (focused first) and 确定. */
export function RecordDeleteConfirm({ question, onConfirm, children, testId = 'record-delete-confirm', triggerId, wrapTrigger }: RecordDeleteConfirmProps) {
  return (
    <ConfirmPopover
      question={question}
      noLabel={<Trans>取消</Trans>}
      yesLabel={<Trans>确定</Trans>}
      yesPalette="red"
      onYes={onConfirm}
      placement="top-end"
      testId={testId}
      triggerId={triggerId}
      wrapTrigger={wrapTrigger}
    >
      {children}
    </ConfirmPopover>
  );
}
