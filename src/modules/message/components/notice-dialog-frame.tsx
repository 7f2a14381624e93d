import type { ReactNode } from 'react';
import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';

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
  const { t } = useLingui();
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} size="lg" placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId} data-id={id}>
            <Dialog.Header>
              <Stack gap="1">
                <Dialog.Title data-testid={`${testPrefix}-title`}>{title}</Dialog.Title>
                {meta}
              </Stack>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={onClose} data-testid={`${testPrefix}-close`}>
                <Trans>关闭</Trans>
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`关闭`} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
