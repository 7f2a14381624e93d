import { Text } from '@chakra-ui/react';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '@/lib/format';
import { closeNotice, messageUi } from '../store';
import { NoticeContent } from './notice-content';
import { NoticeDialogFrame } from './notice-dialog-frame';

/** A notice as its reader opens it (spec 2.7): title, sender and time, the body as sanitized HTML. */
export function MessageNoticeDialog() {
  const notice = useSnapshot(messageUi).notice;
  return (
    <NoticeDialogFrame
      open={!!notice}
      onClose={closeNotice}
      testId="message-notice-dialog"
      testPrefix="message-notice"
      id={notice?.id}
      title={notice?.title}
      meta={
        <Text fontSize="xs" color="fg.muted">
          {notice ? `${notice.creatorUser} · ${formatDateTime(notice.lastModifyTime)}` : null}
        </Text>
      }
    >
      {notice ? <NoticeContent html={notice.bodyText} testId="message-notice-body" /> : null}
    </NoticeDialogFrame>
  );
}
