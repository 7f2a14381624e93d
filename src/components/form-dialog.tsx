import { useId, type FormEvent, type ReactNode } from 'react';
import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { network } from '@/lib/network';
import { notify } from '@/lib/notify';
import { DialogFrame } from './dialog-frame';

export interface FormDialogProps {
  /** Default true (the dialog is mounted while open). */
  open?: boolean;
  title: ReactNode;
  onClose(): void;
  /**
   * The form's submit (e.g. react-hook-form's handleSubmit(...)); the default action is already
   * prevented. A returned promise that rejects (the write could not even be queued) goes to onError.
   */
  onSubmit(event: FormEvent<HTMLFormElement>): unknown;
  /** What to do with a failed submit; by default a 保存失败：… notice. */
  onError?(error: unknown): void;
  submitting?: boolean;
  submitDisabled?: boolean;
  children: ReactNode;
  /** A line above the buttons. */
  note?: ReactNode;
  /** The change goes through the sync queue: while offline, say that it stays on this device until the connection returns. */
  offlineNote?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** On the dialog's content. */
  testId?: string;
  /** On the 保存 button; `${testId}-submit` unless given. */
  submitTestId?: string;
}

export interface FormFooterProps {
  /** The id of the form the 保存 button submits. */
  formId: string;
  onCancel(): void;
  submitting?: boolean;
  submitDisabled?: boolean;
  /** A line before the buttons. */
  note?: ReactNode;
  /** The change goes through the sync queue: while offline, say that it stays on this device until the connection returns. */
  offlineNote?: boolean;
  submitTestId?: string;
}

/** The buttons under a form (取消 / 保存, the offline note before them): of FormDialog, and of frames that hold a form of their own. */
export function FormFooter({ formId, onCancel, submitting = false, submitDisabled = false, note, offlineNote = false, submitTestId }: FormFooterProps) {
  const online = useSnapshot(network).online;
  const footNote = note ?? (offlineNote && !online ? <Trans>当前离线：保存后修改留在本机，联网后自动同步。</Trans> : null);
  return (
    <>
      {footNote ? (
        <Box flex="1" minW="40">
          <Text fontSize="xs" color="fg.muted">
            {footNote}
          </Text>
        </Box>
      ) : null}
      <Button variant="outline" onClick={onCancel}>
        <Trans>取消</Trans>
      </Button>
      <Button type="submit" form={formId} colorPalette="brand" loading={submitting} disabled={submitDisabled} data-testid={submitTestId}>
        <Trans>保存</Trans>
      </Button>
    </>
  );
}

/** The frame of every form dialog (a DialogFrame): title, the form, an optional note, 取消 / 保存. */
export function FormDialog({
  open = true,
  title,
  onClose,
  onSubmit,
  onError,
  submitting = false,
  submitDisabled = false,
  children,
  note,
  offlineNote = false,
  size = 'md',
  testId,
  submitTestId,
}: FormDialogProps) {
  const { t } = useLingui();
  const formId = useId();
  const fail =
    onError ??
    ((e: unknown) => {
      const reason = e instanceof Error ? e.message : String(e);
      notify({ kind: 'error', title: t`保存失败：${reason}` });
    });
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      title={title}
      size={size}
      testId={testId}
      footer={
        <FormFooter
          formId={formId}
          onCancel={onClose}
          submitting={submitting}
          submitDisabled={submitDisabled}
          note={note}
          offlineNote={offlineNote}
          submitTestId={submitTestId ?? (testId ? `${testId}-submit` : undefined)}
        />
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const result = onSubmit(e);
          if (result instanceof Promise) result.catch(fail);
        }}
      >
        <Stack gap="4">{children}</Stack>
      </form>
    </DialogFrame>
  );
}
