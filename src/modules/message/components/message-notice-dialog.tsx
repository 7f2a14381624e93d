import { Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '@/lib/format';
import { closeNotice, messageUi } from '../store';
import { NoticeContent } from './notice-content';

/** A notice as its reader opens it (spec 2.7): title, sender and time, the body as sanitized HTML. */
export function MessageNoticeDialog() {
  const { t } = useLingui();
  const notice = useSnapshot(messageUi).notice;
  return (
    <Dialog.Root open={!!notice} onOpenChange={(e) => !e.open && closeNotice()} size="lg" placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="message-notice-dialog" data-id={notice?.id}>
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
              <Dialog.Title data-testid="message-notice-title">{notice?.title}</Dialog.Title>
              <Text fontSize="xs" color="fg.muted">
                {notice ? `${notice.creatorUser} · ${formatDateTime(notice.lastModifyTime)}` : null}
              </Text>
            </Dialog.Header>
            <Dialog.Body>{notice ? <NoticeContent html={notice.bodyText} testId="message-notice-body" /> : null}</Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={closeNotice} data-testid="message-notice-close">
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
