import { useEffect, useState } from 'react';
import { Alert, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { NoticeInfo, NoticeRow } from '@/contracts/message';
import { ListLoading } from '@/components/list-status';
import { formatDateTime } from '@/lib/format';
import { loadNotice } from '../notice-store';
import { NoticeContent } from './notice-content';
import { NoticeDialogFrame } from './notice-dialog-frame';
import { recipientsText } from '../notice-labels';

type Loaded = { state: 'loading' } | { state: 'ready'; info: NoticeInfo; fromCache: boolean } | { state: 'failed'; message: string };

/** 查看: a released notice as its recipients read it (sanitized HTML), with who sent it and how many read it. */
export function NoticePreviewDialog({ row, onClose }: { row: NoticeRow; onClose(): void }) {
  const { t } = useLingui();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  useEffect(() => {
    let live = true;
    setLoaded({ state: 'loading' });
    loadNotice(row.id).then(
      (view) => live && setLoaded({ state: 'ready', info: view.info, fromCache: view.fromCache }),
      (e: unknown) => live && setLoaded({ state: 'failed', message: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [row.id]);

  const info = loaded.state === 'ready' ? loaded.info : row;
  const released = formatDateTime(info.releaseTime);
  const read = `${info.readCount}/${info.recipientCount}`;

  return (
    <NoticeDialogFrame
      open
      onClose={onClose}
      testId="notice-preview"
      title={info.title}
      meta={
        <HStack gap="3" wrap="wrap" fontSize="xs" color="fg.muted">
          {info.creatorUser ? <Text>{t`发布人：${info.creatorUser}`}</Text> : null}
          {released ? <Text>{t`发布时间：${released}`}</Text> : null}
          <Text>{t`接收人：${recipientsText(info)}`}</Text>
          <Text>{t`已读：${read}`}</Text>
        </HStack>
      }
    >
      {loaded.state === 'loading' ? (
        <ListLoading testId="notice-preview-loading" />
      ) : loaded.state === 'failed' ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">{loaded.message}</Alert.Title>
        </Alert.Root>
      ) : (
        <Stack gap="3">
          {loaded.fromCache ? (
            <Text fontSize="xs" color="fg.muted">
              <Trans>离线：显示的是本机保存的内容。</Trans>
            </Text>
          ) : null}
          {loaded.info.bodyText ? (
            <NoticeContent html={loaded.info.bodyText} testId="notice-preview-body" />
          ) : (
            <Text color="fg.muted" data-testid="notice-preview-body">
              <Trans>（无内容）</Trans>
            </Text>
          )}
        </Stack>
      )}
    </NoticeDialogFrame>
  );
}
