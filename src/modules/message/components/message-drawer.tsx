import { useEffect, useRef } from 'react';
import { Badge, Box, Button, chakra, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { Bell, CheckCheck, List } from 'lucide-react';
import type { MessageRow } from '@/contracts/message';
import { EmptyState } from '@/components/empty-state';
import { CacheNote, ListLoading } from '@/components/list-status';
import { formatDateTime, relativeTime } from '@/lib/format';
import { network } from '@/lib/network';
import { ShellDrawer } from '@/components/shell-drawer';
import { closeDrawer, shellUi } from '@/components/shell-drawer-state';
import { nearBottom, scrollBoxOf, useDrawerMessages } from '../drawer-list';
import { isNotice, messageState, messageTypeLabel, unreadTotal } from '../store';
import { MessageNoticeDialog } from './message-notice-dialog';
import { confirmAndReadAll } from './actions';
import { useOpenMessage } from './use-open-message';

/** One message in the drawer: unread ones carry a dot and a bold title (and 未读 for screen readers). */
export function MessageItem({ row, onOpen }: { row: MessageRow; onOpen(row: MessageRow): void }) {
  const unread = row.isRead === '0';
  return (
    <chakra.button
      type="button"
      display="flex"
      gap="2.5"
      w="full"
      textAlign="start"
      px="2"
      py="2.5"
      rounded="md"
      cursor="pointer"
      _hover={{ bg: 'bg.muted' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
      onClick={() => onOpen(row)}
      data-testid="message-item"
      data-id={row.id}
      data-type={row.type}
      data-read={row.isRead}
    >
      <Box w="2" h="2" mt="1.5" flexShrink={0} rounded="full" bg={unread ? 'red.solid' : 'transparent'} data-testid={unread ? 'message-unread-dot' : undefined} aria-hidden />
      <Stack gap="1" flex="1" minW="0">
        <HStack gap="2" justify="space-between" align="start">
          <Text fontSize="sm" fontWeight={unread ? 'semibold' : 'normal'} color={unread ? 'fg' : 'fg.muted'} lineClamp={2} data-testid="message-item-title">
            {unread ? (
              <VisuallyHidden>
                <Trans>未读</Trans>
              </VisuallyHidden>
            ) : null}
            {row.title}
          </Text>
          <Badge size="sm" variant="subtle" colorPalette={isNotice(row.type) ? 'blue' : 'purple'} flexShrink={0}>
            {messageTypeLabel(row.type)}
          </Badge>
        </HStack>
        <HStack gap="2" justify="space-between" fontSize="xs" color="fg.muted">
          <Text truncate>{row.creatorUser}</Text>
          <Text flexShrink={0} title={formatDateTime(row.lastModifyTime)}>
            {relativeTime(row.lastModifyTime)}
          </Text>
        </HStack>
      </Stack>
    </chakra.button>
  );
}

function MessageList({ open }: { open: boolean }) {
  const { t } = useLingui();
  const openMessage = useOpenMessage();
  const view = useDrawerMessages(open);
  const online = useSnapshot(network).online;
  const listRef = useRef<HTMLDivElement>(null);
  const { hasMore, loading, loadMore, error } = view;
  const shown = view.rows?.length ?? 0;

  // The next 20 when the scroll comes within 200 px of the bottom (also when the list is too short to scroll).
  useEffect(() => {
    if (!open) return;
    const box = scrollBoxOf(listRef.current);
    if (!box) return;
    const check = () => {
      if (hasMore && !loading && nearBottom(box)) loadMore();
    };
    box.addEventListener('scroll', check, { passive: true });
    const frame = requestAnimationFrame(check);
    return () => {
      box.removeEventListener('scroll', check);
      cancelAnimationFrame(frame);
    };
  }, [open, hasMore, loading, loadMore, shown]);

  let body;
  if (view.rows === undefined) body = <ListLoading testId="message-list-loading" />;
  else if (!view.rows.length && loading) body = <ListLoading testId="message-list-loading" />;
  else if (!view.rows.length) body = <EmptyState icon={<Bell size={40} strokeWidth={1.25} />} text={t`暂无消息`} />;
  else
    body = (
      <Stack gap="0.5" data-testid="message-list">
        {view.rows.map((row) => (
          <MessageItem key={row.id} row={row} onOpen={openMessage} />
        ))}
        {hasMore ? (
          loading ? (
            <ListLoading testId="message-load-more" />
          ) : error ? (
            <Button size="xs" variant="ghost" alignSelf="center" onClick={() => loadMore(true)} data-testid="message-load-retry">
              <Trans>加载失败，点击重试</Trans>
            </Button>
          ) : null
        ) : (
          <Text textAlign="center" fontSize="xs" color="fg.subtle" py="3" data-testid="message-list-end">
            {online ? <Trans>没有更多了</Trans> : <Trans>离线：只显示本机保存的消息</Trans>}
          </Text>
        )}
      </Stack>
    );

  return (
    <Stack gap="3" ref={listRef}>
      <CacheNote view={{ fromCache: true, fetchedAt: view.fetchedAt, loading, error: view.error }} testId="message-cache-note" />
      {body}
    </Stack>
  );
}

/**
 * The message drawer (spec 2.7): notices and system messages, newest first, from this device (so
 * it works offline), 20 more as the scroll nears the bottom; 全部已读 and 查看全部 at the foot.
 * Also holds the notice dialog, which the message centre opens too.
 */
export function MessageDrawer() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const open = useSnapshot(shellUi).drawer === 'message';
  const unread = unreadTotal(useSnapshot(messageState));

  return (
    <>
      <ShellDrawer
        name="message"
        title={t`消息`}
        testId="message-drawer"
        footer={
          <HStack w="full" justify="space-between">
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                // Close once the page is shown: closing while the route's page loads leaves the
                // drawer's fading backdrop stuck over the page.
                void navigate({ to: '/messageRecord' }).finally(closeDrawer);
              }}
              data-testid="message-view-all"
            >
              <List />
              <Trans>查看全部</Trans>
            </Button>
            <Button size="sm" variant="outline" colorPalette="brand" onClick={() => void confirmAndReadAll()} data-testid="message-read-all" data-unread={unread}>
              <CheckCheck />
              <Trans>全部已读</Trans>
            </Button>
          </HStack>
        }
      >
        <MessageList open={open} />
      </ShellDrawer>
      <MessageNoticeDialog />
    </>
  );
}
