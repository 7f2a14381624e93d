import type { ReactNode } from 'react';
import { CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

export interface DialogShellProps {
  /** Default true: most dialogs are mounted while open. */
  open?: boolean;
  onClose(): void;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** A fixed width instead of a size (kept within the screen). */
  width?: string;
  /** 'inside': the body scrolls within the dialog (forms, notices); 'outside': the page scrolls. */
  scroll?: 'inside' | 'outside';
  /** On the dialog's content. */
  testId?: string;
  dataId?: string;
  children: ReactNode;
}

/**
 * The dialog around its sections: centred, its content mounted only while open, the close button
 * in the corner. For a dialog whose body and footer share state mounted on each opening (the
 * content is then one component rendering `DialogSections`); otherwise use `DialogFrame`.
 */
export function DialogShell({ open = true, onClose, size = 'md', width, scroll = 'inside', testId, dataId, children }: DialogShellProps) {
  const { t } = useLingui();
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center" size={size} lazyMount unmountOnExit scrollBehavior={scroll}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w={width} maxW={width ? 'calc(100vw - 2rem)' : undefined} data-testid={testId} data-id={dataId}>
            {children}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`关闭`} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export interface DialogSectionsProps {
  title: ReactNode;
  /** A line under the title (who sent it, when). */
  meta?: ReactNode;
  titleTestId?: string;
  /** The buttons (取消 / 保存, 关闭 …). */
  footer?: ReactNode;
  children: ReactNode;
}

/** Title (and a line about it), body, footer: the sections of every dialog. */
export function DialogSections({ title, meta, titleTestId, footer, children }: DialogSectionsProps) {
  const heading = <Dialog.Title data-testid={titleTestId}>{title}</Dialog.Title>;
  return (
    <>
      <Dialog.Header>
        {meta ? (
          <Stack gap="1">
            {heading}
            {meta}
          </Stack>
        ) : (
          heading
        )}
      </Dialog.Header>
      <Dialog.Body>{children}</Dialog.Body>
      {footer ? <Dialog.Footer flexWrap="wrap">{footer}</Dialog.Footer> : null}
    </>
  );
}

export type DialogFrameProps = Omit<DialogShellProps, 'children'> & DialogSectionsProps;

/** The frame of every dialog: title, body, footer, size and test id in one place. */
export function DialogFrame({ title, meta, titleTestId, footer, children, ...shell }: DialogFrameProps) {
  return (
    <DialogShell {...shell}>
      <DialogSections title={title} meta={meta} titleTestId={titleTestId} footer={footer}>
        {children}
      </DialogSections>
    </DialogShell>
  );
}
