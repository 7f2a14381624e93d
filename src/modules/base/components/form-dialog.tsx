import { useId, type FormEventHandler, type ReactNode } from 'react';
import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';

/** The add / edit dialog of the base-data pages: a form with 取消 and 确定. */
export function FormDialog({
  open,
  title,
  onClose,
  onSubmit,
  submitting,
  children,
  testId,
  size = 'md',
}: {
  open: boolean;
  title: ReactNode;
  onClose(): void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting?: boolean;
  children: ReactNode;
  testId?: string;
  size?: 'sm' | 'md' | 'lg';
}) {
  const formId = useId();
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center" size={size} lazyMount unmountOnExit scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form id={formId} onSubmit={onSubmit} noValidate>
                <Stack gap="4">{children}</Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                <Trans>取消</Trans>
              </Button>
              <Button type="submit" form={formId} colorPalette="brand" loading={submitting} data-testid="form-submit">
                <Trans>确定</Trans>
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
