import type { ReactElement } from 'react';
import { notify } from '@/lib/notify';
import { ConfirmPopover } from './confirm-popover';

/** The spec's texts, word for word (spec 2.4); the same in every UI language. */
const TEXT = { question: 'Are you sure delete this task?', yes: 'Yes', no: 'No', confirmed: 'Next step.', cancelled: 'Click on cancel.' } as const;

/**
 * The generic delete confirmation popup of spec 2.4: 'Are you sure delete this task?' with Yes/No.
 * Yes shows 'Next step.' and runs the action; No shows 'Click on cancel.'.
 */
export function DeleteConfirm({ children, onConfirm }: { children: ReactElement; onConfirm: () => void | Promise<void> }) {
  return (
    <ConfirmPopover
      question={TEXT.question}
      noLabel={TEXT.no}
      yesLabel={TEXT.yes}
      yesPalette="brand"
      onNo={() => notify({ kind: 'info', title: TEXT.cancelled })}
      onYes={() => {
        notify({ kind: 'success', title: TEXT.confirmed });
        return onConfirm();
      }}
      placement="top"
      testId="delete-confirm"
    >
      {children}
    </ConfirmPopover>
  );
}
