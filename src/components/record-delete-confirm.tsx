import { useId, useState, type ReactElement, type ReactNode } from 'react';
import { Button, HStack, Popover, Text } from '@chakra-ui/react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { CircleAlert } from 'lucide-react';
import { confirm } from './confirm';

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

/**
 * A popover at the delete button: the question, 取消 (focused first) and 确定. Escape, a click
 * outside or 取消 closes it without deleting.
 */
export function RecordDeleteConfirm({ question, onConfirm, children, testId = 'record-delete-confirm', triggerId, wrapTrigger }: RecordDeleteConfirmProps) {
  const [open, setOpen] = useState(false);
  const textId = useId();
  return (
    <Popover.Root open={open} onOpenChange={(e) => setOpen(e.open)} positioning={{ placement: 'top-end' }} lazyMount unmountOnExit ids={triggerId ? { trigger: triggerId } : undefined}>
      {(wrapTrigger ?? ((trigger) => trigger))(<Popover.Trigger asChild>{children}</Popover.Trigger>)}
      {/* Not portalled: inside a modal drawer or dialog, content outside it is hidden from the user. */}
      <Popover.Positioner>
        <Popover.Content w="auto" maxW="xs" role="alertdialog" aria-labelledby={textId} data-testid={testId}>
          <Popover.Arrow>
            <Popover.ArrowTip />
          </Popover.Arrow>
          <Popover.Body p="3">
            <HStack gap="2" align="start">
              <CircleAlert size={16} color="var(--chakra-colors-orange-500)" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Text id={textId} fontSize="sm" whiteSpace="normal" wordBreak="break-word">
                {question}
              </Text>
            </HStack>
            <HStack justify="flex-end" gap="2" mt="3">
              <Button size="xs" variant="outline" onClick={() => setOpen(false)} data-testid="delete-confirm-no">
                <Trans>取消</Trans>
              </Button>
              <Button
                size="xs"
                colorPalette="red"
                onClick={() => {
                  setOpen(false);
                  void onConfirm();
                }}
                data-testid="delete-confirm-yes"
              >
                <Trans>确定</Trans>
              </Button>
            </HStack>
          </Popover.Body>
        </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  );
}
