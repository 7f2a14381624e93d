import type { ReactNode } from 'react';
import { Button } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { DialogFrame } from '@/components/dialog-frame';

/**
 * The frame of a notice read in a dialog (the reader's dialog and the administrator's preview):
 * title, a line about it, the body, and a close button.
 */
export function NoticeDialogFrame({
  open,
  onClose,
  title,
  meta,
  children,
  testId,
  testPrefix = testId,
  id,
}: {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  meta: ReactNode;
  children: ReactNode;
  /** The dialog's test id; its title and close button get `<testPrefix>-title` and `<testPrefix>-close`. */
  testId: string;
  testPrefix?: string;
  id?: string;
}) {
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      size="lg"
      testId={testId}
      dataId={id}
      title={title}
      titleTestId={`${testPrefix}-title`}
      meta={meta}
      footer={
        <Button colorPalette="brand" onClick={onClose} data-testid={`${testPrefix}-close`}>
          <Trans>关闭</Trans>
        </Button>
      }
    >
      {children}
    </DialogFrame>
  );
}
