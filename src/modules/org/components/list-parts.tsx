import type { ReactNode } from 'react';
import { Alert, Badge, Box, Button, Dialog, Flex, Portal, CloseButton, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { EmptyState } from '@/components/empty-state';
import { formatDateTime } from '@/lib/format';
import { network } from '@/lib/network';
import type { RemoteListView } from '@/lib/sync/remote-list';
import { notifyFailed } from '../store';

/** Small pieces every list of the module shows the same way. */

/**
 * Says the list comes from this device's copy (offline, or the server failed) and how old that copy
 * is, or that there is no copy. Nothing while the server answers (or is being asked).
 */
export function CacheNote({ view }: { view: Pick<RemoteListView<unknown>, 'fromCache' | 'fetchedAt' | 'loading' | 'error'> }) {
  const online = useSnapshot(network).online;
  if (online && (!view.fromCache || view.loading || !view.error)) return null;
  const time = formatDateTime(view.fetchedAt);
  let text: ReactNode;
  if (view.fetchedAt) text = online ? <Trans>服务器暂时无法访问，显示的是 {time} 的数据</Trans> : <Trans>离线：显示的是 {time} 的数据</Trans>;
  else text = online ? <Trans>服务器暂时无法访问，本机也没有此列表的数据。</Trans> : <Trans>离线：本机没有此列表的数据，请联网后查看。</Trans>;
  return (
    <Alert.Root status="warning" size="sm" data-testid="org-cache-note">
      <Alert.Indicator />
      <Alert.Title fontWeight="normal">{text}</Alert.Title>
    </Alert.Root>
  );
}

/** A row whose change still waits for the server. */
export function PendingBadge() {
  const { t } = useLingui();
  return (
    <Badge size="xs" colorPalette="orange" variant="subtle" title={t`修改已保存在本机，等待同步到服务器`} data-testid="org-pending">
      <Trans>待同步</Trans>
    </Badge>
  );
}

export function StateBadge({ enabled }: { enabled: boolean }) {
  return <Badge colorPalette={enabled ? 'green' : 'gray'}>{enabled ? <Trans>启用</Trans> : <Trans>禁用</Trans>}</Badge>;
}

/** The body of a table that has no rows to show: a spinner while loading, else the empty state. */
export function TableFiller({ colSpan, loading, text, action }: { colSpan: number; loading: boolean; text?: ReactNode; action?: ReactNode }) {
  return (
    <Table.Row>
      <Table.Cell colSpan={colSpan} p="0">
        {loading ? (
          <Flex py="10" justify="center" data-testid="org-loading">
            <Spinner color="brand.solid" />
          </Flex>
        ) : (
          <EmptyState text={text} action={action} />
        )}
      </Table.Cell>
    </Table.Row>
  );
}

/** A column header that is only there when its column is granted (spec 6). */
export function Th({ show = true, children, w }: { show?: boolean; children: ReactNode; w?: string }) {
  if (!show) return null;
  return (
    <Table.ColumnHeader whiteSpace="nowrap" w={w}>
      {children}
    </Table.ColumnHeader>
  );
}

/** The frame of every form dialog: title, the form, 取消 / 保存. */
export function FormDialog({
  open,
  title,
  onClose,
  onSubmit,
  submitting,
  submitDisabled = false,
  children,
  note,
  testId,
}: {
  open: boolean;
  title: ReactNode;
  onClose(): void;
  /** The form's submit (a failure to queue the write is reported here). */
  onSubmit(): Promise<unknown>;
  submitting: boolean;
  submitDisabled?: boolean;
  children: ReactNode;
  /** A line above the buttons (e.g. that the change is kept here until the connection returns). */
  note?: ReactNode;
  testId: string;
}) {
  const { t } = useLingui();
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center" size="lg" lazyMount unmountOnExit scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form
                id={`${testId}-form`}
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  onSubmit().catch(notifyFailed);
                }}
              >
                <Stack gap="4">{children}</Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              {note ? (
                <Box flex="1" minW="40">
                  <Text fontSize="xs" color="fg.muted">
                    {note}
                  </Text>
                </Box>
              ) : null}
              <Button variant="outline" size="sm" onClick={onClose}>
                <Trans>取消</Trans>
              </Button>
              <Button type="submit" form={`${testId}-form`} colorPalette="brand" size="sm" loading={submitting} disabled={submitDisabled} data-testid={`${testId}-submit`}>
                <Trans>保存</Trans>
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

/** The note under a form while offline: the change waits on this device. */
export function OfflineSaveNote() {
  const online = useSnapshot(network).online;
  if (online) return null;
  return <Trans>当前离线：保存后修改留在本机，联网后自动同步。</Trans>;
}
